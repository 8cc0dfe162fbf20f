import Testing
import GaugeConfig
import GaugeRaster
import GaugeWidgets

/// The HIG indicators from files: rating, relevance, progress.
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
}
