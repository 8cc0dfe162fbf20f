import GaugeConfig
import GaugeDecoders

/// `[control]` as pure logic: the messages on `<topic>/set/…` read as commands, and the
/// panel's page, theme and brightness published, retained, on `<topic>/state/…` each time
/// one differs from what was last published (all again after the connection opens, so a
/// broker restarted without persistence has them).
struct RemoteControl: Sendable {
    enum Command: Equatable, Sendable {
        case page(String)
        case nextPage, previousPage
        case theme(ThemeConfiguration.Name)
        case toggleTheme
        case brightness(Int)
        case acknowledge
    }

    let configuration: RemoteControlConfiguration
    private var published: (page: String?, theme: String?, brightness: String?) = (nil, nil, nil)
    private var outbox: [PanelMessage] = []

    init(_ configuration: RemoteControlConfiguration) {
        self.configuration = configuration
    }

    /// The filter its commands come on.
    var commandFilter: String { configuration.topic + "/set/+" }

    /// `message` as a command; nil (and why, for the log) when it is not one.
    func command(_ message: TopicMessage) -> (command: Command?, problem: String?) {
        let prefix = configuration.topic + "/set/"
        guard message.topic.hasPrefix(prefix) else { return (nil, nil) }
        let what = String(message.topic.dropFirst(prefix.utf8.count))
        let text = Self.trimmed(String(decoding: message.payload, as: UTF8.self))
        switch what {
        case "page":
            return (text == "next" ? .nextPage : text == "previous" ? .previousPage : .page(text), nil)
        case "theme":
            if text == "toggle" { return (.toggleTheme, nil) }
            if let t = ThemeConfiguration.Name(rawValue: text) { return (.theme(t), nil) }
            return (nil, "control: \(message.topic) takes day, night or toggle, got \"\(text)\"")
        case "brightness":
            if let p = Int(text), p >= 0, p <= 100 { return (.brightness(p), nil) }
            return (nil, "control: \(message.topic) takes 0…100 (per cent), got \"\(text)\"")
        case "acknowledge": return (.acknowledge, nil)
        default: return (nil, "control: \(message.topic) is not a command (page, theme, brightness, acknowledge)")
        }
    }

    /// Queues the state topics that differ from what was last published.
    mutating func publish(page: String, theme: String, brightness: Int?) {
        if published.page != page { send("page", page) }
        published.page = page
        if published.theme != theme { send("theme", theme) }
        published.theme = theme
        guard let b = brightness.map({ String($0) }) else { return }
        if published.brightness != b { send("brightness", b) }
        published.brightness = b
    }

    /// The connection (re)opened: everything is published again.
    mutating func connectionOpened() { published = (nil, nil, nil) }

    mutating func takeMessages() -> [PanelMessage] {
        defer { outbox = [] }
        return outbox
    }

    private mutating func send(_ what: String, _ value: String) {
        let m = TopicMessage(topic: configuration.topic + "/state/" + what, payload: Array(value.utf8), retain: true)
        outbox.append(PanelMessage(sensor: configuration.sensor, message: m, origin: nil))
    }

    static func trimmed(_ s: String) -> String {
        var u = Array(s.utf8)
        while let l = u.last, l == 32 || l == 10 || l == 13 || l == 9 { u.removeLast() }
        while let f = u.first, f == 32 || f == 10 || f == 13 || f == 9 { u.removeFirst() }
        return String(decoding: u, as: UTF8.self)
    }
}
