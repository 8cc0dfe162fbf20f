#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A failed system call of the run loop or the service layer, as a value: which call,
/// on what, the errno, and a line that says what to do about it.
public struct LoopError: Error, Sendable, Equatable, CustomStringConvertible {
    public var call: String
    /// The file descriptor, socket path or signal the call was about ("" if none).
    public var subject: String
    public var errno: Int32

    public init(call: String, subject: String = "", errno: Int32) {
        self.call = call
        self.subject = subject
        self.errno = errno
    }

    public var description: String {
        let target = subject.isEmpty ? "" : " (\(subject))"
        return "\(call)\(target) failed: \(String(cString: strerror(errno))) (errno \(errno))\(hint)"
    }

    /// The fix, where one is known.
    private var hint: String {
        switch errno {
        case EMFILE, ENFILE:
            return "; too many open files: raise LimitNOFILE in the unit or close unused devices"
        case ENOMEM:
            return "; out of memory"
        case EACCES, EPERM:
            return "; permission denied: check the unit's User=, groups and DeviceAllow="
        case ENOENT, ECONNREFUSED:
            return call == "sendto" ? "; nobody listens on NOTIFY_SOCKET (was the service started by systemd?)" : ""
        case ENOSYS:
            return "; the kernel lacks this call (timerfd/signalfd need Linux ≥ 2.6.27)"
        default:
            return ""
        }
    }
}
