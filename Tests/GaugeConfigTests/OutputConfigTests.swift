import Foundation
import GaugeConfig
import GaugeSystem
import Testing

/// `[[output]]`: GPIO lines and their rule, every mistake at its line.
@Suite struct OutputConfigTests {
    /// TestFiles.minimal (channel "x") with `[[output]]` tables after it.
    func board(_ outputs: String) -> String {
        TestFiles.minimal.replacingOccurrences(of: "name = \"x\"", with: "name = \"x\"\n  warning = 80") + "\n" + outputs
    }

    @Test func everyRuleLoads() throws {
        let text = board(
            """
            [[output]]
            name = "fan"
            line = "GPIO18"
            active_low = true
            channel = "x"
            on_above = 95
            off_below = 90
            min_on = 30

            [[output]]
            name = "shift"
            chip = "pinctrl-bcm2835"
            lines = [17, 27, 22, 23]
            channel = "x"
            from = 5000
            to = 6500
            flash_above = 6800
            flash_hz = 10

            [[output]]
            name = "pump"
            line = 5
            channel = "x"
            on_below = 10
            blink_hz = 2

            [[output]]
            name = "lamp"
            line = 6
            alarm = "x"
            alarm_level = "warning"
            """)
        let outputs = try BoardConfiguration.parse(text, file: "o.toml").outputs
        #expect(outputs.map(\.name) == ["fan", "shift", "pump", "lamp"])
        #expect(
            outputs[0]
                == OutputConfiguration(
                    name: "fan", lines: [.name("GPIO18")], activeLow: true,
                    rule: OutputRule(kind: .above(channel: "x", on: 95, off: 90), minOnSeconds: 30)))
        #expect(outputs[1].chip == "pinctrl-bcm2835" && outputs[1].lines == [.offset(17), .offset(27), .offset(22), .offset(23)])
        #expect(outputs[1].rule.kind == .shiftLight(.init(channel: "x", from: 5000, to: 6500, flashAbove: 6800, flashHz: 10)))
        #expect(outputs[2].rule == OutputRule(kind: .below(channel: "x", on: 10, off: 10), blinkHz: 2))
        #expect(
            outputs[3].rule.kind == .alarm(channel: "x", level: Int32(AlarmState.warn.rawValue), unacknowledged: false)
                && outputs[3].chip == "gpiochip0")
    }

    @Test func mistakesAreReportedAtTheirLines() {
        let text = board(
            """
            [[output]]
            name = "a"
            lines = [17, 17]
            channel = "y"
            on_above = 5
            off_below = 9

            [[output]]
            name = "b"
            line = 3
            channel = "x"
            on_above = 1
            from = 2

            [[output]]
            name = "a"
            line = 4
            alarm = "x"
            off_above = 3
            """)
        let base = TestFiles.minimal.split(separator: "\n", omittingEmptySubsequences: false).count + 1
        let issues = TestFiles.issues(text, file: "o.toml").map { "\($0.line.map { $0 - base } ?? -1): \($0.path): \($0.message)" }
        #expect(
            issues == [
                "3: output[0].lines: line 17 is listed twice",
                "4: output[0].channel: no sensor provides channel \"y\" (did you mean \"x\"?)",
                "6: output[0].off_below: expected a value at or below on_above (5), got 9",
                "8: output[1]: give only one rule: on_above (with off_below), on_below (with off_above), from and to (a shift light), alarm = \"channel\", or manual = true (switched by buttons and triggers)",
                "19: output[2].off_above: does not apply with alarm (the alarm names its channel; its thresholds are the channel's)",
            ], "\(issues)")
    }

    @Test func aLineIsNeeded() {
        let issues = TestFiles.issues(board("[[output]]\nname = \"a\"\nchannel = \"x\"\non_above = 1\n")).map(\.message)
        #expect(issues == ["missing; expected a line number (0…65535) or a line name (\"GPIO17\"), or lines = [...] for several"])
    }
}

/// dashboards/car.toml's shift light, commented out there for machines without GPIO,
/// loads as written once uncommented.
@Suite struct CarShiftLightTests {
    @Test func theCommentedShiftLightLoads() throws {
        let text = try String(contentsOfFile: TestFiles.dashboard("car.toml"), encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let at = try #require(lines.firstIndex(of: "# [[output]]"))
        var i = at
        while i < lines.count, lines[i].hasPrefix("# ") {
            lines[i].removeFirst(2)
            i += 1
        }
        let board = try BoardConfiguration.parse(lines.joined(separator: "\n"), file: "car.toml")
        let light = OutputRule.ShiftLight(channel: "rpm", from: 5000, to: 6500, flashAbove: 6800, flashHz: 8)
        #expect(
            board.outputs == [
                OutputConfiguration(
                    name: "shift", lines: [.offset(17), .offset(27), .offset(22), .offset(23)], rule: OutputRule(kind: .shiftLight(light)))
            ])
    }
}
