import GaugeDisplay
import GaugeSystem
import CLinuxFB

/// Keeps the kernel's text console (fbcon) from drawing over the panel: switches the
/// virtual terminal to KD_GRAPHICS (no text, no cursor, no unblank redraws) while the
/// display is in use, and back to text mode on `restore()`. It also detaches the console
/// from the keyboard (K_OFF), so keys meant for the panel are not typed into a login
/// prompt behind it; the keyboard mode is restored too.
///
/// `restore()` always leaves text mode, and a console found with its keyboard off gets a
/// working one (K_UNICODE, or K_XLATE when the kernel's consoles default to 8-bit, as
/// systemd's TTYReset= decides): that state is what a panel killed by SIGKILL or a
/// watchdog leaves behind, and restoring it would keep the console dead.
///
/// Best effort: without a VT (a serial-only board, no permission on /dev/tty0) it does
/// nothing, and says why in `unavailableReason`.
public final class ConsoleGraphicsMode: ConsoleMode {
    private let system: any DisplaySystemCalls
    private var fd: Int32 = -1
    private var keyboardMode: Int32?
    public private(set) var unavailableReason: String?
    /// What the console was found in, when that was a killed panel's graphics mode or
    /// dead keyboard (for the log): "graphics mode, keyboard off".
    public private(set) var leftBehind: String?
    public var isActive: Bool { fd >= 0 }

    public init(paths: [String] = ["/dev/tty0", "/dev/tty"], system: any DisplaySystemCalls = LinuxDisplaySystemCalls.shared) {
        self.system = system
        var reasons: [String] = []
        for path in paths {
            let fd: Int32
            do { fd = try system.open(path, readWrite: true, nonBlocking: false) } catch {
                reasons.append("\(path): \(error.message)")
                continue
            }
            do {
                let wasGraphics = try system.consoleIsGraphics(fd)
                if !wasGraphics { try system.setConsoleGraphics(fd, true) }
                // Best effort: a console without a keyboard mode still goes graphical.
                let found = try? system.consoleKeyboardMode(fd)
                if let found, found == clfb_k_off() {
                    keyboardMode = system.consoleDefaultsToUTF8() ? clfb_k_unicode() : clfb_k_xlate()
                } else if let found, (try? system.setConsoleKeyboardMode(fd, clfb_k_off())) != nil {
                    keyboardMode = found
                }
                var left: [String] = []
                if wasGraphics { left.append("graphics mode") }
                if found == clfb_k_off() { left.append("keyboard off") }
                leftBehind = left.isEmpty ? nil : left.joined(separator: ", ")
                self.fd = fd
                return
            } catch {
                reasons.append("\(path): KDSETMODE: \(error.message)")
                system.close(fd)
            }
        }
        unavailableReason = reasons.joined(separator: "; ")
    }

    /// Back to text mode, with the keyboard as it was (or working, if it was off).
    public func restore() {
        guard fd >= 0 else { return }
        if let mode = keyboardMode { try? system.setConsoleKeyboardMode(fd, mode) }
        try? system.setConsoleGraphics(fd, false)
        system.close(fd)
        fd = -1
    }

    /// KDGKBMODE's value by name (K_OFF: "off"), for `devices --console`.
    public static func keyboardModeName(_ mode: Int32) -> String {
        switch mode {
        case clfb_k_off(): return "off"
        case clfb_k_unicode(): return "unicode"
        case clfb_k_xlate(): return "xlate"
        case clfb_k_raw(): return "raw"
        case clfb_k_mediumraw(): return "mediumraw"
        default: return "mode \(mode)"
        }
    }

    deinit { restore() }
}
