import GaugeSensors

/// A bounded JSON (RFC 8259) scanner: one pass over a document, every value reported
/// with the dotted path of object keys that leads to it (`ENERGY.Power`); array levels
/// add `[]` to the path (`satellites[].used`), so array elements are reported but not
/// addressed one by one. Nothing is built but the strings reported.
///
/// Strict grammar (no comments, no trailing commas, no NaN), the whole input must be
/// well-formed UTF-8; limits on size and nesting depth keep a hostile payload bounded.
/// Keys containing `.` cannot be told from nesting; duplicate keys are all reported.
public enum JSONScanner {
    public struct Limits: Sendable, Equatable {
        public var maxBytes: Int
        public var maxDepth: Int
        public init(maxBytes: Int = 16 * 1024, maxDepth: Int = 16) {
            self.maxBytes = maxBytes
            self.maxDepth = max(1, maxDepth)
        }
    }

    /// Calls `visit(path, item)` for every value, in document order (containers when they open).
    public static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, limits: Limits = Limits(),
        _ visit: (UnsafeBufferPointer<UInt8>, JSONItem) -> Void
    ) throws(JSONError) {
        guard bytes.count <= limits.maxBytes else { throw .tooLarge }
        if case .malformed(let at)? = MQTTUTF8.validate(bytes) { throw .badUTF8(offset: at) }
        var s = JSONScanState(b: bytes, limits: limits)
        s.skipSpace()
        try s.value(depth: 0, visit)
        s.skipSpace()
        guard s.i == bytes.count else { throw .unexpected(offset: s.i) }
    }

    public static func scan(
        _ bytes: [UInt8], limits: Limits = Limits(),
        _ visit: (UnsafeBufferPointer<UInt8>, JSONItem) -> Void
    ) throws(JSONError) {
        let r: Result<Void, JSONError> = bytes.withUnsafeBufferPointer { b in
            do throws(JSONError) {
                try scan(b, limits: limits, visit)
                return .success(())
            } catch { return .failure(error) }
        }
        if case .failure(let e) = r { throw e }
    }

    /// The first value at `path` (`"state.battery"`; `""` is the top-level value), nil when absent.
    public static func lookup(_ bytes: [UInt8], path: String, limits: Limits = Limits()) throws(JSONError) -> JSONItem? {
        var wanted = path
        var found: JSONItem?
        let r: Result<Void, JSONError> = wanted.withUTF8 { p in
            do throws(JSONError) {
                try scan(bytes, limits: limits) { at, item in
                    if found == nil, equal(at, p) { found = item }
                }
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        if case .failure(let e) = r { throw e }
        return found
    }

    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        var i = 0
        while i < a.count {
            if a[i] != b[i] { return false }
            i += 1
        }
        return true
    }
}

/// One value as the scanner reports it.
public enum JSONItem: Sendable, Equatable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case null
    case object
    case array
}

public enum JSONError: Error, Sendable, Equatable {
    case tooLarge
    case tooDeep
    case badUTF8(offset: Int)
    /// A byte that cannot start or continue what is being read (or input ended early).
    case unexpected(offset: Int)
    case badNumber(offset: Int)
    case badString(offset: Int)
}

struct JSONScanState {
    let b: UnsafeBufferPointer<UInt8>
    let limits: JSONScanner.Limits
    var i = 0
    /// The current path: keys joined by `.`, `[]` for array levels.
    var path: [UInt8] = []
    var scratch: [UInt8] = []

    init(b: UnsafeBufferPointer<UInt8>, limits: JSONScanner.Limits) {
        self.b = b
        self.limits = limits
    }

    mutating func skipSpace() {
        while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
    }

    func report(_ item: JSONItem, _ visit: (UnsafeBufferPointer<UInt8>, JSONItem) -> Void) {
        path.withUnsafeBufferPointer { visit($0, item) }
    }

    mutating func value(depth: Int, _ visit: (UnsafeBufferPointer<UInt8>, JSONItem) -> Void) throws(JSONError) {
        guard i < b.count else { throw .unexpected(offset: i) }
        switch b[i] {
        case UInt8(ascii: "{"): try object(depth: depth, visit)
        case UInt8(ascii: "["): try array(depth: depth, visit)
        case UInt8(ascii: "\""):
            scratch.removeAll(keepingCapacity: true)
            var text: [UInt8] = []
            swap(&text, &scratch)
            defer { swap(&text, &scratch) }
            if let e = string(into: &text) { throw e }
            report(.string(String(decoding: text, as: UTF8.self)), visit)
        case UInt8(ascii: "t"):
            try literal("true")
            report(.bool(true), visit)
        case UInt8(ascii: "f"):
            try literal("false")
            report(.bool(false), visit)
        case UInt8(ascii: "n"):
            try literal("null")
            report(.null, visit)
        default:
            report(.number(try number()), visit)
        }
    }

    /// `{ "key": value, … }`: each member's path is the object's plus `.key`.
    mutating func object(depth: Int, _ visit: (UnsafeBufferPointer<UInt8>, JSONItem) -> Void) throws(JSONError) {
        guard depth < limits.maxDepth else { throw .tooDeep }
        report(.object, visit)
        i += 1
        skipSpace()
        if i < b.count, b[i] == UInt8(ascii: "}") {
            i += 1
            return
        }
        let base = path.count
        while true {
            skipSpace()
            guard i < b.count, b[i] == UInt8(ascii: "\"") else { throw .unexpected(offset: i) }
            var key: [UInt8] = []
            swap(&key, &path)
            if base > 0 { key.append(UInt8(ascii: ".")) }
            let r = string(into: &key)
            swap(&key, &path)
            if let e = r { throw e }
            skipSpace()
            guard i < b.count, b[i] == UInt8(ascii: ":") else { throw .unexpected(offset: i) }
            i += 1
            skipSpace()
            try value(depth: depth + 1, visit)
            path.removeSubrange(base...)
            skipSpace()
            guard i < b.count else { throw .unexpected(offset: i) }
            i += 1
            if b[i - 1] == UInt8(ascii: ",") { continue }
            if b[i - 1] == UInt8(ascii: "}") { return }
            throw .unexpected(offset: i - 1)
        }
    }

    /// `[ value, … ]`: each element's path is the array's plus `[]`.
    mutating func array(depth: Int, _ visit: (UnsafeBufferPointer<UInt8>, JSONItem) -> Void) throws(JSONError) {
        guard depth < limits.maxDepth else { throw .tooDeep }
        report(.array, visit)
        i += 1
        skipSpace()
        if i < b.count, b[i] == UInt8(ascii: "]") {
            i += 1
            return
        }
        let base = path.count
        path.append(UInt8(ascii: "["))
        path.append(UInt8(ascii: "]"))
        while true {
            skipSpace()
            try value(depth: depth + 1, visit)
            skipSpace()
            guard i < b.count else { throw .unexpected(offset: i) }
            i += 1
            if b[i - 1] == UInt8(ascii: ",") { continue }
            if b[i - 1] == UInt8(ascii: "]") {
                path.removeSubrange(base...)
                return
            }
            throw .unexpected(offset: i - 1)
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONError) {
        let n = word.utf8CodeUnitCount
        guard b.count - i >= n else { throw .unexpected(offset: i) }
        let p = word.utf8Start
        var k = 0
        while k < n {
            guard b[i + k] == p[k] else { throw .unexpected(offset: i + k) }
            k += 1
        }
        i += n
    }

    /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`
    mutating func number() throws(JSONError) -> Double {
        let start = i
        func digits(_ s: inout JSONScanState) -> Int {
            var n = 0
            while s.i < s.b.count, s.b[s.i] &- 48 < 10 {
                s.i += 1
                n += 1
            }
            return n
        }
        if i < b.count, b[i] == UInt8(ascii: "-") { i += 1 }
        guard i < b.count, b[i] &- 48 < 10 else { throw .badNumber(offset: start) }
        if b[i] == UInt8(ascii: "0") { i += 1 } else { _ = digits(&self) }
        if i < b.count, b[i] == UInt8(ascii: ".") {
            i += 1
            guard digits(&self) > 0 else { throw .badNumber(offset: start) }
        }
        if i < b.count, b[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
            guard digits(&self) > 0 else { throw .badNumber(offset: start) }
        }
        guard let v = DecimalParser.parse(UnsafeRawBufferPointer(b), start, i) else { throw .badNumber(offset: start) }
        return v
    }

    /// A string at `i` (its opening quote), unescaped, appended to `out` (`out` is never
    /// one of this state's own buffers: the caller swaps them out first).
    mutating func string(into out: inout [UInt8]) -> JSONError? {
        do throws(JSONError) {
            try readString(into: &out)
            return nil
        } catch { return error }
    }

    mutating func readString(into out: inout [UInt8]) throws(JSONError) {
        let start = i
        i += 1
        while true {
            guard i < b.count else { throw .badString(offset: start) }
            let c = b[i]
            if c == UInt8(ascii: "\"") {
                i += 1
                return
            }
            if c < 0x20 { throw .badString(offset: i) }
            if c != UInt8(ascii: "\\") {
                out.append(c)
                i += 1
                continue
            }
            guard i + 1 < b.count else { throw .badString(offset: i) }
            let e = b[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(8)
            case UInt8(ascii: "f"): out.append(12)
            case UInt8(ascii: "n"): out.append(10)
            case UInt8(ascii: "r"): out.append(13)
            case UInt8(ascii: "t"): out.append(9)
            case UInt8(ascii: "u"):
                var scalar = try hex4(at: i - 2)
                if scalar >= 0xD800 && scalar < 0xDC00 {
                    // A high surrogate must be followed by an escaped low one.
                    guard b.count - i >= 2, b[i] == UInt8(ascii: "\\"), b[i + 1] == UInt8(ascii: "u") else {
                        throw .badString(offset: i - 6)
                    }
                    i += 2
                    let low = try hex4(at: i - 2)
                    guard low >= 0xDC00 && low < 0xE000 else { throw .badString(offset: i - 6) }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if scalar >= 0xDC00 && scalar < 0xE000 {
                    throw .badString(offset: i - 6)
                }
                appendUTF8(scalar, to: &out)
            default:
                throw .badString(offset: i - 2)
            }
        }
    }

    mutating func hex4(at escape: Int) throws(JSONError) -> UInt32 {
        guard b.count - i >= 4 else { throw .badString(offset: escape) }
        var v: UInt32 = 0
        var k = 0
        while k < 4 {
            guard let d = Hex.digit(b[i + k]) else { throw .badString(offset: escape) }
            v = v << 4 | UInt32(d)
            k += 1
        }
        i += 4
        return v
    }

    func appendUTF8(_ s: UInt32, to out: inout [UInt8]) {
        if s < 0x80 {
            out.append(UInt8(truncatingIfNeeded: s))
        } else if s < 0x800 {
            out.append(UInt8(truncatingIfNeeded: 0xC0 | s >> 6))
            out.append(UInt8(truncatingIfNeeded: 0x80 | s & 0x3F))
        } else if s < 0x10000 {
            out.append(UInt8(truncatingIfNeeded: 0xE0 | s >> 12))
            out.append(UInt8(truncatingIfNeeded: 0x80 | s >> 6 & 0x3F))
            out.append(UInt8(truncatingIfNeeded: 0x80 | s & 0x3F))
        } else {
            out.append(UInt8(truncatingIfNeeded: 0xF0 | s >> 18))
            out.append(UInt8(truncatingIfNeeded: 0x80 | s >> 12 & 0x3F))
            out.append(UInt8(truncatingIfNeeded: 0x80 | s >> 6 & 0x3F))
            out.append(UInt8(truncatingIfNeeded: 0x80 | s & 0x3F))
        }
    }
}
