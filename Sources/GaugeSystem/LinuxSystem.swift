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

    public final func readFile(_ path: String, limit: Int) throws(Errno) -> [UInt8] {
        try SystemCall.readFile(path, limit: limit)
    }

    public final func writeFile(_ path: String, _ bytes: [UInt8], _ mode: FileWriteMode) throws(Errno) {
        switch mode {
        case .attribute:
            let fd = try SystemCall.open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
            defer { SystemCall.close(fd) }
            _ = try SystemCall.write(fd, bytes)
        case .replace, .append:
            let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (mode == .replace ? O_TRUNC : O_APPEND)
            let fd = try SystemCall.open(path, flags, mode: 0o644)
            defer { SystemCall.close(fd) }
            try SystemCall.writeAll(fd, bytes)
        }
    }

    public final func listDirectory(_ path: String) throws(Errno) -> [String] {
        try SystemCall.listDirectory(path)
    }

    public final func exists(_ path: String) -> Bool { SystemCall.exists(path) }

    public final func rename(_ from: String, to path: String) throws(Errno) {
        try SystemCall.rename(from, to: path)
    }

    public final func monotonicNanoseconds() -> UInt64 { SystemCall.monotonicNanoseconds() }

    public final func sleep(nanoseconds: UInt64) { SystemCall.sleep(nanoseconds: nanoseconds) }

    public final func environment(_ name: String) -> String? { SystemCall.environment(name) }

    public final func releaseFreeHeap() { _ = SystemCall.releaseFreeHeap() }
}
