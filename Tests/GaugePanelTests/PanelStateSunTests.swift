import GaugeConfig
import GaugePanel
import Testing

/// A computed channel following the sun: its value from the wall clock the loop gives the
/// state, none while that clock is not set, and the state waking to follow it.
@Suite struct PanelStateSunTests {
    static let second: UInt64 = 1_000_000_000
    static let board = """
        [display]
        width = 320
        height = 240
        [[sensor]]
        kind = "computed"
          [[sensor.channel]]
          name = "sun"
          unit = "deg"
          sun = "elevation"
          latitude = 59.33
          longitude = 18.06
        [[trigger]]
        channel = "sun"
        below = -0.833
        theme = "night"
        [[page]]
          [[page.widget]]
          id = "r"
          type = "readout"
          channel = "sun"
          frame = [0, 0, 320, 240]
        """

    @Test func theElevationFollowsTheWallClockAndItsNightTheme() throws {
        var s = PanelState(board: try BoardConfiguration.parse(Self.board, file: "s.toml"), animates: false)
        let first = s.frame(now: Self.second)
        #expect(s.value(of: "sun", now: Self.second).isNaN, "no wall clock yet: no value")
        #expect(first.wakeAt == 11 * Self.second, "the state looks at the sun again 10 s later")
        // 2026-06-21 10:00 UTC in Stockholm: 53.06° up, the day theme.
        s.setWallClock(realtime: 1_782_036_000 * Self.second, at: 2 * Self.second)
        #expect(abs(s.value(of: "sun", now: 2 * Self.second) - 53.055) < 0.03)
        _ = s.frame(now: 2 * Self.second)
        #expect(s.themes.active == .day)
        // 2026-12-21 17:00 UTC (18:00 there): long after sunset, the night theme.
        s.setWallClock(realtime: 1_797_872_400 * Self.second, at: 3 * Self.second)
        _ = s.frame(now: 3 * Self.second)
        #expect(s.value(of: "sun", now: 3 * Self.second) < -15 && s.themes.active == .night)
        // A clock before 2024 (a Pi before NTP): not trusted, no value.
        s.setWallClock(realtime: 86_400 * Self.second, at: 4 * Self.second)
        #expect(s.value(of: "sun", now: 4 * Self.second).isNaN)
    }
}
