import Glibc

/// errno values and messages (so the rest of the module need not import Glibc).
public enum SystemError {
    public static let EPERM = Glibc.EPERM, ENOENT = Glibc.ENOENT, ENXIO = Glibc.ENXIO
    public static let EACCES = Glibc.EACCES, EBUSY = Glibc.EBUSY, ENODEV = Glibc.ENODEV
    public static let ENOSYS = Glibc.ENOSYS, EINVAL = Glibc.EINVAL, EAGAIN = Glibc.EAGAIN
    public static let EINTR = Glibc.EINTR, ENOTTY = Glibc.ENOTTY, EOPNOTSUPP_ = Glibc.EOPNOTSUPP

    public static func message(_ errno: Int32) -> String { String(cString: strerror(errno)) }
}

/// An errno value as an error.
public struct Errno: Error, Equatable, Sendable {
    public var rawValue: Int32
    public init(_ rawValue: Int32) { self.rawValue = rawValue }
    /// The calling thread's errno now.
    public static var current: Errno { Errno(Glibc.errno) }
}
