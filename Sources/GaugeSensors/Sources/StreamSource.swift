import GaugeSystem

/// A byte stream feeding a decoder or a polled protocol: a serial device (USB adapter,
/// UART, pty), a TCP connection the panel makes, or the datagrams of a UDP port it binds.
///
/// No threads, no busy wait: the caller polls `fileDescriptor` for input — and for
/// writability while `wantsWritable` (a TCP connect in progress) — and calls
/// `service(now:)` when it is ready or when `nextDeadline` passes. When the stream ends
/// (EOF/hang-up, EIO, ENODEV, a reset connection, the protocol giving up) the source
/// closes it, reports the names it had produced so the caller can mark them stale, and
/// opens it again with exponential backoff — a serial device at once when its folder
/// changes (`watchDescriptor`). A class because it owns file descriptors (closed on deinit).
/// Over TCP with `tlsCAFile`, the connection is TLS (`StreamSecurity`): the handshake runs
/// on the same polls, and the line counts as open once it has finished.
public final class StreamSource<P: SerialProtocol>: SerialLine {
    public typealias Event = SerialLineEvent

    public struct Statistics: Sendable, Equatable {
        public var opens: UInt64 = 0
        public var openFailures: UInt64 = 0
        public var disconnects: UInt64 = 0
        public var bytesRead: UInt64 = 0
        public var bytesWritten: UInt64 = 0
        public var writeFailures: UInt64 = 0
        /// UDP: datagrams read (each one decoded on its own).
        public var datagrams: UInt64 = 0
        public var lastError: Errno?
    }

    /// How long a TCP connect may take before it fails with ETIMEDOUT.
    public static var connectTimeout: UInt64 { 5 * Nanoseconds.perSecond }

    public let transport: StreamTransport
    public let path: String
    public private(set) var protocolState: P
    public private(set) var statistics = Statistics()
    public private(set) var fileDescriptor: Int32?
    /// The names this line has emitted (bounded: a stream of ever new names must not grow
    /// the panel), so that a loss can mark the channels reading them stale.
    public private(set) var emittedNames = BoundedNameSet()
    public private(set) var status = SerialLineStatus.idle
    /// The open failure already reported: the same one again is retried quietly.
    private var reportedFailure: Errno?
    private var backoff: Backoff
    private var reopenAt: UInt64 = 0
    /// When the line last opened: a loss after it held `SourceJournal.settleTime` starts
    /// the backoff again; a peer that accepts and drops at once keeps it backing off.
    private var openedAt: UInt64 = 0
    /// A TCP connect in progress: when it fails if it has not ended.
    private var connectDeadline: UInt64?
    /// TLS: the CA file the broker's certificate must lead to (nil: plain TCP).
    public let tlsCAFile: String?
    private var security: (any StreamSecurity)?
    /// A TLS handshake in progress: when it fails if it has not ended.
    private var handshakeDeadline: UInt64?
    /// The sentence of the last TLS failure, said with the errno it showed as.
    private var failureReason: String?
    private var reportedReason: String?
    private var notices: [String] = []
    private let system: any SensorSystemCalls
    /// Bounds one `service` call so a flooding device cannot starve the run loop.
    private let maxReadsPerService = 16

    public init(transport: StreamTransport, protocol: P, backoff: Backoff = Backoff(), tlsCAFile: String? = nil,
                system: any SensorSystemCalls = LinuxSensorSystemCalls()) {
        self.transport = transport
        self.tlsCAFile = tlsCAFile
        self.path = transport.path
        self.protocolState = `protocol`
        self.backoff = backoff
        self.system = system
    }

    /// A serial device.
    public convenience init(path: String, settings: SerialSettings = SerialSettings(), protocol: P,
                            backoff: Backoff = Backoff(), system: any SensorSystemCalls = LinuxSensorSystemCalls()) {
        self.init(transport: .serial(path: path, settings: settings), protocol: `protocol`, backoff: backoff, system: system)
    }

    /// While a serial device is not open: an inotify descriptor on its folder, for the run
    /// loop to poll, so that the node appearing (a plug-in, udev's by-id link) is noticed
    /// at once instead of at the next retry (which backs off to 30 s).
    public private(set) var watchDescriptor: Int32?

    deinit {
        if let fd = fileDescriptor { system.close(fd) }
        if let w = watchDescriptor { system.close(w) }
    }

    public var kindName: String { P.kindName ?? transport.kindName }

    public func openAdvice(_ error: Errno) -> String {
        if case .serial = transport { return error.serialOpenAdvice }
        if let reason = failureReason { return reason }
        return error.networkOpenAdvice(kind: kindName, address: path)
    }

    public func takeNotices() -> [String] {
        defer { notices = [] }
        return notices + protocolState.takeNotices()
    }

    public var isConnected: Bool { fileDescriptor != nil && connectDeadline == nil && handshakeDeadline == nil }

    /// A TCP connect in progress (its end shows as writability), or TLS waiting to send.
    public var wantsWritable: Bool { connectDeadline != nil || security?.wantsWritable == true }

    public var openCount: UInt64 { statistics.opens }

    public var failureCount: UInt64 { statistics.openFailures &+ statistics.disconnects }

    public var droppedCount: UInt64 { protocolState.droppedCount }

    public var summaryDetail: String { protocolState.summaryDetail }

    /// When to call `service` even without input: reopen time, the connect's or the TLS
    /// handshake's timeout, at once for decrypted bytes held, or the protocol's deadline.
    public var nextDeadline: UInt64? {
        if fileDescriptor == nil { return reopenAt }
        if let d = connectDeadline ?? handshakeDeadline { return d }
        // Decrypted bytes held by TLS: no poll would announce them.
        return security?.hasPendingInput == true ? 0 : protocolState.deadline
    }

    /// Opens/reads/writes as needed. Returns a connection change, if one happened.
    @discardableResult
    public func service(now: UInt64, into sink: (Sample) -> Void) -> Event? {
        var event: Event?
        if fileDescriptor == nil {
            guard now >= reopenAt else { return nil }
            do {
                switch transport {
                case .serial(let path, let settings): fileDescriptor = try system.openSerial(path, settings: settings)
                case .udp(let address): fileDescriptor = try system.bindUDP(address)
                case .tcp(let address):
                    fileDescriptor = try system.connectTCP(address)
                    connectDeadline = now &+ Self.connectTimeout
                    status = .connecting
                }
            } catch {
                return openFailed(now: now, error)
            }
        }
        if let fd = fileDescriptor, let deadline = connectDeadline {
            do throws(Errno) {
                guard try system.connectResult(fd) else {
                    guard now >= deadline else { return nil }
                    throw Errno.timedOut
                }
            } catch {
                system.close(fd)
                fileDescriptor = nil
                connectDeadline = nil
                return openFailed(now: now, error)
            }
            connectDeadline = nil
        }
        if let fd = fileDescriptor, let caFile = tlsCAFile, case .tcp(let address) = transport, status != .open {
            do throws(StreamSecurityFailure) {
                guard try handshake(fd: fd, host: address.host, caFile: caFile, now: now) else { return nil }
            } catch {
                system.close(fd)
                fileDescriptor = nil
                security = nil
                handshakeDeadline = nil
                return openFailed(now: now, error.errno, reason: error.reason)
            }
        }
        if status != .open, fileDescriptor != nil { event = opened(now: now) }
        guard let fd = fileDescriptor else { return event }
        let datagrams: Bool = if case .udp = transport { true } else { false }
        reading: for _ in 0..<maxReadsPerService {
            var bytes: [UInt8]
            do throws(Errno) {
                switch try read(fd) {
                case .bytes(let read): bytes = read
                case .nothingPending: break reading
                case .endOfFile:
                    if datagrams { continue reading }   // an empty datagram
                    return disconnect(now: now, error: nil)   // hang-up
                }
            } catch {
                if error.meansNoValueNow { break reading }
                return disconnect(now: now, error: error)
            }
            statistics.bytesRead += UInt64(bytes.count)
            // A datagram is whole: ended as a line, so that each one decodes on its own.
            if datagrams {
                statistics.datagrams += 1
                if bytes.last != 10 { bytes.append(10) }
            }
            protocolState.receive(bytes, now: now) { s in
                emittedNames.insert(s.name)
                sink(s)
            }
            // A short read means the kernel buffer is drained (a datagram says nothing; TLS
            // returns a record at a time, so it reads until nothing is pending).
            if !datagrams && security == nil && bytes.count < 4096 { break reading }
        }
        if protocolState.wantsReconnect { return disconnect(now: now, error: .connectionAborted) }
        // Datagrams have no peer to answer.
        if !datagrams, let out = protocolState.outgoing(now: now) {
            do {
                let n = try write(fd, out)
                statistics.bytesWritten += UInt64(n)
                if n < out.count { statistics.writeFailures += 1 }
            } catch {
                if error.meansNoValueNow { statistics.writeFailures += 1 }
                else { return disconnect(now: now, error: error) }
            }
        }
        if protocolState.wantsReconnect { return disconnect(now: now, error: .connectionAborted) }
        return event
    }

    /// Closes the stream now (e.g. on shutdown); `service` will reopen it after backoff.
    public func close(now: UInt64) {
        defer { unwatch() }
        guard fileDescriptor != nil else { return }
        _ = disconnect(now: now, error: nil)
    }

    /// The watched folder changed: the notices are drained, and the device is to be opened
    /// at the next `service`, whatever the backoff. The watch is made again, as a deeper
    /// folder of the path may exist now.
    public func folderChanged(now: UInt64) {
        if let w = watchDescriptor {
            for _ in 0..<64 {
                guard case .bytes? = try? system.read(w, max: 4096) else { break }
            }
        }
        unwatch()
        guard fileDescriptor == nil else { return }
        reopenAt = now
        watch()
    }

    private func opened(now: UInt64) -> Event {
        statistics.opens += 1
        openedAt = now
        protocolState.connectionReset()
        status = .open
        reportedFailure = nil
        reportedReason = nil
        failureReason = nil
        unwatch()
        return .connected
    }

    /// Starts or continues the TLS handshake (a session made per connection); true once done.
    private func handshake(fd: Int32, host: String, caFile: String, now: UInt64) throws(StreamSecurityFailure) -> Bool {
        let session: any StreamSecurity
        if let s = security {
            session = s
        } else {
            guard let provider = StreamSecurities.tls else { throw StreamSecurities.unavailable }
            session = try provider.session(host: host, caFile: caFile)
            security = session
            handshakeDeadline = now &+ Self.connectTimeout
        }
        if try session.handshake(fd: fd) {
            handshakeDeadline = nil
            return true
        }
        guard now >= handshakeDeadline ?? now else { return false }
        throw StreamSecurityFailure(errno: .timedOut, reason: "the TLS handshake did not finish within 5 s: is \(path) a TLS port (MQTT over TLS: 8883)?")
    }

    /// One read from the socket, or from TLS (a failure it names is logged once, as a notice).
    private func read(_ fd: Int32) throws(Errno) -> ReadResult {
        guard let s = security else { return try system.read(fd, max: 4096) }
        do throws(StreamSecurityFailure) {
            return try s.read(max: 4096)
        } catch {
            if let r = error.reason { notices.append("TLS: " + r) }
            throw error.errno
        }
    }

    private func write(_ fd: Int32, _ bytes: [UInt8]) throws(Errno) -> Int {
        guard let s = security else { return try system.write(fd, bytes) }
        do throws(StreamSecurityFailure) {
            return try s.write(bytes)
        } catch {
            if let r = error.reason { notices.append("TLS: " + r) }
            throw error.errno
        }
    }

    private func openFailed(now: UInt64, _ error: Errno, reason: String? = nil) -> Event? {
        failureReason = reason
        statistics.openFailures += 1
        statistics.lastError = error
        reopenAt = now &+ backoff.next()
        watch()
        if case .lost = status, error == .noSuchFileOrDirectory { reportedFailure = error }
        status = .notOpen(error)
        guard error != reportedFailure || reason != reportedReason else { return nil }
        reportedFailure = error
        reportedReason = reason
        return .openFailed(error)
    }

    /// Only a serial device has a folder to watch.
    private func watch() {
        guard watchDescriptor == nil, case .serial(let path, _) = transport else { return }
        watchDescriptor = try? system.watchFolder(of: path)
    }

    private func unwatch() {
        if let w = watchDescriptor { system.close(w) }
        watchDescriptor = nil
    }

    private func disconnect(now: UInt64, error: Errno?) -> Event {
        if let fd = fileDescriptor { system.close(fd) }
        fileDescriptor = nil
        connectDeadline = nil
        security = nil
        handshakeDeadline = nil
        statistics.disconnects += 1
        statistics.lastError = error
        if now &- openedAt >= SourceJournal.settleTime { backoff.reset() }
        reopenAt = now &+ max(backoff.next(), protocolState.wantsReconnect ? protocolState.reconnectDelay ?? 0 : 0)
        protocolState.connectionReset()
        status = .lost(error)
        watch()
        return .disconnected(channels: emittedNames.sorted, moreNames: emittedNames.overflowed)
    }
}
