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
        return stamp(parts)
    }

    /// What glibc's `strftime(_, _, "%Y-%m-%dT%H:%M:%S%z", parts)` writes, without its
    /// locale-aware engine (10 KB of the firmware): the year unpadded, the other fields
    /// two digits, the offset's sign, hours and minutes (none when `tm_isdst` is negative).
    static func stamp(_ parts: tm) -> String {
        var text = String(Int64(parts.tm_year) + 1900)
        text += "-" + digits(Int64(parts.tm_mon) + 1, count: 2)
        text += "-" + digits(Int64(parts.tm_mday), count: 2)
        text += "T" + digits(Int64(parts.tm_hour), count: 2)
        text += ":" + digits(Int64(parts.tm_min), count: 2)
        text += ":" + digits(Int64(parts.tm_sec), count: 2)
        guard parts.tm_isdst >= 0 else { return text }
        let offset = Int64(parts.tm_gmtoff)
        let minutes = Int64(offset.magnitude / 60)
        return text + (offset < 0 ? "-" : "+") + digits(minutes / 60 * 100 + minutes % 60, count: 4)
    }

    /// `value` in decimal, zero-padded to `count` digits.
    static func digits(_ value: Int64, count: Int) -> String {
        var text = String(value)
        while text.utf8.count < count { text = "0" + text }
        return text
    }
}
