import GaugeSystem

/// A saved signal mask, to restore what was blocked before the loop blocked its signals.
public struct SignalMask: Sendable, Equatable {
    /// Opaque storage (a sigset_t in the Linux implementation).
    public let storage: [UInt64]
    public init(storage: [UInt64]) { self.storage = storage }
}

/// Every system call the run loop and the service layer make beyond the shared
/// `PanelSystem` ones (poll, the timerfd, the clock, close): signals, the service
/// manager's socket and the process's own figures, behind one protocol so that tests can substitute
/// them. `LinuxLoopSystemCalls` is the real implementation. Failures name the call.
/// Times are CLOCK_MONOTONIC nanoseconds, the time base of `GaugeSensors`. Class-bound
/// (through `PanelSystem`): Embedded Swift accepts `any LoopSystemCalls` only for a
/// class-bound protocol.
public protocol LoopSystemCalls: PanelSystem {
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
