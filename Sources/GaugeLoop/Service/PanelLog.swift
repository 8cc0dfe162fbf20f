import CPanelSystem

/// How much a log line matters, as syslog's levels (`JournalStream.priority`).
public enum LogLevel: Int, Comparable, Sendable {
    case trace, debug, info, notice, warning, error, critical

    public static func < (a: LogLevel, b: LogLevel) -> Bool { a.rawValue < b.rawValue }

    /// As swift-log and the log lines spell it.
    public var name: String {
        switch self {
        case .trace: "trace"
        case .debug: "debug"
        case .info: "info"
        case .notice: "notice"
        case .warning: "warning"
        case .error: "error"
        case .critical: "critical"
        }
    }
}

/// Where the panel's log lines go. The host command line fills it with swift-log
/// (GaugePanelCLI's `SwiftLogPanelLog`), the firmware with `StderrLog`; tests collect
/// the lines. Class-bound, so `any PanelLog` is allowed in Embedded Swift too.
public protocol PanelLog: AnyObject {
    func log(_ level: LogLevel, _ message: String)
}

/// systemd's journal on standard error: when stderr is the stream systemd connected to
/// the journal (`JOURNAL_STREAM` names its device and inode), each line starts with its
/// syslog priority — `<3>` error, `<4>` warning, `<6>` info — which journald takes as
/// the entry's PRIORITY (sd-daemon(3)), and carries no timestamp (the journal has one).
public enum JournalStream {
    /// `<priority>message\n`, one line per message line (a multi-line message keeps its
    /// priority on every line).
    public static func line(level: LogLevel, message: String) -> String {
        let p = "<\(priority(level))>"
        return message.split(separator: "\n", omittingEmptySubsequences: false).map { p + $0 }.joined(separator: "\n") + "\n"
    }

    /// syslog(3) priorities.
    public static func priority(_ level: LogLevel) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }

    /// Whether `value` (JOURNAL_STREAM, "<device>:<inode>") names this stream — not one
    /// merely inherited from a parent whose stderr it was.
    public static func isJournalStream(_ value: String?, device: UInt64, inode: UInt64) -> Bool {
        guard let value else { return false }
        let parts = value.split(separator: ":")
        guard parts.count == 2, let d = UInt64(parts[0]), let i = UInt64(parts[1]) else { return false }
        return d == device && i == inode
    }

    /// `isJournalStream` for this process's stderr.
    public static func stderrIsJournal() -> Bool {
        guard let v = getenv("JOURNAL_STREAM") else { return false }
        var st = stat()
        guard fstat(2, &st) == 0 else { return false }
        return isJournalStream(String(cString: v), device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
    }
}
