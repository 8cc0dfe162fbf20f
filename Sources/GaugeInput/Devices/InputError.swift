import GaugeSystem

/// An input failure that names the device (or directory) and what to do about it.
public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// EACCES / EPERM opening the device node.
        case permissionDenied
        /// The node or directory does not exist.
        case notFound
        /// The device was unplugged or its driver unbound (ENODEV and friends).
        case gone
        /// libevdev refused the node: not an evdev device.
        case notEvdev
        /// Nothing matched a configured selector (e.g. touch = "FT5406").
        case noMatch(selector: String)
        /// Any other errno.
        case system
    }

    public var kind: Kind
    public var path: String
    public var errno: Errno

    public init(_ kind: Kind, path: String, errno: Errno = Errno(0)) {
        self.kind = kind
        self.path = path
        self.errno = errno
    }

    /// Classifies an errno from opening or reading `path`.
    public init(errno: Errno, path: String) {
        switch errno {
        case .permissionDenied, .notPermitted: self.init(.permissionDenied, path: path, errno: errno)
        case .noSuchFileOrDirectory: self.init(.notFound, path: path, errno: errno)
        case .operationNotSupportedByDevice, .noSuchAddressOrDevice, .ioError, .badFileDescriptor:
            self.init(.gone, path: path, errno: errno)
        default: self.init(.system, path: path, errno: errno)
        }
    }

    public var description: String {
        switch kind {
        case .permissionDenied:
            return "\(path): permission denied: add the user to group input "
                + "(sudo usermod -aG input $USER, then log in again) or run as root"
        case .notFound:
            return "\(path): no such device: check the panel is connected and its driver "
                + "or device-tree overlay is loaded (ls /dev/input)"
        case .gone:
            return "\(path): device gone (unplugged or driver unbound, errno \(errno.rawValue)): "
                + "it will be reopened when it reappears"
        case .notEvdev:
            return "\(path): not an evdev input device (errno \(errno.rawValue)): "
                + "choose a /dev/input/eventN node"
        case .noMatch(let selector):
            return "\(path): no input device matches \"\(selector)\": "
                + "run `gaugepanel devices` to list names, or use \"auto\""
        case .system:
            return "\(path): \(errno): check the device and kernel log (dmesg)"
        }
    }
}
