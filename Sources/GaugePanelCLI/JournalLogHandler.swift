import GaugePanel
import Glibc
import Logging

/// Log lines on standard error that keep their priority in the journal. Under systemd,
/// when stderr is the journal's stream (`JOURNAL_STREAM` names its device and inode), each
/// line starts with its syslog priority — `<3>` error, `<4>` warning, `<6>` info — which
/// journald takes as the entry's PRIORITY (sd-daemon(3)), and carries no timestamp (the
/// journal has one). Elsewhere it is swift-log's usual stderr line.
struct JournalLogHandler: LogHandler {
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
        let bytes = Array(JournalStream.line(level: LogLevel(event.level), message: "\(event.message)").utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}

/// The host's `PanelLog`: the panel's lines through swift-log (bootstrapped with
/// `JournalLogHandler`), marked as coming from GaugePanel as they always were.
final class SwiftLogPanelLog: PanelLog {
    let logger: Logger
    init(_ logger: Logger) { self.logger = logger }
    func log(_ level: LogLevel, _ message: String) {
        logger.log(level: Logger.Level(level), "\(message)", source: "GaugePanel")
    }
}

// The two level types spell their cases alike ("trace" … "critical"): convert by name.
extension Logger.Level {
    init(_ level: LogLevel) { self = Logger.Level(rawValue: level.name) ?? .info }
}

extension LogLevel {
    init(_ level: Logger.Level) {
        self = [LogLevel.trace, .debug, .info, .notice, .warning, .error, .critical].first { $0.name == level.rawValue } ?? .info
    }
}
