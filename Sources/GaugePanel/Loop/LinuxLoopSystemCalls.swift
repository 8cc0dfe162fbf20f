import CLinuxLoop
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The real system calls (timerfd and signalfd come from CLinuxLoop: Swift's Glibc
/// module map leaves them out).
public struct LinuxLoopSystemCalls: LoopSystemCalls {

    // Linux values (include/uapi/linux/timerfd.h, signalfd.h): the flags equal O_*.
    private static let timerAbsolute: Int32 = 1
    private static let signalInfoSize = 128

    public init() {}

    public func monotonicNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    public func poll(_ descriptors: inout [PollDescriptor], timeoutMilliseconds: Int32) -> Result<Int, LoopError> {
        var raw = descriptors.map { pollfd(fd: $0.fd, events: Self.pollBits($0.events), revents: 0) }
        let n = raw.withUnsafeMutableBufferPointer { Glibc.poll($0.baseAddress, nfds_t($0.count), timeoutMilliseconds) }
        if n < 0 {
            return errno == EINTR ? .success(0) : .failure(LoopError(call: "poll", errno: errno))
        }
        for i in descriptors.indices { descriptors[i].returned = Self.fileEvents(raw[i].revents) }
        return .success(Int(n))
    }

    static func pollBits(_ e: FileEvents) -> Int16 {
        var bits: Int16 = 0
        if e.contains(.readable) { bits |= Int16(POLLIN) }
        if e.contains(.priority) { bits |= Int16(POLLPRI) }
        if e.contains(.writable) { bits |= Int16(POLLOUT) }
        return bits
    }

    static func fileEvents(_ bits: Int16) -> FileEvents {
        var e: FileEvents = []
        if bits & Int16(POLLIN) != 0 { e.insert(.readable) }
        if bits & Int16(POLLPRI) != 0 { e.insert(.priority) }
        if bits & Int16(POLLOUT) != 0 { e.insert(.writable) }
        if bits & Int16(POLLHUP) != 0 { e.insert(.hangup) }
        if bits & Int16(POLLERR) != 0 { e.insert(.error) }
        if bits & Int16(POLLNVAL) != 0 { e.insert(.invalid) }
        return e
    }

    public func createTimer() -> Result<Int32, LoopError> {
        let fd = timerfd_create(CLOCK_MONOTONIC, Int32(O_NONBLOCK | O_CLOEXEC))
        return fd >= 0 ? .success(fd) : .failure(LoopError(call: "timerfd_create", errno: errno))
    }

    public func setTimer(_ fd: Int32, deadline: UInt64?) -> Result<Void, LoopError> {
        var spec = itimerspec()
        if let deadline {
            // 0 would disarm: a deadline at the epoch of the clock is "now" anyway.
            let d = max(deadline, 1)
            spec.it_value = timespec(tv_sec: Int(d / 1_000_000_000), tv_nsec: Int(d % 1_000_000_000))
        }
        let r = timerfd_settime(fd, Self.timerAbsolute, &spec, nil)
        return r == 0 ? .success(()) : .failure(LoopError(call: "timerfd_settime", subject: "fd \(fd)", errno: errno))
    }

    public func readTimer(_ fd: Int32) -> Result<UInt64, LoopError> {
        var count: UInt64 = 0
        while true {
            let n = Glibc.read(fd, &count, 8)
            if n == 8 { return .success(count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return .success(0) }
            return .failure(LoopError(call: "read timerfd", subject: "fd \(fd)", errno: n < 0 ? errno : EIO))
        }
    }

    private static func signalSet(_ signals: [Int32]) -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s) }
        return set
    }

    public func blockSignals(_ signals: [Int32]) -> Result<SignalMask, LoopError> {
        var set = Self.signalSet(signals)
        var old = sigset_t()
        let r = pthread_sigmask(SIG_BLOCK, &set, &old)
        guard r == 0 else { return .failure(LoopError(call: "pthread_sigmask", errno: r)) }
        let words = withUnsafeBytes(of: &old) { Array($0.bindMemory(to: UInt64.self)) }
        return .success(SignalMask(storage: words))
    }

    public func restoreSignalMask(_ mask: SignalMask) {
        var set = sigset_t()
        withUnsafeMutableBytes(of: &set) { raw in
            let words = raw.bindMemory(to: UInt64.self)
            for i in 0..<min(words.count, mask.storage.count) { words[i] = mask.storage[i] }
        }
        _ = pthread_sigmask(SIG_SETMASK, &set, nil)
    }

    public func createSignalDescriptor(_ signals: [Int32], existing: Int32?) -> Result<Int32, LoopError> {
        var set = Self.signalSet(signals)
        let fd = CLinuxLoop.signalfd(existing ?? -1, &set, Int32(O_NONBLOCK | O_CLOEXEC))
        return fd >= 0 ? .success(fd) : .failure(LoopError(call: "signalfd", errno: errno))
    }

    public func readSignals(_ fd: Int32) -> Result<[Int32], LoopError> {
        var found: [Int32] = []
        var info = [UInt8](repeating: 0, count: Self.signalInfoSize)
        while true {
            let n = info.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, Self.signalInfoSize) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return .success(found) }
            guard n == Self.signalInfoSize else {
                return .failure(LoopError(call: "read signalfd", subject: "fd \(fd)", errno: n < 0 ? errno : EIO))
            }
            // struct signalfd_siginfo begins with uint32_t ssi_signo.
            found.append(info.withUnsafeBytes { Int32(bitPattern: $0.loadUnaligned(as: UInt32.self)) })
        }
    }

    public func sendDatagram(_ bytes: [UInt8], to path: String) -> Result<Void, LoopError> {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var name = Array(path.utf8)
        // "@name" is the abstract namespace: a leading NUL byte instead of '@', no terminator.
        let abstract = name.first == UInt8(ascii: "@")
        if abstract { name[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard !name.isEmpty, name.count < capacity else {
            return .failure(LoopError(call: "sendto", subject: path, errno: ENAMETOOLONG))
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in name.enumerated() { raw[i] = b }
        }
        let pathOffset = MemoryLayout<sockaddr_un>.offset(of: \sockaddr_un.sun_path) ?? 2
        let length = socklen_t(pathOffset + name.count + (abstract ? 0 : 1))
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return .failure(LoopError(call: "socket", subject: path, errno: errno)) }
        defer { Glibc.close(fd) }
        while true {
            let sent = bytes.withUnsafeBytes { data in
                withUnsafePointer(to: &address) { a in
                    a.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        sendto(fd, data.baseAddress, data.count, Int32(MSG_NOSIGNAL), $0, length)
                    }
                }
            }
            if sent < 0 && errno == EINTR { continue }
            if sent < 0 { return .failure(LoopError(call: "sendto", subject: path, errno: errno)) }
            return sent == bytes.count ? .success(()) : .failure(LoopError(call: "sendto", subject: path, errno: EMSGSIZE))
        }
    }

    public func processID() -> Int32 { getpid() }

    public func close(_ fd: Int32) { _ = Glibc.close(fd) }
}
