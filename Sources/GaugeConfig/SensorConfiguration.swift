import GaugeDecoders
import GaugeSensors

/// One `[[sensor.channel]]`: a named measurement with its unit, processing and alarms,
/// and the name its sensor gives what it reads.
public struct ChannelConfiguration: Sendable, Equatable {
    public var name: String
    public var unit: SensorUnit
    /// Seconds a reading stays fresh (nil: never stale once read).
    public var staleAfterSeconds: Double?
    /// Exponential smoothing factor 0 < α ≤ 1 (nil: none).
    public var smoothing: Double?
    /// Median filter window (nil: none).
    public var median: Int?
    public var scale: Double
    public var offset: Double
    public var alarm: AlarmConfiguration?
    /// The name the sensor gives what this channel reads: `source` for kinds whose
    /// channels read one (default: `name`); `name` for the others, whose sources name
    /// their samples after the channels.
    public var sourceName: String
    /// The value at start-up (a simulated waveform's at t = 0); NaN: no value yet.
    public var initialValue: Double = .nan
    /// A computed channel's formula over other channels, as written (`kind = "computed"`).
    public var expression: String?
    /// A computed channel's `sources`: channels in priority order (failover).
    public var failover: [String]?
    /// A computed channel's `statistic` of another channel over a window.
    public var statistic: WindowStatistic?
    /// A computed channel's `sun = "elevation"`.
    public var sun: SunElevation?
    /// Where `expression` or `sources` was written, for what linking it finds wrong.
    var expressionLocation: KeyPath?

    /// The channel for the run loop, processing as configured.
    public var channel: Channel {
        let pipeline = PipelineConfiguration(scale: scale, offset: offset, medianWindow: median, exponentialAlpha: smoothing)
        return Channel(name: name, unit: unit, timeToLive: staleAfterSeconds.map { UInt64($0 * 1e9) }, pipeline: pipeline)
    }

    /// Configured alike (a reload keeps such a channel's readings); "no value" equals itself.
    public static func == (a: ChannelConfiguration, b: ChannelConfiguration) -> Bool {
        a.name == b.name && a.unit == b.unit && a.staleAfterSeconds == b.staleAfterSeconds && a.smoothing == b.smoothing
            && a.median == b.median && a.scale == b.scale && a.offset == b.offset && a.alarm == b.alarm && a.sourceName == b.sourceName
            && a.expression == b.expression && a.failover == b.failover && a.statistic == b.statistic
            && a.sun == b.sun
            && (a.initialValue == b.initialValue || a.initialValue.isNaN && b.initialValue.isNaN)
    }
}

extension ChannelConfiguration {
    /// Makes it a computed channel (`kind = "computed"`): linked once the board is read.
    public mutating func setExpression(_ text: String, at r: TableReader) {
        expression = text
        expressionLocation = r.path.appending("expression")
    }

    /// Makes it a failover channel: the first of `sources` with a value.
    public mutating func setFailover(_ sources: [String], at r: TableReader) {
        failover = sources
        expressionLocation = r.path.appending("sources")
    }

    /// Makes it a window statistic of another channel.
    public mutating func setStatistic(_ statistic: WindowStatistic, at r: TableReader) {
        self.statistic = statistic
        expressionLocation = r.path.appending("of")
    }

    /// Makes it the sun's elevation at a place.
    public mutating func setSun(_ sun: SunElevation, at r: TableReader) {
        self.sun = sun
        expressionLocation = r.path.appending("sun")
    }
}

/// `statistic = "max"`, `of = "wind.speed"`, `over = 600`: the lowest, highest or mean of a
/// channel's readings over the last `over` seconds (a gust, a tide's low water, an average
/// load), kept as the panel's charts keep history: in at most 120 columns, so the window's
/// edge is exact to within a 120th of it.
public struct WindowStatistic: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case min, max, mean
    }
    public var kind: Kind
    public var of: String
    public var seconds: Int64

    public init(kind: Kind, of: String, seconds: Int64) {
        self.kind = kind
        self.of = of
        self.seconds = seconds
    }
}

/// One `[[sensor]]`: where readings come from, and the channels it provides.
public struct SensorConfiguration: Sendable {
    /// The `kind` (a `SensorKinds` name).
    public var kind: String
    /// `name`: what controls call it (`mqtt = "home"` on a button); nil: unnamed.
    public var name: String? = nil
    public var channels: [ChannelConfiguration]
    /// What the kind read, and how the panel opens it.
    public var source: any ConfiguredSource

    /// The source's names → the channels reading them (each channel's `sourceName`).
    public var routes: SampleRoutes {
        SampleRoutes(channels.map { (channel: $0.name, source: $0.sourceName) })
    }
}

extension SensorConfiguration {
    static let maxMagnitude = 1e9

    /// A `[[sensor]]` table: `kind` picks one of `kinds`, which reads the rest.
    static func read(_ r: TableReader, kinds: [SensorKind]) -> SensorConfiguration? {
        let name = r.choice("kind", kinds.map { $0.name }, required: true)
        if let kind = kinds.first(where: { $0.name == name }) { return kind.read(r, kinds) }
        // With an unknown kind, which keys are unknown can't be said; the channels'
        // common keys are still checked.
        for c in channelReaders(r) { _ = readCommon(c) }
        return nil
    }

    static func read<Kind: SensorKindReading>(_ r: TableReader, as kind: Kind.Type, kinds: [SensorKind]) -> SensorConfiguration? {
        let sensorName = r.name("name")
        let sensor = Kind.readSensor(r)
        var channels: [(channel: ChannelConfiguration, part: Kind.ChannelPart)] = []
        let hints = ["source": sourceHint(Kind.name, kinds)]
        for c in channelReaders(r) {
            var (channel, valid) = readCommon(c)
            if Kind.channelsReadSource { channel.sourceName = c.name("source") ?? channel.sourceName }
            // A channel that failed still has its own keys checked, but not against the sensor.
            let part = Kind.readChannel(c, &channel, sensor: valid ? sensor : nil)
            c.finish(hints: hints)
            if valid, let part { channels.append((channel, part)) }
        }
        r.finish()
        guard let sensor, let source = Kind.source(sensor, channels: channels, r) else { return nil }
        return SensorConfiguration(kind: Kind.name, name: sensorName, channels: channels.map { $0.channel }, source: source)
    }

    private static func channelReaders(_ r: TableReader) -> [TableReader] {
        let readers = r.tables("channel")
        if readers.isEmpty, r.value("channel") == nil { r.report(nil, "a sensor needs at least one [[sensor.channel]]") }
        return readers
    }

    /// What `source` on a channel of a kind that reads none is told.
    private static func sourceHint(_ kind: String, _ kinds: [SensorKind]) -> String {
        let readers = kinds.filter { $0.channelsReadSource }.map { $0.name }
        let list = readers.count > 1 ? readers.dropLast().joined(separator: ", ") + " and " + (readers.last ?? "") : readers.joined()
        let own = kinds.first { $0.name == kind }?.channelReads ?? "keys"
        return "only \(list) channels read a source's name; a \(kind) channel reads its own \(own)"
    }

    /// The keys every channel has; `valid` is false when the channel cannot be used.
    private static func readCommon(_ r: TableReader) -> (channel: ChannelConfiguration, valid: Bool) {
        let name = r.string("name", required: true, maxLength: 64)
        if let name { r.path = r.path.named(name) }
        if let n = name, !isChannelName(n) {
            r.report("name", "expected letters, digits, '.', '_' or '-' (like \"engine.rpm\"), got \"\(n.escapingControls)\"")
        }
        var unit = SensorUnit.none
        if let u = r.string("unit", maxLength: 16) {
            if let su = SensorUnit(configName: u) {
                unit = su
            } else {
                r.report("unit", "unknown unit \"\(u)\" (e.g. \"rpm\", \"km/h\", \"C\", \"%\", \"V\", \"kn\", \"m\")")
            }
        }
        let stale = r.number("stale_after", 0.01...86400)
        let smoothing = r.number("smoothing", 0.001...1)
        let median = r.integer("median", 1...31)
        let scale = r.number("scale", -maxMagnitude...maxMagnitude) ?? 1
        if scale == 0 { r.report("scale", "expected a non-zero number") }
        let offset = r.number("offset", -maxMagnitude...maxMagnitude) ?? 0
        let alarm = name.flatMap { readAlarm(r, channel: $0, unit: unit) }
        let channel = ChannelConfiguration(
            name: name ?? "", unit: unit, staleAfterSeconds: stale, smoothing: smoothing, median: median,
            scale: scale, offset: offset, alarm: alarm, sourceName: name ?? "")
        return (channel, name.map(isChannelName) == true && scale != 0)
    }

    static func isChannelName(_ s: String) -> Bool {
        !s.isEmpty
            && s.unicodeScalars.allSatisfy {
                ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "." || $0 == "_" || $0 == "-"
            }
    }
}
