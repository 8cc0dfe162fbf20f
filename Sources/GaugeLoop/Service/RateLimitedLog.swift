/// One log line per notable event, not one per occurrence: the first occurrence of a
/// key is logged, repeats within `window` are counted, and the next line for that key
/// after the window (or `flush`) carries "(N more suppressed)". A sensor that fails
/// 60 times a second for a month thus writes a line a minute, not 150 million.
public struct RateLimitedLog {
    private struct Entry {
        var windowStart: UInt64
        var suppressed: UInt64
        var level: LogLevel
        var lastMessage: String
    }

    public let sink: any PanelLog
    public let window: UInt64
    /// Keys remembered at most; the oldest window is flushed to make room.
    public let capacity: Int
    private var entries: [String: Entry] = [:]

    public init(sink: any PanelLog, window: UInt64 = 60_000_000_000, capacity: Int = 256) {
        self.sink = sink
        self.window = max(window, 1)
        self.capacity = max(capacity, 1)
    }

    /// Logs `message` under `key` unless it repeats within the window. True if written.
    @discardableResult
    public mutating func log(_ level: LogLevel, key: String, _ message: String, now: UInt64) -> Bool {
        if var e = entries[key], now < e.windowStart &+ window {
            e.suppressed += 1
            e.level = level
            e.lastMessage = message
            entries[key] = e
            return false
        }
        let previous = entries[key]?.suppressed ?? 0
        if entries[key] == nil && entries.count >= capacity { evictOldest() }
        entries[key] = Entry(windowStart: now, suppressed: 0, level: level, lastMessage: message)
        sink.log(level, Self.text(message, suppressed: previous))
        return true
    }

    /// Writes the summary of every window that ended by `now` with suppressed repeats
    /// and forgets quiet keys. Call it from a timer at `nextFlush`.
    public mutating func flush(now: UInt64) {
        for key in entries.keys.sorted() {
            guard let e = entries[key], now >= e.windowStart &+ window else { continue }
            entries[key] = nil
            if e.suppressed > 0 { writeSummary(key, e) }
        }
    }

    /// When `flush` next has a summary to write (nil: nothing pending, no timer needed).
    public var nextFlush: UInt64? {
        entries.values.filter { $0.suppressed > 0 }.map { $0.windowStart &+ window }.min()
    }

    /// Suppressed repeats pending for `key`.
    public func suppressedCount(_ key: String) -> UInt64 { entries[key]?.suppressed ?? 0 }

    static func text(_ message: String, suppressed: UInt64) -> String {
        suppressed == 0 ? message : "\(message) (\(suppressed) more suppressed)"
    }

    private mutating func writeSummary(_ key: String, _ e: Entry) {
        sink.log(e.level, Self.text(e.lastMessage, suppressed: e.suppressed))
    }

    private mutating func evictOldest() {
        guard let (key, e) = entries.min(by: { ($0.value.windowStart, $0.key) < ($1.value.windowStart, $1.key) })
        else { return }
        entries[key] = nil
        if e.suppressed > 0 { writeSummary(key, e) }
    }
}
