/// `[log]`: channels written as CSV rows while the panel runs — a time column (UTC, ISO
/// 8601), a column per channel headed with its unit, an empty cell for no value — into
/// `path`, rotated by size so that it never fills the disk.
public struct LogConfiguration: Sendable, Equatable {
    /// The CSV file (relative to the board when given so).
    public var path: String
    /// The channels, in column order (default: every channel).
    public var channels: [String]
    /// Nanoseconds between rows.
    public var interval: UInt64
    /// A file reaching this many bytes is rotated (`path.1`, `path.2`, …).
    public var maxSize: Int64
    /// Rotated files kept; older ones are removed.
    public var keep: Int
    /// Logging from the start; false: from a trigger with `logging = true`.
    public var startsOn: Bool

    public init(
        path: String, channels: [String], interval: UInt64 = 1_000_000_000, maxSize: Int64 = 10_000_000, keep: Int = 3,
        startsOn: Bool = true
    ) {
        self.path = path
        self.channels = channels
        self.interval = interval
        self.maxSize = maxSize
        self.keep = keep
        self.startsOn = startsOn
    }
}

extension LogConfiguration {
    static func read(_ r: TableReader?, channels known: [String]) -> LogConfiguration? {
        guard let r else { return nil }
        let path = r.string("path", required: true, maxLength: 256).map { r.resolve($0) }
        var channels = known
        if let v = r.value("channels") {
            if let a = v.array, a.count > 0, (0..<a.count).allSatisfy({ a[$0].string != nil }) {
                channels = (0..<a.count).compactMap { a[$0].string }
                for c in channels where !known.contains(c) {
                    r.report("channels", unknownChannelMessage(c, among: known))
                }
            } else {
                r.report("channels", "expected a list of channel names, like [\"rpm\", \"speed\"], got \(describe(v))")
            }
        }
        let interval = r.number("interval", 0.1...3600) ?? 1
        let maxSize = r.integer64("max_size", 1024...1_000_000_000_000) ?? 10_000_000
        let keep = r.integer("keep", 0...100) ?? 3
        let start = r.choice("start", ["on", "trigger"]) ?? "on"
        r.finish()
        guard let path else { return nil }
        return LogConfiguration(
            path: path, channels: channels, interval: UInt64(interval * 1e9), maxSize: maxSize, keep: keep, startsOn: start == "on")
    }
}
