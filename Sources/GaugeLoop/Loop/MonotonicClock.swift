import GaugeSystem

/// Monotonic time in nanoseconds (the time base of `GaugeSensors` and of timerfd).
public protocol MonotonicClock {
    func now() -> UInt64
}

/// CLOCK_MONOTONIC through the loop's system calls.
public struct SystemMonotonicClock: MonotonicClock {
    private let system: any LoopSystemCalls
    public init(system: any LoopSystemCalls = LinuxLoopSystemCalls()) { self.system = system }
    public func now() -> UInt64 { system.monotonicNanoseconds() }
}

/// Duration helpers, in nanoseconds.
public enum LoopTime {
    public static func milliseconds(_ ms: UInt64) -> UInt64 { ms &* 1_000_000 }
    public static func seconds(_ s: UInt64) -> UInt64 { s &* 1_000_000_000 }
    /// A refresh period for `hertz` (0, NaN or ∞ → nil).
    public static func refreshPeriod(hertz: Double) -> UInt64? {
        guard hertz.isFinite, hertz >= 1, hertz <= 1000 else { return nil }
        return UInt64((1e9 / hertz).rounded())
    }
}
