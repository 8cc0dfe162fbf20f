import Testing
import GaugeConfig
import GaugeDecoders
import GaugeSensors
@testable import GaugePanel

/// `[[trigger]]`: when it fires (held for `for`, once a spell, not within the cooldown),
/// what it does to the panel, and how a board's mistakes are named.
@Suite struct TriggerTests {
    static let second: UInt64 = 1_000_000_000

    @Test func firesOnceASpellAfterHoldingAndNotWithinItsCooldown() {
        var t = TriggerMonitor(
            TriggerConfiguration(condition: .page(0), holdFor: 2 * Self.second, cooldown: 10 * Self.second, actions: .init(acknowledge: true)))
        var fired: [UInt64] = []
        // holds 0…5 s, not at 5, holds 6…20 s (cooldown from 2 s ends at 12 s), not at 21, holds from 22 s
        for s in 0...30 {
            let now = UInt64(s) * Self.second
            let holds = s != 5 && s != 21
            if t.update(holds: holds, now: now) { fired.append(UInt64(s)) }
        }
        #expect(fired == [2, 12, 24])
        var w = TriggerMonitor(TriggerConfiguration(condition: .page(0), holdFor: 3 * Self.second, actions: .init(acknowledge: true)))
        _ = w.update(holds: true, now: Self.second)
        #expect(w.nextTransition(after: Self.second) == 4 * Self.second)  // the loop wakes to fire it
    }

    static let board = """
        [display]
        width = 200
        height = 100
        [[sensor]]
        kind = "serial"
        device = "/dev/ttyUSB0"
        protocol = "line"
          [[sensor.channel]]
          name = "rpm"
          warning = 6000
        [[page]]
        name = "main"
          [[page.widget]]
          id = "l"
          type = "label"
          text = "MAIN"
          frame = [0, 0, 200, 50]
        [[page]]
        name = "engine"
          [[page.widget]]
          id = "r"
          type = "readout"
          channel = "rpm"
          frame = [0, 0, 200, 50]
        [[trigger]]
        channel = "rpm"
        above = 400
        for = 2
        show_page = "engine"
        [[trigger]]
        alarm = "rpm"
        state = "warn"
        theme = "night"
        acknowledge = true
        """

    @Test func aRunningEngineBringsItsPageAndAWarningTheNightTheme() throws {
        var s = PanelState(board: try BoardConfiguration.parse(Self.board, file: "t.toml"), animates: false)
        #expect(s.frame(now: 0).dashboard.currentPage == 0)
        s.accept(Sample(name: "rpm", value: 800, unit: .none), now: Self.second)
        let waiting = s.frame(now: Self.second)
        #expect(waiting.dashboard.currentPage == 0 && waiting.wakeAt == 3 * Self.second)
        #expect(s.frame(now: 3 * Self.second).dashboard.currentPage == 1)
        s.handle(.previousPage)  // paging away: the trigger has fired for this spell
        #expect(s.frame(now: 4 * Self.second).dashboard.currentPage == 0)
        s.accept(Sample(name: "rpm", value: 6500, unit: .none), now: 5 * Self.second)
        let warned = s.frame(now: 5 * Self.second)
        #expect(s.themes.active == .night && warned.dashboard.overlay.isEmpty)  // acknowledged by the trigger: no banner
    }

    @Test func mistakesAreNamed() {
        func said(_ trigger: String) -> [String] {
            let text = Self.board.components(separatedBy: "[[trigger]]")[0] + "[[trigger]]\n" + trigger
            do {
                _ = try BoardConfiguration.parse(text, file: "t.toml")
                return []
            } catch { return error.issues.map { $0.description } }
        }
        #expect(said("channel = \"rmp\"\nabove = 1\nshow_page = \"engine\"").first?.contains("did you mean \"rpm\"") == true)
        #expect(said("channel = \"rpm\"\nabove = 1\nshow_page = \"engin\"").first?.contains("did you mean \"engine\"") == true)
        #expect(said("channel = \"rpm\"\nshow_page = \"engine\"").first?.contains("above or below") == true)
        #expect(said("on_page = \"main\"").first?.contains("needs an action") == true)
        #expect(said("theme = \"night\"").first?.contains("needs a condition") == true)
        #expect(said("on_page = \"main\"\nalarm = \"rpm\"\ntheme = \"day\"").first?.contains("one condition") == true)
        #expect(said("on_page = \"main\"\ntheme = \"dusk\"").first?.contains("t.toml:") == true)
    }
}

/// A computed channel in the running panel: its value follows its inputs' readings and
/// goes with them when one goes stale.
@Suite struct ComputedChannelStateTests {
    @Test func followsItsInputsAndTheirStaleness() throws {
        let board = """
            [display]
            width = 200
            height = 100
            [[sensor]]
            kind = "serial"
            device = "/dev/ttyUSB0"
            protocol = "line"
              [[sensor.channel]]
              name = "volts"
              stale_after = 2
              [[sensor.channel]]
              name = "amps"
            [[sensor]]
            kind = "computed"
              [[sensor.channel]]
              name = "watts"
              expression = "volts * amps"
            [[page]]
              [[page.widget]]
              id = "w"
              type = "readout"
              channel = "watts"
              frame = [0, 0, 200, 100]
            """
        var s = PanelState(board: try BoardConfiguration.parse(board, file: "w.toml"), animates: false)
        let second: UInt64 = 1_000_000_000
        s.accept(Sample(name: "volts", value: 12.5, unit: .none), now: 0)
        #expect(s.value(of: "watts", now: 0).isNaN)  // amps not read yet
        s.accept(Sample(name: "amps", value: 4, unit: .none), now: 0)
        #expect(s.value(of: "watts", now: 0) == 50 && s.frame(now: 0).dashboard.pages[0].widgets[0].value == 50)
        let f = s.frame(now: 3 * second)  // volts stale
        #expect(f.dashboard.pages[0].widgets[0].value.isNaN)
    }
}
