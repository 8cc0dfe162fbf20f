import CPanelSystem

/// `PanelSystem` on Linux, over `SystemCall`. Each family's Linux implementation
/// (`LinuxDisplaySystemCalls`, `LinuxInputSystemCalls`, ...) inherits it, so the shared
/// calls are implemented once. Stateless, hence safe to share between threads.
open class LinuxSystem: PanelSystem, @unchecked Sendable {
    public static let standard = LinuxSystem()

    public init() {}

    public final func close(_ fd: Int32) { SystemCall.close(fd) }

    public final func read(_ fd: Int32, max: Int) throws(Errno) -> ReadResult {
        try SystemCall.read(fd, max: max)
    }

    public final func write(_ fd: Int32, _ bytes: [UInt8]) throws(Errno) -> Int {
        try SystemCall.write(fd, bytes)
    }

    public final func readFile(_ path: String, limit: Int) throws(FileError) -> [UInt8] {
        let fd: Int32
        do { fd = try SystemCall.open(path, O_RDONLY | O_CLOEXEC) } catch { throw FileError(.open, path: path, errno: error) }
        defer { SystemCall.close(fd) }
        do { return try SystemCall.readAll(fd, limit: limit) } catch { throw FileError(.read, path: path, errno: error) }
    }

    public final func writeFile(_ path: String, _ bytes: [UInt8], _ mode: FileWriteMode) throws(FileError) {
        let fd: Int32
        do {
            switch mode {
            case .attribute: fd = try SystemCall.open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
            case .replace, .append, .durable:
                let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (mode == .append ? O_APPEND : O_TRUNC)
                fd = try SystemCall.open(path, flags, mode: 0o644)
            }
        } catch {
            throw FileError(.open, path: path, errno: error)
        }
        var failure: FileError?
        do {
            // A sysfs attribute takes its value in one write(2); a file is written whole.
            if mode == .attribute { _ = try SystemCall.write(fd, bytes) } else { try SystemCall.writeAll(fd, bytes) }
        } catch {
            failure = FileError(.write, path: path, errno: error)
        }
        if mode == .durable, failure == nil, CPanelSystem.fsync(fd) != 0 { failure = FileError(.write, path: path, errno: .current) }
        // close can report a deferred write error (NFS, a full disk): not ignored.
        if CPanelSystem.close(fd) != 0 && failure == nil { failure = FileError(.close, path: path, errno: .current) }
        if let failure { throw failure }
    }

    public final func listDirectory(_ path: String) throws(Errno) -> [String] {
        try SystemCall.listDirectory(path)
    }

    public final func exists(_ path: String) -> Bool { SystemCall.exists(path) }

    public final func isReadable(_ path: String) -> Bool { SystemCall.exists(path, readable: true) }

    public final func fileKind(_ path: String) -> FileKind? { SystemCall.fileKind(path) }

    public final func rename(_ from: String, to path: String) throws(Errno) {
        try SystemCall.rename(from, to: path)
    }

    public final func poll(_ descriptors: inout [PollDescriptor], timeoutMilliseconds: Int32) throws(Errno) -> Int {
        var raw = descriptors.map { pollfd(fd: $0.fd, events: Self.pollBits($0.events), revents: 0) }
        let n = try SystemCall.poll(&raw, timeoutMilliseconds: timeoutMilliseconds)
        for i in descriptors.indices { descriptors[i].returned = Self.fileEvents(raw[i].revents) }
        return n
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

    public final func createTimer() throws(Errno) -> Int32 {
        let fd = timerfd_create(CLOCK_MONOTONIC, Int32(O_NONBLOCK | O_CLOEXEC))
        guard fd >= 0 else { throw .current }
        return fd
    }

    public final func setTimer(_ fd: Int32, deadline: UInt64?) throws(Errno) {
        // nil disarms (0); 0 itself would disarm too: a deadline at the epoch of the clock
        // is "now" anyway.
        let absolute = deadline.map { max($0, 1) } ?? 0
        guard csystem_timerfd_set_absolute(fd, absolute) == 0 else { throw .current }
    }

    public final func readTimer(_ fd: Int32) throws(Errno) -> UInt64 {
        let bytes = try readRecord(fd, size: 8)
        return bytes.map { $0.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) } } ?? 0
    }

    /// One fixed-size record of a timerfd or signalfd; nil when none is pending. A short
    /// read or the end of the file is EIO: these descriptors never give either.
    public final func readRecord(_ fd: Int32, size: Int) throws(Errno) -> [UInt8]? {
        switch try read(fd, max: size) {
        case .bytes(let bytes) where bytes.count == size: return bytes
        case .nothingPending: return nil
        case .bytes, .endOfFile: throw .ioError
        }
    }

    public final func monotonicNanoseconds() -> UInt64 { SystemCall.monotonicNanoseconds() }

    public final func realtimeNanoseconds() -> UInt64 { SystemCall.realtimeNanoseconds() }

    public final func fileSize(_ path: String) -> Int64? { SystemCall.fileSize(path) }

    public final func sleep(nanoseconds: UInt64) { SystemCall.sleep(nanoseconds: nanoseconds) }

    public final func environment(_ name: String) -> String? { SystemCall.environment(name) }

    public final func releaseFreeHeap() { _ = SystemCall.releaseFreeHeap() }
}
