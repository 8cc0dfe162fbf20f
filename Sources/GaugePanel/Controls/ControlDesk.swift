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
/// opposite of the state it shows), a manual output toggled or a key's action; a button
/// shows pressed for a moment, and a switch without a state channel shows what it last
/// sent. A switch with one shows only what its device reports (its channel), whatever was
/// tapped; a switch of an output shows what the output does.
struct ControlDesk: Sendable {
    /// How long a tapped button shows pressed.
    static let pressNanoseconds: UInt64 = 250_000_000

    let controls: [ControlConfiguration]
    /// Some control toggles an output (its state is fed back for it).
    let showsOutputs: Bool
    /// Per control: until when a button shows pressed.
    private var pressedUntil: [UInt64]
    /// Per control: a switch's state as last sent, shown when it has no state channel.
    private var assumed: [Double]
    private var outbox: [PanelMessage] = []

    init(_ controls: [ControlConfiguration]) {
        self.controls = controls
        showsOutputs = controls.contains { if case .output = $0.target { true } else { false } }
        pressedUntil = Array(repeating: 0, count: controls.count)
        assumed = Array(repeating: .nan, count: controls.count)
    }

    var isEmpty: Bool { controls.isEmpty }

    /// The control at (`x`, `y`) on `page`, if any.
    func control(atX x: Int32, y: Int32, page: Int32) -> Int? {
        controls.indices.first { controls[$0].page == page && controls[$0].frame.contains(x: x, y: y) }
    }

    /// What a tap asks of the panel beyond a message: a manual output toggled, or a key's
    /// action.
    enum TapEffect: Equatable {
        case output(OutputCommand)
        case action(InputConfiguration.Action)
    }

    /// Control `i` tapped at `now`: a button shows pressed; its message queued, or what the
    /// panel must do returned. `state`: a switch's state now (its channel's, or its
    /// output's; unused by an optimistic one).
    mutating func tap(_ i: Int, state: Double, now: UInt64) -> TapEffect? {
        let c = controls[i]
        if case .press = c.action { pressedUntil[i] = now &+ Self.pressNanoseconds }
        switch c.target {
        case .output(let o): return .output(OutputCommand(output: o, set: .toggle))
        case .action(let a): return .action(a)
        case .mqtt(let topic, let qos, let sensor):
            let payload: String
            switch c.action {
            case .press(let p): payload = p
            case .toggle(let on, let off):
                let shown = c.stateChannel == nil ? assumed[i] : state
                let isOn = shown.isFinite && shown != 0
                payload = isOn ? off : on
                if c.stateChannel == nil { assumed[i] = isOn ? 0 : 1 }
            }
            let kind = if case .press = c.action { "button" } else { "switch" }
            outbox.append(
                PanelMessage(
                    sensor: sensor, message: TopicMessage(topic: topic, payload: Array(payload.utf8), qos: qos),
                    origin: kind + " \"" + c.widget + "\""))
            return nil
        }
    }

    /// Buttons pressed, optimistic switches and those showing an output (`outputs`: each
    /// output's state) on `shown`'s page; when a press ends next.
    func show(on shown: inout Dashboard, now: UInt64, outputs: [Bool] = []) -> UInt64? {
        var next: UInt64?
        for (i, c) in controls.enumerated() where c.page == shown.currentPage {
            switch c.action {
            case .press:
                let pressed = now < pressedUntil[i]
                shown.setValue(ofWidget: c.widget, page: c.page, to: pressed ? 1 : 0)
                if pressed { next = min(next ?? pressedUntil[i], pressedUntil[i]) }
            case .toggle:
                if case .output(let o) = c.target {
                    shown.setValue(ofWidget: c.widget, page: c.page, to: o < outputs.count ? (outputs[o] ? 1 : 0) : .nan)
                } else if c.stateChannel == nil {
                    shown.setValue(ofWidget: c.widget, page: c.page, to: assumed[i])
                }
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
