import Testing
import GaugeConfig
import GaugeRaster
import GaugeWidgets

/// The HIG indicators from files: rating, relevance, progress; and the lamp.
@Suite struct IndicatorConfigTests {
    static func board(_ widgets: String) -> String {
        TestFiles.minimal.replacingOccurrences(
            of: "[[page]]",
            with: """
                [[sensor]]
                kind = "sysfs"
                  [[sensor.channel]]
                  name = "battery"
                  path = "power_supply/BAT0/capacity"

                [[page]]
                \(widgets)
                """)
    }

    @Test func indicatorsLoadWithTheirSettings() throws {
        let text = Self.board(
            """
              [[page.widget]]
              id = "stars"
              type = "rating"
              channel = "x"
              frame = [220, 10, 90, 20]
              count = 10
              symbol = "dot"
              step = "whole"
              tint = "#FF0000"

              [[page.widget]]
              id = "relevance"
              type = "relevance"
              channel = "x"
              frame = [220, 40, 90, 10]
              range = [0, 200]
              shade = 255

              [[page.widget]]
              id = "charging"
              type = "progress"
              shape = "ring"
              channel = "battery"
              frame = [220, 60, 60, 60]
              range = [0, 100]
              line_width = 6
            """)
        let board = try BoardConfiguration.parse(text, file: "i.toml")
        let widgets = board.dashboard.visibleWidgets
        guard case .rating(let r) = widgets[0].content else {
            Issue.record("not a rating")
            return
        }
        #expect(r.count == 10 && r.symbol == .dot && r.step == .whole && r.litColor == Color(rgb: 0xFF0000))
        #expect(r.value == 50)  // the simulated value; drawing clamps it to the count
        guard case .relevance(let v) = widgets[1].content else {
            Issue.record("not relevance")
            return
        }
        #expect(v.value == 50 && v.shade == 255)
        guard case .progress(let p, let range) = widgets[2].content else {
            Issue.record("not progress")
            return
        }
        #expect(p.kind == .ring && p.lineWidth == 6 && range == 0...100)
        // The sysfs channel has no value yet: the progress ring animates until it has one.
        #expect(widgets[2].isIndeterminate)
        var d = board.dashboard
        d.set("battery", to: 25)
        #expect(!d.visibleWidgets[2].isIndeterminate && d.visibleWidgets[2].value == 25)
    }

    @Test func indicatorsTakeOneColourAndTheirOwnKeys() {
        let issues = TestFiles.issues(
            Self.board(
                """
                  [[page.widget]]
                  id = "p"
                  type = "progress"
                  channel = "x"
                  frame = [220, 10, 90, 20]
                  tint = ["#FF0000", "#00FF00"]
                  count = 3
                """))
        #expect(
            issues.map(\.message) == [
                "expected a colour \"#RRGGBB\", got [\"#FF0000\", \"#00FF00\"]",
                "does not apply to a progress widget (only to rating)",
            ])
        #expect(issues.map(\.path) == ["page[0].widget \"p\".tint", "page[0].widget \"p\".count"])
    }

    @Test func lampsLoadWithTheirSettings() throws {
        let text = Self.board(
            """
              [[page.widget]]
              id = "oil"
              type = "lamp"
              channel = "x"
              frame = [220, 10, 40, 40]
              symbol = "oil"
              on_below = 0.5
              unlit = "hidden"

              [[page.widget]]
              id = "left"
              type = "lamp"
              channel = "x"
              frame = [220, 60, 40, 40]
              symbol = "turn_left"
              tint = "#00FF00"
              blink = true

              [[page.widget]]
              id = "bilge"
              type = "lamp"
              channel = "x"
              frame = [220, 110, 40, 40]
              symbol = "bilge"
              on_above = 3
              blink_hz = 4

              [[page.widget]]
              id = "plain"
              type = "lamp"
              channel = "x"
              frame = [220, 160, 40, 40]
            """)
        let lamps = try BoardConfiguration.parse(text, file: "l.toml").dashboard.visibleWidgets.compactMap { w -> LampIndicator? in
            guard case .lamp(let l) = w.content else { return nil }
            return l
        }
        try #require(lamps.count == 4)
        #expect(lamps[0].symbol == .oil && lamps[0].rule == LampRule(onBelow: 0.5) && lamps[0].unlit == .hidden)
        #expect(lamps[0].litColor == LampSymbol.oil.isoColor && lamps[0].blinkPeriod == 0)
        #expect(lamps[1].symbol == .turnLeft && lamps[1].litColor == Color(rgb: 0x00FF00) && lamps[1].blinkPeriod == 1000)
        #expect(lamps[2].rule == LampRule(onAbove: 3) && lamps[2].blinkPeriod == 250 && lamps[2].unlit == .dim)
        #expect(lamps[3].symbol == .engine && lamps[3].rule == LampRule() && lamps[3].litColor == LampSymbol.engine.isoColor)
    }

    /// `alarm_level`: lit by the channel's alarm state (the severity the panel shows), which
    /// the channel must have; the value's thresholds do not apply with it.
    @Test func lampsLitByAnAlarmState() throws {
        func board(_ lamp: String) -> String {
            """
            [display]
            width = 320
            height = 240
            [[sensor]]
            kind = "simulated"
              [[sensor.channel]]
              name = "t"
              waveform = "step"
              values = [50]
              warning = 80
              critical = 95
              [[sensor.channel]]
              name = "u"
              waveform = "step"
              values = [50]
            [[page]]
              [[page.widget]]
              id = "l"
              type = "lamp"
              frame = [0, 0, 100, 100]
            \(lamp)
            """
        }
        let b = try BoardConfiguration.parse(board("  channel = \"t\"\n  alarm_level = \"critical\""), file: "a.toml")
        guard case .lamp(let lamp) = b.dashboard.visibleWidgets.first?.content else { throw LampMissing() }
        #expect(lamp.rule == LampRule(alarmLevel: 3))
        #expect(!lamp.rule.isLit(99, severity: 2) && lamp.rule.isLit(.nan, severity: 3) && lamp.rule.isLit(0, severity: 4))
        let unalarmed = TestFiles.issues(board("  channel = \"u\"\n  alarm_level = \"warn\"")).map(\.message)
        #expect(unalarmed == ["channel \"u\" has no alarm (give that channel warning, critical or zones)"])
        let both = TestFiles.issues(board("  channel = \"t\"\n  alarm_level = \"warn\"\n  on_above = 3")).map(\.message)
        #expect(both == ["does not apply with alarm_level (the lamp is lit by its channel's alarm state)"])
    }
    private struct LampMissing: Error {}

    /// A misspelt symbol is named with its line and the nearest symbol; lamp keys elsewhere
    /// say which kind takes them.
    @Test func lampMistakesAreLocated() {
        let issues = TestFiles.issues(
            Self.board(
                """
                  [[page.widget]]
                  id = "l"
                  type = "lamp"
                  channel = "x"
                  frame = [220, 10, 40, 40]
                  symbol = "batery"
                  unlit = "off"
                  blink_hz = 50
                  on_abov = 3

                  [[page.widget]]
                  id = "s"
                  type = "rating"
                  channel = "x"
                  frame = [220, 60, 90, 20]
                  on_above = 3
                """), file: "lamps.toml")
        #expect(
            issues.map(\.message) == [
                "expected one of \"engine\", \"oil\", \"battery\", \"coolant\", \"fuel\", \"brake\", \"parking\", "
                    + "\"high_beam\", \"turn_left\", \"turn_right\", \"anchor\", \"bilge\", got \"batery\" (did you mean \"battery\"?)",
                "expected one of \"dim\", \"hidden\", got \"off\"",
                "expected a number in 0.1…20, got 50",
                "unknown key; did you mean \"on_above\"?",
                "does not apply to a rating widget (only to lamp)",
            ])
        #expect(issues.allSatisfy { $0.file == "lamps.toml" && $0.line != nil })
        #expect(issues.first?.path == "page[0].widget \"l\".symbol")
    }
}
