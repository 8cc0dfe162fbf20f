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

/// A clock that moves only when told to, for tests. A class so that every holder sees
/// the same time.
public final class ManualClock: MonotonicClock {
    public private(set) var time: UInt64
    public init(_ start: UInt64 = 0) { time = start }
    public func now() -> UInt64 { time }
    public func advance(by nanoseconds: UInt64) { time &+= nanoseconds }
    /// Never moves backwards.
    public func set(_ t: UInt64) { time = max(time, t) }
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
