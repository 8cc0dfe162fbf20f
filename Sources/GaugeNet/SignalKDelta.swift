/// One value of a Signal K delta: `updates[].values[]`'s `path` and `value`.
public struct SignalKValue: Sendable, Equatable {
    public var path: String
    public var value: JSONItem

    public init(path: String, value: JSONItem) {
        self.path = path
        self.value = value
    }
}

/// What one Signal K stream message says: the server's hello names the own vessel
/// (`self`); a delta has a `context` (the vessel it is about; absent: the own one) and
/// values. A value that is an object (a position, an attitude) is reported as `.object`
/// under its path, and each of its members that is a number or null under the path and
/// the member's name (`navigation.position.latitude`); deeper members are not.
public struct SignalKMessage: Sendable, Equatable {
    /// The hello's `self` (`vessels.urn:mrn:signalk:uuid:…`).
    public var selfContext: String?
    public var context: String?
    public var values: [SignalKValue] = []

    /// The `meta` entries (`updates[].meta[]`): units and zones of paths.
    public var metas: [SignalKMeta] = []
    /// The values on `notifications.…` paths, an object's `state` and `message` (null: cleared).
    public var notifications: [SignalKNotification] = []
    /// Per update (`updates[]`), what names its source: its `$source` and its
    /// `source.label`, those it gives.
    public var updateSources: [[String]] = []
    /// Per value, the index of its update in `updateSources` (-1: none).
    public var valueUpdates: [Int32] = []
    /// An answer to a request (a PUT): its `requestId`, `statusCode` and `message`.
    public var requestID: String?
    public var statusCode: Double?
    public var statusMessage: String?

    /// The names of the source of `values[i]`'s update.
    public func sources(ofValue i: Int) -> [String] {
        guard i < valueUpdates.count, valueUpdates[i] >= 0, Int(valueUpdates[i]) < updateSources.count else { return [] }
        return updateSources[Int(valueUpdates[i])]
    }

    /// Reads one message (a WebSocket text message) with the scanner's `limits`.
    public static func read(_ message: [UInt8], limits: JSONScanner.Limits = JSONScanner.Limits()) throws(JSONError) -> SignalKMessage {
        var out = SignalKMessage()
        var value = ValueReader()
        var meta = SignalKMetaReader()
        try JSONScanner.scan(message, limits: limits) { at, item in
            if value.visit(at, item, into: &out) || meta.visit(at, item) { return }
            if matches(at, "updates[]") {
                guard item == .object else { return }
                value.flush(into: &out)  // the last value of the update before
                out.updateSources.append([])
            } else if matches(at, "updates[].$source") || matches(at, "updates[].source.label") {
                if case .string(let s) = item, !out.updateSources.isEmpty, out.updateSources[out.updateSources.count - 1].count < 2 {
                    out.updateSources[out.updateSources.count - 1].append(s)
                }
            } else if matches(at, "context") {
                if case .string(let s) = item { out.context = s }
            } else if matches(at, "requestId") {
                if case .string(let s) = item { out.requestID = s }
            } else if matches(at, "statusCode") {
                if case .number(let x) = item { out.statusCode = x }
            } else if matches(at, "message") {
                if case .string(let s) = item { out.statusMessage = String(decoding: s.utf8.prefix(120), as: UTF8.self) }
            } else if matches(at, "self") {
                if case .string(let s) = item { out.selfContext = s }
            }
        }
        value.flush(into: &out)
        meta.flush()
        out.metas = meta.metas
        return out
    }

    /// Collects one `updates[].values[]` entry at a time (its `path` may come after its `value`).
    struct ValueReader {
        var path: String?
        var value: JSONItem?
        var members: [SignalKValue] = []
        var state: String?
        var message: String?

        mutating func visit(_ at: UnsafeBufferPointer<UInt8>, _ item: JSONItem, into out: inout SignalKMessage) -> Bool {
            if matches(at, "updates[].values[]") {
                if item == .object { flush(into: &out) }
            } else if matches(at, "updates[].values[].path") {
                if case .string(let s) = item { path = s }
            } else if matches(at, "updates[].values[].value") {
                value = item
            } else if let name = member(at) {
                if isScalar(item) { members.append(SignalKValue(path: name, value: item)) }
                if case .string(let s) = item, name == "state" { state = s }
                if case .string(let s) = item, name == "message" { message = s }
            } else {
                return false
            }
            return true
        }

        mutating func flush(into out: inout SignalKMessage) {
            if let p = path, let v = value {
                let update = Int32(truncatingIfNeeded: out.updateSources.count - 1)
                out.values.append(SignalKValue(path: p, value: v))
                for m in members { out.values.append(SignalKValue(path: p + "." + m.path, value: m.value)) }
                while out.valueUpdates.count < out.values.count { out.valueUpdates.append(update) }
                if p.utf8.starts(with: "notifications.".utf8), v == .null || v == .object {
                    out.notifications.append(SignalKNotification(path: p, state: v == .null ? nil : state, message: message ?? ""))
                }
            }
            path = nil
            value = nil
            members.removeAll()
            state = nil
            message = nil
        }
    }

    /// Whether a delta with this `context` is about the vessel `selfContext` names (the
    /// hello's `self`, with or without `vessels.`; nil before the hello).
    public static func isOwnVessel(_ context: String?, selfContext: String?) -> Bool {
        guard let context, context != "vessels.self" else { return true }
        guard let own = selfContext else { return false }
        return context == own || context == "vessels." + own
    }

    /// The subscription message for `paths` of the own vessel: each sent at most every
    /// `minPeriod` ms as it changes, and at least every `period` ms.
    /// A PUT of a JSON `value` (as written) at `path` of the own vessel, answered by a
    /// message with the same `requestId`.
    public static func put(path: String, value: [UInt8], requestID: String) -> [UInt8] {
        var out = Array("{\"context\":\"vessels.self\",\"requestId\":\"\(requestID)\",\"put\":{\"path\":\"".utf8)
        for b in path.utf8 where b >= 0x20 && b != UInt8(ascii: "\"") && b != UInt8(ascii: "\\") { out.append(b) }
        out += Array("\",\"value\":".utf8) + value + Array("}}".utf8)
        return out
    }

    public static func subscribe(_ paths: [String], period: UInt32, minPeriod: UInt32) -> [UInt8] {
        var out = Array("{\"context\":\"vessels.self\",\"subscribe\":[".utf8)
        for (i, path) in paths.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out += Array("{\"path\":\"".utf8)
            for b in path.utf8 where b >= 0x20 && b != UInt8(ascii: "\"") && b != UInt8(ascii: "\\") { out.append(b) }
            out += Array("\",\"period\":\(period),\"minPeriod\":\(minPeriod)}".utf8)
        }
        out += Array("]}".utf8)
        return out
    }

    /// A number or null: what a member of an object value gives a channel.
    static func isScalar(_ item: JSONItem) -> Bool {
        if case .number = item { return true }
        return item == .null
    }

    /// The member's name when `at` is `updates[].values[].value.NAME` (one level).
    static func member(_ at: UnsafeBufferPointer<UInt8>) -> String? {
        let prefix: StaticString = "updates[].values[].value."
        let n = prefix.utf8CodeUnitCount
        guard at.count > n, matches(UnsafeBufferPointer(rebasing: at[0..<n]), prefix) else { return nil }
        let name = UnsafeBufferPointer(rebasing: at[n...])
        guard !name.contains(UInt8(ascii: ".")), !name.contains(UInt8(ascii: "[")) else { return nil }
        return String(decoding: name, as: UTF8.self)
    }

    static func matches(_ a: UnsafeBufferPointer<UInt8>, _ s: StaticString) -> Bool {
        JSONScanner.equal(a, UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }
}
