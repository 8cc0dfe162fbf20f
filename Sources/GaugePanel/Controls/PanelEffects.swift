import GaugeConfig
import GaugeInput

/// What the panel's state asks of the devices it does not own, queued for the services
/// that do: manual outputs switched (the output service takes them), sounds to play once
/// (the sound service), and what the outputs do now, fed back for the switches showing
/// them. Bounded: a service that is not there (no sound device) loses only old requests.
struct PanelEffects: Sendable {
    static let limit = 16
    private(set) var outputCommands: [OutputCommand] = []
    private(set) var sounds: [AlarmSound] = []
    /// Each output's state as its service last decided it.
    private(set) var outputsOn: [Bool] = []

    mutating func queue(_ command: OutputCommand) {
        if outputCommands.count >= Self.limit { outputCommands.removeFirst() }
        outputCommands.append(command)
    }

    mutating func queue(_ sound: AlarmSound) {
        if sounds.count >= Self.limit { sounds.removeFirst() }
        sounds.append(sound)
    }

    mutating func takeOutputCommands() -> [OutputCommand] {
        defer { outputCommands = [] }
        return outputCommands
    }

    mutating func takeSounds() -> [AlarmSound] {
        defer { sounds = [] }
        return sounds
    }

    /// True when that changed what a switch may show.
    mutating func noteOutputs(_ on: [Bool]) -> Bool {
        guard on != outputsOn else { return false }
        outputsOn = on
        return true
    }
}

extension PanelState {
    /// The manual outputs' orders since the last call (buttons, switches, triggers).
    public mutating func takeOutputCommands() -> [OutputCommand] { effects.takeOutputCommands() }

    /// The sounds triggers asked to play since the last call.
    public mutating func takeSounds() -> [AlarmSound] { effects.takeSounds() }

    /// What each output does now; true when a switch showing one must be drawn again.
    public mutating func noteOutputs(_ on: [Bool]) -> Bool {
        guard controls.showsOutputs, effects.noteOutputs(on) else { return false }
        isDirty = true
        return true
    }

    /// A tap at (`x`, `y`) on a control of the page shown, at `now`: a message queued, a
    /// manual output's toggle queued, or — a button whose target is an action — that
    /// action, returned for the caller to perform as a key's (the button shows pressed).
    /// nil when no control is there or the tap needs nothing more.
    mutating func tapControl(atX x: Int32, y: Int32, now: UInt64) -> InputAction? {
        guard let c = controls.control(atX: x, y: y, page: page) else { return nil }
        let control = controls.controls[c]
        let state: Double
        if case .output(let o) = control.target {
            state = o < effects.outputsOn.count ? (effects.outputsOn[o] ? 1 : 0) : .nan
        } else {
            state = control.stateChannel.map { value(of: $0, now: now) } ?? .nan
        }
        isDirty = true
        switch controls.tap(c, state: state, now: now) {
        case .output(let command)?:
            effects.queue(command)
            return nil
        case .action(let a)?: return InputHub.action(a)
        case nil: return nil
        }
    }
}
