import GaugeDecoders
import GaugeSystem

/// A source whose descriptor comes and goes — a serial device, a TCP connection, a UDP
/// port, a CAN interface (MQTT and gpsd ride on TCP) — as the run loop drives it: a
/// descriptor to poll, a deadline to wake for, `service` when either fires. Class-bound (a
/// source owns its descriptor), so `any DescriptorSource` is a reference, which Embedded
/// Swift allows.
public protocol DescriptorSource: AnyObject {
    var path: String { get }
    /// The open descriptor to poll for input (nil while closed, waiting to reopen).
    var fileDescriptor: Int32? { get }
    /// Poll the descriptor for writability too: a TCP connect in progress ends so.
    var wantsWritable: Bool { get }
    /// When to call `service` even without input: a reopen, a protocol's poll or timeout.
    var nextDeadline: UInt64? { get }
    /// Garbled input dropped so far.
    var droppedCount: UInt64 { get }
    /// Where the line stands now (the run summary lists it).
    var status: DescriptorSourceStatus { get }
    /// How many times it was opened (more than one: it came back).
    var openCount: UInt64 { get }
    /// Failed opens and losses so far (the run summary's `failures:`; the log's "still
    /// failing" count, which includes the retries said nothing of).
    var failureCount: UInt64 { get }
    /// While closed: a descriptor readable when the device's folder changes.
    var watchDescriptor: Int32? { get }
    /// The watch descriptor was readable: try to open at the next `service`.
    func folderChanged(now: UInt64)
    /// Opens, reads and writes as needed; samples go to `sink`; a connection change is returned.
    func service(now: UInt64, into sink: (Sample) -> Void) -> DescriptorSourceEvent?
    /// Closes the device now (shutdown, reload).
    func close(now: UInt64)
    /// What the log and the run summary call it: `serial`, `tcp`, `udp`, `can`.
    var kindName: String { get }
    /// What to do when it cannot be opened, for the log line that says so.
    func openAdvice(_ error: Errno) -> String
    /// What to do when an open line is lost with `error`, for the log line that says so
    /// (nil: the error says enough; a CAN interface that went down says how to bring it up).
    func lossAdvice(_ error: Errno) -> String?
    /// Counters for the run summary after the state (`frames:…,errors:…`), or "".
    var summaryDetail: String { get }
    /// Things to log once that are not connection changes (an OBD-II PID given up).
    func takeNotices() -> [String]
    /// What the source said about alarms since the last call (a Signal K server's zones
    /// and notifications).
    func takeAlarms() -> [SourceAlarm]
    /// Whether a decoded name no channel reads is worth a log line: not for a DBC bus,
    /// whose channels' sources were checked against the file and which carries many
    /// signals a board does not show.
    var reportsUnreadNames: Bool { get }
    /// Queues a message to send on the line's protocol (an MQTT control's command); false
    /// when it sends none or is not connected. `service` writes it.
    func publish(_ message: TopicMessage) -> Bool
    /// Also receives the messages on `filter` (see `StreamProtocol.listen`).
    func listen(to filter: String) -> Bool
    /// The messages received on those filters since the last call.
    func takeMessages() -> [TopicMessage]
}

extension DescriptorSource {
    public var kindName: String { "serial" }
    public var wantsWritable: Bool { false }
    public func openAdvice(_ error: Errno) -> String { error.serialOpenAdvice }
    public func lossAdvice(_ error: Errno) -> String? { nil }
    public var summaryDetail: String { "" }
    public func takeNotices() -> [String] { [] }
    public func takeAlarms() -> [SourceAlarm] { [] }
    public var reportsUnreadNames: Bool { true }
    public func publish(_ message: TopicMessage) -> Bool { false }
    public func listen(to filter: String) -> Bool { false }
    public func takeMessages() -> [TopicMessage] { [] }
}

/// A serial line's connection changed. Each is returned once per change, so a caller
/// can log every one without flooding: a line that keeps failing to open says so once.
public enum DescriptorSourceEvent: Sendable, Equatable {
    /// Opened (the first time, or again after it was lost or failed to open).
    case connected
    /// Opening (or a TCP connect) failed, for the first time or with another errno than last time; it is
    /// retried with backoff, quietly.
    case openFailed(Errno)
    /// The names this line had emitted: mark the channels reading them stale.
    /// `moreNames`: it emitted more distinct names than it remembers, so every channel
    /// of the line should be marked.
    case disconnected(channels: [String], moreNames: Bool = false)
}

/// Where a serial line stands.
public enum DescriptorSourceStatus: Sendable, Equatable {
    /// Not tried yet.
    case idle
    case open
    /// A TCP connect in progress.
    case connecting
    /// The last open failed with this errno.
    case notOpen(Errno)
    /// It was open and went away (nil: hung up, end of file).
    case lost(Errno?)

    /// One word-ish token for the run summary: `open`, `not-open:errno-2`, `lost:hangup`.
    public var token: String {
        switch self {
        case .idle: "idle"
        case .open: "open"
        case .connecting: "connecting"
        case .notOpen(let e): "not-open:errno-\(e.rawValue)"
        case .lost(let e): "lost:" + (e.map { "errno-\($0.rawValue)" } ?? "hangup")
        }
    }
}

extension Errno {
    /// What to do when a serial device cannot be opened, for the log line that says so.
    public var serialOpenAdvice: String {
        switch self {
        case .noSuchFileOrDirectory:
            "is the adapter plugged in? `ls /dev/serial/by-id/` lists the ones attached; put that path in the board's device"
        case .permissionDenied, .notPermitted:
            "the user needs the dialout group (`sudo usermod -aG dialout $USER`, then log in again; the service's user has it)"
        case .inappropriateIOCTLForDevice, .invalidArgument:
            "not a serial line (no tty behind it): name the adapter's /dev/ttyUSB*, /dev/ttyACM*, /dev/serial0 or /dev/serial/by-id/ path"
        case .isDirectory:
            "a directory, not a device: name the device node (e.g. one in /dev/serial/by-id/)"
        case .resourceBusy:
            "another program holds it (a login getty on the UART, ModemManager): `sudo fuser -v` names it"
        case .noSuchAddressOrDevice, .operationNotSupportedByDevice:
            "no driver behind the node (unplugged, or the UART not enabled in config.txt)"
        default:
            "check the board's device path and `dmesg` for the adapter"
        }
    }
}
