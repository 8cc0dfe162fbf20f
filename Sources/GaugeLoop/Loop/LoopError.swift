import GaugeSystem

/// A failed system call of the run loop or the service layer, as a value: which call,
/// on what, the errno, and a line that says what to do about it.
public struct LoopError: Error, Sendable, Equatable, CustomStringConvertible {
    public var call: String
    /// The file descriptor, socket path or signal the call was about ("" if none).
    public var subject: String
    public var errno: Errno

    public init(call: String, subject: String = "", errno: Errno) {
        self.call = call
        self.subject = subject
        self.errno = errno
    }

    public var description: String {
        let target = subject.isEmpty ? "" : " (\(subject))"
        return "\(call)\(target) failed: \(errno)\(hint)"
    }

    /// The fix, where one is known.
    private var hint: String {
        switch errno {
        case .tooManyOpenFiles, .tooManyOpenFilesInSystem:
            return "; too many open files: raise LimitNOFILE in the unit or close unused devices"
        case .noMemory:
            return "; out of memory"
        case .permissionDenied, .notPermitted:
            return "; permission denied: check the unit's User=, groups and DeviceAllow="
        case .noSuchFileOrDirectory, .connectionRefused:
            return call == "sendto" ? "; nobody listens on NOTIFY_SOCKET (was the service started by systemd?)" : ""
        case .noFunction:
            return "; the kernel lacks this call (timerfd/signalfd need Linux ≥ 2.6.27)"
        default:
            return ""
        }
    }
}
