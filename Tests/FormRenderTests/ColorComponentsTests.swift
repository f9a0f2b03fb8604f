import FormLayout
import Testing
@testable import FormRender

/// The renderers' colour components come from FormLayout's `Color.hex`.
@Suite struct ColorComponentsTests {
    @Test func opaqueHexDropsTheOpacityThatHexAppends() {
        let translucent = Color.red.opacity(0.5)
        #expect(translucent.hex == "#ff3b3080")
        #expect(translucent.opaqueHex == "#ff3b30")
        #expect(Color.gray.opaqueHex == Color.gray.hex)
    }

    @Test func bytesAreHexRoundedAndClamped() {
        #expect(Color.red.rgbBytes == (255, 59, 48))
        #expect(Color(red: 0.5, green: -1, blue: 2, opacity: 0.2).rgbBytes == (128, 0, 255))
        #expect(Color(white: 0.0627).rgbBytes == (16, 16, 16))
    }
}
