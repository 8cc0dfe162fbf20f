import CPanelSystem
import GaugeSystem

/// The real system calls, through CPanelSystem (signalfd among them: Swift's Glibc module
/// map leaves it out); poll and the timerfd are `LinuxSystem`'s.
public final class LinuxLoopSystemCalls: LinuxSystem, LoopSystemCalls, @unchecked Sendable {

    // Linux's struct signalfd_siginfo (include/uapi/linux/signalfd.h). The timerfd and
    // signalfd flags equal O_*.
    private static let signalInfoSize = 128

    /// For callers without a loop of their own (`ProcessUsage`): the class has no state.
    public static let shared = LinuxLoopSystemCalls()

    public override init() {}

    /// One signalfd record; the read failing names the call.
    private func readSignalRecord(_ fd: Int32) throws(LoopError) -> [UInt8]? {
        do { return try readRecord(fd, size: Self.signalInfoSize) } catch {
            throw LoopError(call: "read signalfd", subject: "fd \(fd)", errno: error)
        }
    }

    private static func signalSet(_ signals: [Int32]) -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s) }
        return set
    }

    public func blockSignals(_ signals: [Int32]) throws(LoopError) -> SignalMask {
        var set = Self.signalSet(signals)
        var old = sigset_t()
        let r = pthread_sigmask(SIG_BLOCK, &set, &old)
        guard r == 0 else { throw LoopError(call: "pthread_sigmask", errno: Errno(r)) }
        let words = withUnsafeBytes(of: &old) { Array($0.bindMemory(to: UInt64.self)) }
        return SignalMask(storage: words)
    }

    public func restoreSignalMask(_ mask: SignalMask) {
        var set = sigset_t()
        withUnsafeMutableBytes(of: &set) { raw in
            let words = raw.bindMemory(to: UInt64.self)
            for i in 0..<min(words.count, mask.storage.count) { words[i] = mask.storage[i] }
        }
        _ = pthread_sigmask(SIG_SETMASK, &set, nil)
    }

    public func createSignalDescriptor(_ signals: [Int32], existing: Int32?) throws(LoopError) -> Int32 {
        var set = Self.signalSet(signals)
        let fd = CPanelSystem.signalfd(existing ?? -1, &set, Int32(O_NONBLOCK | O_CLOEXEC))
        guard fd >= 0 else { throw LoopError(call: "signalfd", errno: .current) }
        return fd
    }

    public func readSignals(_ fd: Int32) throws(LoopError) -> [Int32] {
        var found: [Int32] = []
        while let info = try readSignalRecord(fd) {
            // struct signalfd_siginfo begins with uint32_t ssi_signo.
            found.append(info.withUnsafeBytes { Int32(bitPattern: $0.loadUnaligned(as: UInt32.self)) })
        }
        return found
    }

    public func sendDatagram(_ bytes: [UInt8], to path: String) throws(LoopError) {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var name = Array(path.utf8)
        // "@name" is the abstract namespace: a leading NUL byte instead of '@', no terminator.
        let abstract = name.first == UInt8(ascii: "@")
        if abstract { name[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard !name.isEmpty, name.count < capacity else {
            throw LoopError(call: "sendto", subject: path, errno: .fileNameTooLong)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in name.enumerated() { raw[i] = b }
        }
        let length = socklen_t(csystem_sockaddr_un_path_offset() + name.count + (abstract ? 0 : 1))
        let fd = csystem_unix_datagram_socket()
        guard fd >= 0 else { throw LoopError(call: "socket", subject: path, errno: .current) }
        defer { close(fd) }
        let sent: Int
        do {
            sent = try SystemCall.retrying {
                bytes.withUnsafeBytes { data in
                    withUnsafePointer(to: &address) { a in
                        a.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                            sendto(fd, data.baseAddress, data.count, Int32(MSG_NOSIGNAL), $0, length)
                        }
                    }
                }
            }
        } catch {
            throw LoopError(call: "sendto", subject: path, errno: error)
        }
        guard sent == bytes.count else { throw LoopError(call: "sendto", subject: path, errno: .messageTooLong) }
    }

    public func processID() -> Int32 { getpid() }

    public func processCPUMicroseconds() -> Int64 { Int64(csystem_cpu_microseconds_self()) }

    public func pageSize() -> Int64 { Int64(csystem_page_size()) }
}
