import GaugeSystem

/// Why a display could not be opened or updated. `description` is one line that names
/// the device and the fix.
public enum DisplayError: Error, Equatable, Sendable, CustomStringConvertible {
    case noDevice(path: String)
    case permissionDenied(path: String)
    case busy(path: String)
    case unsupportedDepth(path: String, bitsPerPixel: Int)
    case unsupportedLayout(path: String, detail: String)
    case noConnectedOutput(path: String)
    case noSuchMode(path: String, connector: String, wanted: String, available: [String])
    /// The board names a connector that is not there (or not connected).
    case noSuchConnector(path: String, wanted: String, available: [String])
    /// The device scans out neither the board's format nor the one the copy converts it
    /// to; `offered`: what its primary plane lists (nil: it does not say).
    case unsupportedFormat(path: String, driver: String, format: String, offered: [String]?)
    case noDisplayFound(tried: [String])
    case systemCall(path: String, call: String, errno: Errno)

    public var description: String {
        switch self {
        case .noDevice(let path):
            return "\(path): no such device; load the display driver or pick another (gaugepanel devices lists them)"
        case .permissionDenied(let path):
            return "\(path): permission denied; add the user to group video (sudo usermod -aG video $USER, then log in again)"
        case .busy(let path):
            return "\(path): device busy; another program (a display server such as X or Wayland, or another gaugepanel) is the DRM master; stop it or use --display fbdev"
        case .unsupportedDepth(let path, let bpp):
            return "\(path): unsupported depth \(bpp) bpp; only 16 (RGB565) and 32 (XRGB8888) are scanned out (a board in either format is converted to the other); set 32 with fbset -depth 32, or framebuffer_depth=32 in the Pi's config.txt"
        case .unsupportedLayout(let path, let detail):
            return "\(path): unsupported pixel layout (\(detail)); use a 16 bpp RGB565 or 32 bpp XRGB8888 mode"
        case .noConnectedOutput(let path):
            return "\(path): no connected connector; plug in a display or pick another card (gaugepanel devices)"
        case .noSuchMode(let path, let connector, let wanted, let available):
            return "\(path): connector \(connector) has no mode \(wanted); set [display] mode (or --mode) to one of its modes: \(available.joined(separator: ", "))"
        case .noSuchConnector(let path, let wanted, let available):
            return "\(path): no connected connector \(wanted); set [display] connector (or --connector) to a connected one of: \(available.joined(separator: ", "))"
        case .unsupportedFormat(let path, let driver, let format, let offered):
            let other = format == "rgb565" ? "xrgb8888" : "rgb565"
            let offers = offered.map { $0.isEmpty ? "its primary plane lists no formats" : "its primary plane offers \($0.joined(separator: ", "))" }
                ?? "it refused \(format) and \(other) buffers"
            return "\(path): the \(driver) driver scans out neither \(format) nor \(other) (an \(format) board is converted to \(other) on copy); \(offers); show it on the driver's framebuffer device instead: set [display] output = \"fbdev\" (or --display fbdev)"
        case .noDisplayFound(let tried):
            return "no display found (tried \(tried.joined(separator: ", "))); load a DRM or fbdev driver, or use --display offscreen"
        case .systemCall(let path, let call, let errno):
            return "\(path): \(call) failed: \(errno)"
        }
    }

    /// The error for a failed open(2) of a display device.
    public static func open(path: String, errno: Errno) -> DisplayError {
        switch errno {
        case .noSuchFileOrDirectory, .operationNotSupportedByDevice, .noSuchAddressOrDevice: return .noDevice(path: path)
        case .permissionDenied, .notPermitted: return .permissionDenied(path: path)
        case .resourceBusy: return .busy(path: path)
        default: return .systemCall(path: path, call: "open", errno: errno)
        }
    }
}
