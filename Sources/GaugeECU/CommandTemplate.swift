/// A command string of the INI (`ochGetCommand = "r\$tsCanId\x30%2o%2c"`): literal bytes,
/// `\xHH` escapes, a `\$variable` (the ECU's CAN id, 0 on a direct line) and the
/// placeholders `%2o` (offset) and `%2c` (count) that a ranged request fills in.
public struct CommandTemplate: Sendable, Equatable {
    public enum Part: Sendable, Equatable {
        case byte(UInt8)
        /// `%No`: the first byte wanted, N bytes wide.
        case offset(width: UInt8)
        /// `%Nc`: how many bytes, N bytes wide.
        case count(width: UInt8)
    }

    public var parts: [Part]

    public init(parts: [Part]) { self.parts = parts }

    /// Whether the command asks for a range (`%o` and `%c`), not the whole block.
    public var isRanged: Bool {
        parts.contains { if case .offset = $0 { true } else { false } }
            && parts.contains { if case .count = $0 { true } else { false } }
    }

    /// The bytes to send for `offset` and `count`, numbers in the INI's byte order.
    public func bytes(offset: UInt16, count: UInt16, bigEndian: Bool) -> [UInt8] {
        var out: [UInt8] = []
        for part in parts {
            switch part {
            case .byte(let b): out.append(b)
            case .offset(let w): Self.append(offset, width: w, bigEndian: bigEndian, to: &out)
            case .count(let w): Self.append(count, width: w, bigEndian: bigEndian, to: &out)
            }
        }
        return out
    }

    private static func append(_ value: UInt16, width: UInt8, bigEndian: Bool, to out: inout [UInt8]) {
        let low = UInt8(truncatingIfNeeded: value)
        let high = UInt8(truncatingIfNeeded: value >> 8)
        if width == 1 { out.append(low) } else if bigEndian { out += [high, low] } else { out += [low, high] }
    }

    /// Reads a quoted command string's text (without its quotes).
    public static func parse(_ text: ArraySlice<UInt8>) throws(TemplateError) -> CommandTemplate {
        var parts: [Part] = []
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if c == UInt8(ascii: "\\") {
                i = try escape(text, at: i, into: &parts)
            } else if c == UInt8(ascii: "%") {
                i = try placeholder(text, at: i, into: &parts)
            } else {
                parts.append(.byte(c))
                i += 1
            }
        }
        return CommandTemplate(parts: parts)
    }

    public struct TemplateError: Error, Sendable, Equatable {
        public var message: String
    }

    private static func escape(_ t: ArraySlice<UInt8>, at i: Int, into parts: inout [Part]) throws(TemplateError) -> Int {
        guard i + 1 < t.endIndex else { throw TemplateError(message: "a command ends in a lone \\") }
        let c = t[i + 1]
        if c == UInt8(ascii: "x") {
            guard i + 3 < t.endIndex, let h = hexDigit(t[i + 2]), let l = hexDigit(t[i + 3]) else {
                throw TemplateError(message: "\\x needs two hex digits")
            }
            parts.append(.byte(h << 4 | l))
            return i + 4
        }
        if c == UInt8(ascii: "$") {
            // `\$tsCanId`: the variable's value, the CAN id — 0 for an ECU on the line itself.
            var j = i + 2
            while j < t.endIndex, isNameByte(t[j]) { j += 1 }
            parts.append(.byte(0))
            return j
        }
        parts.append(.byte(c == UInt8(ascii: "0") ? 0 : c))
        return i + 2
    }

    private static func placeholder(_ t: ArraySlice<UInt8>, at i: Int, into parts: inout [Part]) throws(TemplateError) -> Int {
        guard i + 2 < t.endIndex, t[i + 1] == UInt8(ascii: "1") || t[i + 1] == UInt8(ascii: "2") else {
            throw TemplateError(message: "expected %1 or %2 followed by o, c or i in a command")
        }
        let width = t[i + 1] - UInt8(ascii: "0")
        switch t[i + 2] {
        case UInt8(ascii: "o"): parts.append(.offset(width: width))
        case UInt8(ascii: "c"): parts.append(.count(width: width))
        case UInt8(ascii: "i"):
            // A page identifier: realtime commands never have one; 0 keeps the shape.
            for _ in 0..<width { parts.append(.byte(0)) }
        default: throw TemplateError(message: "expected %\(width)o, %\(width)c or %\(width)i in a command")
        }
        return i + 3
    }

    static func hexDigit(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: return c - 48
        case 65...70: return c - 55
        case 97...102: return c - 87
        default: return nil
        }
    }

    static func isNameByte(_ c: UInt8) -> Bool {
        (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95
    }
}
