import GaugeConfig
import GaugeDecoders
import GaugeWidgets

/// A message for the network: what to send and through which of the board's sensors.
public struct PanelMessage: Sendable, Equatable {
    /// An index into the board's sensors (a `kind = "mqtt"` one).
    public var sensor: Int
    public var message: TopicMessage
    /// What sent it, for the log: `button "doorbell"`; nil: the panel's state, not logged.
    public var origin: String?
}

/// The board's buttons and switches, as pure logic: a tap on one on the page shown
/// becomes a message (a button's payload; a switch's `payload_on` or `payload_off`, the
/// opposite of the state it shows), a button shows pressed for a moment, and a switch
/// without a state channel shows what it last sent. A switch with one shows only what its
/// device reports (its channel), whatever was tapped.
struct ControlDesk: Sendable {
    /// How long a tapped button shows pressed.
    static let pressNanoseconds: UInt64 = 250_000_000

    let controls: [ControlConfiguration]
    /// Per control: until when a button shows pressed.
    private var pressedUntil: [UInt64]
    /// Per control: a switch's state as last sent, shown when it has no state channel.
    private var assumed: [Double]
    private var outbox: [PanelMessage] = []

    init(_ controls: [ControlConfiguration]) {
        self.controls = controls
        pressedUntil = Array(repeating: 0, count: controls.count)
        assumed = Array(repeating: .nan, count: controls.count)
    }

    var isEmpty: Bool { controls.isEmpty }

    /// The control at (`x`, `y`) on `page`, if any.
    func control(atX x: Int32, y: Int32, page: Int32) -> Int? {
        controls.indices.first { controls[$0].page == page && controls[$0].frame.contains(x: x, y: y) }
    }

    /// Control `i` tapped at `now`: its message queued. `state`: a switch's state channel
    /// now (unused without one).
    mutating func tap(_ i: Int, state: Double, now: UInt64) {
        let c = controls[i]
        let payload: String
        switch c.action {
        case .press(let p):
            payload = p
            pressedUntil[i] = now &+ Self.pressNanoseconds
        case .toggle(let on, let off):
            let shown = c.stateChannel == nil ? assumed[i] : state
            let isOn = shown.isFinite && shown != 0
            payload = isOn ? off : on
            if c.stateChannel == nil { assumed[i] = isOn ? 0 : 1 }
        }
        let kind = if case .press = c.action { "button" } else { "switch" }
        outbox.append(
            PanelMessage(
                sensor: c.sensor, message: TopicMessage(topic: c.commandTopic, payload: Array(payload.utf8), qos: c.qos),
                origin: kind + " \"" + c.widget + "\""))
    }

    /// Buttons pressed and optimistic switches on `shown`'s page; when a press ends next.
    func show(on shown: inout Dashboard, now: UInt64) -> UInt64? {
        var next: UInt64?
        for (i, c) in controls.enumerated() where c.page == shown.currentPage {
            switch c.action {
            case .press:
                let pressed = now < pressedUntil[i]
                shown.setValue(ofWidget: c.widget, page: c.page, to: pressed ? 1 : 0)
                if pressed { next = min(next ?? pressedUntil[i], pressedUntil[i]) }
            case .toggle:
                if c.stateChannel == nil { shown.setValue(ofWidget: c.widget, page: c.page, to: assumed[i]) }
            }
        }
        return next
    }

    /// A message to send besides the taps' (a trigger's).
    mutating func queue(_ message: PanelMessage) { outbox.append(message) }

    /// The messages taps made since the last call.
    mutating func takeMessages() -> [PanelMessage] {
        defer { outbox = [] }
        return outbox
    }
}

extension Dashboard {
    /// Sets the value of widget `id` on page `page`.
    mutating func setValue(ofWidget id: String, page: Int32, to value: Double) {
        let p = Int(page)
        guard p < pages.count, let w = pages[p].widgets.firstIndex(where: { $0.id == id }) else { return }
        pages[p].widgets[w].setValue(value)
    }
}
