/// An alarm blink as a function of time: on for `onTime` at the start of each `period`,
/// counted from `origin`. No state advances, so it never drifts, and `nextTransition`
/// lets the loop wake exactly at the edges instead of every frame.
public struct Blinker: Sendable, Equatable {
    public let period: UInt64
    public let onTime: UInt64
    public let origin: UInt64

    /// `period` ≥ 2 ns; `onTime` is clamped into 1…period−1 so that it does blink.
    public init(period: UInt64, onTime: UInt64? = nil, origin: UInt64 = 0) {
        self.period = max(period, 2)
        self.onTime = min(max(onTime ?? self.period / 2, 1), self.period - 1)
        self.origin = origin
    }

    /// 1 Hz, half on: a conventional warning blink.
    public static func warning(startingAt origin: UInt64) -> Blinker {
        Blinker(period: 1_000_000_000, origin: origin)
    }

    /// Before `origin` the blinker is on (an alarm shows at once).
    public func isOn(at now: UInt64) -> Bool {
        guard now >= origin else { return true }
        return (now - origin) % period < onTime
    }

    /// The first time after `now` at which `isOn` changes.
    public func nextTransition(after now: UInt64) -> UInt64 {
        guard now >= origin else { return origin &+ onTime }
        let phase = (now - origin) % period
        let cycleStart = now - phase
        return phase < onTime ? cycleStart &+ onTime : cycleStart &+ period
    }
}
