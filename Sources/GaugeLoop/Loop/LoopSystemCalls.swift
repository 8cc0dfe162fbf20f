import GaugeSystem

/// Readiness conditions of a file descriptor (the poll(2) bits, without libc types).
public struct FileEvents: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let readable = FileEvents(rawValue: 1 << 0)
    public static let writable = FileEvents(rawValue: 1 << 1)
    /// Also set when a peer closed (pipe without writers, unplugged serial adapter).
    public static let hangup = FileEvents(rawValue: 1 << 2)
    public static let error = FileEvents(rawValue: 1 << 3)
    /// The descriptor is not open: the loop drops its registration.
    public static let invalid = FileEvents(rawValue: 1 << 4)
    /// DRM page-flip events and some sensors signal priority data.
    public static let priority = FileEvents(rawValue: 1 << 5)

    public var description: String {
        let names: [(FileEvents, String)] = [(.readable, "readable"), (.writable, "writable"), (.hangup, "hangup"),
                                             (.error, "error"), (.invalid, "invalid"), (.priority, "priority")]
        return "[" + names.filter { contains($0.0) }.map { $0.1 }.joined(separator: ", ") + "]"
    }
}

/// One entry of a poll set.
public struct PollDescriptor: Sendable, Equatable {
    public var fd: Int32
    public var events: FileEvents
    public var returned: FileEvents
    public init(fd: Int32, events: FileEvents, returned: FileEvents = []) {
        self.fd = fd
        self.events = events
        self.returned = returned
    }
}

/// A saved signal mask, to restore what was blocked before the loop blocked its signals.
public struct SignalMask: Sendable, Equatable {
    /// Opaque storage (a sigset_t in the Linux implementation).
    public let storage: [UInt64]
    public init(storage: [UInt64]) { self.storage = storage }
}

/// Every system call the run loop and the service layer make beyond the shared
/// `PanelSystem` ones (the clock, close), behind one protocol so that tests can substitute
/// them. `LinuxLoopSystemCalls` is the real implementation. Failures name the call.
/// Times are CLOCK_MONOTONIC nanoseconds, the time base of `GaugeSensors`. Class-bound
/// (through `PanelSystem`): Embedded Swift accepts `any LoopSystemCalls` only for a
/// class-bound protocol.
public protocol LoopSystemCalls: PanelSystem {
    /// poll(2); `timeoutMilliseconds` -1 waits forever. Returns the number ready (0 on EINTR).
    func poll(_ descriptors: inout [PollDescriptor], timeoutMilliseconds: Int32) throws(LoopError) -> Int

    /// timerfd_create(CLOCK_MONOTONIC), non-blocking, close-on-exec.
    func createTimer() throws(LoopError) -> Int32
    /// Arms `fd` to expire once at the absolute monotonic `deadline`; nil disarms it.
    func setTimer(_ fd: Int32, deadline: UInt64?) throws(LoopError)
    /// Reads the expiration count; 0 when it had not expired (EAGAIN).
    func readTimer(_ fd: Int32) throws(LoopError) -> UInt64

    /// pthread_sigmask(SIG_BLOCK); returns the mask before, for `restoreSignalMask`.
    func blockSignals(_ signals: [Int32]) throws(LoopError) -> SignalMask
    func restoreSignalMask(_ mask: SignalMask)
    /// signalfd for `signals`; with `existing` the descriptor's set is replaced.
    func createSignalDescriptor(_ signals: [Int32], existing: Int32?) throws(LoopError) -> Int32
    /// The signal numbers waiting on a signalfd (empty when none).
    func readSignals(_ fd: Int32) throws(LoopError) -> [Int32]

    /// One datagram to a unix socket at `path` ("@name" for the abstract namespace).
    func sendDatagram(_ bytes: [UInt8], to path: String) throws(LoopError)
    func processID() -> Int32
    /// The process's user plus system CPU time in microseconds (getrusage); negative when
    /// unknown.
    func processCPUMicroseconds() -> Int64
    /// The memory page size in bytes (sysconf).
    func pageSize() -> Int64
}
