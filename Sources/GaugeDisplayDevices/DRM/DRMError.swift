import GaugeDisplay

/// What only a DRM/KMS display fails with: the board's connector or mode, or a format the
/// driver scans out. Each one line naming the device and the fix.
public enum DRMError: DisplayBackendError, Equatable {
    case noConnectedOutput(path: String)
    case noSuchMode(path: String, connector: String, wanted: String, available: [String])
    /// The board names a connector that is not there (or not connected).
    case noSuchConnector(path: String, wanted: String, available: [String])
    /// The device scans out neither the board's format nor the one the copy converts it
    /// to; `offered`: what its primary plane lists (nil: it does not say).
    case unsupportedFormat(path: String, driver: String, format: String, offered: [String]?)

    public var description: String {
        switch self {
        case .noConnectedOutput(let path):
            return "\(path): no connected connector; plug in a display or pick another card (gaugepanel devices)"
        case .noSuchMode(let path, let connector, let wanted, let available):
            return
                "\(path): connector \(connector) has no mode \(wanted); set [display] mode (or --mode) to one of its modes: \(available.joined(separator: ", "))"
        case .noSuchConnector(let path, let wanted, let available):
            return
                "\(path): no connected connector \(wanted); set [display] connector (or --connector) to a connected one of: \(available.joined(separator: ", "))"
        case .unsupportedFormat(let path, let driver, let format, let offered):
            let other = format == "rgb565" ? "xrgb8888" : "rgb565"
            let offers =
                offered.map { $0.isEmpty ? "its primary plane lists no formats" : "its primary plane offers \($0.joined(separator: ", "))" }
                ?? "it refused \(format) and \(other) buffers"
            return
                "\(path): the \(driver) driver scans out neither \(format) nor \(other) (an \(format) board is converted to \(other) on copy); \(offers); show it on the driver's framebuffer device instead: set [display] output = \"fbdev\" (or --display fbdev)"
        }
    }

    /// A display not plugged in yet may be.
    public var mayAppear: Bool {
        switch self {
        case .noConnectedOutput, .noSuchConnector: true
        case .noSuchMode, .unsupportedFormat: false
        }
    }

    public var rulesOutOthers: Bool {
        if case .noSuchConnector = self { return true }
        return false
    }
}

extension DisplayError {
    static func drm(_ error: DRMError) -> DisplayError { DisplayError(error) }
}
