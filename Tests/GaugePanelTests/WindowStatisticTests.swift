import Testing
import GaugeConfig
import GaugeDecoders
import GaugeTestSupport
@testable import GaugePanel

/// `statistic`, `of`, `over`: the lowest, highest and mean reading of a channel over a
/// window, kept by the panel's state, and the board's mistakes named.
@Suite struct WindowStatisticTests {
    static let second: UInt64 = 1_000_000_000

    static func board(_ extra: String = "") -> String {
        """
        [display]
        width = 200
        height = 100
        output = "offscreen"
        [[sensor]]
        kind = "serial"
        device = "/dev/ttyUSB0"
        protocol = "line"
          [[sensor.channel]]
          name = "wind"
          unit = "kn"
        [[sensor]]
        kind = "computed"
          [[sensor.channel]]
          name = "gust"
          statistic = "max"
          of = "wind"
          over = 10
          [[sensor.channel]]
          name = "lull"
          statistic = "min"
          of = "wind"
          over = 10
          [[sensor.channel]]
          name = "average"
          statistic = "mean"
          of = "wind"
          over = 10
          scale = 2
        \(extra)
        [[page]]
          [[page.widget]]
          id = "g"
          type = "readout"
          channel = "gust"
          frame = [0, 0, 100, 50]
        """
    }

    @Test func highestLowestAndMeanOverTheWindow() throws {
        var s = PanelState(board: try BoardConfiguration.parse(Self.board(), file: "t.toml"), animates: false)
        s.startClock(at: 0)
        #expect(s.value(of: "gust", now: 0).isNaN, "no reading yet: no value")
        for (t, v) in [(0.5, 10.0), (1.5, 30.0), (5.5, 12.0), (6.5, 16.0)] {
            s.accept(Sample(name: "wind", value: v, unit: .none), now: UInt64(t * 1e9))
            _ = s.frame(now: UInt64(t * 1e9))
        }
        let at = 7 * Self.second
        _ = s.frame(now: at)
        #expect(s.value(of: "gust", now: at) == 30 && s.value(of: "lull", now: at) == 10)
        #expect(abs(s.value(of: "average", now: at) - 2 * 17) < 1e-4, "the mean of 10, 30, 12, 16, scaled by 2")
        // Ten seconds on, the 30 kn gust has left the window; the last reading stays in it.
        let later = 12 * Self.second
        _ = s.frame(now: later)
        #expect(s.value(of: "gust", now: later) == 16 && s.value(of: "lull", now: later) == 12)
        _ = s.frame(now: 30 * Self.second)
        #expect(s.value(of: "gust", now: 30 * Self.second).isNaN, "nothing in the window: no value")
    }

    @Test func mistakesAreNamed() {
        func issues(_ extra: String, replacing: (String, String)? = nil) -> String {
            var text = Self.board(extra)
            if let (a, b) = replacing { text = text.replacingOccurrences(of: a, with: b) }
            do {
                _ = try BoardConfiguration.parse(text, file: "t.toml")
                return ""
            } catch { return error.issues.map { $0.description }.joined(separator: "\n") }
        }
        #expect(
            issues(
                "",
                replacing: (
                    "of = \"wind\"\n  over = 10\n  [[sensor.channel]]\n  name = \"lull\"",
                    "of = \"wnd\"\n  over = 10\n  [[sensor.channel]]\n  name = \"lull\""
                )
            ).contains("\"wnd\"; did you mean \"wind\"?"))
        #expect(issues("", replacing: ("statistic = \"max\"", "statistic = \"peak\"")).contains("expected one of \"min\", \"max\", \"mean\""))
        #expect(
            issues("", replacing: ("over = 10\n  [[sensor.channel]]\n  name = \"lull\"", "over = 0\n  [[sensor.channel]]\n  name = \"lull\""))
                .contains("over"))
        #expect(issues("", replacing: ("statistic = \"max\"", "statistic = \"max\"\n  expression = \"wind * 2\"")).contains("not"))
        #expect(
            issues(
                "",
                replacing: (
                    "of = \"wind\"\n  over = 10\n  [[sensor.channel]]\n  name = \"lull\"", "over = 10\n  [[sensor.channel]]\n  name = \"lull\""
                )
            ).contains("t.toml:"))
    }
}
