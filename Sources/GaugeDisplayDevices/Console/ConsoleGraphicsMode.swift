import GaugeDisplay
import GaugeSystem
import CLinuxFB

/// Keeps the kernel's text console (fbcon) from drawing over the panel: switches the
/// virtual terminal to KD_GRAPHICS (no text, no cursor, no unblank redraws) while the
/// display is in use, and back to text mode on `restore()`. It also detaches the console
/// from the keyboard (K_OFF), so keys meant for the panel are not typed into a login
/// prompt behind it; the keyboard mode is restored too.
///
/// Best effort: without a VT (a serial-only board, no permission on /dev/tty0) it does
/// nothing, and says why in `unavailableReason`.
public final class ConsoleGraphicsMode {
    private let system: any DisplaySystemCalls
    private var fd: Int32 = -1
    private var wasGraphics = true
    private var keyboardMode: Int32?
    public private(set) var unavailableReason: String?
    public var isActive: Bool { fd >= 0 }

    public init(paths: [String] = ["/dev/tty0", "/dev/tty"], system: any DisplaySystemCalls = LinuxDisplaySystemCalls.shared) {
        self.system = system
        var reasons: [String] = []
        for path in paths {
            let fd: Int32
            do { fd = try system.open(path, readWrite: true, nonBlocking: false) } catch {
                reasons.append("\(path): \(error.message)"); continue
            }
            do {
                wasGraphics = try system.consoleIsGraphics(fd)
                if !wasGraphics { try system.setConsoleGraphics(fd, true) }
                // Best effort: a console without a keyboard mode still goes graphical.
                if let mode = try? system.consoleKeyboardMode(fd), mode != clfb_k_off(),
                   (try? system.setConsoleKeyboardMode(fd, clfb_k_off())) != nil {
                    keyboardMode = mode
                }
                self.fd = fd
                return
            } catch {
                reasons.append("\(path): KDSETMODE: \(error.message)")
                system.close(fd)
            }
        }
        unavailableReason = reasons.joined(separator: "; ")
    }

    /// Back to text mode (if it was in text mode before).
    public func restore() {
        guard fd >= 0 else { return }
        if let mode = keyboardMode { try? system.setConsoleKeyboardMode(fd, mode) }
        if !wasGraphics { try? system.setConsoleGraphics(fd, false) }
        system.close(fd)
        fd = -1
    }

    deinit { restore() }
}
