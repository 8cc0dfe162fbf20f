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
    case unsupportedFormat(path: String, driver: String, format: String)
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
            return "\(path): unsupported depth \(bpp) bpp; only 16 (RGB565) and 32 (XRGB8888) are drawn; set one with fbset -depth 32 or the framebuffer_depth config"
        case .unsupportedLayout(let path, let detail):
            return "\(path): unsupported pixel layout (\(detail)); use a 16 bpp RGB565 or 32 bpp XRGB8888 mode"
        case .noConnectedOutput(let path):
            return "\(path): no connected connector; plug in a display or pick another card (gaugepanel devices)"
        case .noSuchMode(let path, let connector, let wanted, let available):
            return "\(path): connector \(connector) has no mode \(wanted); pick one of its modes with --mode: \(available.joined(separator: ", "))"
        case .noSuchConnector(let path, let wanted, let available):
            return "\(path): no connected connector \(wanted); set [display] connector (or --connector) to a connected one of: \(available.joined(separator: ", "))"
        case .unsupportedFormat(let path, let driver, let format):
            return "\(path): the \(driver) driver cannot scan out \(format) buffers; use --format \(format == "xrgb8888" ? "rgb565" : "xrgb8888")"
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
