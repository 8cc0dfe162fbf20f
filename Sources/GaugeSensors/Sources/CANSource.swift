import GaugeCAN
import GaugeDecoders
import GaugeSystem

/// A SocketCAN interface as a source of the panel (`kind = "can"`), driven by the run
/// loop like a serial line (it is a `DescriptorSource`): the loop polls `fileDescriptor`, calls
/// `service(now:)` when it is readable or `nextDeadline` passes.
///
/// Opened at start with the protocol's kernel filters; an interface that is missing or
/// down, or that vanishes (ENODEV, ENETDOWN on read), is closed and reopened with the
/// serial lines' backoff while its channels go stale. Error frames are counted, not
/// decoded; OBD-II is polled here (`OBDPoller`), everything else only listens.
public final class CANSource: DescriptorSource {
    public struct Statistics: Sendable, Equatable, ConnectionCounters {
        /// Opens, failures, losses and the last error (the connection's).
        public var link = ReconnectingDescriptor.Statistics()
        public var frames: UInt64 = 0
        /// Error frames the controller reported (bus errors, error passive, bus-off…).
        public var errorFrames: UInt64 = 0
        /// Bus-off among them (CAN_ERR_BUSOFF).
        public var busOff: UInt64 = 0
        public var writeFailures: UInt64 = 0
        public init() {}
    }

    public let interface: String
    public var path: String { interface }
    public private(set) var decoder: CANDecoder
    public private(set) var poller: OBDPoller?
    /// Where the socket stands: closed until a reopen time, or open.
    public private(set) var link: ReconnectingDescriptor
    /// Frames, error frames, bus-off, failed writes.
    private var traffic = Statistics()
    public var fileDescriptor: Int32? { link.fileDescriptor }
    public var status: DescriptorSourceStatus { link.status }
    public var emittedNames: BoundedNameSet { link.emittedNames }
    public var statistics: Statistics {
        var s = traffic
        s.link = link.statistics
        return s
    }
    public let options: CANSocketOptions
    private let system: any SensorSystemCalls
    /// Bounds one `service` call so a flooding bus cannot starve the run loop.
    private let maxFramesPerService = 64

    /// An interface comes back with no file to watch (a USB-CAN adapter replugged, its
    /// driver loaded again): it is looked for again at least every second — a name lookup
    /// and a socket, nothing a device or the bus notices — so the values return within
    /// a second of it.
    public static let reopenBackoff = Backoff(maximum: Nanoseconds.perSecond)

    public init(
        interface: String, protocol canProtocol: CANProtocol, backoff: Backoff = CANSource.reopenBackoff,
        system: any SensorSystemCalls = LinuxSensorSystemCalls()
    ) {
        self.interface = interface
        self.decoder = CANDecoder(canProtocol)
        self.reportsUnreadNames = canProtocol == .nmea2000
        if case .obd2(let pids, let hz, let ids) = canProtocol { poller = OBDPoller(pids: pids, pollHz: hz, ids: ids) }
        self.options = CANSocketOptions(filters: canProtocol.filters)
        self.link = ReconnectingDescriptor(backoff: backoff)
        self.system = system
    }

    deinit {
        if let fd = link.fileDescriptor { system.close(fd) }
    }

    public var openCount: UInt64 { link.statistics.opens }
    public var failureCount: UInt64 { link.failureCount }
    public var droppedCount: UInt64 { decoder.statistics.unknown }
    public var watchDescriptor: Int32? { nil }
    public func folderChanged(now: UInt64) {}
    public var kindName: String { "can" }
    /// A DBC bus and OBD-II answers carry more than a board shows, and its sources were
    /// checked when the board was read; NMEA 2000 names are reported like NMEA 0183's.
    /// A constant, not read from `decoder`: the run asks for it from inside `service`'s sink,
    /// while `decoder` is being modified (a read of it there is an exclusivity violation).
    public let reportsUnreadNames: Bool

    public var nextDeadline: UInt64? {
        link.deadline ?? poller?.deadline
    }

    public func openAdvice(_ e: Errno) -> String { e.canOpenAdvice(interface) }
    public func lossAdvice(_ e: Errno) -> String? { openAdvice(e) }

    public var summaryDetail: String {
        "frames:\(traffic.frames),errors:\(traffic.errorFrames)" + (traffic.busOff > 0 ? ",bus-off:\(traffic.busOff)" : "")
    }

    @discardableResult
    public func service(now: UInt64, into sink: (Sample) -> Void) -> DescriptorSourceEvent? {
        // Opened in this call and not yet read from (the descriptor's handshake): a socket
        // bound to an interface that is down opens, and its first read fails (ENETDOWN).
        // That is a failure to open, said once, not a connection made and lost at every
        // retry. It is retried at the backoff's first step (a socket and a bind, nothing
        // the bus sees), so the values are back within a quarter of a second of
        // `ip link set … up`.
        if link.isDue(now) {
            do {
                link.handshaking(fd: try system.openCAN(interface, options: options), now: now, timeout: 0)
                decoder.reset()
                poller?.connectionReset(now: now)
            } catch {
                return link.openFailed(now: now, error)
            }
        }
        let fd: Int32, fresh: Bool
        switch link.state {
        case .handshaking(let f, _): (fd, fresh) = (f, true)
        case .open(let f, _): (fd, fresh) = (f, false)
        default: return nil
        }
        var event: DescriptorSourceEvent?
        for i in 0..<maxFramesPerService {
            let raw: CANRawFrame
            do {
                let r = try system.readCAN(fd)
                if fresh, i == 0 { event = link.opened(fd: fd, now: now) }
                guard let r else { break }
                raw = r
            } catch {
                if error.meansTryLater {
                    if fresh, i == 0 { event = link.opened(fd: fd, now: now) }
                    break
                }
                if fresh, i == 0 {
                    system.close(fd)
                    return link.openFailed(now: now, error, retrySoon: true)
                }
                return disconnect(now: now, error: error)
            }
            if let lost = take(raw, fd: fd, now: now, into: sink) { return lost }
        }
        if var p = poller {
            let request = p.next(now: now)
            poller = p
            if let request, let lost = send(request, fd: fd, now: now) { return lost }
        }
        return event
    }

    /// One frame read: error frames counted, data frames decoded, and what the decoder
    /// asks sent (ISO-TP flow control) or told the poller. A loss if a send found the
    /// interface gone.
    private func take(_ raw: CANRawFrame, fd: Int32, now: UInt64, into sink: (Sample) -> Void) -> DescriptorSourceEvent? {
        traffic.frames &+= 1
        if raw.isError {
            traffic.errorFrames &+= 1
            if raw.identifier & 0x40 != 0 { traffic.busOff &+= 1 }  // CAN_ERR_BUSOFF
            return nil
        }
        guard let frame = CANFrame(raw) else { return nil }
        let events = decoder.feed(frame, now: now) { s in
            link.emitted(s.name)
            sink(s)
        }
        for e in events {
            switch e {
            case .send(let id, let extended, let data):
                if let fc = try? CANFrame(id: id, extended: extended, data: data), let lost = send(fc, fd: fd, now: now) { return lost }
            case .answered(let codes): poller?.answered(codes, now: now)
            case .refused(_, let code): poller?.refused(code: code, now: now)
            }
        }
        return nil
    }

    /// The PIDs given up on (never answered, or refused), for the log: each once.
    public func takeNotices() -> [String] {
        guard var p = poller else { return [] }
        let out = p.takeAbandoned()
        poller = p
        return out.map { a in
            let what =
                a.refusal.map { "the ECU refused it (negative response 0x" + hexString(UInt64($0)) + ")" }
                ?? "no answer to \(OBDPoller.maxTries) requests"
            return "OBD-II PID 0x" + (a.pid.code < 16 ? "0" : "") + hexString(UInt64(a.pid.code)) + " (" + a.pid.channel + "): " + what
                + "; not asked for again"
        }
    }

    private func send(_ frame: CANFrame, fd: Int32, now: UInt64) -> DescriptorSourceEvent? {
        do { try system.writeCAN(fd, frame.raw) } catch {
            // ENOBUFS/EAGAIN: the controller's queue is full (no one acknowledges): try later.
            if error.meansTryLater || error == Errno(105) {
                traffic.writeFailures &+= 1
                return nil
            }
            return disconnect(now: now, error: error)
        }
        return nil
    }

    public func close(now: UInt64) {
        guard link.fileDescriptor != nil else { return }
        _ = disconnect(now: now, error: nil)
    }

    private func disconnect(now: UInt64, error: Errno?) -> DescriptorSourceEvent {
        if let fd = link.fileDescriptor { system.close(fd) }
        decoder.reset()
        return link.lost(now: now, error)
    }
}

extension Errno {
    /// What to do when a CAN interface cannot be opened or is lost.
    public func canOpenAdvice(_ interface: String) -> String {
        switch rawValue {
        case Errno.operationNotSupportedByDevice.rawValue:
            return
                "no interface \(interface): is the CAN hat's overlay in config.txt (dtoverlay=mcp2515-can0,…) and `ip link show \(interface)` listing it?"
        case 100:  // ENETDOWN
            return
                "the interface is down: `sudo ip link set \(interface) up type can bitrate 500000` (or the systemd-networkd file in scripts/systemd)"
        case Errno.permissionDenied.rawValue, Errno.notPermitted.rawValue:
            return "not allowed to open a raw CAN socket"
        case 97:  // EAFNOSUPPORT
            return "the kernel has no SocketCAN (modprobe can_raw)"
        default:
            return "check `ip -details link show \(interface)` and `dmesg`"
        }
    }
}
