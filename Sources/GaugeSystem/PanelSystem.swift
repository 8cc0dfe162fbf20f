/// How `PanelSystem.writeFile` opens its file.
public enum FileWriteMode: Hashable, Sendable {
    /// An existing file, truncated, in one write(2), as `echo N > file` does: a sysfs
    /// attribute takes its value in a single write, and a missing one must not be created.
    case attribute
    /// Created (mode 0644) or truncated, then written whole.
    case replace
    /// Created (mode 0644) when missing, written whole at its end.
    case append
    /// As `replace`, then fsync'd before it is closed: on the disk when the call returns
    /// (a counter that must survive a power cut).
    case durable
}

/// The system calls every family of the panel shares — descriptors, whole files,
/// directories, poll, the monotonic clock, its timers and sleeping — declared once. The families refine it with their own
/// calls (`DisplaySystemCalls`, `InputSystemCalls`, `LoopSystemCalls`, `SensorSystemCalls`);
/// `LinuxSystem` implements it over `SystemCall`, and each family's Linux class inherits
/// that. Class-bound: Embedded Swift accepts `any P` only for class-bound protocols.
public protocol PanelSystem: AnyObject {
    /// close(2).
    func close(_ fd: Int32)
    /// One non-blocking read: bytes, end of file, or nothing pending (EAGAIN).
    func read(_ fd: Int32, max: Int) throws(Errno) -> ReadResult
    /// One write: the number of bytes written (may be fewer than `bytes`).
    func write(_ fd: Int32, _ bytes: [UInt8]) throws(Errno) -> Int
    /// The file at `path`, at most `limit` bytes (`.max` for all of it); a failure names
    /// the path and the step (open or read).
    func readFile(_ path: String, limit: Int) throws(FileError) -> [UInt8]
    /// Writes `bytes` to the file at `path` as `mode` says; a failure names the path and
    /// the step (open, write, or a close that reports a deferred write error).
    func writeFile(_ path: String, _ bytes: [UInt8], _ mode: FileWriteMode) throws(FileError)
    /// Entry names, sorted, without "." and "..".
    func listDirectory(_ path: String) throws(Errno) -> [String]
    /// Whether anything exists at `path`.
    func exists(_ path: String) -> Bool
    /// access(2) R_OK: whether this process may read `path`.
    func isReadable(_ path: String) -> Bool
    /// What `path` names (links followed); nil when nothing, or stat fails.
    func fileKind(_ path: String) -> FileKind?
    /// rename(2): `path` names what `from` named (atomically, on one file system).
    func rename(_ from: String, to path: String) throws(Errno)
    /// poll(2); `timeoutMilliseconds` -1 waits forever. Returns how many are ready: 0 when
    /// the timeout passed or a signal interrupted the wait.
    func poll(_ descriptors: inout [PollDescriptor], timeoutMilliseconds: Int32) throws(Errno) -> Int
    /// timerfd_create(CLOCK_MONOTONIC), non-blocking, close-on-exec.
    func createTimer() throws(Errno) -> Int32
    /// Arms the timer `fd` to expire once at the absolute monotonic `deadline`; nil disarms it.
    func setTimer(_ fd: Int32, deadline: UInt64?) throws(Errno)
    /// The timer's expiration count; 0 when it had not expired (EAGAIN).
    func readTimer(_ fd: Int32) throws(Errno) -> UInt64
    /// CLOCK_MONOTONIC in nanoseconds.
    func monotonicNanoseconds() -> UInt64
    /// CLOCK_REALTIME in nanoseconds since 1970 (what a log's time column says).
    func realtimeNanoseconds() -> UInt64
    /// The size of the file at `path` in bytes; nil when there is none.
    func fileSize(_ path: String) -> Int64?
    /// Sleeps `nanoseconds` (a signal may end it early).
    func sleep(nanoseconds: UInt64)
    /// getenv(3): the process environment's `name`, or nil.
    func environment(_ name: String) -> String?
    /// Gives the memory the allocator holds free back to the kernel (glibc's malloc_trim),
    /// after a peak that will not come again (start-up, a snapshot's encoder).
    func releaseFreeHeap()
}
