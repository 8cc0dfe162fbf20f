/// Topic names and topic filters (MQTT 3.1.1 §4.7) and the UTF-8 rules for MQTT strings (§1.5.3).
public enum MQTTTopic {
    /// Whether `filter` matches `topic` (both valid; an invalid filter matches nothing).
    ///
    /// `+` matches one level, `#` (last, alone in its level) the parent level and any
    /// number of levels below; topics starting with `$` are not matched by a filter
    /// starting with a wildcard (§4.7.2). Case-sensitive, byte for byte.
    public static func matches(filter: String, topic: String) -> Bool {
        var f = filter
        var t = topic
        return f.withUTF8 { fb in t.withUTF8 { tb in matches(filter: fb, topic: tb) } }
    }

    public static func matches(filter f: UnsafeBufferPointer<UInt8>, topic t: UnsafeBufferPointer<UInt8>) -> Bool {
        guard validateFilter(f) == nil, !t.isEmpty else { return false }
        if t[0] == dollar, f[0] == plus || f[0] == hash { return false }
        var fi = 0, ti = 0
        while true {
            // At the start of a level in both.
            let fEnd = levelEnd(f, fi)
            if fEnd - fi == 1 && f[fi] == hash { return true }  // matches the rest, or the parent
            if ti > t.count { return false }  // topic exhausted, filter not
            let tEnd = levelEnd(t, ti)
            if !(fEnd - fi == 1 && f[fi] == plus) {
                guard fEnd - fi == tEnd - ti else { return false }
                var k = 0
                while k < fEnd - fi {
                    if f[fi + k] != t[ti + k] { return false }
                    k += 1
                }
            }
            let fMore = fEnd < f.count, tMore = tEnd < t.count
            if !fMore && !tMore { return true }
            if !fMore { return false }
            if !tMore {
                // "sport/#" matches "sport": only a final "/#" may follow.
                return fEnd + 2 == f.count && f[fEnd + 1] == hash
            }
            fi = fEnd + 1
            ti = tEnd + 1
        }
    }

    /// Why `filter` is not a valid topic filter, or nil.
    public static func validateFilter(_ filter: String) -> MQTTTopicError? {
        var f = filter
        return f.withUTF8 { validateFilter($0) }
    }

    public static func validateFilter(_ f: UnsafeBufferPointer<UInt8>) -> MQTTTopicError? {
        if f.isEmpty { return .empty }
        if f.count > MQTTLimits.maxStringLength { return .tooLong }
        if let e = MQTTUTF8.validate(f) { return .badUTF8(e) }
        var i = 0
        while i < f.count {
            let c = f[i]
            if c == plus || c == hash {
                let startsLevel = i == 0 || f[i - 1] == slash
                let endsLevel = i + 1 == f.count || f[i + 1] == slash
                guard startsLevel, endsLevel else { return .misplacedWildcard }
                if c == hash && i + 1 != f.count { return .misplacedWildcard }
            }
            i += 1
        }
        return nil
    }

    /// Why `topic` is not a valid topic name (a PUBLISH's), or nil.
    public static func validateName(_ topic: String) -> MQTTTopicError? {
        var t = topic
        return t.withUTF8 { validateName($0) }
    }

    public static func validateName(_ t: UnsafeBufferPointer<UInt8>) -> MQTTTopicError? {
        if t.isEmpty { return .empty }
        if t.count > MQTTLimits.maxStringLength { return .tooLong }
        if let e = MQTTUTF8.validate(t) { return .badUTF8(e) }
        for c in t where c == plus || c == hash { return .wildcardInName }
        return nil
    }

    private static func levelEnd(_ b: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
        var i = start
        while i < b.count && b[i] != slash { i += 1 }
        return i
    }

    static let plus = UInt8(ascii: "+")
    static let hash = UInt8(ascii: "#")
    static let slash = UInt8(ascii: "/")
    static let dollar = UInt8(ascii: "$")
}

public enum MQTTTopicError: Error, Sendable, Equatable {
    case empty
    case tooLong
    case badUTF8(MQTTUTF8Error)
    /// `+` or `#` not alone in its level, or `#` not last.
    case misplacedWildcard
    /// A topic name (PUBLISH) with `+` or `#`.
    case wildcardInName
}

/// MQTT strings (§1.5.3): well-formed UTF-8 (no overlong forms, no surrogates, nothing
/// past U+10FFFF) without U+0000.
public enum MQTTUTF8Error: Error, Sendable, Equatable {
    case malformed(offset: Int)
    case nullCharacter(offset: Int)
}

public enum MQTTUTF8 {
    public static func validate(_ b: UnsafeBufferPointer<UInt8>) -> MQTTUTF8Error? {
        var i = 0
        let n = b.count
        while i < n {
            let c = b[i]
            if c == 0 { return .nullCharacter(offset: i) }
            if c < 0x80 {
                i += 1
                continue
            }
            var need = 0
            var lower: UInt8 = 0x80, upper: UInt8 = 0xBF
            switch c {
            case 0xC2...0xDF: need = 1
            case 0xE0:
                need = 2
                lower = 0xA0
            case 0xE1...0xEC, 0xEE, 0xEF: need = 2
            case 0xED:
                need = 2
                upper = 0x9F  // no surrogates
            case 0xF0:
                need = 3
                lower = 0x90
            case 0xF1...0xF3: need = 3
            case 0xF4:
                need = 3
                upper = 0x8F  // ≤ U+10FFFF
            default: return .malformed(offset: i)
            }
            guard n - i > need else { return .malformed(offset: i) }
            let second = b[i + 1]
            guard second >= lower && second <= upper else { return .malformed(offset: i) }
            var k = 2
            while k <= need {
                guard b[i + k] & 0xC0 == 0x80 else { return .malformed(offset: i) }
                k += 1
            }
            i += need + 1
        }
        return nil
    }
}
