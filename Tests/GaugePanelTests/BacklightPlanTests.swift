import Testing
import GaugeConfig
@testable import GaugePanel

/// `[backlight]` without a device: the level a curve gives, held by hysteresis and a
/// brightness key, and sleep and waking, driven by explicit times.
@Suite struct BacklightPlanTests {
    static let second: UInt64 = 1_000_000_000
    static let curve: [(value: Double, percent: Double)] = [(0, 8), (20, 25), (300, 100)]

    @Test func theCurveIsLinearBetweenPointsAndFlatBeyond() {
        let c = BacklightConfiguration(channel: "lux", curve: Self.curve)
        #expect([-5, 0, 10, 20, 160, 300, 1e6].map { c.percent(at: $0) } == [8, 8, 16.5, 25, 62.5, 100, 100])
        #expect(c.percent(at: .nan) == nil && BacklightConfiguration().percent(at: 5) == nil)
    }

    @Test func theLevelFollowsOnlyPastTheHysteresisAndAKeyHoldsItsOwn() {
        var p = BacklightPlan(BacklightConfiguration(channel: "lux", curve: Self.curve, hysteresis: 5))
        func level(_ lux: Double) -> Int? {
            p.update(curveValue: lux, wakeValue: .nan, alarmActive: false, now: 0)
            return p.request.percent
        }
        let none = level(.nan)  // no reading: the backlight is left alone
        let followed = [160, 165, 155, 170, 180].map(level)  // 63 → 64, 61, 65: under 5 points
        p.overrideByHand()
        let held = [180, 185, 190].map(level)  // the key's level holds …
        let resumed = level(210)  // … until the curve has moved 5 points from where it was
        #expect(none == nil && followed == [63, 63, 63, 63, 68] && held == [nil, nil, nil] && resumed == 76)
    }

    @Test func sleepsWithoutActivityAndWakesByInputAnAlarmOrTheWakeChannel() {
        var p = BacklightPlan(BacklightConfiguration(sleepAfter: 10 * Self.second, wakeChannel: "rpm", wakeChange: 100))
        func at(_ s: UInt64, rpm: Double = .nan, alarm: Bool = false) -> Bool {
            p.update(curveValue: .nan, wakeValue: rpm, alarmActive: alarm, now: s * Self.second)
            return p.request.on
        }
        let start = at(5)  // the run starts as activity
        let sleepsAt = p.nextTransition(after: 5 * Self.second)
        let slept = at(15)
        let woken = p.input(now: 16 * Self.second)  // a touch wakes it (and does nothing else) …
        let acts = !p.input(now: 17 * Self.second)  // … the next one acts
        let then = [at(17), at(27), at(28, rpm: 800), at(38, rpm: 850), at(39, rpm: 950), at(49, rpm: 950), at(50, alarm: true), at(70, alarm: true)]
        #expect(start && sleepsAt == 15 * Self.second && !slept && woken && acts)
        // asleep 10 s after the touch; the engine starting (a value where there was none)
        // wakes it; 50 rpm is not 100; an alarm wakes it and keeps it on
        #expect(then == [true, false, true, false, true, false, true, true])
    }
}
