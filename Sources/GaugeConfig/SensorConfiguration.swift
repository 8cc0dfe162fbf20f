import GaugeDecoders
import GaugeSensors
import GaugeCAN
import GaugeNet

/// A channel alarm: warning and critical thresholds, crossed upwards (or downwards, for
/// a fuel level) — the run loop shows the channel's page and colours it.
public struct AlarmConfiguration: Sendable, Equatable {
    public var channel: String
    public var warning: Double?
    public var critical: Double?
    /// Alarm when the value falls below the thresholds instead of rising above them.
    public var below: Bool

    public init(channel: String, warning: Double?, critical: Double?, below: Bool = false) {
        self.channel = channel; self.warning = warning; self.critical = critical; self.below = below
    }

    public enum Level: Int, Sendable, Comparable {
        case normal, warning, critical
        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    /// The alarm level of `value` (a threshold itself counts as crossed; no value is normal).
    public func level(of value: Double) -> Level {
        guard value.isFinite else { return .normal }
        func crossed(_ t: Double?) -> Bool { t.map { below ? value <= $0 : value >= $0 } ?? false }
        return crossed(critical) ? .critical : crossed(warning) ? .warning : .normal
    }
}

/// One `[[sensor.channel]]`: a named measurement with its unit, processing and alarms,
/// and where the sensor finds it.
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
    /// Simulated sensors: the waveform.
    public var waveform: Waveform?
    /// Sysfs sensors: the file.
    public var sysfs: SysfsSensor?
    /// Serial sensors: the name the decoder emits (defaults to `name`).
    public var sourceName: String

    /// The channel for the run loop, processing as configured.
    public var channel: Channel {
        let pipeline = PipelineConfiguration(scale: scale, offset: offset, medianWindow: median, exponentialAlpha: smoothing)
        return Channel(name: name, unit: unit, timeToLive: staleAfterSeconds.map { UInt64($0 * 1e9) }, pipeline: pipeline)
    }

    /// The value at start-up: a simulated waveform's value at t = 0, else "no value" (NaN).
    public var initialValue: Double { waveform?.value(at: 0) ?? .nan }
}

/// One `[[sensor]]`: where readings come from, and the channels it provides.
public struct SensorConfiguration: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case simulated
        /// `root` is `/sys` (tests point it elsewhere).
        case sysfs(root: String)
        /// `protocol`: one of `SerialProtocols.names`.
        case serial(device: String, baud: Int, protocol: String)
        /// A recording (`gaugepanel run --record`) played back, `speed` times as fast.
        case replay(ReplayConfiguration)
        /// A SocketCAN interface through a protocol (CANConfiguration.swift).
        case can(CANConfiguration)
        /// Topics of an MQTT broker (MQTTConfiguration.swift).
        case mqtt(MQTTConfiguration)
        /// A protocol over TCP or UDP, or gpsd (NetworkConfiguration.swift).
        case network(NetworkConfiguration)
    }
    public var kind: Kind
    public var channels: [ChannelConfiguration]

    /// The simulated source for `.simulated` sensors.
    public var simulatedSource: SimulatedSource? {
        guard kind == .simulated else { return nil }
        return SimulatedSource(signals: channels.compactMap { c in
            c.waveform.map { SimulatedSource.Signal(name: c.name, unit: c.unit, waveform: $0) }
        })
    }

    /// A serial line's or recording's names → the channels reading them (each channel's `source`).
    public var routes: SampleRoutes {
        SampleRoutes(channels.map { (channel: $0.name, source: $0.sourceName) })
    }

    /// The sysfs channels for `.sysfs` sensors.
    public var sysfsChannels: [SysfsChannel] {
        channels.compactMap { c in c.sysfs.map { SysfsChannel(name: c.name, sensor: $0) } }
    }
}

extension SensorConfiguration {
    static let maxMagnitude = 1e9

    static func read(_ r: TableReader) -> SensorConfiguration? {
        let kindName = r.choice("kind", ["simulated", "sysfs", "serial", "replay", "can", "mqtt"] + NetworkConfiguration.kinds, required: true)
        var kind: Kind?
        // CAN sensors and candump replays: the protocol's names for the channels' sources.
        var canKeys: CANProtocolKeys?
        var interface: String?
        var replay: ReplayConfiguration?
        var mqtt: MQTTConfiguration?
        var subscriptions: [MQTTConfiguration.Subscription] = []
        switch kindName {
        case "simulated": kind = .simulated
        case "sysfs":
            let root = r.string("root", maxLength: 4096) ?? "/sys"
            if !root.hasPrefix("/") { r.report("root", "expected an absolute path, got \"\(root)\"") }
            kind = .sysfs(root: root)
        case "serial":
            let device = r.string("device", required: true, maxLength: 4096)
            if let d = device, !d.hasPrefix("/") { r.report("device", "expected an absolute device path like \"/dev/ttyUSB0\" or \"/dev/serial/by-id/…\", got \"\(d)\"") }
            var baud = 9600
            if let v = r.value("baud") {
                if let b = v.int, SerialSettings.supportedBaudRates.contains(b) { baud = b }
                else { r.report("baud", "expected one of \(SerialSettings.supportedBaudRates.map(String.init).joined(separator: ", ")), got \(describe(v))") }
            }
            let proto = r.choice("protocol", SerialProtocols.names, required: true)
            if let device, device.hasPrefix("/"), let proto { kind = .serial(device: device, baud: baud, protocol: proto) }
        case "replay":
            replay = ReplayConfiguration.read(r)
            canKeys = replay?.canKeys
        case "can":
            interface = CANConfiguration.readInterface(r)
            canKeys = CANProtocolKeys.read(r, polling: true)
        case "mqtt":
            mqtt = MQTTConfiguration.read(r)
        case "tcp", "udp", "gpsd":
            kind = NetworkConfiguration.read(r, kind: kindName ?? "").map { .network($0) }
        default: break
        }
        let channelReaders = r.tables("channel")
        if channelReaders.isEmpty, r.value("channel") == nil { r.report(nil, "a sensor needs at least one [[sensor.channel]]") }
        var channels: [ChannelConfiguration] = []
        for c in channelReaders {
            guard var ch = readChannel(c, kind: kindName, subscriptions: &subscriptions) else { continue }
            if let canKeys, !canKeys.resolve(&ch, c) { continue }
            channels.append(ch)
        }
        if var replay, replay.decodeCandump(channels: channels, r) { kind = .replay(replay) }
        if kindName == "can", let interface, let canKeys {
            kind = .can(CANConfiguration(interface: interface, canProtocol: canKeys.canProtocol(channels: channels),
                                         dbcPath: canKeys.dbcPath))
        }
        if var mqtt {
            mqtt.subscriptions = subscriptions
            kind = .mqtt(mqtt)
        }
        // With an unknown kind, which keys are unknown can't be said.
        if kindName != nil { r.finish() }
        guard let kind else { return nil }
        return SensorConfiguration(kind: kind, channels: channels)
    }

    private static func readChannel(_ r: TableReader, kind: String?,
                                     subscriptions: inout [MQTTConfiguration.Subscription]) -> ChannelConfiguration? {
        let name = r.string("name", required: true, maxLength: 64)
        if let name { r.path = r.path.named(name) }
        if let n = name, !isChannelName(n) {
            r.report("name", "expected letters, digits, '.', '_' or '-' (like \"engine.rpm\"), got \"\(n.escapingControls)\"")
        }
        var unit = SensorUnit.none
        if let u = r.string("unit", maxLength: 16) {
            if let su = SensorUnit(configName: u) { unit = su } else { r.report("unit", "unknown unit \"\(u)\" (e.g. \"rpm\", \"km/h\", \"C\", \"%\", \"V\", \"kn\", \"m\")") }
        }
        let stale = r.number("stale_after", 0.01...86400)
        let smoothing = r.number("smoothing", 0.001...1)
        let median = r.integer("median", 1...31)
        let scale = r.number("scale", -maxMagnitude...maxMagnitude) ?? 1
        if scale == 0 { r.report("scale", "expected a non-zero number") }
        let offset = r.number("offset", -maxMagnitude...maxMagnitude) ?? 0
        let warning = r.number("warning", -maxMagnitude...maxMagnitude)
        let critical = r.number("critical", -maxMagnitude...maxMagnitude)
        let direction = r.choice("alarm", ["above", "below"])
        var alarm: AlarmConfiguration?
        if warning != nil || critical != nil, let name {
            let below = direction == "below"
            if let w = warning, let c = critical, below ? c > w : c < w {
                r.report("critical", "expected critical \(below ? "≤" : "≥") warning (\(format(w))) for an alarm \(below ? "below" : "above"), got \(format(c))")
            }
            alarm = AlarmConfiguration(channel: name, warning: warning, critical: critical, below: below)
        }
        var waveform: Waveform?, sysfs: SysfsSensor?, source = name ?? "", sourceKnown = true
        switch kind {
        case "simulated": waveform = readWaveform(r)
        case "sysfs": sysfs = readSysfsPath(r)
        case "serial", "replay", "can", "tcp", "udp": source = r.name("source") ?? source
        case "gpsd":
            source = r.name("source") ?? source
            if name != nil { sourceKnown = NetworkConfiguration.checkGPSDSource(source, r) }
        case "mqtt":
            // Each channel's subscription names its samples after the channel.
            if let s = MQTTConfiguration.readChannel(r, channel: name.flatMap { isChannelName($0) ? $0 : nil }) { subscriptions.append(s) }
            else { return finishChannel(r, kind) }
        default: break
        }
        // A simulated or sysfs channel's source is its waveform or path: no decoder names to pick from.
        _ = finishChannel(r, kind)
        guard let name, isChannelName(name), scale != 0, sourceKnown else { return nil }
        if kind == "simulated" && waveform == nil || kind == "sysfs" && sysfs == nil { return nil }
        return ChannelConfiguration(name: name, unit: unit, staleAfterSeconds: stale, smoothing: smoothing, median: median,
                                    scale: scale, offset: offset, alarm: alarm, waveform: waveform, sysfs: sysfs, sourceName: source)
    }

    /// Unknown keys; nil, for a channel that failed.
    private static func finishChannel(_ r: TableReader, _ kind: String?) -> ChannelConfiguration? {
        let own = kind == "sysfs" ? "path" : kind == "mqtt" ? "topic" : "waveform"
        if kind != nil { r.finish(hints: ["source": "only serial, tcp, udp, gpsd, replay and can channels read a source's name; a \(kind ?? "") channel reads its own \(own)"]) }
        return nil
    }

    static func isChannelName(_ s: String) -> Bool {
        !s.isEmpty && s.unicodeScalars.allSatisfy {
            ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "." || $0 == "_" || $0 == "-"
        }
    }

    private static func readWaveform(_ r: TableReader) -> Waveform? {
        let m = maxMagnitude
        func seconds(_ key: String, _ fallback: Double) -> UInt64 {
            UInt64((r.number(key, 0.001...86400) ?? fallback) * 1e9)
        }
        switch r.choice("waveform", ["sine", "ramp", "noise", "step"], required: true) {
        case "sine":
            let centre = r.number("centre", -m...m) ?? 0, amplitude = r.number("amplitude", 0...m) ?? 0
            return .sine(centre: centre, amplitude: amplitude, period: seconds("period", 10))
        case "ramp":
            let from = r.number("from", -m...m) ?? 0, to = r.number("to", -m...m) ?? 1
            return .ramp(from: from, to: to, period: seconds("period", 10))
        case "noise":
            let centre = r.number("centre", -m...m) ?? 0, amplitude = r.number("amplitude", 0...m) ?? 0
            let seed = UInt64(r.integer64("seed", 0...Int64.max) ?? 1)
            return .noise(centre: centre, amplitude: amplitude, interval: seconds("interval", 1), seed: seed)
        case "step":
            guard let values = r.numbers("values", count: nil, -m...m, what: "a list of numbers like [80, 60, 40]", required: true)
            else { _ = r.value("hold"); return nil }
            return .step(values: values, hold: seconds("hold", 5))
        default:
            // Unknown waveform: its parameters aren't unknown keys too.
            for k in ["centre", "amplitude", "period", "from", "to", "interval", "seed", "values", "hold"] { _ = r.value(k) }
            return nil
        }
    }

    /// `hwmon/<name>/<attribute>`, `thermal/<type>`, `power_supply/<supply>/<attribute>`, `iio/<name>/<channel>`.
    private static func readSysfsPath(_ r: TableReader) -> SysfsSensor? {
        guard let p = r.string("path", required: true, maxLength: 256) else { return nil }
        let parts = p.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let ok = parts.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
        switch (parts.first, parts.count, ok) {
        case ("hwmon", 3, true): return .hwmon(device: parts[1], attribute: parts[2])
        case ("thermal", 2, true): return .thermalZone(type: parts[1])
        case ("power_supply", 3, true):
            if let a = SysfsSensor.PowerSupplyAttribute(rawValue: parts[2]) { return .powerSupply(supply: parts[1], attribute: a) }
            r.report("path", "unknown power_supply attribute \"\(parts[2])\"; expected capacity, voltage_now, current_now or temp")
            return nil
        case ("iio", 3, true): return .iio(device: parts[1], channel: parts[2])
        default:
            r.report("path", "expected \"hwmon/<name>/<attribute>\", \"thermal/<type>\", \"power_supply/<supply>/<attribute>\" or \"iio/<name>/<channel>\", got \"\(p)\"")
            return nil
        }
    }
}
