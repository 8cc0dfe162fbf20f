/// `[[counter]]`: a channel integrated over time — distance from speed, fuel used from
/// flow, engine hours while the rpm is above 0 — kept across restarts and power cuts in
/// its `file`. A counter is a channel: any widget shows it by its `name`.
public struct CounterConfiguration: Sendable, Equatable {
    public var name: String
    /// The channel integrated (or watched, with `above`).
    public var channel: String
    /// Counts time while the channel is above this (engine hours) instead of its value.
    public var above: Double?
    /// Seconds per unit of the channel's time base: 3600 turns km/h × s into km.
    public var per: Double
    /// Where the count is kept (two alternating slots, `file.a` and `file.b`).
    public var file: String
    /// Nanoseconds between saves (a power cut loses at most this).
    public var saveEvery: UInt64
    /// A trip counter: `reset_trip` (a key) sets it to 0.
    public var resettable: Bool

    public init(
        name: String, channel: String, above: Double? = nil, per: Double = 1, file: String,
        saveEvery: UInt64 = 10_000_000_000, resettable: Bool = false
    ) {
        self.name = name
        self.channel = channel
        self.above = above
        self.per = per
        self.file = file
        self.saveEvery = saveEvery
        self.resettable = resettable
    }

    /// The longest gap between two readings that is still integrated: across a longer one
    /// (a source away, the panel stopped) nothing is known, so nothing is counted.
    public static let longestGap: UInt64 = 5_000_000_000

    /// What the count grows by from a reading `a` to the next `b`, `seconds` apart
    /// (trapezoids; time above the threshold for hour meters). No value counts nothing.
    public func increment(from a: Double, to b: Double, seconds: Double) -> Double {
        guard a.isFinite, b.isFinite, seconds > 0 else { return 0 }
        if let t = above { return (a > t && b > t ? seconds : 0) / per }
        return (a + b) / 2 * seconds / per
    }
}

extension CounterConfiguration {
    /// `channels`: every channel's name; `read`: those a sensor reads (not computed),
    /// which a counter can integrate as their readings arrive.
    static func read(_ r: TableReader, channels: [String], read: [String]) -> CounterConfiguration? {
        let name = r.name("name", required: true)
        if let n = name, !SensorConfiguration.isChannelName(n) {
            r.report("name", "expected letters, digits, '.', '_' or '-' (like \"trip.km\"), got \"\(n.escapingControls)\"")
        }
        if let n = name, channels.contains(n) { r.report("name", "a channel is already called \"\(n)\"") }
        let channel = r.name("channel", required: true)
        if let c = channel, !channels.contains(c) {
            r.report("channel", unknownChannelMessage(c, among: channels))
        } else if let c = channel, !read.contains(c) {
            r.report("channel", "\"\(c)\" is computed; a counter integrates a channel a sensor reads (count its inputs instead)")
        }
        let above = r.number("above", -SensorConfiguration.maxMagnitude...SensorConfiguration.maxMagnitude)
        let per = r.number("per", 0.001...1e9) ?? 1
        let file = r.string("file", maxLength: 256).map { r.resolve($0) } ?? name.map { r.resolve($0 + ".counter") }
        let saveEvery = r.number("save_every", 0.1...3600) ?? 10
        let resettable = r.bool("resettable") ?? false
        r.finish()
        guard let name, let channel, let file, channels.contains(channel), SensorConfiguration.isChannelName(name) else { return nil }
        return CounterConfiguration(
            name: name, channel: channel, above: above, per: per, file: file, saveEvery: UInt64(saveEvery * 1e9),
            resettable: resettable)
    }
}
