import Glibc

/// A file operation that failed, with the path and the system's reason.
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Operation: String, Sendable { case open, read, write, close }
    public let operation: Operation
    public let path: String
    public let errno: Int32

    public init(_ operation: Operation, path: String, errno: Int32) {
        self.operation = operation; self.path = path; self.errno = errno
    }

    /// E.g. "cannot open /nonexistent/x.png for writing: No such file or directory".
    public var description: String {
        let reason = SystemError.message(errno)
        switch operation {
        case .open: return "cannot open \(path): \(reason)"
        case .read: return "cannot read \(path): \(reason)"
        case .write: return "cannot write \(path): \(reason)"
        case .close: return "cannot close \(path): \(reason)"
        }
    }
}

/// Whole-file reads and writes over plain file descriptors: the one place that does I/O
/// for images, so that every failure names its path the same way.
public enum FileIO {
    /// Replaces (or creates, mode 0644) the file at `path` with `bytes`.
    public static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileError(.open, path: path, errno: errno) }
        var failure: FileError?
        bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + done, buffer.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = FileError(.write, path: path, errno: errno); return
                }
                done += n
            }
        }
        // close can report a deferred write error (e.g. NFS, full disk): not ignored.
        if close(fd) != 0 && failure == nil { failure = FileError(.close, path: path, errno: errno) }
        if let failure { throw failure }
    }

    /// The whole file at `path`.
    public static func read(_ path: String) throws(FileError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileError(.open, path: path, errno: errno) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError(.read, path: path, errno: errno)
            }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<n])
        }
    }
}
