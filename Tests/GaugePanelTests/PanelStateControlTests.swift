import GaugeConfig
import GaugeDecoders
import GaugeInput
import Testing
@testable import GaugePanel

/// Taps on buttons and switches become messages for the MQTT sensor that sends them; a
/// switch's picture is its state channel's; `[control]`'s commands act and its state is
/// published back.
@Suite struct PanelStateControlTests {
    static let board = """
        [display]
        width = 320
        height = 240
        [control]
        topic = "gp/test"
        [[sensor]]
        kind = "mqtt"
        broker = "127.0.0.1:1883"
          [[sensor.channel]]
          name = "porch"
          topic = "home/porch/state"
        [[page]]
        name = "main"
          [[page.widget]]
          id = "bell"
          type = "button"
          title = "Bell"
          command_topic = "home/bell/set"
          frame = [0, 0, 100, 50]
          [[page.widget]]
          id = "porch"
          type = "switch"
          channel = "porch"
          command_topic = "home/porch/set"
          frame = [0, 60, 200, 50]
        [[page]]
        name = "second"
          [[page.widget]]
          id = "t"
          type = "label"
          text = "two"
          frame = [0, 0, 100, 40]
        """

    static func state() throws -> PanelState { PanelState(board: try BoardConfiguration.parse(board, file: "t.toml"), animates: false) }

    static func payloads(_ m: [PanelMessage]) -> [String] {
        m.map { $0.message.topic + " " + String(decoding: $0.message.payload, as: UTF8.self) }
    }

    @Test func tapsBecomeMessages() throws {
        var s = try Self.state()
        _ = s.frame(now: 0)
        _ = s.takeMessages()  // [control]'s state, published at the first frame
        s.handle(.tap(x: 50, y: 25), now: 1_000_000_000)
        s.handle(.tap(x: 50, y: 85), now: 1_000_000_000)
        s.handle(.tap(x: 300, y: 200), now: 1_000_000_000)  // nothing there
        #expect(Self.payloads(s.takeMessages()) == ["home/bell/set PRESS", "home/porch/set ON"])
        // The button shows pressed for a moment; the switch stays unknown until its state says.
        let f = s.frame(now: 1_100_000_000)
        #expect(f.dashboard.pages[0].widgets[0].value == 1)
        #expect(f.dashboard.pages[0].widgets[1].value.isNaN)
        #expect(f.wakeAt == 1_000_000_000 + ControlDesk.pressNanoseconds)
        #expect(s.frame(now: 1_300_000_000).dashboard.pages[0].widgets[0].value == 0)
        s.accept(Sample(name: "porch", value: 1, unit: .none), now: 1_400_000_000)
        #expect(s.frame(now: 1_400_000_000).dashboard.pages[0].widgets[1].value == 1)
        s.handle(.tap(x: 50, y: 85), now: 1_500_000_000)
        #expect(Self.payloads(s.takeMessages()) == ["home/porch/set OFF"])
    }

    @Test func remoteCommandsAndState() throws {
        var s = try Self.state()
        _ = s.frame(now: 0)
        #expect(Self.payloads(s.takeMessages()) == ["gp/test/state/page main", "gp/test/state/theme day"])
        let brightness = s.receive([
            TopicMessage(topic: "gp/test/set/page", payload: Array("second".utf8)),
            TopicMessage(topic: "gp/test/set/theme", payload: Array("night\n".utf8)),
            TopicMessage(topic: "gp/test/set/brightness", payload: Array("40".utf8)),
            TopicMessage(topic: "gp/test/set/colour", payload: []),
        ])
        #expect(brightness == 40)
        #expect(s.page == 1 && s.themes.active == .night)
        s.noteBrightness(40)
        _ = s.frame(now: 1)
        #expect(Self.payloads(s.takeMessages()) == ["gp/test/state/page second", "gp/test/state/theme night", "gp/test/state/brightness 40"])
        #expect(s.takeNotices().contains { $0.contains("gp/test/set/colour is not a command") })
        #expect(s.frame(now: 2).dashboard.currentPage == 1)
        #expect(s.takeMessages().isEmpty)  // nothing changed: nothing published
        s.connected(sensor: 0)
        _ = s.frame(now: 3)
        let again = s.takeMessages()
        #expect(again.count == 3 && again.allSatisfy { $0.message.retain })  // all again on a new connection
    }
}
