import GaugeLoop
import Synchronization

/// Collects what the panel logs (a `PanelLog`).
public final class CapturedLines: PanelLog, Sendable {
    private let storage = Mutex<[(LogLevel, String)]>([])
    public init() {}
    public func log(_ level: LogLevel, _ message: String) { storage.withLock { $0.append((level, message)) } }
    public var lines: [String] { storage.withLock { $0.map(\.1) } }
    public var levels: [LogLevel] { storage.withLock { $0.map(\.0) } }
}
