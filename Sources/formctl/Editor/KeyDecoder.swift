/// Turns the bytes a terminal sends into keys: UTF-8 text, control
/// bytes, and the escape sequences of xterm and the Linux console (CSI
/// `ESC [`, with modifiers such as `ESC [1;5C` for Ctrl-→, and SS3 `ESC O`).
///
/// Bytes may arrive split anywhere: an incomplete sequence or UTF-8
/// character waits for the next `feed`. A lone `ESC` is the Escape key only
/// once nothing followed it for a moment; the caller decides the moment
/// and calls `flush()`.
struct KeyDecoder {
    private var pending: [UInt8] = []

    /// Whether bytes are waiting for the rest of their sequence.
    var hasPending: Bool { !pending.isEmpty }

    /// The keys `bytes` complete.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            guard let (key, length) = Self.decode(pending[index...]) else { break }
            if let key { append(key, to: &keys) }
            index += length
        }
        pending.removeFirst(index)
        return keys
    }

    /// What is pending, taken as complete: a lone `ESC` is Escape, an
    /// unfinished sequence is dropped.
    mutating func flush() -> [Key] {
        defer { pending.removeAll() }
        if pending == [0x1B] { return [.escape] }
        if pending.first == 0x1B, pending.count >= 2, pending[1] != UInt8(ascii: "["), pending[1] != UInt8(ascii: "O") {
            return [.escape]
        }
        return pending.isEmpty || pending.first == 0x1B ? [] : [.text(String(decoding: pending, as: UTF8.self))]
    }

    /// Runs of text become one key, so that a paste is one insertion.
    private func append(_ key: Key, to keys: inout [Key]) {
        if case .text(let more) = key, case .text(let text)? = keys.last {
            keys[keys.count - 1] = .text(text + more)
        } else {
            keys.append(key)
        }
    }

    /// The key at the start of `bytes` and how many bytes it took (a nil
    /// key for bytes that mean nothing); nil when more bytes are needed.
    static func decode(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        guard let first = bytes.first else { return nil }
        switch first {
        case 0x1B: return decodeEscape(bytes)
        case 0x0D: return (.enter, 1)
        // Ctrl-J (LF): raw mode keeps Enter as CR, so LF is a key of its
        // own, a new line in long text (`Key.controlJ`).
        case 0x0A: return (Key.controlJ, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x00..<0x20: return (.control(first), 1)
        case 0x80..<0xC0: return (.text("\u{FFFD}"), 1)  // a stray continuation byte
        case 0x20..<0x80: return (.text(String(UnicodeScalar(first))), 1)
        default: return decodeUTF8(bytes)
        }
    }

    /// One UTF-8 character of 2–4 bytes.
    private static func decodeUTF8(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        let first = bytes[bytes.startIndex]
        let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : 2
        guard bytes.count >= length else {
            // Wait for the rest, unless what came already cannot be UTF-8.
            if bytes.dropFirst().contains(where: { $0 & 0xC0 != 0x80 }) { return (.text("\u{FFFD}"), 1) }
            return nil
        }
        let character = bytes.prefix(length)
        if character.dropFirst().contains(where: { $0 & 0xC0 != 0x80 }) { return (.text("\u{FFFD}"), 1) }
        return (.text(String(decoding: character, as: UTF8.self)), length)
    }

    /// `ESC`, `ESC [ … final`, `ESC O x`, Alt-Enter (`ESC CR`), or Alt and
    /// another key (taken as Escape then the key: the editor has no other
    /// Alt bindings).
    private static func decodeEscape(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return nil }
        let second = bytes[start + 1]
        if second == UInt8(ascii: "O") {
            guard bytes.count >= 3 else { return nil }
            return (ss3(bytes[start + 2]), 3)
        }
        if second == 0x0D { return (.altEnter, 2) }
        guard second == UInt8(ascii: "[") else { return (.escape, 1) }
        // The Linux console's F1–F5: ESC [ [ A…E.
        if bytes.count >= 3, bytes[start + 2] == UInt8(ascii: "[") {
            guard bytes.count >= 4 else { return nil }
            let letter = bytes[start + 3]
            let key: Key = (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(letter) ? .function(Int(letter - UInt8(ascii: "A")) + 1) : .unknown
            return (key, 4)
        }
        // Parameters and intermediates (0x20–0x3F), then a final byte (0x40–0x7E).
        var index = start + 2
        while index < bytes.endIndex {
            let byte = bytes[index]
            if (0x40...0x7E).contains(byte) {
                let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
                return (csi(parameters, final: byte), index - start + 1)
            }
            guard (0x20...0x3F).contains(byte) else { return (.unknown, index - start) }
            index += 1
        }
        // A sequence longer than any real key is garbage: drop it.
        return bytes.count > 32 ? (.unknown, bytes.count) : nil
    }

    private static func ss3(_ letter: UInt8) -> Key {
        switch letter {
        case UInt8(ascii: "P"): .function(1)
        case UInt8(ascii: "Q"): .function(2)
        case UInt8(ascii: "R"): .function(3)
        case UInt8(ascii: "S"): .function(4)
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "M"): .enter
        default: .unknown
        }
    }

    /// `ESC [ parameters final`: arrows and Home/End by letter (with an
    /// xterm modifier as the second parameter: 5 is Ctrl), the rest by
    /// number before `~`.
    private static func csi(_ parameters: String, final: UInt8) -> Key {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let modifier = numbers.count >= 2 ? (numbers[1] ?? 1) : 1
        // xterm: modifier − 1 is a bit set, 4 is Ctrl.
        let control = modifier > 1 && (modifier - 1) & 4 != 0
        switch final {
        case UInt8(ascii: "A"): return control ? .controlUp : .up
        case UInt8(ascii: "B"): return control ? .controlDown : .down
        case UInt8(ascii: "C"): return control ? .controlRight : .right
        case UInt8(ascii: "D"): return control ? .controlLeft : .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "Z"): return .shiftTab
        case UInt8(ascii: "P"): return .function(1)
        case UInt8(ascii: "Q"): return .function(2)
        case UInt8(ascii: "R"): return .function(3)
        case UInt8(ascii: "S"): return .function(4)
        case UInt8(ascii: "~"):
            switch numbers.first ?? nil {
            case 1, 7: return .home
            case 4, 8: return .end
            case 2: return .insert
            case 3: return .delete
            case 5: return .pageUp
            case 6: return .pageDown
            case 11: return .function(1)
            case 12: return .function(2)
            case 13: return .function(3)
            case 14: return .function(4)
            case 15: return .function(5)
            case 17: return .function(6)
            case 18: return .function(7)
            case 19: return .function(8)
            case 20: return .function(9)
            case 21: return .function(10)
            case 23: return .function(11)
            case 24: return .function(12)
            default: return .unknown
            }
        default: return .unknown
        }
    }
}
