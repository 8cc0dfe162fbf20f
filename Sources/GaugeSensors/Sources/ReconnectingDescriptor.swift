import GaugeDecoders
import GaugeSystem

/// A descriptor that comes and goes — a serial device, a TCP connection, a UDP port, a
/// CAN socket — and the lifecycle every such source shares: closed until a reopen time,
/// a connect or a handshake in progress until its deadline, open since a time; the
/// backoff between tries (started again only after a connection held
/// `SourceJournal.settleTime`); the failure already reported, so the same one again is
/// retried quietly; the names the source has emitted, for marking them stale on a loss;
/// and the counters. The source opens, reads and writes; this says where it stands.
public struct ReconnectingDescriptor: Sendable {
    public enum State: Sendable, Equatable {
        /// No descriptor: opened again at `until`.
        case closed(until: UInt64)
        /// A TCP connect in progress on `fd`: it fails with ETIMEDOUT at `deadline`.
        case connecting(fd: Int32, deadline: UInt64)
        /// A handshake in progress on `fd` (TLS; a CAN socket's first read): it fails at `deadline`.
        case handshaking(fd: Int32, deadline: UInt64)
        case open(fd: Int32, since: UInt64)
    }

    public struct Statistics: Sendable, Equatable {
        public var opens: UInt64 = 0
        public var openFailures: UInt64 = 0
        public var disconnects: UInt64 = 0
        public var lastError: Errno?
        public init() {}
    }

    public private(set) var state = State.closed(until: 0)
    /// Where it stands, as the run summary says it.
    public private(set) var status = DescriptorSourceStatus.idle
    public private(set) var statistics = Statistics()
    /// The names the source has emitted (bounded: a stream of ever new names must not
    /// grow the panel), so that a loss can mark the channels reading them stale.
    public private(set) var emittedNames = BoundedNameSet()
    private var backoff: Backoff
    /// The open failure already reported (with its sentence, when it has one).
    private var reported: (errno: Errno, reason: String?)?

    public init(backoff: Backoff) {
        self.backoff = backoff
    }

    public var fileDescriptor: Int32? {
        switch state {
        case .closed: nil
        case .connecting(let fd, _), .handshaking(let fd, _), .open(let fd, _): fd
        }
    }

    public var isOpen: Bool {
        if case .open = state { true } else { false }
    }

    /// Failed opens and losses so far.
    public var failureCount: UInt64 { statistics.openFailures &+ statistics.disconnects }

    /// When the source wants servicing for its own sake: the reopen time, or the connect's
    /// or handshake's timeout; nil while open.
    public var deadline: UInt64? {
        switch state {
        case .closed(let until): until
        case .connecting(_, let d), .handshaking(_, let d): d
        case .open: nil
        }
    }

    /// Whether it is closed and its reopen time has come.
    public func isDue(_ now: UInt64) -> Bool {
        if case .closed(let until) = state { now >= until } else { false }
    }

    /// A TCP connect started on `fd`.
    public mutating func connecting(fd: Int32, now: UInt64, timeout: UInt64) {
        state = .connecting(fd: fd, deadline: now &+ timeout)
        status = .connecting
    }

    /// A handshake starts: on the connected descriptor (TLS after a TCP connect), or on
    /// `fd` just opened and not known to work yet (a CAN socket, until its first read).
    public mutating func handshaking(fd: Int32? = nil, now: UInt64, timeout: UInt64) {
        guard let fd = fd ?? fileDescriptor else { return }
        state = .handshaking(fd: fd, deadline: now &+ timeout)
    }

    /// `fd` works: the next failure is said again.
    public mutating func opened(fd: Int32, now: UInt64) -> DescriptorSourceEvent {
        statistics.opens &+= 1
        state = .open(fd: fd, since: now)
        status = .open
        reported = nil
        return .connected
    }

    /// The open (or connect, or handshake) failed, its descriptor already closed by the
    /// caller: retried after the backoff (from its first step when `retrySoon`), said
    /// unless it is the failure already reported.
    public mutating func openFailed(now: UInt64, _ error: Errno, reason: String? = nil, retrySoon: Bool = false) -> DescriptorSourceEvent? {
        statistics.openFailures &+= 1
        statistics.lastError = error
        if retrySoon { backoff.reset() }
        state = .closed(until: now &+ backoff.next())
        // Reopening after a loss fails for the loss's own reason, or with ENOENT (a device
        // unplugged): that is what the loss said.
        if case .lost(let cause) = status, error == cause || error == .noSuchFileOrDirectory { reported = (error, reason) }
        status = .notOpen(error)
        if let r = reported, r.errno == error, r.reason == reason { return nil }
        reported = (error, reason)
        return .openFailed(error)
    }

    /// The open descriptor went away (`error` nil: a hang-up), already closed by the
    /// caller: reopened after the backoff, or `atLeast` if longer. The names emitted go
    /// to the caller to mark stale.
    public mutating func lost(now: UInt64, _ error: Errno?, atLeast: UInt64 = 0) -> DescriptorSourceEvent {
        if case .open(_, let since) = state, now &- since >= SourceJournal.settleTime { backoff.reset() }
        statistics.disconnects &+= 1
        statistics.lastError = error
        state = .closed(until: now &+ max(backoff.next(), atLeast))
        status = .lost(error)
        return .disconnected(channels: emittedNames.sorted, moreNames: emittedNames.overflowed)
    }

    /// The protocol closed the connection by agreement (nothing failed, the caller closed
    /// the descriptor): opened again at once, counted as nothing.
    public mutating func closedByAgreement(now: UInt64) {
        if case .open = state { state = .closed(until: now) }
    }

    /// The source emitted a sample of this name.
    public mutating func emitted(_ name: String) { emittedNames.insert(name) }

    /// Opened again at `now`, whatever the backoff (a serial device's folder changed).
    public mutating func reopenNow(_ now: UInt64) {
        if case .closed = state { state = .closed(until: now) }
    }
}

/// A source's counters: its connection's (`link`, kept by its `ReconnectingDescriptor`)
/// and its own traffic's, read through the same names.
public protocol ConnectionCounters {
    var link: ReconnectingDescriptor.Statistics { get }
}

extension ConnectionCounters {
    public var opens: UInt64 { link.opens }
    public var openFailures: UInt64 { link.openFailures }
    public var disconnects: UInt64 { link.disconnects }
    public var lastError: Errno? { link.lastError }
}
