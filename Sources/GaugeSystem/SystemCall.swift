import CPanelSystem

/// What a read of a descriptor found. `endOfFile` (read returned 0: a file's end, a tty
/// or pipe hung up) and `nothingPending` (EAGAIN on a non-blocking descriptor) are
/// different answers, so a caller cannot take one for the other.
public enum ReadResult: Hashable, Sendable {
    /// At least one byte.
    case bytes([UInt8])
    case endOfFile
    case nothingPending
}

/// The system calls every part of the panel shares — files, descriptors, directories,
/// poll — each in one place: retried when a signal interrupts it (EINTR), failing with
/// an `Errno`. Modules reach them through the mockable `PanelSystem` and its family
/// refinements (`DisplaySystemCalls`, `InputSystemCalls`, `LoopSystemCalls`,
/// `SensorSystemCalls`), whose Linux classes inherit `LinuxSystem`, built on these.
public enum SystemCall {
    /// Runs `call` — a system call that returns -1 and sets errno when it fails — again
    /// while a signal interrupts it (EINTR); any other failure is thrown.
    @inlinable
    public static func retrying<Value: FixedWidthInteger & SignedInteger>(_ call: () -> Value) throws(Errno) -> Value {
        while true {
            let result = call()
            if result != -1 { return result }
            let error = Errno.current
            if error != .interrupted { throw error }
        }
    }

    /// open(2); `mode` is the permission of a file O_CREAT creates.
    public static func open(_ path: String, _ flags: Int32, mode: UInt32 = 0) throws(Errno) -> Int32 {
        try retrying { csystem_open(path, flags, mode) }
    }

    /// close(2). Not retried: Linux releases the descriptor even when close is interrupted.
    public static func close(_ fd: Int32) { _ = CPanelSystem.close(fd) }

    /// One read(2) of at most `max` bytes (`max` ≤ 0 reads nothing: `.nothingPending`).
    public static func read(_ fd: Int32, max: Int) throws(Errno) -> ReadResult {
        guard max > 0 else { return .nothingPending }
        var buffer = [UInt8](repeating: 0, count: max)
        let n: Int
        do { n = try retrying { buffer.withUnsafeMutableBytes { CPanelSystem.read(fd, $0.baseAddress, max) } } } catch {
            if error == .resourceTemporarilyUnavailable || error == .wouldBlock { return .nothingPending }
            throw error
        }
        if n == 0 { return .endOfFile }
        buffer.removeSubrange(n...)
        return .bytes(buffer)
    }

    /// Reads until the end of the file, or `limit` bytes.
    public static func readAll(_ fd: Int32, limit: Int = .max) throws(Errno) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: Swift.max(0, Swift.min(limit, 1 << 16)))
        while bytes.count < limit {
            let wanted = Swift.min(chunk.count, limit - bytes.count)
            let n = try retrying { chunk.withUnsafeMutableBytes { CPanelSystem.read(fd, $0.baseAddress, wanted) } }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }

    /// One write(2): the number of bytes written, which may be fewer than `bytes`.
    public static func write(_ fd: Int32, _ bytes: [UInt8]) throws(Errno) -> Int {
        try retrying { bytes.withUnsafeBytes { CPanelSystem.write(fd, $0.baseAddress, $0.count) } }
    }

    /// write(2) until all of `bytes` is written.
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(Errno) {
        var done = 0
        while done < bytes.count {
            done += try retrying { bytes.withUnsafeBytes { CPanelSystem.write(fd, $0.baseAddress! + done, $0.count - done) } }
        }
    }

    /// poll(2); `timeoutMilliseconds` -1 waits forever. Returns how many descriptors are
    /// ready: 0 when the timeout passed or a signal interrupted the wait (EINTR is not
    /// retried here: the caller's loop comes round and waits again).
    public static func poll(_ descriptors: inout [pollfd], timeoutMilliseconds: Int32) throws(Errno) -> Int {
        let n = descriptors.withUnsafeMutableBufferPointer { CPanelSystem.poll($0.baseAddress, nfds_t($0.count), timeoutMilliseconds) }
        if n < 0 {
            let error = Errno.current
            if error == .interrupted { return 0 }
            throw error
        }
        return Int(n)
    }

    /// The names in the directory at `path`, sorted, without "." and "..".
    public static func listDirectory(_ path: String) throws(Errno) -> [String] {
        guard let dir = opendir(path) else { throw .current }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// rename(2): `path` now names what `from` named (atomically, on one file system).
    public static func rename(_ from: String, to path: String) throws(Errno) {
        guard CPanelSystem.rename(from, path) == 0 else { throw .current }
    }

    /// Whether `path` exists (access(2) F_OK), or with `readable` whether this process may read it.
    public static func exists(_ path: String, readable: Bool = false) -> Bool {
        access(path, readable ? R_OK : F_OK) == 0
    }

    /// The kind of file at `path`; nil when there is none (or stat fails).
    public static func fileKind(_ path: String) -> FileKind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & mode_t(S_IFMT) {
        case mode_t(S_IFREG): return .regular
        case mode_t(S_IFDIR): return .directory
        default: return .other
        }
    }

    /// The environment variable `name` (getenv(3)); nil when unset.
    public static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// CLOCK_MONOTONIC in nanoseconds.
    public static func monotonicNanoseconds() -> UInt64 { csystem_monotonic_nanoseconds() }

    /// CLOCK_REALTIME in nanoseconds since 1970.
    public static func realtimeNanoseconds() -> UInt64 { csystem_realtime_nanoseconds() }

    /// stat(2)'s size of `path`; nil when stat fails.
    public static func fileSize(_ path: String) -> Int64? {
        let n = csystem_file_size(path)
        return n < 0 ? nil : n
    }

    /// Sleeps `nanoseconds` (nanosleep(2); a signal may end it early).
    public static func sleep(nanoseconds: UInt64) { _ = csystem_sleep_nanoseconds(nanoseconds) }

    /// Hands the heap's free pages back to the kernel (glibc's malloc_trim(0); nothing
    /// elsewhere): for after start-up and after a snapshot, whose temporary memory would
    /// otherwise stay resident between live objects. True when any page was released.
    @discardableResult
    public static func releaseFreeHeap() -> Bool { csystem_release_free_heap() != 0 }
}
