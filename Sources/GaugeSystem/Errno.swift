import CPanelSystem

/// An errno value: what every system call of the panel throws (displays, sensors, input,
/// the run loop), shaped like swift-system's `Errno` — named constants, `message` from
/// strerror — but in the subset Embedded Swift accepts (no Foundation, typed throws).
public struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int32
    public init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// The calling thread's errno now.
    public static var current: Errno { Errno(csystem_errno()) }

    /// The system's text for it (strerror), e.g. "No such file or directory".
    public var message: String { String(cString: strerror(rawValue)) }

    /// E.g. "No such file or directory (errno 2)": how the panel's error lines show errnos.
    public var description: String { "\(message) (errno \(rawValue))" }

    /// Nothing is wrong, there is just nothing now: EAGAIN/EWOULDBLOCK on a non-blocking
    /// descriptor, or a call interrupted by a signal (EINTR). Keep the descriptor, retry.
    public var meansTryLater: Bool {
        self == .resourceTemporarilyUnavailable || self == .wouldBlock || self == .interrupted
    }

    // The values the panel tells apart (swift-system's names).
    public static let notPermitted = Errno(EPERM)
    public static let noSuchFileOrDirectory = Errno(ENOENT)
    public static let interrupted = Errno(EINTR)
    public static let ioError = Errno(EIO)
    public static let noSuchAddressOrDevice = Errno(ENXIO)
    public static let badFileDescriptor = Errno(EBADF)
    public static let resourceTemporarilyUnavailable = Errno(EAGAIN)
    public static let wouldBlock = Errno(EWOULDBLOCK)
    public static let noMemory = Errno(ENOMEM)
    public static let permissionDenied = Errno(EACCES)
    public static let resourceBusy = Errno(EBUSY)
    /// ENOSPC: the file system is full (a log stops).
    public static let noSpaceLeft = Errno(ENOSPC)
    /// ENODEV: the device is gone (unplugged, driver unbound) or has no such function.
    public static let operationNotSupportedByDevice = Errno(ENODEV)
    public static let isDirectory = Errno(EISDIR)
    public static let invalidArgument = Errno(EINVAL)
    public static let tooManyOpenFilesInSystem = Errno(ENFILE)
    public static let tooManyOpenFiles = Errno(EMFILE)
    public static let inappropriateIOCTLForDevice = Errno(ENOTTY)
    public static let readOnlyFileSystem = Errno(EROFS)
    public static let messageTooLong = Errno(EMSGSIZE)
    /// EOPNOTSUPP (= ENOTSUP on Linux).
    public static let notSupported = Errno(EOPNOTSUPP)
    public static let connectionRefused = Errno(ECONNREFUSED)
    public static let connectionReset = Errno(ECONNRESET)
    public static let connectionAborted = Errno(ECONNABORTED)
    /// EPROTO: what a stream source's TLS handshake or session failure shows as.
    public static let protocolError = Errno(EPROTO)
    public static let timedOut = Errno(ETIMEDOUT)
    public static let hostUnreachable = Errno(EHOSTUNREACH)
    public static let networkUnreachable = Errno(ENETUNREACH)
    public static let addressInUse = Errno(EADDRINUSE)
    public static let addressNotAvailable = Errno(EADDRNOTAVAIL)
    public static let fileNameTooLong = Errno(ENAMETOOLONG)
    public static let noFunction = Errno(ENOSYS)
    public static let noData = Errno(ENODATA)
    /// EPIPE: a PCM device's buffer ran empty (an underrun).
    public static let brokenPipe = Errno(EPIPE)
}
