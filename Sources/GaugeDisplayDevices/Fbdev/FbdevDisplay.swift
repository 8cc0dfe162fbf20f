import GaugeDisplay
import GaugeSystem
import GaugeRaster

/// The pixel format of a framebuffer, from its depth and channel layout; nil when
/// GaugePanel does not draw that layout.
public enum FramebufferFormat {
    public static func select(_ info: FramebufferInfo) -> PixelFormat? {
        guard !info.grayscale, !info.nonstd else { return nil }
        switch info.bitsPerPixel {
        case 16 where info.red == (11, 5) && info.green == (5, 6) && info.blue == (0, 5):
            return .rgb565
        case 32 where info.red == (16, 8) && info.green == (8, 8) && info.blue == (0, 8):
            return .xrgb8888
        default:
            return nil
        }
    }

    /// Checks `info` and says what is wrong with it, naming `path`.
    public static func validate(_ info: FramebufferInfo, path: String) throws(DisplayError) -> PixelFormat {
        guard info.bitsPerPixel == 16 || info.bitsPerPixel == 32 else {
            throw DisplayError(FbdevError.unsupportedDepth(path: path, bitsPerPixel: info.bitsPerPixel))
        }
        guard let f = select(info) else {
            throw .unsupportedLayout(
                path: path,
                detail:
                    "\(info.bitsPerPixel) bpp, R \(info.red.length)@\(info.red.offset) G \(info.green.length)@\(info.green.offset) B \(info.blue.length)@\(info.blue.offset)"
            )
        }
        let rowBytes = info.width * Int(f.bytesPerPixel)
        guard info.width > 0, info.height > 0, info.lineLength >= rowBytes,
            info.lineLength % Int(f.bytesPerPixel) == 0,
            info.lineLength * info.height <= info.memoryLength
        else {
            throw .unsupportedLayout(
                path: path, detail: "\(info.width)x\(info.height), line_length \(info.lineLength), smem_len \(info.memoryLength)")
        }
        return f
    }
}

/// A Linux framebuffer device (/dev/fbN): drawing goes into a shadow surface, and
/// `present` copies only the damaged rectangles into the mapping (never reading it),
/// converted when the board draws in the other of RGB565 and XRGB8888 than the device's
/// depth (`ScanoutConversion`).
public final class FbdevDisplay: Display {
    public let path: String
    public let info: FramebufferInfo
    /// The logical (upright) shadow surface: draw here.
    public let surface: Surface
    public let rotation: DisplayRotation
    /// The mapped framebuffer memory (write only).
    let target: Surface
    let system: any DisplaySystemCalls
    private let fd: Int32
    private let mapping: UnsafeMutableRawPointer
    private let mappingLength: Int
    private var damage: DamageTracker
    /// Frames shown (`statistics.shownFrames`).
    public var frames: Int { statistics.shownFrames }
    /// Pixels copied into scan-out memory (`statistics.pixelsCopied`).
    public var pixelsCopied: Int64 { statistics.pixelsCopied }
    public private(set) var statistics = DisplayStatistics()

    /// FBIOBLANK: the panel powered down (as DPMS off) or shown again; the mapping keeps
    /// what is drawn meanwhile.
    public func setPower(on: Bool) -> DisplayPower {
        do throws(Errno) {
            try system.framebufferBlank(fd, !on)
            return .done
        } catch {
            return error == .notSupported ? .unsupported : .failed("FBIOBLANK \(on ? "unblank" : "powerdown"): \(error)")
        }
    }

    /// The device's format (its depth and colour fields).
    public var scanoutFormat: PixelFormat { target.format }

    public var device: DisplayDevice? {
        DisplayDevice(
            line:
                "fbdev \(path) id=\(info.id) \(info.width)x\(info.height) bpp=\(info.bitsPerPixel) line=\(info.lineLength) format=\(format.lowercaseName) scanout=\(scanoutFormat.lowercaseName) rotate=\(rotation.angle.rawValue)",
            kind: "fbdev", path: path, width: info.width, height: info.height, format: format, rotate: rotation.angle.rawValue,
            fields: [("id", info.id), ("scanout", scanoutFormat.lowercaseName)])
    }

    public var statisticsSummary: String? {
        "fbdev: \(frames) frames, \(pixelsCopied) pixels (\(statistics.bytesCopied) bytes) copied"
    }

    public var coversTextConsole: Bool { true }

    public var summary: String {
        "fbdev \(path) \(info.width)x\(info.height) bpp=\(info.bitsPerPixel) format=\(format.lowercaseName)"
            + (scanoutFormat != format ? " scanout=\(scanoutFormat.lowercaseName)" : "")
    }

    /// Opens `path`; the shadow is drawn in `format` (nil: the device's own), converted
    /// on copy when the device's differs.
    public init(
        path: String = "/dev/fb0", format drawn: PixelFormat? = nil, rotation angle: RotationAngle = .none,
        system: any DisplaySystemCalls = LinuxDisplaySystemCalls.shared
    ) throws(DisplayError) {
        self.path = path
        self.system = system
        let fd: Int32
        do { fd = try system.open(path, readWrite: true, nonBlocking: false) } catch {
            throw DisplayError.open(path: path, errno: error)
        }
        var ok = false
        defer { if !ok { system.close(fd) } }
        let info: FramebufferInfo
        do { info = try system.framebufferInfo(fd) } catch {
            if error == .inappropriateIOCTLForDevice || error == .invalidArgument {
                throw DisplayError.noDevice(path: path)
            }
            throw DisplayError.systemCall(path: path, call: "FBIOGET_VSCREENINFO", errno: error)
        }
        let format = try FramebufferFormat.validate(info, path: path)
        let drawing = drawn ?? format
        guard ScanoutConversion.converts(from: drawing, to: format) else {
            throw DisplayError.unsupportedLayout(
                path: path, detail: "\(info.bitsPerPixel) bpp \(format.lowercaseName) for a \(drawing.lowercaseName) board")
        }
        let length = info.lineLength * info.height
        let rotation = DisplayRotation(angle, physicalWidth: Int32(info.width), physicalHeight: Int32(info.height))
        let mapping: UnsafeMutableRawPointer
        do { mapping = try system.map(fd, length: length, offset: 0) } catch {
            throw DisplayError.systemCall(path: path, call: "mmap", errno: error)
        }
        do {
            target = try Surface(
                wrapping: mapping, width: Int32(info.width), height: Int32(info.height),
                stride: Int32(info.lineLength), format: format)
            surface = try Surface(width: rotation.logicalWidth, height: rotation.logicalHeight, format: drawing)
        } catch {
            system.unmap(mapping, length: length)
            throw DisplayError.unsupportedLayout(path: path, detail: "\(info.width)x\(info.height): \(error)")
        }
        self.info = info
        self.rotation = rotation
        self.fd = fd
        self.mapping = mapping
        self.mappingLength = length
        self.damage = DamageTracker(bufferCount: 1, bounds: rotation.logicalBounds)
        ok = true
    }

    deinit {
        system.unmap(mapping, length: mappingLength)
        system.close(fd)
    }

    /// Copies the damage (the whole screen the first time) into the framebuffer (no flips).
    @discardableResult
    public func present(damage newDamage: Region) throws(DisplayError) -> Bool {
        statistics.record(damage: newDamage.rectangles, in: surface.bounds)
        damage.add(newDamage)
        let region = damage.take(buffer: 0)
        RotatedCopy.copy(region, from: surface, to: target, rotation: rotation)
        statistics.recordCopy(pixels: region.area, bytesPerPixel: scanoutFormat.bytesPerPixel)
        statistics.recordShown()
        return false
    }
}

extension FbdevDisplay: DisplayBackend {
    public static let name = "fbdev"
    public static let keys: [DisplayKey] = [.device, .format, .rotation]

    public static func open(_ s: DisplaySettings, system: any DisplaySystemCalls) throws(DisplayError) -> any Display {
        try FbdevDisplay(path: s.device ?? "/dev/fb0", format: s.format, rotation: s.rotation, system: system)
    }
}

/// What only a framebuffer device fails with.
public enum FbdevError: DisplayBackendError, Equatable {
    case unsupportedDepth(path: String, bitsPerPixel: Int)

    public var description: String {
        switch self {
        case .unsupportedDepth(let path, let bpp):
            return
                "\(path): unsupported depth \(bpp) bpp; only 16 (RGB565) and 32 (XRGB8888) are scanned out (a board in either format is converted to the other); set 32 with fbset -depth 32, or framebuffer_depth=32 in the Pi's config.txt"
        }
    }
}
