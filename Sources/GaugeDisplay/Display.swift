import GaugeRaster

/// A screen to draw on: render into `surface` (a cached shadow surface in memory, never
/// the device's memory), then `present(damage:)` what changed. (`DRMDisplay.setMode`
/// replaces the surface: redraw it all after a mode change.) Displays copy only the
/// damaged rectangles to the device (fbdev mapping, DRM dumb buffer) and tell the kernel.
///
/// With a rotation (`RotationAngle`), `width`/`height`/`surface` are logical (upright,
/// as the app draws) and the copy turns each damaged rectangle into scan-out memory.
///
/// Use it as a generic constraint (`func run<D: Display>(_ display: inout D)`).
public protocol Display {
    var width: Int32 { get }
    var height: Int32 { get }
    var format: PixelFormat { get }
    /// The shadow surface: draw here. The same memory from call to call (until a mode change).
    var surface: Surface { get }
    /// Shows the frame; `damage` is what changed in `surface` since the last call.
    mutating func present(damage: Region) throws(DisplayError)
    /// Frames, damage, bytes copied and clip rectangles sent so far.
    var statistics: DisplayStatistics { get }
}

extension OffscreenDisplay: Display {
    public mutating func present(damage: Region) throws(DisplayError) {
        present(damage: damage.rectangles)
    }
}

/// Which display `--display` asked for.
public enum DisplayKind: String, CaseIterable, Sendable {
    case auto, drm, fbdev, offscreen
}

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
    case systemCall(path: String, call: String, errno: Int32)

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
            return "\(path): \(call) failed: \(SystemError.message(errno)) (errno \(errno))"
        }
    }

    /// The error for a failed open(2) of a display device.
    public static func open(path: String, errno: Int32) -> DisplayError {
        switch errno {
        case SystemError.ENOENT, SystemError.ENODEV, SystemError.ENXIO: return .noDevice(path: path)
        case SystemError.EACCES, SystemError.EPERM: return .permissionDenied(path: path)
        case SystemError.EBUSY: return .busy(path: path)
        default: return .systemCall(path: path, call: "open", errno: errno)
        }
    }
}

/// Copies damage from a shadow surface into scan-out memory, and remembers, for each of
/// several scan-out buffers, the damage it has not received yet.
public struct DamageTracker: Sendable, Equatable {
    /// Damage each buffer still lacks, by buffer index.
    public private(set) var pending: [Region]
    public let bounds: IntRect

    /// `bufferCount` buffers that all start out needing the whole screen.
    public init(bufferCount: Int, bounds: IntRect) {
        self.bounds = bounds
        pending = Array(repeating: Region(bounds), count: bufferCount)
    }

    /// Records a frame's damage for every buffer.
    public mutating func add(_ damage: Region) {
        let d = damage.intersection(bounds)
        guard !d.isEmpty else { return }
        for i in pending.indices { pending[i].formUnion(d) }
    }

    /// What buffer `index` needs now (all damage since it was last brought up to date),
    /// and forgets it: the caller copies exactly this.
    public mutating func take(buffer index: Int) -> Region {
        let r = pending[index]
        pending[index] = Region()
        return r
    }

    /// Copies each rectangle of `region` from `shadow` into `target` (same size and
    /// format). Only writes `target`; never reads it.
    public static func copy(_ region: Region, from shadow: Surface, to target: Surface) {
        for r in region.rectangles { target.copyPixels(from: shadow, in: r) }
    }
}

/// One opened display of whichever kind `--display` chose.
public enum OpenedDisplay {
    case drm(DRMDisplay)
    case fbdev(FbdevDisplay)
    case offscreen(OffscreenDisplay)

    /// Opens the display `kind` asks for. `auto` tries DRM (the first card with a
    /// connected output), then /dev/fb0; `offscreen` makes a `width`×`height` one
    /// (physical size). `rotation` turns the logical surface on every kind.
    public static func open(_ kind: DisplayKind, device: String? = nil, connector: String? = nil, mode: String? = nil,
                            format: PixelFormat = .xrgb8888, width: Int32 = 800, height: Int32 = 480,
                            rotation: RotationAngle = .none, atomic: Bool = true,
                            system: any SystemCalls = LinuxSystem.shared) throws(DisplayError) -> OpenedDisplay {
        switch kind {
        case .drm:
            return .drm(try DRMDisplay(path: device, connector: connector, mode: mode, format: format, rotation: rotation, atomic: atomic, system: system))
        case .fbdev:
            return .fbdev(try FbdevDisplay(path: device ?? "/dev/fb0", rotation: rotation, system: system))
        case .offscreen:
            do { return .offscreen(try OffscreenDisplay(width: width, height: height, format: format, rotation: rotation)) } catch {
                throw .unsupportedLayout(path: "offscreen", detail: "\(width)x\(height): \(error)")
            }
        case .auto:
            let drmError: DisplayError
            do { return .drm(try DRMDisplay(path: device, connector: connector, mode: mode, format: format, rotation: rotation, atomic: atomic, system: system)) } catch { drmError = error }
            // A named connector is a DRM choice: an fbdev picture would be the wrong screen.
            if case .noSuchConnector = drmError { throw drmError }
            let fbPath = DRMSelection.framebufferPaths(in: system.listDirectory("/dev")).first ?? "/dev/fb0"
            do { return .fbdev(try FbdevDisplay(path: fbPath, rotation: rotation, system: system)) } catch {
                switch (drmError, error) {
                case (.noDevice, .noDevice): throw .noDisplayFound(tried: ["/dev/dri/card*", fbPath])
                case (.noDevice, _): throw error
                default: throw drmError
                }
            }
        }
    }
}
