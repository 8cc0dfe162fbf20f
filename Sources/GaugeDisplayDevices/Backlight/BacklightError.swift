import GaugeDisplay
import GaugeSystem

/// Why a backlight could not be read or set. `description` is one line that names the
/// file and the fix.
public enum BacklightError: Error, Equatable, Sendable, CustomStringConvertible {
    case noBacklight(root: String)
    case noSuchDevice(name: String, available: [String])
    case notWritable(path: String)
    case unreadable(path: String, errno: Errno)
    case badValue(path: String, text: String)
    case outOfRange(value: Int, max: Int)
    case percentOutOfRange(Int)
    case noPowerControl(device: String)
    case writeFailed(path: String, errno: Errno)

    public var description: String {
        switch self {
        case .noBacklight(let root):
            return "\(root): no backlight devices; the panel's backlight driver is not loaded (or the panel has none)"
        case .noSuchDevice(let name, let available):
            return "no backlight '\(name)'; available: \(available.isEmpty ? "none" : available.joined(separator: ", "))"
        case .notWritable(let path):
            return "\(path): permission denied; run as root, or install the udev rule that gives group video bl_power and brightness "
                + "(scripts/install-service.sh does; by hand: copy scripts/udev/70-gaugepanel-backlight.rules to /etc/udev/rules.d/, "
                + "then `sudo udevadm trigger --action=add --subsystem-match=backlight`) and add the user to group video"
        case .unreadable(let path, let errno):
            return "\(path): cannot read: \(errno)"
        case .badValue(let path, let text):
            return "\(path): not a number: '\(text)'"
        case .outOfRange(let value, let max):
            return "brightness \(value) out of range; use 0…\(max) (or a percentage 0…100)"
        case .percentOutOfRange(let p):
            return "brightness \(p)% out of range; use 0…100"
        case .noPowerControl(let device):
            return "\(device): no bl_power file; this backlight cannot be switched off, set brightness 0 instead"
        case .writeFailed(let path, let errno):
            return "\(path): write failed: \(errno)"
        }
    }

    /// The error for a failed open(2) or write(2) of a sysfs attribute.
    public static func write(path: String, errno e: Errno) -> BacklightError {
        e == .permissionDenied || e == .notPermitted || e == .readOnlyFileSystem ? .notWritable(path: path) : .writeFailed(path: path, errno: e)
    }
}
