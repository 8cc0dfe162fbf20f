import Testing
@testable import GaugePanel

@Suite struct NeedleAnimatorTests {
    static let ms: UInt64 = 1_000_000

    /// Samples every `frame` until settled or `limit`; returns (positions, settle time).
    func run(_ a: inout NeedleAnimator, from t0: UInt64, frame: UInt64 = 16 * ms, limit: UInt64 = 5_000 * ms)
        -> (values: [Double], settledAt: UInt64?)
    {
        var values: [Double] = []
        var t = t0
        while t <= t0 + limit {
            a.advance(to: t)
            if let v = a.value { values.append(v) }
            if a.isSettled { return (values, t - t0) }
            t += frame
        }
        return (values, nil)
    }

    @Test func criticallyDampedNeedleIsMonotoneAndSettlesExactly() {
        var a = NeedleAnimator(spring: .needle, range: 0...8000)
        a.setTarget(0, now: 0)
        a.setTarget(8000, now: 0)
        let (values, settledAt) = run(&a, from: 0)
        #expect(settledAt != nil && settledAt! <= 800 * Self.ms)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(values.allSatisfy { $0 <= 8000 })
        #expect(a.value == 8000)  // exactly, not 7999.99…
        #expect(a.velocity == 0)
    }

    @Test func livelyNeedleOvershootsWithinBound() {
        var a = NeedleAnimator(spring: .lively, range: 0...100)
        a.setTarget(0, now: 0)
        a.setTarget(100, now: 0)
        let (values, settledAt) = run(&a, from: 0, frame: Self.ms)
        let peak = values.max()!
        #expect(peak > 100)  // it does overshoot…
        #expect(peak <= 105)  // …by under 5 % (theory: 4.6 %)
        #expect(settledAt != nil && settledAt! <= 1_000 * Self.ms)
        #expect(a.value == 100)
    }

    @Test func positionDependsOnTimeNotOnFrameRate() {
        var coarse = NeedleAnimator(range: 0...100)
        coarse.setTarget(10, now: 0)
        coarse.setTarget(90, now: 5 * Self.ms)
        var fine = coarse
        coarse.advance(to: 105 * Self.ms)
        for t in stride(from: 5 * Self.ms, through: 105 * Self.ms, by: 3_333_333) { fine.advance(to: t) }
        fine.advance(to: 105 * Self.ms)
        #expect(coarse.value == fine.value)
        #expect(coarse.velocity == fine.velocity)
    }

    @Test func settledNeedleIsIdempotent() {
        var a = NeedleAnimator(range: 0...100)
        a.setTarget(42, now: 0)
        #expect(a.isSettled)
        let before = a
        a.advance(to: 10_000 * Self.ms)
        a.setTarget(42, now: 20_000 * Self.ms)
        a.advance(to: 30_000 * Self.ms)
        #expect(a.value == before.value && a.isSettled)
    }

    @Test func nonFiniteTargetMeansNoValueAndNoAnimation() {
        var a = NeedleAnimator(range: 0...100)
        a.setTarget(50, now: 0)
        a.setTarget(.nan, now: 10 * Self.ms)
        #expect(a.value == nil && a.target == nil && a.isSettled)
        a.advance(to: 1_000 * Self.ms)
        #expect(a.value == nil)
        a.setTarget(.infinity, now: 1_000 * Self.ms)
        #expect(a.value == nil)
        // A value coming back appears where it is, without a sweep.
        a.setTarget(70, now: 2_000 * Self.ms)
        #expect(a.value == 70 && a.isSettled)
    }

    @Test func hugeJumpsSettleAndRetargetMidFlightIsSmooth() {
        var a = NeedleAnimator(range: -1e9...1e9)
        a.setTarget(-1e9, now: 0)
        a.setTarget(1e9, now: 0)
        a.advance(to: 100 * Self.ms)
        let mid = a.value!
        let v = a.velocity
        #expect(mid > -1e9 && mid < 1e9 && v > 0)
        a.setTarget(0, now: 100 * Self.ms)
        #expect(a.value == mid && a.velocity == v)  // continuity: no jump on retarget
        let (_, settledAt) = run(&a, from: 100 * Self.ms)
        #expect(settledAt != nil)
        #expect(a.value == 0)
    }

    @Test func longStallEndsSettled() {
        var a = NeedleAnimator(range: 0...100)
        a.setTarget(0, now: 0)
        a.setTarget(100, now: 0)
        a.advance(to: 3_600_000 * Self.ms)  // an hour without frames
        #expect(a.isSettled && a.value == 100)
    }

    @Test func springParametersAreGuarded() {
        let s = Spring(naturalFrequency: .nan, dampingRatio: .infinity)
        #expect(s.naturalFrequency.isFinite && s.dampingRatio == 1)
        let t = Spring(naturalFrequency: 1e12, dampingRatio: -3)
        #expect(t.naturalFrequency == 1000 && t.dampingRatio == 0.3)
        #expect(NeedleAnimator(tolerance: .nan).tolerance > 0)
    }
}

@Suite struct BlinkerTests {
    @Test func blinksOnThenOffEachPeriod() {
        let b = Blinker(period: 1000, onTime: 300, origin: 5000)
        #expect(b.isOn(at: 4000))  // before origin: shown at once
        #expect(b.isOn(at: 5000) && b.isOn(at: 5299))
        #expect(!b.isOn(at: 5300) && !b.isOn(at: 5999))
        #expect(b.isOn(at: 6000))
        #expect(b.nextTransition(after: 5000) == 5300)
        #expect(b.nextTransition(after: 5300) == 6000)
        #expect(b.nextTransition(after: 4000) == 5300)
    }

    @Test func transitionsAreExactlyWhereTheStateChanges() {
        let b = Blinker.warning(startingAt: 123)
        var t: UInt64 = 123
        for _ in 0..<10 {
            let next = b.nextTransition(after: t)
            #expect(b.isOn(at: next - 1) == b.isOn(at: t))
            #expect(b.isOn(at: next) != b.isOn(at: t))
            t = next
        }
    }

    @Test func degenerateParametersStillBlink() {
        let b = Blinker(period: 0, onTime: 99)
        #expect(b.period == 2 && b.onTime == 1)
        #expect(b.isOn(at: 0) && !b.isOn(at: 1))
    }

    @Test func progressPhaseAdvancesInSteps() {
        let p = ProgressPhase(cycle: 1_000, steps: 10, origin: 100)
        #expect(p.step(at: 100) == 0 && p.step(at: 199) == 0 && p.step(at: 200) == 1)
        #expect(p.step(at: 1_100) == 0)  // wrapped
        #expect(p.fraction(at: 600) == 0.5)
        #expect(p.q16(at: 600) == 32768)
        #expect(p.nextStep(after: 150) == 200)
        #expect(p.nextStep(after: 200) == 300)
        #expect(p.nextStep(after: 0) == 100)
    }
}
