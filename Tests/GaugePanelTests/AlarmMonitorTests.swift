import Testing
import GaugeConfig
import GaugeWidgets
@testable import GaugePanel

/// An alarm's state as values and time go by: zones, hysteresis, delay, escalation and
/// acknowledgement, driven by explicit times.
@Suite struct AlarmMonitorTests {
    static let second: UInt64 = 1_000_000_000
    static let theme = GaugeTheme.dark
    static let red = Color(rgb: 0xE04030)

    /// Coolant: warn from 100, alarm from 110, emergency from 120; "Low" under 40.
    static func coolant(hysteresis: Double = 0, delay: UInt64 = 0, escalate: UInt64? = nil) -> AlarmMonitor {
        AlarmMonitor(
            AlarmConfiguration(
                channel: "coolant",
                zones: [
                    AlarmZone(upper: 40, state: .alert, message: "Engine cold"),
                    AlarmZone(lower: 100, state: .warn), AlarmZone(lower: 110, state: .alarm, message: "Coolant hot"),
                    AlarmZone(lower: 120, state: .emergency),
                ],
                hysteresis: hysteresis, delay: delay, escalateAfter: escalate, message: "Coolant", unit: .celsius))
    }

    @Test func theWorstZoneHoldingTheValueWins() {
        var m = Self.coolant()
        for (value, state) in [(80.0, AlarmState.normal), (30, .alert), (100, .warn), (115, .alarm), (125, .emergency), (.nan, .normal)] {
            _ = m.update(value, now: 0)
            #expect(m.state == state, "\(value)")
        }
        let shorthand = AlarmConfiguration(channel: "fuel", warning: 20, critical: 10, below: true)
        #expect([50, 20, 15, 10, 3].map { shorthand.state(of: $0) } == [.normal, .warn, .warn, .alarm, .alarm])
    }

    /// A value dithering on an edge: without hysteresis the state follows every step;
    /// with it, the state changes once each way.
    @Test func hysteresisHoldsAStateOnItsEdge() {
        let dither = [99.9, 100.1, 99.9, 100.1, 99.0, 98.5, 98.1, 100.0, 97.9]
        func changes(_ m: inout AlarmMonitor) -> [AlarmState] {
            var seen: [AlarmState] = []
            for (i, v) in dither.enumerated() {
                _ = m.update(v, now: UInt64(i) * Self.second)
                if seen.last != m.state { seen.append(m.state) }
            }
            return seen
        }
        var plain = Self.coolant(), held = Self.coolant(hysteresis: 2)
        #expect(changes(&plain) == [.normal, .warn, .normal, .warn, .normal, .warn, .normal])
        #expect(changes(&held) == [.normal, .warn, .normal])
        #expect(held.state == .normal)  // 97.9 is past 100 − 2
    }

    /// A new state waits `alarm_delay` with the value staying so; a value going back in
    /// between starts the wait again. The loop is told when the wait ends.
    @Test func aStateIsTakenOnlyAfterHoldingForTheDelay() {
        var m = Self.coolant(delay: 2 * Self.second)
        _ = m.update(101, now: 0)
        #expect(m.state == .normal && m.nextTransition(after: 0) == 2 * Self.second)
        _ = m.update(101, now: Self.second)
        _ = m.update(99, now: Self.second + 1)  // back: the wait is off
        #expect(m.nextTransition(after: Self.second + 1) == nil)
        _ = m.update(112, now: 2 * Self.second)  // worse again: waits from here
        _ = m.update(105, now: 3 * Self.second)  // still worse than normal: the wait goes on
        #expect(m.state == .normal)
        let paged = m.update(112, now: 4 * Self.second)
        #expect(m.state == .alarm && m.since == 4 * Self.second && paged)
        _ = m.update(.nan, now: 4 * Self.second + 1)  // no value: normal at once
        #expect(m.state == .normal)
    }

    /// Unacknowledged past `escalate_after`, a warning counts as an alarm (blinking, its
    /// page brought forward); acknowledged, it stays what it is, steady.
    @Test func anUnacknowledgedWarningEscalates() {
        var m = Self.coolant(escalate: 60 * Self.second)
        let pagedAtOnce = m.update(105, now: 0)
        #expect(!pagedAtOnce)
        #expect(m.colour(at: 0, theme: Self.theme) == Self.theme.hold && m.nextTransition(after: 0) == 60 * Self.second)
        let paged = m.update(105, now: 60 * Self.second)
        #expect(paged)  // escalated: bring the page
        #expect(m.shownState(at: 60 * Self.second) == .alarm)
        #expect(m.colour(at: 60 * Self.second, theme: Self.theme) == Self.red)
        #expect(m.colour(at: 60 * Self.second + Self.second / 2, theme: Self.theme) == nil)  // blinking
        m.acknowledge()
        #expect(m.shownState(at: 61 * Self.second) == .warn && m.colour(at: 61 * Self.second, theme: Self.theme) == Self.theme.hold)
        #expect(m.nextTransition(after: 61 * Self.second) == nil)
    }

    /// An acknowledgement holds until the state gets worse or the alarm ends.
    @Test func acknowledgementHoldsUntilWorse() {
        var m = Self.coolant()
        _ = m.update(112, now: 0)
        m.acknowledge()
        #expect(!m.isUnacknowledged && m.colour(at: Self.second / 2, theme: Self.theme) == Self.red)  // steady
        _ = m.update(105, now: Self.second)  // better: still acknowledged
        #expect(!m.isUnacknowledged)
        _ = m.update(125, now: 2 * Self.second)  // worse: asks again, blinking at 2 Hz
        #expect(m.isUnacknowledged && m.nextTransition(after: 2 * Self.second) == 2 * Self.second + Self.second / 4)
        m.acknowledge()
        _ = m.update(80, now: 3 * Self.second)
        _ = m.update(101, now: 4 * Self.second)  // ended, then again: a new alarm
        #expect(m.isUnacknowledged)
    }

    @Test func theBannerSaysTheZonesMessageWithTheValue() {
        var m = Self.coolant()
        _ = m.update(112.4, now: 0)
        #expect(m.bannerText == "Coolant hot  112 °C")
        _ = m.update(35.25, now: 0)
        #expect(m.bannerText == "Engine cold  35.3 °C")
        _ = m.update(101, now: 0)
        #expect(m.bannerText == "Coolant  101 °C")  // the zone has none: the channel's message
    }
}
