import GaugeConfig
import GaugeSensors

/// `kind = "simulated"`: waveforms (sine, ramp, noise, step), one per channel, for demos,
/// desks and tests. The channel's `waveform` and its parameters say what it reads.
enum SimulatedKind: SensorKindReading {
    static let name = "simulated"
    static let summary = "waveforms for demos and tests"
    static let sensorKeys: [String] = []
    static let channelKeys = ["waveform", "centre", "amplitude", "period", "from", "to", "interval", "seed", "values", "hold"]
    static let channelsReadSource = false
    static let maxMagnitude = 1e9

    static func readSensor(_ r: TableReader) -> Void? { () }

    static func readChannel(_ r: TableReader, _ channel: inout ChannelConfiguration, sensor: Void?) -> Waveform? {
        let waveform = readWaveform(r)
        if let waveform { channel.initialValue = waveform.value(at: 0) }
        return waveform
    }

    static func source(
        _ sensor: Void, channels: [(channel: ChannelConfiguration, part: Waveform)],
        _ r: TableReader
    ) -> (any ConfiguredSource)? {
        let signals = channels.map { SimulatedSource.Signal(name: $0.channel.name, unit: $0.channel.unit, waveform: $0.part) }
        return Configured(SimulatedSource(signals: signals), summary: "simulated", values: values) { source, _ in .simulated(source) }
    }

    private static func values(_ source: SimulatedSource, atNanoseconds time: UInt64) -> [String: Double] {
        var out: [String: Double] = [:]
        for s in source.signals { out[s.name] = s.waveform.value(at: time) }
        return out
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
            guard let values = r.numbers("values", count: nil, -m...m, what: "a list of numbers like [80, 60, 40]", required: true) else {
                _ = r.value("hold")
                return nil
            }
            return .step(values: values, hold: seconds("hold", 5))
        default:
            // Unknown waveform: its parameters aren't unknown keys too.
            for k in channelKeys.dropFirst() { _ = r.value(k) }
            return nil
        }
    }
}
