// Embedded-Swift subset: no Foundation.

// Case and character classes of ASCII text: the names, keys, units and sysfs values the
// panel compares and parses are ASCII. String's own `lowercased()`, `uppercased()` and
// Character's `isWhitespace`, `isNumber`, `isHexDigit` follow Unicode, and in the
// firmware they link the standard library's Unicode property and case-mapping tables
// (about 37 KB a binary) for text that never needs them. Letters outside ASCII are left
// as they are.

extension StringProtocol {
    /// The text with A–Z as a–z; every other character as it is.
    public var asciiLowercased: String {
        String(decoding: utf8.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// The text with a–z as A–Z; every other character as it is.
    public var asciiUppercased: String {
        String(decoding: utf8.map { $0 &- 0x61 < 26 ? $0 & 0xDF : $0 }, as: UTF8.self)
    }
}

extension Character {
    /// 0–9.
    public var isASCIIDigit: Bool {
        guard let a = asciiValue else { return false }
        return a &- 0x30 < 10
    }

    /// 0–9, a–f, A–F.
    public var isASCIIHexDigit: Bool {
        guard let a = asciiValue else { return false }
        return a &- 0x30 < 10 || (a | 0x20) &- 0x61 < 6
    }

    /// Space, tab, line feed, carriage return (and CR LF), vertical tab, form feed.
    public var isASCIIWhitespace: Bool {
        guard let a = asciiValue else { return false }
        return a == 0x20 || a &- 0x09 < 5
    }
}
