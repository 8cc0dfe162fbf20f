import GaugeConfig
import GaugeDecoders

/// What the panel sends and receives over the network: the buttons' and switches'
/// messages (ControlDesk), and `[control]`'s commands and the state it publishes back
/// (RemoteControl).
extension PanelState {
    /// The messages to send since the last call (a control tapped, the state changed).
    public mutating func takeMessages() -> [PanelMessage] { controls.takeMessages() + (remote?.takeMessages() ?? []) }

    /// A line for the log (`takeNotices`).
    mutating func note(_ line: String) { notices.append(line) }

    /// Messages on the command topics, acted on as the keys act; a brightness asked for is
    /// returned, the backlight being the caller's.
    public mutating func receive(_ messages: [TopicMessage]) -> Int? {
        guard let remote else { return nil }
        var brightness: Int?
        for m in messages {
            let (command, problem) = remote.command(m)
            if let problem { note(problem) }
            switch command {
            case .page(let name)?:
                if let p = layout.pages.firstIndex(where: { $0.name == name }) {
                    show(page: Int32(p))
                } else {
                    note("control: \(m.topic): no page \"\(name)\" (pages: \(layout.pages.map { $0.name }.joined(separator: ", ")))")
                }
            case .nextPage?: handle(.nextPage)
            case .previousPage?: handle(.previousPage)
            case .theme(let t)?: setTheme(t)
            case .toggleTheme?: handle(.toggleNight)
            case .acknowledge?: acknowledgeAlarms()
            case .brightness(let p)?: brightness = p
            case nil: break
            }
        }
        isDirty = true
        return brightness
    }

    /// Sensor `sensor`'s connection opened: `[control]`'s state goes out again on it.
    public mutating func connected(sensor: Int) {
        guard remote?.configuration.sensor == sensor else { return }
        remote?.connectionOpened()
        isDirty = true
    }

    /// The backlight's level now (a brightness key, a remote command).
    public mutating func noteBrightness(_ percent: Int) {
        brightness = percent
        isDirty = true
    }

    /// The page, theme and brightness to `[control]`'s state topics, where they changed.
    mutating func publishState() {
        guard remote != nil else { return }
        let name = layout.pages.isEmpty ? "" : layout.pages[Int(page)].name
        remote?.publish(page: name, theme: themes.active.rawValue, brightness: brightness)
    }
}
