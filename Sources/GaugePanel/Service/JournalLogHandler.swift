import CSystem
import Logging

/// Log lines on standard error that keep their priority in the journal. Under systemd,
/// when stderr is the journal's stream (`JOURNAL_STREAM` names its device and inode), each
/// line starts with its syslog priority — `<3>` error, `<4>` warning, `<6>` info — which
/// journald takes as the entry's PRIORITY (sd-daemon(3)), and carries no timestamp (the
/// journal has one). Elsewhere it is swift-log's usual stderr line.
public struct JournalLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    let label: String
    let stream: StreamLogHandler

    /// `toJournal` when stderr is the journal's stream (`isJournalStream()`).
    public init(label: String, toJournal: Bool) {
        self.label = label
        self.toJournal = toJournal
        stream = StreamLogHandler.standardError(label: label)
    }
    let toJournal: Bool

    public func log(event: LogEvent) {
        guard toJournal else {
            var s = stream
            s.logLevel = logLevel
            s.log(event: event)
            return
        }
        // One write(2) per message, so lines from one process never interleave.
        let bytes = Array(Self.journalLine(level: event.level, message: "\(event.message)").utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }

    /// `<priority>message\n`, one line per message line (a multi-line message keeps its
    /// priority on every line).
    static func journalLine(level: Logger.Level, message: String) -> String {
        let p = "<\(priority(level))>"
        return message.split(separator: "\n", omittingEmptySubsequences: false).map { p + $0 }.joined(separator: "\n") + "\n"
    }

    /// syslog(3) priorities.
    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }

    /// Whether stderr is the stream systemd connected to the journal: `JOURNAL_STREAM` is
    /// "<device>:<inode>" of that stream, and stderr's match (not merely inherited).
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
