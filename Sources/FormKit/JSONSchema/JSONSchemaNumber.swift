import FormModel

/// A number of a JSON Schema document read exactly from its literal text
/// (`1.1`, `3.0`, `1e-08`), never through binary floating point: as the
/// canonical text of a `decimal` (at most 15 digits before the point and
/// 15 after), or refused with the reason.
struct JSONSchemaNumber: Equatable {
    /// The value × 10¹⁵.
    let scaled: Int128

    static let places = 15
    static let unit: Int128 = 1_000_000_000_000_000

    /// Why a literal is not read.
    enum Refusal: Error, Equatable {
        /// Not a JSON number (`0x10`, `.5`, `.inf`: YAML's, not JSON's).
        case notJSON
        /// More than 15 digits on one side of the point.
        case tooPrecise
    }

    init(scaled: Int128) {
        self.scaled = scaled
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, exactly.
    init(literal text: String) throws(Refusal) {
        let bytes = Array(text.utf8)
        var index = 0
        func isDigit(_ at: Int) -> Bool { at < bytes.count && bytes[at] >= 0x30 && bytes[at] <= 0x39 }
        func digits() -> ArraySlice<UInt8> {
            let start = index
            while isDigit(index) { index += 1 }
            return bytes[start..<index]
        }
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { index += 1 }
        let whole = digits()
        guard !whole.isEmpty, whole.count == 1 || whole.first != UInt8(ascii: "0") else { throw .notJSON }
        var fraction: ArraySlice<UInt8> = []
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            fraction = digits()
            guard !fraction.isEmpty else { throw .notJSON }
        }
        var exponent = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            let written = digits()
            guard !written.isEmpty else { throw .notJSON }
            // Past a thousand, every non-zero value has too many digits on
            // one side; the count stops there.
            var magnitude = 0
            for byte in written.drop(while: { $0 == UInt8(ascii: "0") }) {
                magnitude = magnitude * 10 + Int(byte - 0x30)
                if magnitude > 1_000 { break }
            }
            exponent = exponentNegative ? -magnitude : magnitude
        }
        guard index == bytes.count else { throw .notJSON }
        // value = digits × 10^(exponent − fraction count)
        var digits = Array(whole) + Array(fraction)
        var power = exponent - fraction.count
        while digits.count > 1, digits.first == UInt8(ascii: "0") { digits.removeFirst() }
        while digits.count > 1, digits.last == UInt8(ascii: "0") {
            digits.removeLast()
            power += 1
        }
        if digits == [UInt8(ascii: "0")] {
            scaled = 0
            return
        }
        // Digits before the point: count + power; after: −power.
        guard digits.count + power <= Self.places, -power <= Self.places else { throw .tooPrecise }
        var value: Int128 = 0
        for byte in digits { value = value * 10 + Int128(byte - 0x30) }
        for _ in 0..<(Self.places + power) { value *= 10 }
        scaled = negative ? -value : value
    }

    /// The `decimal` type's canonical text (`-1.5`, `3`).
    var text: String {
        let magnitude = scaled < 0 ? -scaled : scaled
        var fraction = String(magnitude % Self.unit)
        fraction = String(repeating: "0", count: Self.places - fraction.count) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        return (scaled < 0 ? "-" : "") + String(magnitude / Self.unit) + (fraction.isEmpty ? "" : "." + fraction)
    }

    var isWhole: Bool { scaled % Self.unit == 0 }

    /// The least whole number at or above this one.
    var ceiling: JSONSchemaNumber {
        let remainder = scaled % Self.unit
        guard remainder != 0 else { return self }
        return JSONSchemaNumber(scaled: scaled - remainder + (scaled > 0 ? Self.unit : 0))
    }

    /// The greatest whole number at or below this one.
    var floor: JSONSchemaNumber {
        let remainder = scaled % Self.unit
        guard remainder != 0 else { return self }
        return JSONSchemaNumber(scaled: scaled - remainder - (scaled < 0 ? Self.unit : 0))
    }

    /// For a positive step p/q in lowest terms, p: a whole number is a
    /// multiple of p/q exactly when it is a multiple of p. Nil when p is
    /// past the integers formctl holds (±9007199254740991).
    var wholeStep: JSONSchemaNumber? {
        guard scaled > 0 else { return nil }
        var (a, b) = (scaled, Self.unit)
        while b != 0 { (a, b) = (b, a % b) }
        let numerator = scaled / a
        guard numerator <= 9_007_199_254_740_991 else { return nil }
        return JSONSchemaNumber(scaled: numerator * Self.unit)
    }
}
