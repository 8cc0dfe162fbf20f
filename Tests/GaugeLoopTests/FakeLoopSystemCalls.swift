@testable import GaugeLoop
import GaugeSystem
import GaugeTestSupport

/// Scripted system calls: poll answered by a closure and a record of every timerfd arm,
/// so the loop's bookkeeping can be checked without a kernel; the clock (`time`) and
/// closes are `FakePanelSystem`'s.
class FakeLoopSystemCalls: FakePanelSystem, LoopSystemCalls {
    var armed: [UInt64?] = []
    var datagrams: [(path: String, text: String)] = []
    var pid: Int32 = 4242
    var pendingSignals: [Int32] = []
    var pollError: Errno?
    /// Sets `returned` on the descriptors; default: the timerfd (fd 100) is ready.
    var answer: (inout [PollDescriptor]) -> Void = { _ in }

    static let timerFD: Int32 = 100
    static let signalFD: Int32 = 101

    override init() {
        super.init()
        time = 1_000
    }

    override func poll(_ descriptors: inout [PollDescriptor], timeoutMilliseconds: Int32) throws(Errno) -> Int {
        polls.append((descriptors.map(\.fd), timeoutMilliseconds))
        if let pollError { throw pollError }
        answer(&descriptors)
        return descriptors.filter { !$0.returned.isEmpty }.count
    }

    override func createTimer() throws(Errno) -> Int32 { Self.timerFD }
    override func setTimer(_ fd: Int32, deadline: UInt64?) throws(Errno) { armed.append(deadline) }
    override func readTimer(_ fd: Int32) throws(Errno) -> UInt64 { 1 }
    func blockSignals(_ signals: [Int32]) throws(LoopError) -> SignalMask { SignalMask(storage: [0]) }
    func restoreSignalMask(_ mask: SignalMask) {}
    func createSignalDescriptor(_ signals: [Int32], existing: Int32?) throws(LoopError) -> Int32 { Self.signalFD }
    func readSignals(_ fd: Int32) throws(LoopError) -> [Int32] {
        defer { pendingSignals = [] }
        return pendingSignals
    }
    func sendDatagram(_ bytes: [UInt8], to path: String) throws(LoopError) {
        datagrams.append((path, String(decoding: bytes, as: UTF8.self)))
    }
    func processID() -> Int32 { pid }
    func processCPUMicroseconds() -> Int64 { 0 }
    func pageSize() -> Int64 { 4096 }
}

extension [PollDescriptor] {
    mutating func mark(_ fd: Int32, _ events: FileEvents) {
        for i in indices where self[i].fd == fd { self[i].returned = events }
    }
}
