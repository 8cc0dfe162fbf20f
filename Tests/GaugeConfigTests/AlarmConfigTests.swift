import Testing
import GaugeConfig

/// A channel's alarm keys and `[alarms]`: read, and refused with file, line and key.
@Suite struct AlarmConfigTests {
    static func board(channel: String, extra: String = "") -> String {
        """
        [display]
        width = 320
        height = 240
        \(extra)
        [[sensor]]
        kind = "simulated"
          [[sensor.channel]]
          name = "depth"
          unit = "m"
          waveform = "sine"
          centre = 5
          amplitude = 2
          period = 4
        \(channel)
        [[page]]
          [[page.widget]]
          id = "d"
          type = "readout"
          channel = "depth"
          frame = [0, 0, 320, 240]
        """
    }

    @Test func zonesAndTheirSteadinessAreRead() throws {
        let text = Self.board(
            channel: """
                  hysteresis = 0.2
                  alarm_delay = 1.5
                  escalate_after = 30
                  message = "Depth"
                  [[sensor.channel.zone]]
                  upper = 3
                  state = "warn"
                  message = "Shallow water"
                  [[sensor.channel.zone]]
                  upper = 1.5
                  state = "emergency"
                  [[sensor.channel.zone]]
                  lower = 4
                  upper = 20
                  state = "nominal"
                """, extra: "[alarms]\nbanner = \"bottom\"")
        let board = try BoardConfiguration.parse(text, file: "b.toml")
        let alarm = try #require(board.alarms.first)
        #expect(
            alarm.zones == [
                AlarmZone(upper: 3, state: .warn, message: "Shallow water"), AlarmZone(upper: 1.5, state: .emergency),
                AlarmZone(lower: 4, upper: 20, state: .nominal),
            ])
        #expect(alarm.hysteresis == 0.2 && alarm.delay == 1_500_000_000 && alarm.escalateAfter == 30_000_000_000)
        #expect(alarm.message == "Depth" && alarm.unit == .metres && board.alarmDisplay.banner == .bottom)
        #expect([10, 3.5, 2.5, 1, 25].map { alarm.state(of: $0) } == [.nominal, .normal, .warn, .emergency, .normal])
        #expect(alarm.message(for: 2.5) == "Shallow water" && alarm.message(for: 1) == "Depth")
    }

    @Test func mistakesAreNamedWithTheirLine() {
        func said(_ channel: String, extra: String = "") -> [String] {
            TestFiles.issues(Self.board(channel: channel, extra: extra)).map { $0.description }
        }
        let badState = said("  [[sensor.channel.zone]]\n  upper = 3\n  state = \"warning\"")
        #expect(
            badState.count == 1 && badState[0].contains("test.toml:16") && badState[0].contains("state") && badState[0].contains("\"warn\""),
            "\(badState)")
        let both = said("  warning = 3\n  [[sensor.channel.zone]]\n  upper = 3\n  state = \"warn\"")
        #expect(both.count == 1 && both[0].contains("not both"), "\(both)")
        let open = said("  [[sensor.channel.zone]]\n  state = \"warn\"")
        #expect(open.count == 1 && open[0].contains("lower, upper or both"), "\(open)")
        let reversed = said("  [[sensor.channel.zone]]\n  lower = 5\n  upper = 3\n  state = \"warn\"")
        #expect(reversed.count == 1 && reversed[0].contains("upper ≥ lower"), "\(reversed)")
        let idle = said("  hysteresis = 1")
        #expect(idle.count == 1 && idle[0].contains("test.toml:14") && idle[0].contains("no effect"), "\(idle)")
        let banner = said("", extra: "[alarms]\nbanner = \"left\"")
        #expect(banner.count == 1 && banner[0].contains("alarms.banner"), "\(banner)")
    }
}

/// `[backlight]`: read, and its mistakes named.
@Suite struct BacklightConfigTests {
    static func board(_ backlight: String) -> String {
        AlarmConfigTests.board(channel: "", extra: "[backlight]\n" + backlight)
    }

    @Test func readsTheCurveAndSleep() throws {
        let b = try BoardConfiguration.parse(
            Self.board(
                "device = \"/sys/class/backlight/10-0045\"\nchannel = \"depth\"\ncurve = [[0, 10], [100, 90]]\nsleep_after = 30\nwake_channel = \"depth\""
            ),
            file: "b.toml")
        let c = try #require(b.backlight)
        #expect(c.device == "/sys/class/backlight/10-0045" && c.channel == "depth" && c.curve.count == 2 && c.sleepAfter == 30_000_000_000)
        #expect(c.percent(at: 50) == 50 && c.wakeChannel == "depth" && c.hysteresis == 5)
    }

    @Test func mistakesAreNamed() {
        func said(_ text: String) -> String { TestFiles.issues(Self.board(text)).map { $0.description }.joined(separator: " | ") }
        #expect(said("channel = \"dept\"\ncurve = [[0, 1], [1, 2]]").contains("did you mean \"depth\""))
        #expect(said("channel = \"depth\"").contains("curve: missing"))
        #expect(said("channel = \"depth\"\ncurve = [[5, 1], [1, 2]]").contains("point 2"))
        #expect(said("channel = \"depth\"\ncurve = [[0, 1], [1, 200]]").contains("percent 0…100"))
        #expect(said("curve = [[0, 1], [1, 2]]").contains("needs channel"))
        #expect(said("wake_channel = \"depth\"").contains("needs sleep_after"))
        #expect(said("device = \"backlight/x\"").contains("absolute path"))
    }
}
