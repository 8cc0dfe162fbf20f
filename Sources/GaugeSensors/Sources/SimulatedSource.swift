/// Deterministic demo signals: the value is a pure function of time (and seed), so a
/// demo looks the same every run and tests can assert exact values.
public enum Waveform: Sendable, Equatable {
    /// centre + amplitude × sin(2π t / period)
    case sine(centre: Double, amplitude: Double, period: UInt64)
    /// from → to linearly over period, then restarts
    case ramp(from: Double, to: Double, period: UInt64)
    /// centre ± amplitude, a new pseudo-random value every `interval`
    case noise(centre: Double, amplitude: Double, interval: UInt64, seed: UInt64)
    /// cycles through values, each held for `hold`
    case step(values: [Double], hold: UInt64)

    public func value(at time: UInt64) -> Double {
        switch self {
        case .sine(let centre, let amplitude, let period):
            guard period > 0 else { return centre }
            let phase = Double(time % period) / Double(period)
            return centre + amplitude * Self.sin2pi(phase)
        case .ramp(let from, let to, let period):
            guard period > 0 else { return from }
            return from + (to - from) * Double(time % period) / Double(period)
        case .noise(let centre, let amplitude, let interval, let seed):
            let slot = interval > 0 ? time / interval : time
            let r = SplitMix64.hash(seed ^ slot &* 0x9E37_79B9_7F4A_7C15)
            let unit = Double(r >> 11) / Double(UInt64(1) << 53)  // [0, 1)
            return centre + amplitude * (unit * 2 - 1)
        case .step(let values, let hold):
            guard !values.isEmpty else { return 0 }
            let slot = hold > 0 ? time / hold : 0
            return values[Int(slot % UInt64(values.count))]
        }
    }

    /// sin(2πx) for x in [0, 1) by a Taylor series around the nearest quarter — no libm
    /// needed, accurate to ~1e-9, plenty for a demo needle.
    static func sin2pi(_ x: Double) -> Double {
        // Reduce to [-0.25, 0.25] using sin's symmetries.
        var t = x - x.rounded(.down)
        var sign = 1.0
        if t >= 0.5 {
            t -= 0.5
            sign = -1
        }
        if t > 0.25 { t = 0.5 - t }
        let a = 2 * Double.pi * t
        let a2 = a * a
        var term = a
        var sum = a
        var n = 1.0
        for _ in 0..<10 {
            term *= -a2 / ((n + 1) * (n + 2))
            sum += term
            n += 2
        }
        return sign * sum
    }
}

/// SplitMix64: a tiny, well-mixed, seedable PRNG (also usable as a hash).
public struct SplitMix64: Sendable, Equatable {
    public private(set) var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    static func hash(_ x: UInt64) -> UInt64 { mix(x &+ 0x9E37_79B9_7F4A_7C15) }

    static func mix(_ x: UInt64) -> UInt64 {
        var z = x
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A set of simulated channels for demos.
public struct SimulatedSource: Sendable, Equatable {
    public struct Signal: Sendable, Equatable {
        public var name: String
        public var unit: SensorUnit
        public var waveform: Waveform
        public init(name: String, unit: SensorUnit, waveform: Waveform) {
            self.name = name
            self.unit = unit
            self.waveform = waveform
        }
    }

    public var signals: [Signal]
    public init(signals: [Signal]) { self.signals = signals }

    public func poll(now: UInt64, into sink: (Sample) -> Void) {
        for s in signals { sink(Sample(name: s.name, value: s.waveform.value(at: now), unit: s.unit)) }
    }

    /// A car dash: rpm, speed, coolant, fuel, battery.
    public static let carDemo = SimulatedSource(signals: [
        Signal(
            name: "engine.rpm", unit: .rpm,
            waveform: .sine(centre: 3000, amplitude: 2200, period: 8 * Nanoseconds.perSecond)),
        Signal(
            name: "vehicle.speed", unit: .kilometresPerHour,
            waveform: .ramp(from: 0, to: 130, period: 20 * Nanoseconds.perSecond)),
        Signal(
            name: "engine.coolant.temperature", unit: .celsius,
            waveform: .noise(centre: 90, amplitude: 1.5, interval: Nanoseconds.perSecond, seed: 1)),
        Signal(
            name: "fuel.level", unit: .percent,
            waveform: .step(values: [80, 60, 40, 20, 8], hold: 6 * Nanoseconds.perSecond)),
        Signal(
            name: "vehicle.voltage", unit: .volts,
            waveform: .noise(centre: 13.8, amplitude: 0.2, interval: 500 * Nanoseconds.perMillisecond, seed: 2)),
    ])
}
