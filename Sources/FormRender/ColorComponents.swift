import FormLayout

extension Color {
    /// The colour as 0–255 sRGB bytes, rounded the same way as `Color.hex`.
    var rgbBytes: (red: UInt8, green: UInt8, blue: UInt8) {
        (Self.byte(red), Self.byte(green), Self.byte(blue))
    }

    /// `#rrggbb`, without the opacity that `hex` appends to translucent
    /// colours: the outputs that need opacity carry it separately.
    var opaqueHex: String {
        let digits: [Character] = Array("0123456789abcdef")
        var text = "#"
        let (r, g, b) = rgbBytes
        for byte in [r, g, b] {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return text
    }

    /// Whether drawing with this colour leaves no trace.
    var isInvisible: Bool { !(opacity > 0) }

    private static func byte(_ value: Double) -> UInt8 {
        UInt8((min(max(value, 0), 1) * 255).rounded())
    }
}
