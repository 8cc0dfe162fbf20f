import Testing
import GaugeConfig
import GaugeDisplay
import GaugeImages
import GaugeRaster
import GaugeDecoders
import GaugeSensors
import GaugeWidgets

@Suite struct LoaderTests {
    @Test func minimalBoardLoads() throws {
        let board = try BoardConfiguration.parse(TestFiles.minimal, file: "m.toml")
        #expect(board.display.width == 320 && board.display.height == 240)
        #expect(board.display.output == "auto" && board.display.format == .xrgb8888)
        #expect(board.dashboard.pages.count == 1)
        #expect(board.dashboard.visibleWidgets.map(\.id) == ["dial"])
        // A sine starts at its centre.
        #expect(board.dashboard.visibleWidgets[0].value == 50)
        #expect(board.initialValues == ["x": 50])
        #expect(board.alarms.isEmpty && board.snapshot == nil)
    }

    /// Every problem is reported, each with its own line, in file order.
    @Test func collectsEveryError() {
        let text = TestFiles.minimal
            .replacingOccurrences(of: "width = 320", with: "width = \"320\"")
            .replacingOccurrences(of: "range = [0, 100]", with: "range = [100, 0]\n  tnit = \"#fff\"")
        let issues = TestFiles.issues(text, file: "two.toml")
        #expect(
            issues.map(\.description) == [
                "two.toml:2: display.width: expected an integer in 16…4096, got \"320\"",
                "two.toml:20: page[0].widget \"dial\".range: expected [min, max] with min < max (each within ±1e9), got [100, 0]",
                "two.toml:21: page[0].widget \"dial\".tnit: unknown key; did you mean \"tint\"?",
            ], "\(issues)")
        #expect(issues.map(\.line) == [2, 20, 21])
        #expect(issues.map(\.path) == ["display.width", "page[0].widget \"dial\".range", "page[0].widget \"dial\".tnit"])
    }

    @Test func unknownKeySuggestsNearest() {
        let issues = TestFiles.issues(TestFiles.minimal.replacingOccurrences(of: "range =", with: "rnage ="))
        #expect(issues.count == 1)
        #expect(issues.first?.message == "unknown key; did you mean \"range\"?")
        #expect(issues.first?.line == 20)
    }

    @Test func keyOfAnotherWidgetTypeIsExplained() {
        let issues = TestFiles.issues(TestFiles.minimal + "\n  segments = 10\n")
        #expect(issues.map(\.message) == ["does not apply to a dial widget (only to level)"])
    }

    @Test(arguments: ["nan", "inf", "-inf", "1e300", "-5"])
    func badNumbersAreRefusedBeforeFixedPoint(_ number: String) {
        let issues = TestFiles.issues(TestFiles.minimal.replacingOccurrences(of: "range = [0, 100]", with: "range = [0, 100]\n  hold = \(number)"))
        #expect(issues.count == 1)
        #expect(issues.first?.path == "page[0].widget \"dial\".hold")
        #expect(issues.first?.message.hasPrefix("expected a number in 0…100") == true)
    }

    @Test func syntaxErrorHasTomlLine() {
        let issues = TestFiles.issues("[display]\nwidth = 800\nheight = = 480\n")
        #expect(issues.count == 1)
        #expect(issues.first?.line == 3 && issues.first?.path == "syntax")
    }

    @Test func nulAndInvalidUTF8AreRefused() throws {
        var bytes = Array(TestFiles.minimal.utf8)
        bytes.insert(0, at: 30)
        #expect(throws: ConfigurationErrors.self) { try BoardConfiguration.parse(bytes, file: "n.toml") }
        let invalid = Array("[display]\nwidth = 800\n".utf8) + [0xFF, 0xFE, 10]
        do {
            _ = try BoardConfiguration.parse(invalid, file: "u.toml")
            Issue.record("loaded")
        } catch {
            #expect(error.issues.first?.line == 3)
        }
    }

    @Test func widgetChannelMustBeProvided() {
        let issues = TestFiles.issues(TestFiles.minimal.replacingOccurrences(of: "channel = \"x\"", with: "channel = \"y\""))
        #expect(issues.map(\.path) == ["page[0].widget \"dial\".channel"])
        #expect(issues.first?.message.contains("no sensor provides channel \"y\"") == true)
    }

    @Test func overlapAndOffScreen() {
        let extra = """

              [[page.widget]]
              id = "second"
              type = "readout"
              channel = "x"
              frame = [150, 150, 200, 50]
            """
        let issues = TestFiles.issues(TestFiles.minimal + extra)
        #expect(
            issues.map(\.message) == [
                "expected inside the 320×240 display, got [150, 150, 200, 50] (reaching x 150…350, y 150…200)",
                "overlaps widget \"dial\"; widgets on a page must not overlap",
            ])
        #expect(issues.allSatisfy { $0.line == 25 && $0.path == "page[0].widget \"second\".frame" })
    }

    @Test func duplicateIdsAcrossPages() {
        let issues = TestFiles.issues(
            TestFiles.minimal + """

                [[page]]
                  [[page.widget]]
                  id = "dial"
                  type = "label"
                  text = "again"
                  frame = [0, 0, 100, 20]
                """)
        #expect(issues.map(\.description) == ["test.toml:23: page[1].widget \"dial\".id: duplicate id \"dial\""])
    }

    @Test func sensorsThemesInputSnapshot() throws {
        let text = TestFiles.minimal.replacingOccurrences(
            of: "  period = 4",
            with: """
                  period = 4
                  unit = "C"
                  stale_after = 2.5
                  smoothing = 0.25
                  warning = 80
                  critical = 95
                [[sensor]]
                kind = "sysfs"
                  [[sensor.channel]]
                  name = "cpu"
                  path = "thermal/x86_pkg_temp"
                [[sensor]]
                kind = "serial"
                device = "/dev/ttyUSB0"
                baud = 38400
                protocol = "nmea"
                  [[sensor.channel]]
                  name = "depth"
                  source = "depth.below.transducer"
                  unit = "m"
                [theme]
                active = "night"
                [theme.night]
                background = "#010203"
                [input]
                touch = "none"
                keys = { KEY_RIGHT = "next_page", BTN_LEFT = "toggle_theme" }
                [snapshot]
                path = "/tmp/panel.png"
                interval = 2
                """)
        let board = try BoardConfiguration.parse(text, file: "s.toml")
        #expect(board.sensors.count == 3)
        let x = board.channels[0]
        #expect(x.unit == .celsius && x.staleAfterSeconds == 2.5 && x.smoothing == 0.25)
        #expect(x.channel.timeToLive == 2_500_000_000)
        #expect(x.channel.pipeline.configuration.exponentialAlpha == 0.25 && x.channel.unit == .celsius)
        var alarm = AlarmConfiguration(channel: "x", warning: 80, critical: 95, below: false)
        alarm.unit = .celsius
        #expect(board.alarms == [alarm])
        #expect(board.sensors[1].settings(SysfsSource.self)?.channels == [SysfsChannel(name: "cpu", sensor: .thermalZone(type: "x86_pkg_temp"))])
        #expect(board.sensors[2].source.summary == "serial /dev/ttyUSB0 at 38400 baud, protocol nmea")
        #expect(board.channels[2].sourceName == "depth.below.transducer")
        #expect(board.sensors[2].routes.channels(readingSource: "depth.below.transducer") == [board.channels[2].name])
        #expect(board.initialValues["cpu"]?.isNaN == true)
        #expect(board.themes.active == .night && board.dashboard.background == Color(rgb: 0x010203))
        #expect(board.input.touch == "none" && board.input.keys == ["KEY_RIGHT": .nextPage, "BTN_LEFT": .toggleTheme])
        #expect(board.snapshot == SnapshotConfiguration(path: "/tmp/panel.png", intervalSeconds: 2))
    }

    @Test func alarmLevels() {
        let above = AlarmConfiguration(channel: "t", warning: 80, critical: 95)
        #expect([50, 80, 94.9, 95, 200, .nan].map { above.state(of: $0) } == [.normal, .warn, .warn, .alarm, .alarm, .normal])
        let below = AlarmConfiguration(channel: "fuel", warning: 15, critical: 8, below: true)
        #expect([50, 15, 9, 8, -1, .infinity].map { below.state(of: $0) } == [.normal, .warn, .warn, .alarm, .alarm, .normal])
    }

    @Test func renderOptions() throws {
        let board = try BoardConfiguration.parse(TestFiles.minimal, file: "m.toml")
        #expect(throws: RenderError.unknownChannel("z", known: ["x"])) { try board.dashboard(values: ["z": 1]) }
        #expect(try board.pageIndex("0") == 0)
        #expect(throws: RenderError.self) { try board.pageIndex("3") }
        let upright = try BoardConfiguration.render(board.dashboard, format: .rgb565, rotation: .none, fonts: StrokeFontSet())
        let turned = try BoardConfiguration.render(board.dashboard, format: .rgb565, rotation: .quarter, fonts: StrokeFontSet())
        #expect(turned.width == 240 && turned.height == 320)
        // Logical (x, y) lands on physical (W − 1 − y, x).
        for (x, y) in [(0, 0), (100, 50), (319, 239), (60, 200)] as [(Int32, Int32)] {
            #expect(turned.rawPixel(x: 239 - y, y: x) == upright.rawPixel(x: x, y: y))
        }
        // Values move with simulated time: a quarter period into a sine is its peak.
        #expect(abs((board.values(atNanoseconds: 1_000_000_000)["x"] ?? 0) - 60) < 1e-6)
    }
}

/// `[input]` touch calibration keys: read, checked, and mapped onto touches.
@Suite struct TouchCalibrationConfigTests {
    static func board(_ input: String) -> String {
        """
        [display]
        width = 320
        height = 240
        [input]
        \(input)
        [[sensor]]
        kind = "simulated"
          [[sensor.channel]]
          name = "v"
          waveform = "sine"
        [[page]]
          [[page.widget]]
          id = "r"
          type = "readout"
          channel = "v"
          frame = [0, 0, 100, 40]
        """
    }

    @Test func calibrationKeysAreRead() throws {
        let b = try BoardConfiguration.parse(
            Self.board("touch_swap_xy = true\ntouch_invert_x = true\ntouch_range = [200, 3900, 250, 3850]"),
            file: "t.toml")
        #expect(b.input.touchSwapXY && b.input.touchInvertX && !b.input.touchInvertY)
        #expect(b.input.touchRange == [200, 3900, 250, 3850])
        let plain = try BoardConfiguration.parse(Self.board(""), file: "t.toml")
        #expect(!plain.input.touchSwapXY && plain.input.touchRange == nil)
    }

    @Test func badCalibrationIsReportedByKey() {
        #expect(
            TestFiles.issues(Self.board("touch_range = [1, 2, 3]")).map(\.description) == [
                "test.toml:5: input.touch_range: expected [left, right, top, bottom] raw touch values, like [200, 3900, 250, 3850], got [1, 2, 3]"
            ])
        #expect(
            TestFiles.issues(Self.board("touch_range = [1.5, 2, 3, 4]")).map(\.description) == [
                "test.toml:5: input.touch_range: expected whole numbers (raw touch values), got [1.5, 2, 3, 4]"
            ])
        #expect(TestFiles.issues(Self.board("touch_swap_xy = \"yes\"")).first?.description.contains("input.touch_swap_xy") == true)
    }
}
