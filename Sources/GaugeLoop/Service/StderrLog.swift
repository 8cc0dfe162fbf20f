import CPanelSystem

/// The smallest `PanelLog`: lines on standard error, as the host's swift-log lines look —
/// `2026-11-25T18:17:00+0000 info gaugepanel: [GaugePanel] serial /dev/ttyS1: connected` —
/// or, when stderr is the journal, `<6>serial /dev/ttyS1: connected`. The firmware's log
/// (it has no swift-log), and the one a test or tool can use without bootstrapping.
public final class StderrLog: PanelLog {
    public let label: String
    public let minimum: LogLevel
    let toJournal: Bool

    public init(label: String = "gaugepanel", minimum: LogLevel = .info, toJournal: Bool = JournalStream.stderrIsJournal()) {
        self.label = label
        self.minimum = minimum
        self.toJournal = toJournal
    }

    public func log(_ level: LogLevel, _ message: String) {
        guard level >= minimum else { return }
        let text =
            toJournal
            ? JournalStream.line(level: level, message: message)
            : Self.line(timestamp: Self.timestamp(), level: level, label: label, message: message)
        // One write(2) per message, so lines from one process never interleave.
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }

    /// swift-log's StreamLogHandler line, for a message from the GaugePanel module.
    static func line(timestamp: String, level: LogLevel, label: String, message: String) -> String {
        "\(timestamp) \(level.name) \(label): [GaugePanel] \(message)\n"
    }

    /// Local time as swift-log stamps its stderr lines: 2026-11-25T18:17:00+0000.
    static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        guard localtime_r(&now, &parts) != nil else { return "-" }
        var buffer = [CChar](repeating: 0, count: 32)
        let n = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
        return String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
