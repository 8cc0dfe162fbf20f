import Testing
import GaugeConfig
import GaugeDecoders
import GaugeSensors
import GaugeWidgets
@testable import GaugePanel

/// Lamps in the panel's state: lit by the raw reading (not the eased one a needle on the
/// same channel shows), and a blinking lamp makes the loop wake at its edges.
@Suite struct PanelStateLampTests {
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
          name = "oil"
          [[sensor.channel]]
          name = "turn"

        [[page]]
        name = "dash"
          [[page.widget]]
          id = "oil-dial"
          type = "dial"
          channel = "oil"
          frame = [0, 0, 200, 200]
          range = [0, 8]
          [[page.widget]]
          id = "oil-lamp"
          type = "lamp"
          symbol = "oil"
          channel = "oil"
          frame = [210, 0, 60, 60]
          on_below = 0.5
          [[page.widget]]
          id = "left"
          type = "lamp"
          symbol = "turn_left"
          channel = "turn"
          frame = [210, 70, 60, 60]
          blink = true
        """
    static let ms: UInt64 = 1_000_000

    func lamp(_ f: PanelFrame, _ id: String) -> LampIndicator? {
        guard case .lamp(let l) = f.dashboard.pages[0].widgets.first(where: { $0.id == id })?.content else { return nil }
        return l
    }

    @Test func lampsReadTheRawValueWhileNeedlesEase() throws {
        var s = PanelState(board: try BoardConfiguration.parse(Self.board, file: "t.toml"), animates: true)
        s.accept(Sample(name: "oil", value: 4, unit: .none), now: 0)
        _ = s.frame(now: 0)
        for t: UInt64 in [0, 50, 100, 2000] { _ = s.frame(now: 1000 * Self.ms + t * Self.ms) }
        s.accept(Sample(name: "oil", value: 0.2, unit: .none), now: 4000 * Self.ms)
        let f = s.frame(now: 4010 * Self.ms)
        let dial = f.dashboard.pages[0].widgets[0].value
        #expect(dial > 0.5, "the needle is still on its way down: \(dial)")
        #expect(lamp(f, "oil-lamp")?.value == 0.2 && lamp(f, "oil-lamp")?.showsLit == true)
    }

    @Test func blinkingLampWakesTheLoopAtItsEdges() throws {
        var s = PanelState(board: try BoardConfiguration.parse(Self.board, file: "t.toml"), animates: true)
        var f = s.frame(now: 100 * Self.ms)
        #expect(f.wakeAt == nil && lamp(f, "left")?.showsLit == false)  // no value: dark, nothing to wake for
        s.accept(Sample(name: "turn", value: 1, unit: .none), now: 100 * Self.ms)
        f = s.frame(now: 100 * Self.ms)
        #expect(f.wakeAt == 500 * Self.ms && lamp(f, "left")?.showsLit == true)
        #expect(!f.animating)  // a lamp alone eases nothing: no frames between the edges
        f = s.frame(now: 500 * Self.ms)
        #expect(f.wakeAt == 1000 * Self.ms && lamp(f, "left")?.showsLit == false)
        f = s.frame(now: 1_000_300 * Self.ms / 1000)
        #expect(f.wakeAt == 1500 * Self.ms && lamp(f, "left")?.showsLit == true)
        s.accept(Sample(name: "turn", value: 0, unit: .none), now: 1200 * Self.ms)
        f = s.frame(now: 1200 * Self.ms)
        #expect(f.wakeAt == nil && lamp(f, "left")?.showsLit == false)
    }
}
