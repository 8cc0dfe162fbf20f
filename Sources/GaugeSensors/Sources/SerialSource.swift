import GaugeSystem

/// A serial device (USB adapter, UART, pty) feeding a decoder or a polled protocol.
///
/// No threads, no busy wait: the caller polls `fileDescriptor` for input and calls
/// `service(now:)` when it is readable or when `nextDeadline` passes. When the device
/// disappears (EOF/hang-up, EIO, ENODEV) the source closes it, reports the channel
/// names it had produced so the caller can mark them stale, and retries opening with
/// exponential backoff — and at once when its folder changes (`watchDescriptor`). A class
/// because it owns file descriptors (closed on deinit).
public final class SerialSource<P: SerialProtocol>: SerialLine {
    public typealias Event = SerialLineEvent

    public struct Statistics: Sendable, Equatable {
        public var opens: UInt64 = 0
        public var openFailures: UInt64 = 0
        public var disconnects: UInt64 = 0
        public var bytesRead: UInt64 = 0
        public var bytesWritten: UInt64 = 0
        public var writeFailures: UInt64 = 0
        public var lastError: Errno?
    }

    public let path: String
    public let settings: SerialSettings
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
    private let system: any SensorSystemCalls
    /// Bounds one `service` call so a flooding device cannot starve the run loop.
    private let maxReadsPerService = 16

    public init(path: String, settings: SerialSettings = SerialSettings(), protocol: P,
                backoff: Backoff = Backoff(), system: any SensorSystemCalls = LinuxSensorSystemCalls()) {
        self.path = path
        self.settings = settings
        self.protocolState = `protocol`
        self.backoff = backoff
        self.system = system
    }

    /// While the device is not open: an inotify descriptor on its folder, for the run loop
    /// to poll, so that the node appearing (a plug-in, udev's by-id link) is noticed at once
    /// instead of at the next retry (which backs off to 30 s).
    public private(set) var watchDescriptor: Int32?

    deinit {
        if let fd = fileDescriptor { system.close(fd) }
        if let w = watchDescriptor { system.close(w) }
    }

    public var isConnected: Bool { fileDescriptor != nil }

    public var openCount: UInt64 { statistics.opens }

    public var droppedCount: UInt64 { protocolState.droppedCount }

    /// When to call `service` even without input: reopen time, or the protocol's deadline.
    public var nextDeadline: UInt64? {
        fileDescriptor == nil ? reopenAt : protocolState.deadline
    }

    /// Opens/reads/writes as needed. Returns a connection change, if one happened.
    @discardableResult
    public func service(now: UInt64, into sink: (Sample) -> Void) -> Event? {
        var event: Event?
        if fileDescriptor == nil {
            guard now >= reopenAt else { return nil }
            do {
                fileDescriptor = try system.openSerial(path, settings: settings)
                statistics.opens += 1
                backoff.reset()
                protocolState.connectionReset()
                status = .open
                reportedFailure = nil
                unwatch()
                event = .connected
            } catch {
                statistics.openFailures += 1
                statistics.lastError = error
                reopenAt = now &+ backoff.next()
                watch()
                if case .lost = status, error == .noSuchFileOrDirectory { reportedFailure = error }
                status = .notOpen(error)
                guard error != reportedFailure else { return nil }
                reportedFailure = error
                return .openFailed(error)
            }
        }
        guard let fd = fileDescriptor else { return event }
        reading: for _ in 0..<maxReadsPerService {
            let bytes: [UInt8]
            do {
                switch try system.read(fd, max: 4096) {
                case .bytes(let read): bytes = read
                case .nothingPending: break reading
                case .endOfFile: return disconnect(now: now, error: nil)   // hang-up
                }
            } catch {
                if error.meansNoValueNow { break reading }
                return disconnect(now: now, error: error)
            }
            statistics.bytesRead += UInt64(bytes.count)
            protocolState.receive(bytes, now: now) { s in
                emittedNames.insert(s.name)
                sink(s)
            }
            // A short read means the kernel buffer is drained.
            if bytes.count < 4096 { break reading }
        }
        if let out = protocolState.outgoing(now: now) {
            do {
                let n = try system.write(fd, out)
                statistics.bytesWritten += UInt64(n)
                if n < out.count { statistics.writeFailures += 1 }
            } catch {
                if error.meansNoValueNow { statistics.writeFailures += 1 }
                else { return disconnect(now: now, error: error) }
            }
        }
        return event
    }

    /// Closes the device now (e.g. on shutdown); `service` will reopen it after backoff.
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

    private func watch() {
        guard watchDescriptor == nil else { return }
        watchDescriptor = try? system.watchFolder(of: path)
    }

    private func unwatch() {
        if let w = watchDescriptor { system.close(w) }
        watchDescriptor = nil
    }

    private func disconnect(now: UInt64, error: Errno?) -> Event {
        if let fd = fileDescriptor { system.close(fd) }
        fileDescriptor = nil
        statistics.disconnects += 1
        statistics.lastError = error
        reopenAt = now &+ backoff.next()
        protocolState.connectionReset()
        status = .lost(error)
        watch()
        return .disconnected(channels: emittedNames.sorted, moreNames: emittedNames.overflowed)
    }
}
