import GaugeDisplay
import GaugeRaster

/// Opens the display a board or `--display` asks for.
public enum Displays {
    /// `auto` tries DRM (the named connector, or the first card with a connected output),
    /// then the first fbdev device; `offscreen` makes a `width`×`height` one (physical
    /// size). `rotation` turns the logical surface on every kind. The surface is drawn in
    /// `format` (nil: XRGB8888, or on fbdev the device's own); a device that cannot show
    /// it scans out the other of XRGB8888 and RGB565, converted on copy.
    public static func open(_ kind: DisplayKind, device: String? = nil, connector: String? = nil, mode: String? = nil,
                            format wanted: PixelFormat? = nil, width: Int32 = 800, height: Int32 = 480,
                            rotation: RotationAngle = .none, atomic: Bool = true,
                            system: any DisplaySystemCalls = LinuxDisplaySystemCalls.shared) throws(DisplayError) -> any Display {
        let format = wanted ?? .xrgb8888
        switch kind {
        case .drm:
            return try DRMDisplay(path: device, connector: connector, mode: mode, format: format, rotation: rotation, atomic: atomic, system: system)
        case .fbdev:
            return try FbdevDisplay(path: device ?? "/dev/fb0", format: wanted, rotation: rotation, system: system)
        case .offscreen:
            do { return try OffscreenDisplay(width: width, height: height, format: format, rotation: rotation) } catch {
                throw .unsupportedLayout(path: "offscreen", detail: "\(width)x\(height): \(error)")
            }
        case .auto:
            let drmError: DisplayError
            do { return try DRMDisplay(path: device, connector: connector, mode: mode, format: format, rotation: rotation, atomic: atomic, system: system) } catch { drmError = error }
            // A named connector is a DRM choice: an fbdev picture would be the wrong screen.
            if case .noSuchConnector = drmError { throw drmError }
            let fbPath = DRMSelection.framebufferPaths(in: system.listDirectory("/dev")).first ?? "/dev/fb0"
            do { return try FbdevDisplay(path: fbPath, format: wanted, rotation: rotation, system: system) } catch {
                switch (drmError, error) {
                case (.noDevice, .noDevice): throw .noDisplayFound(tried: ["/dev/dri/card*", fbPath])
                case (.noDevice, _): throw error
                default: throw drmError
                }
            }
        }
    }
}
