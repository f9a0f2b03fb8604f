import FormLayout

extension Color {
    /// `#rrggbb`: FormLayout's `hex` of the colour made opaque, so that the
    /// opacity `hex` appends to translucent colours is left out (the outputs
    /// that need opacity carry it separately).
    var opaqueHex: String {
        Color(red: red, green: green, blue: blue).hex
    }

    /// The colour as 0–255 sRGB bytes, read back from `opaqueHex` so that
    /// the rounding lives only in FormLayout's `Color.hex`.
    var rgbBytes: (red: UInt8, green: UInt8, blue: UInt8) {
        let digits = opaqueHex.utf8.dropFirst().map(Self.hexDigitValue)
        func byte(_ index: Int) -> UInt8 { digits[index] << 4 | digits[index + 1] }
        return (byte(0), byte(2), byte(4))
    }

    /// Whether drawing with this colour leaves no trace.
    var isInvisible: Bool { !(opacity > 0) }

    /// The value of a lowercase hexadecimal digit, as `hex` writes them.
    private static func hexDigitValue(_ digit: UInt8) -> UInt8 {
        digit <= UInt8(ascii: "9") ? digit - UInt8(ascii: "0") : digit - UInt8(ascii: "a") + 10
    }
}
