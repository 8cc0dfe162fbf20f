import GaugeDecoders
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
public final class StreamSource<P: StreamProtocol>: DescriptorSource {
    public typealias Event = DescriptorSourceEvent

    public struct Statistics: Sendable, Equatable, ConnectionCounters {
        /// Opens, failures, losses and the last error (the connection's).
        public var link = ReconnectingDescriptor.Statistics()
        public var bytesRead: UInt64 = 0
        public var bytesWritten: UInt64 = 0
        public var writeFailures: UInt64 = 0
        /// UDP: datagrams read (each one decoded on its own).
        public var datagrams: UInt64 = 0
    }

    /// How long a TCP connect (and a TLS handshake) may take before it fails with ETIMEDOUT.
    public static var connectTimeout: UInt64 { 5 * Nanoseconds.perSecond }

    public let transport: StreamTransport
    public let path: String
    public private(set) var protocolState: P
    /// Where the line stands: closed until a reopen time, connecting, handshaking, open.
    public private(set) var link: ReconnectingDescriptor
    /// TLS: the CA file the broker's certificate must lead to (nil: plain TCP).
    public let tlsCAFile: String?
    /// Bytes and datagrams read, bytes written, writes that failed.
    private var traffic = Statistics()
    private var security: (any StreamSecurity)?
    /// The sentence of the last TLS failure, said with the errno it showed as.
    private var failureReason: String?
    private var notices: [String] = []
    /// The line is being opened again because the protocol asked for a fresh connection:
    /// its opening is not an event.
    private var quietReopen = false
    private let system: any SensorSystemCalls
    /// Bounds one `service` call so a flooding device cannot starve the run loop.
    private let maxReadsPerService = 16

    public init(
        transport: StreamTransport, protocol: P, backoff: Backoff = Backoff(), tlsCAFile: String? = nil,
        system: any SensorSystemCalls = LinuxSensorSystemCalls()
    ) {
        self.transport = transport
        self.tlsCAFile = tlsCAFile
        self.path = transport.path
        self.protocolState = `protocol`
        self.link = ReconnectingDescriptor(backoff: backoff)
        self.system = system
    }

    /// A serial device.
    public convenience init(
        path: String, settings: SerialSettings = SerialSettings(), protocol: P,
        backoff: Backoff = Backoff(), system: any SensorSystemCalls = LinuxSensorSystemCalls()
    ) {
        self.init(transport: .serial(path: path, settings: settings), protocol: `protocol`, backoff: backoff, system: system)
    }

    /// While a serial device is not open: an inotify descriptor on its folder, for the run
    /// loop to poll, so that the node appearing (a plug-in, udev's by-id link) is noticed
    /// at once instead of at the next retry (which backs off to 30 s).
    public private(set) var watchDescriptor: Int32?

    deinit {
        if let fd = link.fileDescriptor { system.close(fd) }
        if let w = watchDescriptor { system.close(w) }
    }

    public var fileDescriptor: Int32? { link.fileDescriptor }
    public var status: DescriptorSourceStatus { link.status }
    public var emittedNames: BoundedNameSet { link.emittedNames }

    public var statistics: Statistics {
        var s = traffic
        s.link = link.statistics
        return s
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

    public func takeAlarms() -> [SourceAlarm] { protocolState.takeAlarms() }

    public var isConnected: Bool { link.isOpen }

    public func publish(_ message: TopicMessage) -> Bool { link.isOpen && protocolState.publish(message) }

    public func listen(to filter: String) -> Bool { protocolState.listen(to: filter) }

    public func takeMessages() -> [TopicMessage] { protocolState.takeMessages() }

    /// A TCP connect in progress (its end shows as writability), or TLS waiting to send.
    public var wantsWritable: Bool {
        if case .connecting = link.state { return true }
        return security?.wantsWritable == true
    }

    public var openCount: UInt64 { link.statistics.opens }

    public var failureCount: UInt64 { link.failureCount }

    public var droppedCount: UInt64 { protocolState.droppedCount }

    public var summaryDetail: String { protocolState.summaryDetail }

    /// When to call `service` even without input: reopen time, the connect's or the TLS
    /// handshake's timeout, at once for decrypted bytes held, or the protocol's deadline.
    public var nextDeadline: UInt64? {
        if let d = link.deadline { return d }
        // Decrypted bytes held by TLS: no poll would announce them.
        return security?.hasPendingInput == true ? 0 : protocolState.deadline
    }

    /// Opens/reads/writes as needed. Returns a connection change, if one happened. Each
    /// pass moves the line one state on (closed → connecting → handshaking → open, a
    /// serial device or UDP port straight to open), as far as it goes now.
    @discardableResult
    public func service(now: UInt64, into sink: (Sample) -> Void) -> Event? {
        var event: Event?
        while true {
            switch link.state {
            case .closed:
                guard link.isDue(now) else { return event }
                do { event = try startOpening(now: now) } catch { return openFailed(now: now, error) }
            case .connecting(let fd, let deadline):
                do throws(Errno) {
                    guard try system.connectResult(fd) else {
                        guard now >= deadline else { return nil }
                        throw Errno.timedOut
                    }
                } catch {
                    return closeAfterFailedOpen(fd, now: now, error)
                }
                if tlsCAFile != nil { link.handshaking(now: now, timeout: Self.connectTimeout) } else { event = opened(fd: fd, now: now) }
            case .handshaking(let fd, let deadline):
                guard case .tcp(let address) = transport, let caFile = tlsCAFile else { return nil }
                do throws(StreamSecurityFailure) {
                    guard try handshake(fd: fd, host: address.host, caFile: caFile, now: now, deadline: deadline) else { return nil }
                } catch {
                    return closeAfterFailedOpen(fd, now: now, error.errno, reason: error.reason)
                }
                event = opened(fd: fd, now: now)
            case .open(let fd, _):
                if let lost = readAvailable(fd, now: now, into: sink) { return lost }
                if protocolState.wantsFreshConnection {
                    reopenQuietly(fd, now: now)
                    continue
                }
                if let lost = writePending(fd, now: now) { return lost }
                return event
            }
        }
    }

    /// Opens a serial device or binds a UDP port (open at once: `.connected`), or starts a
    /// TCP connect (nil: it ends in a later pass).
    private func startOpening(now: UInt64) throws(Errno) -> Event? {
        switch transport {
        case .serial(let path, let settings): return opened(fd: try system.openSerial(path, settings: settings), now: now)
        case .udp(let address): return opened(fd: try system.bindUDP(address), now: now)
        case .tcp(let address):
            link.connecting(fd: try system.connectTCP(address), now: now, timeout: Self.connectTimeout)
            return nil
        }
    }

    /// Reads what is pending, at most `maxReadsPerService` reads; a loss if the line ended.
    private func readAvailable(_ fd: Int32, now: UInt64, into sink: (Sample) -> Void) -> Event? {
        let datagrams: Bool = if case .udp = transport { true } else { false }
        reading: for _ in 0..<maxReadsPerService {
            var bytes: [UInt8]
            do throws(Errno) {
                switch try read(fd) {
                case .bytes(let read): bytes = read
                case .nothingPending: break reading
                case .endOfFile:
                    if datagrams { continue reading }  // an empty datagram
                    if protocolState.wantsFreshConnection { break reading }  // closed as agreed
                    return disconnect(now: now, error: nil)  // hang-up
                }
            } catch {
                if error.meansNoValueNow { break reading }
                return disconnect(now: now, error: error)
            }
            traffic.bytesRead += UInt64(bytes.count)
            // A datagram is whole: ended as a line, so that each one decodes on its own.
            if datagrams {
                traffic.datagrams += 1
                if bytes.last != 10 { bytes.append(10) }
            }
            protocolState.receive(bytes, now: now) { s in
                link.emitted(s.name)
                sink(s)
            }
            // A short read means the kernel buffer is drained (a datagram says nothing; TLS
            // returns a record at a time, so it reads until nothing is pending).
            if !datagrams && security == nil && bytes.count < 4096 { break reading }
        }
        guard protocolState.wantsReconnect else { return nil }
        // Its last words first (a WebSocket's close answered), as far as they fit now.
        if !datagrams, let out = protocolState.outgoing(now: now) { _ = try? write(fd, out) }
        return disconnect(now: now, error: .connectionAborted)
    }

    /// Writes what the protocol has to send (datagrams have no peer to answer).
    private func writePending(_ fd: Int32, now: UInt64) -> Event? {
        if case .udp = transport { return nil }
        if let out = protocolState.outgoing(now: now) {
            do {
                let n = try write(fd, out)
                traffic.bytesWritten += UInt64(n)
                if n < out.count { traffic.writeFailures += 1 }
            } catch {
                if error.meansNoValueNow { traffic.writeFailures += 1 } else { return disconnect(now: now, error: error) }
            }
        }
        return protocolState.wantsReconnect ? disconnect(now: now, error: .connectionAborted) : nil
    }

    /// Closes the stream now (e.g. on shutdown); `service` will reopen it after backoff.
    public func close(now: UInt64) {
        defer { unwatch() }
        guard link.fileDescriptor != nil else { return }
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
        guard link.fileDescriptor == nil else { return }
        link.reopenNow(now)
        watch()
    }

    private func opened(fd: Int32, now: UInt64) -> Event? {
        protocolState.connectionReset()
        failureReason = nil
        unwatch()
        let event = link.opened(fd: fd, now: now)
        defer { quietReopen = false }
        return quietReopen ? nil : event
    }

    /// The protocol is done with this connection, nothing failed: closed and opened again
    /// at once, said nowhere.
    private func reopenQuietly(_ fd: Int32, now: UInt64) {
        system.close(fd)
        security = nil
        link.closedByAgreement(now: now)
        protocolState.connectionReset()
        quietReopen = true
    }

    /// Starts or continues the TLS handshake (a session made per connection); true once done.
    private func handshake(
        fd: Int32, host: String, caFile: String, now: UInt64,
        deadline: UInt64
    ) throws(StreamSecurityFailure) -> Bool {
        let session: any StreamSecurity
        if let s = security {
            session = s
        } else {
            guard let provider = StreamSecurities.tls else { throw StreamSecurities.unavailable }
            session = try provider.session(host: host, caFile: caFile)
            security = session
        }
        if try session.handshake(fd: fd) { return true }
        guard now >= deadline else { return false }
        throw StreamSecurityFailure(
            errno: .timedOut, reason: "the TLS handshake did not finish within 5 s: is \(path) a TLS port (MQTT over TLS: 8883)?")
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

    /// A connect or handshake that failed: its descriptor closed, the failure recorded.
    private func closeAfterFailedOpen(_ fd: Int32, now: UInt64, _ error: Errno, reason: String? = nil) -> Event? {
        system.close(fd)
        security = nil
        return openFailed(now: now, error, reason: reason)
    }

    private func openFailed(now: UInt64, _ error: Errno, reason: String? = nil) -> Event? {
        failureReason = reason
        quietReopen = false
        defer { watch() }
        return link.openFailed(now: now, error, reason: reason)
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
        if let fd = link.fileDescriptor { system.close(fd) }
        security = nil
        let delay = protocolState.wantsReconnect ? protocolState.reconnectDelay ?? 0 : 0
        let event = link.lost(now: now, error, atLeast: delay)
        protocolState.connectionReset()
        watch()
        return event
    }
}
