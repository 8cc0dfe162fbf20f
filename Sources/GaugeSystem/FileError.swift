/// A file operation that failed, with the path and the system's reason.
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Operation: String, Sendable { case open, read, write, close }
    public let operation: Operation
    public let path: String
    public let errno: Errno

    public init(_ operation: Operation, path: String, errno: Errno) {
        self.operation = operation
        self.path = path
        self.errno = errno
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
