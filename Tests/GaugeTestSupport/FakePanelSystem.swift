import GaugeSystem

/// An in-memory `PanelSystem`: files and directories are dictionary entries, reads come
/// from a script, writes and closes are recorded, the clock is a variable that sleeps advance.
/// The family fakes (displays, input, the loop, sensors) subclass it and add their own
/// calls, overriding a shared one only where they script it differently.
open class FakePanelSystem: PanelSystem, @unchecked Sendable {
    /// Whole files by path (`readFile`, `writeFile`, `exists`, `rename`).
    public var files: [String: [UInt8]] = [:]
    /// Directory entries by path, listed sorted; a missing path is ENOENT.
    public var directories: [String: [String]] = [:]
    /// What successive reads return, whichever the descriptor; once empty, nothing pending.
    public var reads: [Result<ReadResult, Errno>] = []
    /// The bytes of each write, in order.
    public var written: [[UInt8]] = []
    /// Closed descriptors, in order.
    public var closed: [Int32] = []
    /// What `monotonicNanoseconds` answers.
    public var time: UInt64 = 0

    public init() {}

    open func close(_ fd: Int32) { closed.append(fd) }

    open func read(_ fd: Int32, max: Int) throws(Errno) -> ReadResult {
        try (reads.isEmpty ? .success(.nothingPending) : reads.removeFirst()).get()
    }

    open func write(_ fd: Int32, _ bytes: [UInt8]) throws(Errno) -> Int {
        written.append(bytes)
        return bytes.count
    }

    open func readFile(_ path: String, limit: Int) throws(FileError) -> [UInt8] {
        guard let bytes = files[path] else { throw FileError(.open, path: path, errno: .noSuchFileOrDirectory) }
        return Array(bytes.prefix(limit))
    }

    open func writeFile(_ path: String, _ bytes: [UInt8], _ mode: FileWriteMode) throws(FileError) {
        switch mode {
        case .attribute:
            guard files[path] != nil else { throw FileError(.open, path: path, errno: .noSuchFileOrDirectory) }
            files[path] = bytes
        case .replace, .durable: files[path] = bytes
        case .append: files[path, default: []] += bytes
        }
    }

    open func listDirectory(_ path: String) throws(Errno) -> [String] {
        guard let names = directories[path] else { throw .noSuchFileOrDirectory }
        return names.sorted()
    }

    open func exists(_ path: String) -> Bool { files[path] != nil || directories[path] != nil }

    /// Every file and directory it holds is readable.
    open func isReadable(_ path: String) -> Bool { exists(path) }

    open func fileKind(_ path: String) -> FileKind? {
        files[path] != nil ? .regular : directories[path] != nil ? .directory : nil
    }

    open func rename(_ from: String, to path: String) throws(Errno) {
        guard let bytes = files.removeValue(forKey: from) else { throw .noSuchFileOrDirectory }
        files[path] = bytes
    }

    /// Each poll's descriptors and timeout, in order.
    public var polls: [(fds: [Int32], timeout: Int32)] = []
    /// Nothing is ready unless a subclass says otherwise.
    open func poll(_ descriptors: inout [PollDescriptor], timeoutMilliseconds: Int32) throws(Errno) -> Int {
        polls.append((descriptors.map(\.fd), timeoutMilliseconds))
        return 0
    }

    /// The armed timers' deadlines by descriptor (numbered from 1000); disarmed ones are absent.
    public var timerDeadlines: [Int32: UInt64] = [:]
    private var nextTimer: Int32 = 1000
    open func createTimer() throws(Errno) -> Int32 {
        defer { nextTimer += 1 }
        return nextTimer
    }
    open func setTimer(_ fd: Int32, deadline: UInt64?) throws(Errno) { timerDeadlines[fd] = deadline }
    /// 1 (and disarmed) when the timer's deadline has passed on the fake clock, else 0.
    open func readTimer(_ fd: Int32) throws(Errno) -> UInt64 {
        guard let deadline = timerDeadlines[fd], deadline <= time else { return 0 }
        timerDeadlines[fd] = nil
        return 1
    }

    open func monotonicNanoseconds() -> UInt64 { time }

    /// 2026-01-01T00:00:00Z plus the monotonic time.
    open func realtimeNanoseconds() -> UInt64 { 1_767_225_600_000_000_000 &+ time }

    open func fileSize(_ path: String) -> Int64? { files[path].map { Int64($0.count) } }

    /// Sleeping passes the fake time, at once.
    open func sleep(nanoseconds: UInt64) { time += nanoseconds }

    /// The process environment it answers with.
    public var environmentValues: [String: String] = [:]
    open func environment(_ name: String) -> String? { environmentValues[name] }

    /// How many times the heap was given back.
    public var heapReleases = 0
    open func releaseFreeHeap() { heapReleases += 1 }
}
