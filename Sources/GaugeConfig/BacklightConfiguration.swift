/// `[backlight]`: the screen's brightness following a channel (an ambient-light sensor)
/// through a curve, and sleep — the backlight off after a time without input, woken by a
/// touch, a key, an alarm or a chosen channel moving.
public struct BacklightConfiguration: Sendable, Equatable {
    /// A device under /sys/class/backlight by name, or a backlight directory by absolute
    /// path; nil: the first there is.
    public var device: String?
    /// The channel the brightness follows through `curve` (nil: the brightness is left alone).
    public var channel: String?
    /// (value, percent) points, values ascending: linear between them, flat beyond.
    public var curve: [(value: Double, percent: Double)]
    /// Percentage points the curve's level must move before the backlight follows.
    public var hysteresis: Double
    /// Nanoseconds without input, alarm or wake channel movement before the backlight
    /// goes off (nil: never).
    public var sleepAfter: UInt64?
    /// A channel whose movement wakes the screen (the engine starting).
    public var wakeChannel: String?
    /// How far the wake channel must move (0: any change).
    public var wakeChange: Double

    public init(
        device: String? = nil, channel: String? = nil, curve: [(value: Double, percent: Double)] = [], hysteresis: Double = 5,
        sleepAfter: UInt64? = nil, wakeChannel: String? = nil, wakeChange: Double = 0
    ) {
        self.device = device
        self.channel = channel
        self.curve = curve
        self.hysteresis = hysteresis
        self.sleepAfter = sleepAfter
        self.wakeChannel = wakeChannel
        self.wakeChange = wakeChange
    }

    public static func == (a: BacklightConfiguration, b: BacklightConfiguration) -> Bool {
        a.device == b.device && a.channel == b.channel && a.curve.map { $0.value } == b.curve.map { $0.value }
            && a.curve.map { $0.percent } == b.curve.map { $0.percent } && a.hysteresis == b.hysteresis && a.sleepAfter == b.sleepAfter
            && a.wakeChannel == b.wakeChannel && a.wakeChange == b.wakeChange
    }

    /// The curve's percentage at `value`; nil without a curve or a value.
    public func percent(at value: Double) -> Double? {
        guard value.isFinite, let first = curve.first, let last = curve.last else { return nil }
        if value <= first.value { return first.percent }
        if value >= last.value { return last.percent }
        for i in 1..<curve.count where value <= curve[i].value {
            let (a, b) = (curve[i - 1], curve[i])
            return a.percent + (b.percent - a.percent) * (value - a.value) / (b.value - a.value)
        }
        return last.percent
    }
}

extension BacklightConfiguration {
    static func read(_ r: TableReader?, channels: [String]) -> BacklightConfiguration? {
        guard let r else { return nil }
        var c = BacklightConfiguration()
        c.device = r.string("device", maxLength: 256)
        if let d = c.device, d.isEmpty || d.contains("/") && !d.hasPrefix("/") {
            r.report("device", "expected a name under /sys/class/backlight (\"rpi_backlight\") or an absolute path")
        }
        c.channel = knownChannel(r, "channel", channels)
        c.curve = readCurve(r)
        c.hysteresis = r.number("hysteresis", 0...50) ?? 5
        c.sleepAfter = r.number("sleep_after", 1...86400).map { UInt64($0 * 1e9) }
        c.wakeChannel = knownChannel(r, "wake_channel", channels)
        c.wakeChange = r.number("wake_change", 0...SensorConfiguration.maxMagnitude) ?? 0
        r.finish()
        if c.channel != nil, c.curve.isEmpty, !r.has("curve") {
            r.report("curve", "missing; the brightness follows channel through curve = [[value, percent], …]")
        }
        if c.channel == nil, r.has("curve") { r.report("curve", "needs channel (the value the curve reads)") }
        if c.wakeChannel != nil || r.has("wake_change"), c.sleepAfter == nil {
            r.report(r.has("wake_channel") ? "wake_channel" : "wake_change", "needs sleep_after")
        }
        return c
    }

    private static func knownChannel(_ r: TableReader, _ key: String, _ channels: [String]) -> String? {
        guard let name = r.name(key) else { return nil }
        guard channels.contains(name) else {
            r.report(key, unknownChannelMessage(name, among: channels))
            return nil
        }
        return name
    }

    /// `curve = [[value, percent], …]`: at least two points, values strictly ascending,
    /// percentages 0…100.
    private static func readCurve(_ r: TableReader) -> [(value: Double, percent: Double)] {
        guard let v = r.value("curve") else { return [] }
        let shape = "expected [[value, percent], …]: at least two points, values ascending, percent 0…100"
        guard let points = v.array, points.count >= 2 else {
            r.report("curve", shape + ", got \(describe(v))")
            return []
        }
        var out: [(value: Double, percent: Double)] = []
        for i in 0..<points.count {
            guard let pair = points[i].array, pair.count == 2, let x = TableReader.number(pair[0]), let p = TableReader.number(pair[1]),
                x.isFinite, abs(x) <= SensorConfiguration.maxMagnitude, p >= 0, p <= 100, out.last.map({ $0.value < x }) ?? true
            else {
                r.report("curve", shape + "; point \(i + 1) is \(describe(points[i]))")
                return []
            }
            out.append((x, p))
        }
        return out
    }
}
