import GaugeDecoders

/// What one message says about a value.
public enum PayloadValue: Sendable, Equatable {
    case value(Double)
    /// The sender says there is no value now (`unavailable`, `offline`, empty, JSON null):
    /// the channel goes stale; it is not zero.
    case stale
    /// A JSON payload without the field: this message says nothing about it.
    case absent
    /// Neither a number nor a word this reader knows, or JSON that does not parse.
    case unparsable
}

/// Reads a value out of an MQTT payload: the whole payload as text (`21.5`, ` 21.5\n`,
/// `ON`, `off`, `true`, `unavailable`), or one field of a JSON payload by a dotted path
/// (`temperature`, `state.battery`, `ENERGY.Power`).
///
/// Words, case-insensitive: `on`/`true` → 1, `off`/`false` → 0, `unavailable`/`offline`/
/// empty → stale. A JSON field's number is its value, true/false 1/0, null stale, and
/// a string is read by the rules for a whole payload (Home Assistant's `"ON"`, `"21.5"`);
/// an object or array is unparsable. A payload that is itself `unavailable`, `offline` or
/// empty is stale whatever the path (availability messages on the same topic).
///
/// A device's own words for its two states (`state_on = "open"`, `state_off = "closed"`, as
/// Home Assistant's `state_on`/`state_off`) are 1 and 0, compared exactly, before the rest.
public struct PayloadReader: Sendable, Equatable {
    /// nil: the whole payload is the value.
    public let path: String?
    public let limits: JSONScanner.Limits
    /// The payloads (or JSON strings) that read as 1 and as 0 (nil: only the usual words).
    public let stateOn: [UInt8]?, stateOff: [UInt8]?

    public init(
        path: String? = nil, limits: JSONScanner.Limits = JSONScanner.Limits(), stateOn: String? = nil, stateOff: String? = nil
    ) {
        self.path = path.flatMap { $0.isEmpty ? nil : $0 }
        self.limits = limits
        self.stateOn = stateOn.map { Array($0.utf8) }
        self.stateOff = stateOff.map { Array($0.utf8) }
    }

    /// 1 or 0 when `text` is one of the device's state words.
    func stateWord(_ text: UnsafeBufferPointer<UInt8>) -> PayloadValue? {
        if let on = stateOn, text.elementsEqual(on) { return .value(1) }
        if let off = stateOff, text.elementsEqual(off) { return .value(0) }
        return nil
    }

    public func read(_ payload: [UInt8]) -> PayloadValue {
        if stateOn != nil || stateOff != nil, let v = payload.withUnsafeBufferPointer({ stateWord($0) }) { return v }
        let plain = payload.withUnsafeBufferPointer { PayloadReader.plainValue($0) }
        guard let path else { return plain }
        if plain == .stale { return .stale }
        let found: JSONItem?
        do throws(JSONError) {
            found = try JSONScanner.lookup(payload, path: path, limits: limits)
        } catch {
            return .unparsable
        }
        switch found {
        case nil: return .absent
        case .number(let v)?: return .value(v)
        case .bool(let b)?: return .value(b ? 1 : 0)
        case .null?: return .stale
        case .string(let s)?:
            var copy = s
            return copy.withUTF8 { stateWord($0) ?? PayloadReader.plainValue($0) }
        case .object?, .array?: return .unparsable
        }
    }

    /// A whole payload as text.
    public static func plainValue(_ b: UnsafeBufferPointer<UInt8>) -> PayloadValue {
        var start = 0, end = b.count
        while start < end, isSpace(b[start]) { start += 1 }
        while end > start, isSpace(b[end - 1]) { end -= 1 }
        if start == end { return .stale }
        if let v = DecimalParser.parse(UnsafeRawBufferPointer(b), start, end) { return .value(v) }
        let word = UnsafeBufferPointer(rebasing: b[start..<end])
        if same(word, "on") || same(word, "true") { return .value(1) }
        if same(word, "off") || same(word, "false") { return .value(0) }
        if same(word, "unavailable") || same(word, "offline") { return .stale }
        return .unparsable
    }

    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    /// ASCII case-insensitive equality with a lower-case word.
    static func same(_ b: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        guard b.count == word.utf8CodeUnitCount else { return false }
        let w = word.utf8Start
        var i = 0
        while i < b.count {
            var c = b[i]
            if c >= 65 && c <= 90 { c |= 0x20 }
            if c != w[i] { return false }
            i += 1
        }
        return true
    }
}
