/// A needle that moves towards its target like a physical one: a damped `Spring`
/// advanced in fixed time steps (integer nanoseconds, remainders carried), so the
/// position at a time depends only on the targets and when they were set, never on
/// how often frames happened to be drawn. Once within `tolerance` and nearly still it
/// snaps exactly onto the target and reports `isSettled`, and the loop stops ticking.
///
/// A NaN or infinite target means "no value": the needle disappears (value nil) with no
/// animation; when a value returns the needle appears at it rather than sweeping from
/// a stale position.
public struct NeedleAnimator: Sendable, Equatable {
    public let spring: Spring
    /// Nanoseconds per integration step.
    public let step: UInt64
    /// Settling distance, in the gauge's units.
    public let tolerance: Double
    /// The position to draw (nil: no value).
    public private(set) var value: Double?
    public private(set) var target: Double?
    public private(set) var velocity: Double = 0
    /// Time up to which the needle has been advanced.
    public private(set) var time: UInt64?
    private let matrix: StepMatrix
    /// Bounds the work of one `advance` after a long stall (10 s of 1 ms steps).
    private let maxSteps = 10_000

    /// `tolerance`: how close counts as there (e.g. span / 2000, under a pixel on any
    /// panel); non-positive or non-finite values fall back to 1e-6 of the jump-size unit.
    public init(spring: Spring = .needle, tolerance: Double, step: UInt64 = 1_000_000) {
        self.spring = spring
        self.step = max(step, 1000)
        self.tolerance = tolerance.isFinite && tolerance > 0 ? tolerance : 1e-6
        matrix = spring.transition(step: Double(self.step) / 1e9)
    }

    /// Tolerance 1/2000 of the range: below a pixel on a 1280-pixel dial.
    public init(spring: Spring = .needle, range: ClosedRange<Double>, step: UInt64 = 1_000_000) {
        let span = range.upperBound - range.lowerBound
        self.init(spring: spring, tolerance: span.isFinite ? span / 2000 : 0, step: step)
    }

    public var isSettled: Bool { value == target && velocity == 0 }

    /// Sets where the needle should go. Advance to `now` first so the change takes
    /// effect from then on.
    public mutating func setTarget(_ newTarget: Double, now: UInt64) {
        advance(to: now)
        time = now
        guard newTarget.isFinite else {
            target = nil
            value = nil
            velocity = 0
            return
        }
        target = newTarget
        if value == nil {
            value = newTarget
            velocity = 0
        }
    }

    /// Moves the needle to time `now` (earlier times are ignored).
    /// Puts the needle at `newTarget` at once, at rest (no easing: `--no-animation`).
    public mutating func jump(to newTarget: Double, now: UInt64) {
        time = now
        velocity = 0
        if newTarget.isFinite {
            target = newTarget
            value = newTarget
        } else {
            target = nil
            value = nil
        }
    }

    public mutating func advance(to now: UInt64) {
        guard let start = time, now > start else { return }
        guard !isSettled, let target, let position = value else {
            time = now
            return
        }
        let steps = (now - start) / step
        var e = position - target, v = velocity
        for _ in 0..<min(steps, UInt64(maxSteps)) {
            (e, v) = matrix.apply(e, v)
            if abs(e) <= tolerance && abs(v) * 0.05 <= tolerance {
                // Within tolerance and slow enough to cover < tolerance in 50 ms: there.
                e = 0
                v = 0
                break
            }
        }
        if steps > UInt64(maxSteps) {
            e = 0
            v = 0
        }  // stalled for long: just be there
        value = e == 0 ? target : target + e
        velocity = v
        time = e == 0 && v == 0 ? now : start &+ steps &* step
    }
}
