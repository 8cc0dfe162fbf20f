/// The phase of an indeterminate progress animation (a sweeping bar, a spinner) as a
/// function of time: `steps` discrete positions per `cycle`, so a slow display can be
/// woken `steps` times per cycle rather than at the full refresh rate.
public struct ProgressPhase: Sendable, Equatable {
    public let cycle: UInt64
    public let steps: UInt64
    public let origin: UInt64

    /// `cycle` in nanoseconds (≥ steps); `steps` ≥ 1.
    public init(cycle: UInt64, steps: UInt64 = 60, origin: UInt64 = 0) {
        self.steps = max(steps, 1)
        self.cycle = max(cycle, self.steps)
        self.origin = origin
    }

    private var stepLength: UInt64 { cycle / steps }

    /// The step index 0..<steps at `now`.
    public func step(at now: UInt64) -> UInt64 {
        guard now >= origin else { return 0 }
        return ((now - origin) / stepLength) % steps
    }

    /// The phase in 0..<1, quantised to steps.
    public func fraction(at now: UInt64) -> Double {
        Double(step(at: now)) / Double(steps)
    }

    /// The phase as a Q16 fraction of a turn (0…65535), for `Angle`-style consumers.
    public func q16(at now: UInt64) -> UInt16 {
        UInt16(truncatingIfNeeded: step(at: now) &* 65536 / steps)
    }

    /// When the step next changes.
    public func nextStep(after now: UInt64) -> UInt64 {
        guard now >= origin else { return origin }
        let elapsed = now - origin
        return origin &+ (elapsed / stepLength + 1) &* stepLength
    }
}
