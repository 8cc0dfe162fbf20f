/// The lexical layer of a TunerStudio INI: lines as bytes (MegaSquirt's files are Latin-1,
/// not UTF-8), comments, `key = value`, and a value's comma-separated fields, where a
/// field may be a quoted string, a `{ expression }` or a `[lo:hi]` bit range.
enum INIText {
    /// The file's lines without their line ends.
    static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var out: [ArraySlice<UInt8>] = []
        var start = 0
        for i in bytes.indices where bytes[i] == 10 {
            out.append(trimCarriageReturn(bytes[start..<i]))
            start = i + 1
        }
        if start < bytes.count { out.append(trimCarriageReturn(bytes[start...])) }
        return out
    }

    private static func trimCarriageReturn(_ s: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        s.last == 13 ? s.dropLast() : s
    }

    /// Text from bytes, each byte ≥ 0x80 read as Latin-1 (so `°` in either encoding survives).
    static func string<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        if let utf8 = validUTF8(bytes) { return utf8 }
        var s = ""
        for b in bytes { s.unicodeScalars.append(Unicode.Scalar(b)) }
        return s
    }

    private static func validUTF8<C: Collection>(_ bytes: C) -> String? where C.Element == UInt8 {
        let s = String(decoding: bytes, as: UTF8.self)
        return s.unicodeScalars.contains("\u{FFFD}") ? nil : s
    }

    static func isSpace(_ c: UInt8) -> Bool { c == 32 || c == 9 }

    static func trim(_ s: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var a = s.startIndex
        var b = s.endIndex
        while a < b && isSpace(s[a]) { a += 1 }
        while b > a && isSpace(s[b - 1]) { b -= 1 }
        return s[a..<b]
    }

    /// The line without its `;` comment (a `;` inside quotes or braces is text).
    static func stripComment(_ s: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var quoted = false
        var depth = 0
        for i in s.indices {
            switch s[i] {
            case UInt8(ascii: "\""): quoted.toggle()
            case UInt8(ascii: "{") where !quoted: depth += 1
            case UInt8(ascii: "}") where !quoted: depth -= 1
            case UInt8(ascii: ";") where !quoted && depth <= 0: return trim(s[s.startIndex..<i])
            default: break
            }
        }
        return trim(s)
    }

    /// `key = value` → (key, value), both trimmed; nil when the line has no `=` or no key.
    static func keyValue(_ s: ArraySlice<UInt8>) -> (key: String, value: ArraySlice<UInt8>)? {
        guard let eq = s.firstIndex(of: UInt8(ascii: "=")) else { return nil }
        let key = trim(s[s.startIndex..<eq])
        guard !key.isEmpty else { return nil }
        return (string(key), trim(s[(eq + 1)...]))
    }

    /// The comma-separated fields of a value; commas inside quotes, braces or brackets do
    /// not separate.
    static func fields(_ s: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var out: [ArraySlice<UInt8>] = []
        var quoted = false
        var depth = 0
        var start = s.startIndex
        for i in s.indices {
            switch s[i] {
            case UInt8(ascii: "\""): quoted.toggle()
            case UInt8(ascii: "{") where !quoted, UInt8(ascii: "[") where !quoted: depth += 1
            case UInt8(ascii: "}") where !quoted, UInt8(ascii: "]") where !quoted: depth -= 1
            case UInt8(ascii: ",") where !quoted && depth <= 0:
                out.append(trim(s[start..<i]))
                start = i + 1
            default: break
            }
        }
        out.append(trim(s[start...]))
        return out
    }

    /// A field's text without its quotes (a field that is not quoted, as it is).
    static func unquoted(_ field: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard field.count >= 2, field.first == UInt8(ascii: "\""), field.last == UInt8(ascii: "\"") else { return field }
        return field.dropFirst().dropLast()
    }

    /// The expression inside `{ … }`, or nil when the field is not braced.
    static func braced(_ field: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard field.count >= 2, field.first == UInt8(ascii: "{"), field.last == UInt8(ascii: "}") else { return nil }
        return trim(field.dropFirst().dropLast())
    }
}
