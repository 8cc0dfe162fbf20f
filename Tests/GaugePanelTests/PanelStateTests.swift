import Testing
import GaugeConfig
import GaugeDecoders
import GaugeInput
import GaugeSensors
import GaugeWidgets
@testable import GaugePanel

/// The panel's state without a loop or a display: readings, staleness, alarms, pages,
/// themes and needle easing, driven by explicit times.
@Suite struct PanelStateTests {
    static let board = """
        [display]
        width = 400
        height = 200
        output = "offscreen"

        [[sensor]]
        kind = "serial"
        device = "/dev/ttyUSB0"
        protocol = "line"

          [[sensor.channel]]
          name = "rpm"
          unit = "rpm"
          stale_after = 2
          warning = 6000
          critical = 7000

          [[sensor.channel]]
          name = "fuel"
          unit = "%"
          warning = 20
          critical = 10
          alarm = "below"

        [[page]]
        name = "engine"
          [[page.widget]]
          id = "rpm"
          type = "dial"
          channel = "rpm"
          frame = [0, 0, 200, 200]
          range = [0, 8000]

        [[page]]
        name = "tank"
          [[page.widget]]
          id = "fuel"
          type = "bar"
          style = "linearCapacity"
          channel = "fuel"
          frame = [10, 80, 380, 40]
          range = [0, 100]
        """
    static let second: UInt64 = 1_000_000_000

    func state(animates: Bool = false) throws -> PanelState {
        PanelState(board: try BoardConfiguration.parse(Self.board, file: "test.toml"), animates: animates)
    }

    func shown(_ frame: PanelFrame, _ channel: String) -> Double {
        frame.dashboard.pages.flatMap(\.widgets).first { $0.channel == channel }!.value
    }

    @Test func readingsShowAndGoStaleOnTime() throws {
        var s = try state()
        let before = s.frame(now: 0)
        #expect(shown(before, "rpm").isNaN)  // nothing read yet
        let taken = s.accept(Sample(name: "rpm", value: 3000, unit: .none), now: 1 * Self.second)
        let unknown = s.accept(Sample(name: "oil", value: 1, unit: .none), now: 1 * Self.second)
        #expect(taken && !unknown)  // "oil": no such channel
        let f = s.frame(now: 1 * Self.second)
        #expect(shown(f, "rpm") == 3000)
        // The frame says when it will change by itself: when rpm turns stale (2 s later).
        #expect(f.wakeAt == 3 * Self.second + 1)
        let fresh = s.frame(now: 3 * Self.second), stale = s.frame(now: 3 * Self.second + 1)
        #expect(shown(fresh, "rpm") == 3000)
        #expect(shown(stale, "rpm").isNaN)
        let idle = s.frame(now: 4 * Self.second)
        #expect(idle.wakeAt == nil)  // nothing pending: no wake-ups
    }

    @Test func vanishedSourceShowsNoValueAtOnce() throws {
        var s = try state()
        s.accept(Sample(name: "rpm", value: 3000, unit: .none), now: 0)
        s.invalidate(["rpm"])
        let f = s.frame(now: 1)
        #expect(shown(f, "rpm").isNaN)
    }

    @Test func criticalAlarmBlinksAndBringsItsPage() throws {
        var s = try state()
        s.show(page: 0)
        s.accept(Sample(name: "fuel", value: 50, unit: .none), now: 0)
        var f = s.frame(now: 0)
        #expect(f.dashboard.currentPage == 0 && f.wakeAt == nil)
        s.accept(Sample(name: "fuel", value: 15, unit: .none), now: Self.second)  // warning: steady colour
        f = s.frame(now: Self.second)
        #expect(f.dashboard.currentPage == 0 && f.wakeAt == nil)
        guard case .bar(let warned) = f.dashboard.pages[1].widgets[0].content else {
            Issue.record("not a bar")
            return
        }
        #expect(warned.tint == .solid(GaugeTheme.dark.hold))
        s.accept(Sample(name: "fuel", value: 8, unit: .none), now: 2 * Self.second)  // critical: page 1, blinking
        f = s.frame(now: 2 * Self.second)
        #expect(f.dashboard.currentPage == 1 && s.page == 1)
        #expect(f.wakeAt == 2 * Self.second + Self.second / 2)
        let later = s.frame(now: 2 * Self.second + Self.second / 2)
        guard case .bar(let on) = f.dashboard.pages[1].widgets[0].content,
            case .bar(let off) = later.dashboard.pages[1].widgets[0].content
        else {
            Issue.record("not a bar")
            return
        }
        #expect(on.tint == .solid(Color(rgb: 0xE04030)))
        #expect(off.tint != on.tint)
        // Paging away is allowed; the alarm does not drag the page back until it clears and recurs.
        s.handle(.previousPage)
        let away = s.frame(now: 3 * Self.second)
        #expect(away.dashboard.currentPage == 0)
    }

    /// Acknowledge stops the blinking of the alarms active now, shows them steady, and
    /// leaves the min/max alone; the alarm blinks again once its value has left the band
    /// and come back, or got worse.
    @Test func acknowledgeSilencesTheActiveAlarmUntilItRecurs() throws {
        var s = try state()
        func fuelTint(_ f: PanelFrame) -> GaugeTint? {
            guard case .bar(let b) = f.dashboard.pages[1].widgets[0].content else { return nil }
            return b.tint
        }
        let red = GaugeTint.solid(Color(rgb: 0xE04030))
        s.accept(Sample(name: "fuel", value: 8, unit: .none), now: 0)  // critical: blinking
        var f = s.frame(now: 0)
        #expect(fuelTint(f) == red && f.wakeAt == Self.second / 2)
        let maxBefore = s.channels["fuel"]?.maximum
        s.handle(.acknowledgeAlarms)
        f = s.frame(now: Self.second / 2)  // the blink's off phase: steady now
        #expect(fuelTint(f) == red && f.wakeAt == nil)
        #expect(s.channels["fuel"]?.maximum == maxBefore)  // min/max are reset_min_max's
        s.accept(Sample(name: "fuel", value: 7, unit: .none), now: Self.second)  // still in the band: still quiet
        #expect(s.frame(now: Self.second).wakeAt == nil)
        s.accept(Sample(name: "fuel", value: 50, unit: .none), now: 2 * Self.second)  // leaves the band
        #expect(fuelTint(s.frame(now: 2 * Self.second)) != red)
        s.accept(Sample(name: "fuel", value: 9, unit: .none), now: 3 * Self.second)  // and comes back: blinks again
        f = s.frame(now: 3 * Self.second)
        #expect(fuelTint(f) == red && f.wakeAt == 3 * Self.second + Self.second / 2)
        // A warning acknowledged, then critical: worse than what was seen, so it blinks.
        s.accept(Sample(name: "fuel", value: 15, unit: .none), now: 4 * Self.second)
        _ = s.frame(now: 4 * Self.second)
        s.handle(.acknowledgeAlarms)
        s.accept(Sample(name: "fuel", value: 5, unit: .none), now: 5 * Self.second)
        #expect(s.frame(now: 5 * Self.second).wakeAt == 5 * Self.second + Self.second / 2)
    }

    @Test func resetMinMaxClearsTheHoldOnly() throws {
        var s = try state()
        s.accept(Sample(name: "fuel", value: 80, unit: .none), now: 0)
        s.accept(Sample(name: "fuel", value: 8, unit: .none), now: 1)
        _ = s.frame(now: 1)
        #expect(s.channels["fuel"]?.maximum == 80)
        s.handle(.resetHold)
        #expect(s.channels["fuel"]?.maximum != 80)
        #expect(s.frame(now: 2).wakeAt != nil)  // the critical alarm still blinks
    }

    @Test func pagesWrapAndNightModeRecolours() throws {
        var s = try state()
        s.handle(.nextPage)
        #expect(s.page == 1)
        s.handle(.nextPage)
        #expect(s.page == 0)
        s.handle(.previousPage)
        #expect(s.page == 1)
        let day = s.frame(now: 0).dashboard.background
        s.handle(.toggleNight)
        let night = s.frame(now: 0).dashboard.background
        #expect(night != day)
    }

    @Test func needlesEaseAndSettleExactly() throws {
        var s = try state(animates: true)
        s.accept(Sample(name: "rpm", value: 1000, unit: .none), now: 0)
        let first = s.frame(now: 0)
        #expect(shown(first, "rpm") == 1000)  // the first value appears at once
        s.accept(Sample(name: "rpm", value: 5000, unit: .none), now: Self.second / 10)
        let moving = s.frame(now: Self.second / 10 + 50_000_000)
        #expect(moving.animating)
        let v = shown(moving, "rpm")
        #expect(v > 1000 && v < 5000)
        let settled = s.frame(now: Self.second * 3 / 2)
        #expect(!settled.animating)
        #expect(shown(settled, "rpm") == 5000)
    }

    /// A reload keeps the readings of channels configured as before, and the page.
    @Test func reloadKeepsReadingsOfUnchangedChannels() throws {
        let oldBoard = try BoardConfiguration.parse(Self.board, file: "test.toml")
        let newBoard = try BoardConfiguration.parse(
            Self.board.replacingOccurrences(of: "warning = 20", with: "warning = 25"),
            file: "test.toml")
        var old = PanelState(board: oldBoard, animates: false)
        old.accept(Sample(name: "rpm", value: 3000, unit: .none), now: 0)
        old.accept(Sample(name: "fuel", value: 50, unit: .none), now: 0)
        old.handle(.nextPage)
        var next = PanelState(board: newBoard, animates: false)
        next.carryOver(from: old, oldBoard: oldBoard, newBoard: newBoard)
        let f = next.frame(now: 1)
        #expect(shown(f, "rpm") == 3000)  // unchanged channel: kept
        #expect(shown(f, "fuel").isNaN)  // its alarm changed: starts afresh
        #expect(f.dashboard.currentPage == 1)
    }
}

/// What sources say about alarms: a server's zones for a channel without an alarm of its
/// own (converted into its unit; the board's own win), and notifications.
@Suite struct PanelStateSourceAlarmTests {
    static let board = """
        [display]
        width = 400
        height = 200
        output = "offscreen"

        [[sensor]]
        kind = "serial"
        device = "/dev/ttyUSB0"
        protocol = "line"

          [[sensor.channel]]
          name = "speed"
          unit = "kn"
          scale = 2

          [[sensor.channel]]
          name = "rpm"
          warning = 6000

        [[page]]
        name = "main"
          [[page.widget]]
          id = "speed"
          type = "readout"
          channel = "speed"
          frame = [0, 0, 200, 100]
        """

    func state() throws -> PanelState {
        PanelState(board: try BoardConfiguration.parse(Self.board, file: "test.toml"), animates: false)
    }

    @Test func serverZonesBecomeTheChannelsAlarmUnlessTheBoardHasOne() throws {
        var s = try state()
        s.takeSourceZones([SourceZone(lower: 3, state: "warn", message: "Fast"), SourceZone(upper: 1, state: "bogus")], of: "speed")
        s.takeSourceZones([SourceZone(upper: 1000, state: "alarm")], of: "rpm")
        #expect(s.takeNotices() == ["channel speed: 1 alarm zone from its source"])
        s.accept(Sample(name: "speed", value: 2, unit: .none), now: 1)  // 4 kn, below the zone (from 3 m/s × 2 = 6 kn)
        _ = s.frame(now: 2)
        #expect(s.alarmStatus(of: "speed", now: 2)?.state == .normal)
        s.accept(Sample(name: "speed", value: 3.5, unit: .none), now: 3)  // 7 kn: in it
        s.accept(Sample(name: "rpm", value: 500, unit: .none), now: 3)
        _ = s.frame(now: 4)
        #expect(s.alarmStatus(of: "speed", now: 4)?.state == .warn)
        #expect(s.alarmStatus(of: "rpm", now: 4)?.state == .normal)  // the board's warning = 6000 wins
        // New zones replace the old; none removes the alarm.
        s.takeSourceZones([SourceZone(lower: 3, state: "alarm")], of: "speed")
        _ = s.frame(now: 5)
        #expect(s.alarmStatus(of: "speed", now: 5)?.state == .alarm)
        s.takeSourceZones([], of: "speed")
        _ = s.frame(now: 6)
        #expect(s.alarmStatus(of: "speed", now: 6) == nil)
        #expect(PanelState.zone(SourceZone(lower: .nan, state: "warn"), scale: 1, offset: 0) == nil)
        #expect(PanelState.zone(SourceZone(lower: 1, upper: 2, state: "warn"), scale: -1, offset: 0) == AlarmZone(lower: -2, upper: -1, state: .warn))
    }

    @Test func notificationsAreAlarmsUntilCleared() throws {
        var s = try state()
        s.takeNotification("notifications.mob", state: "alarm", message: "Man overboard")
        let f = s.frame(now: 1)
        #expect(s.alarmStatus(of: "notifications.mob", now: 1)?.state == .alarm)
        #expect(f.dashboard.overlay.count == 1)
        s.acknowledgeAlarms()
        #expect(s.alarmStatus(of: "notifications.mob", now: 2)?.acknowledged == true)
        #expect(s.frame(now: 2).dashboard.overlay.isEmpty)
        s.takeNotification("notifications.mob", state: "emergency", message: "Man overboard")
        #expect(s.frame(now: 3).dashboard.overlay.count == 1)  // worse: asks again
        s.takeNotification("notifications.mob", state: "normal", message: "")
        #expect(s.frame(now: 4).dashboard.overlay.isEmpty && s.alarmStatus(of: "notifications.mob", now: 4) == nil)
        s.takeNotification("notifications.bilge", state: "warn", message: "")
        s.takeNotification("notifications.bilge", state: nil, message: "")
        #expect(s.alarmStatus(of: "notifications.bilge", now: 5) == nil)
        #expect(PanelState.short(String(repeating: "x", count: 500)).utf8.count == PanelState.maxMessageBytes)
        #expect(PanelState.short("Man overboard") == "Man overboard")
    }
}
