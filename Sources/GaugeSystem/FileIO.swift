import CPanelSystem

/// A file operation that failed, with the path and the system's reason.
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Operation: String, Sendable { case open, read, write, close }
    public let operation: Operation
    public let path: String
    public let errno: Errno

    public init(_ operation: Operation, path: String, errno: Errno) {
        self.operation = operation; self.path = path; self.errno = errno
    }

    /// E.g. "cannot open /nonexistent/x.png for writing: No such file or directory".
    public var description: String {
        let reason = errno.message
        switch operation {
        case .open: return "cannot open \(path): \(reason)"
        case .read: return "cannot read \(path): \(reason)"
        case .write: return "cannot write \(path): \(reason)"
        case .close: return "cannot close \(path): \(reason)"
        }
    }
}

/// Whole-file reads and writes over `SystemCall`, so that every failure names its path
/// the same way (images, backlights).
public enum FileIO {
    /// Replaces (or creates, mode 0644) the file at `path` with `bytes`.
    public static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        let fd: Int32
        do { fd = try SystemCall.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode: 0o644) } catch {
            throw FileError(.open, path: path, errno: error)
        }
        var failure: FileError?
        do { try SystemCall.writeAll(fd, bytes) } catch { failure = FileError(.write, path: path, errno: error) }
        // close can report a deferred write error (e.g. NFS, full disk): not ignored.
        if CPanelSystem.close(fd) != 0 && failure == nil { failure = FileError(.close, path: path, errno: .current) }
        if let failure { throw failure }
    }

    /// The whole file at `path`.
    public static func read(_ path: String) throws(FileError) -> [UInt8] {
        let fd: Int32
        do { fd = try SystemCall.open(path, O_RDONLY | O_CLOEXEC) } catch { throw FileError(.open, path: path, errno: error) }
        defer { SystemCall.close(fd) }
        do { return try SystemCall.readAll(fd) } catch { throw FileError(.read, path: path, errno: error) }
    }
}
