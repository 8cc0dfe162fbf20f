/// One value of a channel at one instant.
///
/// `time` is monotonic nanoseconds (e.g. `CLOCK_MONOTONIC`), always supplied by the
/// caller: nothing in the channel pipeline reads a clock, so tests are deterministic.
public struct Reading: Sendable, Equatable {
    public var value: Double
    public var time: UInt64

    public init(value: Double, time: UInt64) {
        self.value = value
        self.time = time
    }
}

/// What a decoder or source produces: a named value in a known unit, not yet timed.
///
/// Decoders do not know the time; whoever feeds them stamps the sample with `now`.
public struct Sample: Sendable, Equatable {
    public var name: String
    public var value: Double
    public var unit: SensorUnit

    public init(name: String, value: Double, unit: SensorUnit) {
        self.name = name
        self.value = value
        self.unit = unit
    }

    /// "No value now for this name" (an MQTT `unavailable`, gpsd without a fix): the run
    /// loop marks the channels reading it stale instead of keeping their last value.
    public static func noValue(name: String) -> Sample {
        Sample(name: name, value: .nan, unit: .none)
    }

    /// Whether this is a `noValue` marker.
    public var isNoValue: Bool { value.isNaN }
}

/// Nanoseconds helpers (time is always UInt64 monotonic nanoseconds).
public enum Nanoseconds {
    public static let perMillisecond: UInt64 = 1_000_000
    public static let perSecond: UInt64 = 1_000_000_000

    public static func seconds(_ s: Double) -> UInt64 {
        s <= 0 ? 0 : UInt64(s * 1e9)
    }
    public static func milliseconds(_ ms: UInt64) -> UInt64 { ms &* perMillisecond }
}
