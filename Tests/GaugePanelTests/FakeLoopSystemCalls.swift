@testable import GaugePanel

/// Scripted system calls: a settable clock, poll answered by a closure, and a record of
/// every timerfd arm, so the loop's bookkeeping can be checked without a kernel.
class FakeLoopSystemCalls: LoopSystemCalls {
    var time: UInt64 = 1_000
    var armed: [UInt64?] = []
    var polls: [(fds: [Int32], timeout: Int32)] = []
    var closed: [Int32] = []
    var datagrams: [(path: String, text: String)] = []
    var pid: Int32 = 4242
    var pendingSignals: [Int32] = []
    var pollError: LoopError?
    /// Sets `returned` on the descriptors; default: the timerfd (fd 100) is ready.
    var answer: (inout [PollDescriptor]) -> Void = { _ in }

    static let timerFD: Int32 = 100
    static let signalFD: Int32 = 101

    func monotonicNanoseconds() -> UInt64 { time }

    func poll(_ descriptors: inout [PollDescriptor], timeoutMilliseconds: Int32) -> Result<Int, LoopError> {
        polls.append((descriptors.map(\.fd), timeoutMilliseconds))
        if let pollError { return .failure(pollError) }
        answer(&descriptors)
        return .success(descriptors.filter { !$0.returned.isEmpty }.count)
    }

    func createTimer() -> Result<Int32, LoopError> { .success(Self.timerFD) }
    func setTimer(_ fd: Int32, deadline: UInt64?) -> Result<Void, LoopError> {
        armed.append(deadline)
        return .success(())
    }
    func readTimer(_ fd: Int32) -> Result<UInt64, LoopError> { .success(1) }
    func blockSignals(_ signals: [Int32]) -> Result<SignalMask, LoopError> { .success(SignalMask(storage: [0])) }
    func restoreSignalMask(_ mask: SignalMask) {}
    func createSignalDescriptor(_ signals: [Int32], existing: Int32?) -> Result<Int32, LoopError> { .success(Self.signalFD) }
    func readSignals(_ fd: Int32) -> Result<[Int32], LoopError> {
        defer { pendingSignals = [] }
        return .success(pendingSignals)
    }
    func sendDatagram(_ bytes: [UInt8], to path: String) -> Result<Void, LoopError> {
        datagrams.append((path, String(decoding: bytes, as: UTF8.self)))
        return .success(())
    }
    func processID() -> Int32 { pid }
    func close(_ fd: Int32) { closed.append(fd) }
}

extension [PollDescriptor] {
    mutating func mark(_ fd: Int32, _ events: FileEvents) {
        for i in indices where self[i].fd == fd { self[i].returned = events }
    }
}
