import GaugeDisplay
import GaugeSystem
import GaugeRaster

/// A DRM/KMS display through libdrm: two dumb buffers, page flips completed by
/// DRM_MODE_PAGE_FLIP_EVENT (one in flight at a time), a shadow surface from which only
/// damaged rectangles are copied into the back buffer (each buffer gets the damage of
/// the frames it missed), and the damage told to the kernel: as FB_DAMAGE_CLIPS in an
/// atomic flip where the driver has them (virtio-gpu then uploads only those), else as
/// DirtyFB clip rectangles. `setMode` switches to another mode of the connector.
public final class DRMDisplay: Display, ModeSetting {
    typealias ScanoutBuffer = (dumb: DumbBuffer, framebuffer: UInt32, memory: UnsafeMutableRawPointer, target: Surface)
    public let path: String
    public let driver: String
    public let connector: DRMConnector
    public private(set) var mode: DRMMode
    public let crtc: UInt32
    /// The logical (upright) shadow surface: draw here. Replaced (blank) by `setMode`.
    public private(set) var surface: Surface
    public private(set) var rotation: DisplayRotation
    /// The format of the scan-out buffers: the board's (`format`) when the device shows
    /// it, else the one the copy converts it to (`ScanoutConversion`).
    public private(set) var scanoutFormat: PixelFormat
    /// What the primary plane says it scans out (nil: the driver does not say).
    let planeFormats: [UInt32]?
    let system: any DisplaySystemCalls
    public let fd: Int32
    private var buffers: [ScanoutBuffer] = []
    /// The previous mode's buffers: still scanned out until the modeset in `present`.
    private var retired: [ScanoutBuffer] = []
    /// True after `setMode` until `present` has set the new mode on the CRTC.
    public private(set) var modesetPending = false
    private var damage: DamageTracker
    private var saved: SavedCRTC?
    /// The buffer being scanned out (or about to be, while a flip is pending).
    public private(set) var front = 0
    public private(set) var flipPending = false
    /// False once DirtyFB said ENOSYS (the driver shows writes without being told).
    public private(set) var dirtyFBNeeded = true
    /// Frames shown (`statistics.shownFrames`).
    public var frames: Int { statistics.shownFrames }
    /// Pixels copied into scan-out memory (`statistics.pixelsCopied`).
    public var pixelsCopied: Int64 { statistics.pixelsCopied }
    /// False when page flips are refused; then frames are shown with SetCrtc.
    public private(set) var pageFlips = true
    public private(set) var statistics = DisplayStatistics()
    /// The primary plane for atomic flips with damage clips; nil: DirtyFB and legacy flips.
    public private(set) var atomicPlane: DRMAtomicPlane?

    /// How damage reaches the kernel: "FB_DAMAGE_CLIPS", "DirtyFB" or "none".
    public var damageReporting: String { atomicPlane != nil ? "FB_DAMAGE_CLIPS" : dirtyFBNeeded ? "DirtyFB" : "none" }

    public var summary: String {
        "drm \(path) driver=\(driver) connector=\(connector.name) mode=\(mode.name) format=\(format.lowercaseName)"
            + (scanoutFormat != format ? " scanout=\(scanoutFormat.lowercaseName)" : "") + " damage=\(damageReporting)"
    }

    /// Flip completions arrive here.
    public var eventDescriptor: Int32? { fd }

    public var device: DisplayDevice? {
        DisplayDevice(
            line:
                "drm \(path) driver=\(driver) connector=\(connector.name) mode=\(mode.name) format=\(format.lowercaseName) scanout=\(scanoutFormat.lowercaseName) rotate=\(rotation.angle.rawValue) damage=\(damageReporting)",
            kind: "drm", path: path, width: mode.width, height: mode.height, format: format, rotate: rotation.angle.rawValue,
            fields: [
                ("driver", driver), ("connector", connector.name), ("mode", mode.name), ("damage", damageReporting),
                ("scanout", scanoutFormat.lowercaseName),
            ])
    }

    public var statisticsSummary: String? {
        "drm: \(frames) frames, \(pixelsCopied) pixels (\(statistics.bytesCopied) bytes) copied, \(statistics.clipRectangles) clip rectangles (\(statistics.clipPixels) px), damage=\(damageReporting) pageflip=\(pageFlips ? "yes" : "no")"
    }

    public var coversTextConsole: Bool { true }
    public var modeSetting: (any ModeSetting)? { self }

    /// Opens `path`, or the first card in /dev/dri with a connected connector — the one
    /// named `connector` when given (an error lists the connectors there are otherwise).
    public init(
        path: String? = nil, connector wantedConnector: String? = nil, mode wanted: String? = nil, format: PixelFormat = .xrgb8888,
        rotation angle: RotationAngle = .none, atomic: Bool = true,
        system: any DisplaySystemCalls = LinuxDisplaySystemCalls.shared
    ) throws(DisplayError) {
        self.system = system
        let (p, fd, card, con) = try DRMDisplay.findCard(path: path, connector: wantedConnector, system: system)
        self.path = p
        self.fd = fd
        self.driver = card.driver
        self.connector = con
        var ok = false
        defer { if !ok { system.close(fd) } }
        let m = try DRMDisplay.mode(wanted, of: con, path: p)
        self.mode = m
        self.crtc = con.crtcs[0]
        let rotation = DisplayRotation(angle, physicalWidth: Int32(m.width), physicalHeight: Int32(m.height))
        self.rotation = rotation
        do { surface = try Surface(width: rotation.logicalWidth, height: rotation.logicalHeight, format: format) } catch {
            throw .unsupportedLayout(path: p, detail: "mode \(m.name): \(error)")
        }
        damage = DamageTracker(bufferCount: 2, bounds: rotation.logicalBounds)
        planeFormats = system.drmPlaneFormats(fd, crtc: crtc)
        (buffers, scanoutFormat) = try DRMDisplay.makeBuffers(
            mode: m, drawing: format, offered: planeFormats, fd: fd, path: p,
            driver: card.driver, system: system)
        saved = system.drmGetCRTC(fd, id: crtc)
        // Light up buffer 0 (the kernel clears dumb buffers) until the first frame.
        do {
            try system.drmSetCRTC(fd, crtc: crtc, framebuffer: buffers[0].framebuffer, x: 0, y: 0, connector: con.id, mode: m)
        } catch {
            releaseBuffers()
            throw DRMDisplay.error(error, path: p, call: "drmModeSetCrtc")
        }
        front = 0
        if atomic { atomicPlane = system.drmAtomicPrimaryPlane(fd, crtc: crtc) }
        ok = true
    }

    /// `path`, or the first card in /dev/dri with a connected connector (the one named
    /// `wanted` when given), opened: its descriptor, resources and connector.
    private static func findCard(
        path: String?, connector wanted: String?,
        system: any DisplaySystemCalls
    ) throws(DisplayError) -> (String, Int32, DRMCard, DRMConnector) {
        let paths = path.map { [$0] } ?? DRMSelection.cardPaths(in: (try? system.listDirectory("/dev/dri")) ?? [])
        guard !paths.isEmpty else { throw .noDevice(path: "/dev/dri/card*") }
        var firstError: DisplayError?
        var connectorsSeen: [String] = []
        for p in paths {
            let fd: Int32
            do { fd = try system.open(p, readWrite: true, nonBlocking: false) } catch {
                firstError = firstError ?? DisplayError.open(path: p, errno: error)
                continue
            }
            do {
                let card = try system.drmCard(fd)
                if let c = DRMSelection.connector(in: card, named: wanted), card.supportsDumbBuffers { return (p, fd, card, c) }
                connectorsSeen += DRMSelection.connectorList(card).map { "\($0) on \(p)" }
                firstError = firstError ?? (wanted == nil ? .drm(.noConnectedOutput(path: p)) : nil)
            } catch {
                firstError =
                    firstError
                    ?? (error == .permissionDenied
                        ? .permissionDenied(path: p)
                        : error == .invalidArgument || error == .notSupported
                            ? .noDevice(path: p)
                            : .systemCall(path: p, call: "drmModeGetResources", errno: error))
            }
            system.close(fd)
        }
        if let wanted, !connectorsSeen.isEmpty {
            throw .drm(.noSuchConnector(path: path ?? "/dev/dri/card*", wanted: wanted, available: connectorsSeen))
        }
        throw firstError ?? .noDevice(path: "/dev/dri/card*")
    }

    static func error(_ e: Errno, path: String, call: String) -> DisplayError {
        switch e {
        case .permissionDenied, .notPermitted: return .busy(path: path)  // not DRM master
        case .resourceBusy: return .busy(path: path)
        default: return .systemCall(path: path, call: call, errno: e)
        }
    }

    /// The connector's mode `wanted` (nil: the preferred one), or an error naming the
    /// connector and the modes it has.
    static func mode(_ wanted: String?, of connector: DRMConnector, path: String) throws(DisplayError) -> DRMMode {
        guard let m = DRMSelection.mode(from: connector.modes, wanted: wanted) else {
            var names: [String] = []
            for n in connector.modes.map({ $0.name }) where !names.contains(n) { names.append(n) }
            throw .drm(.noSuchMode(path: path, connector: connector.name, wanted: wanted ?? "any", available: names))
        }
        return m
    }

    /// The connector's mode `wanted`, or the error `setMode` would throw.
    public func availableMode(_ wanted: String) throws(DisplayError) -> DRMMode {
        try DRMDisplay.mode(wanted, of: connector, path: path)
    }

    public func checkMode(_ wanted: String) throws(DisplayError) { _ = try availableMode(wanted) }

    /// Switches to the connector's mode `wanted` ("WxH" or "WxH@Hz"): new scan-out
    /// buffers and a new, blank shadow `surface` of the new size (rotated as before).
    /// Redraw everything and `present` it: that present sets the mode, so the old
    /// picture stays on screen until the new one is ready. On error nothing changes.
    public func setMode(_ wanted: String) throws(DisplayError) {
        let m = try DRMDisplay.mode(wanted, of: connector, path: path)
        let newRotation = DisplayRotation(rotation.angle, physicalWidth: Int32(m.width), physicalHeight: Int32(m.height))
        let newSurface: Surface
        do { newSurface = try Surface(width: newRotation.logicalWidth, height: newRotation.logicalHeight, format: format) } catch {
            throw .unsupportedLayout(path: path, detail: "mode \(m.name): \(error)")
        }
        try finish()  // no flip may be in flight to a buffer about to be retired
        let (made, madeFormat) = try DRMDisplay.makeBuffers(
            mode: m, drawing: format, offered: planeFormats, fd: fd, path: path,
            driver: driver, system: system)
        // Buffers of a mode never set were never shown; the shown ones stay until the modeset.
        if modesetPending { DRMDisplay.release(buffers, fd: fd, system: system) } else { retired = buffers }
        buffers = made
        scanoutFormat = madeFormat
        mode = m
        rotation = newRotation
        surface = newSurface
        damage = DamageTracker(bufferCount: 2, bounds: newRotation.logicalBounds)
        front = 1  // the next present fills buffer 0 and sets the mode with it
        modesetPending = true
    }

    private func releaseBuffers() {
        DRMDisplay.release(retired, fd: fd, system: system)
        DRMDisplay.release(buffers, fd: fd, system: system)
        retired = []
        buffers = []
    }

    /// Restores the CRTC as it was (the console, another program's picture) and frees
    /// the buffers.
    public func close() {
        guard !buffers.isEmpty else { return }
        if flipPending { _ = try? waitForFlip(timeoutMilliseconds: 100) }
        if let saved { system.drmRestore(fd, saved, connector: connector.id) }
        releaseBuffers()
        system.close(fd)
    }

    deinit { close() }

    /// Handles DRM events that are ready (non-blocking); for a poll loop that watches `fd`.
    /// True when no flip is in flight any more.
    @discardableResult
    public func handleEvents() throws(DisplayError) -> Bool {
        try waitForFlip(timeoutMilliseconds: 0)
    }

    private func waitForFlip(timeoutMilliseconds: Int32) throws(DisplayError) -> Bool {
        guard flipPending else { return true }
        do {
            if try system.drmHandleEvents(fd, timeoutMilliseconds: timeoutMilliseconds) > 0 { flipPending = false }
        } catch {
            throw .systemCall(path: path, call: "drmHandleEvent", errno: error)
        }
        return !flipPending
    }

    /// Copies what the back buffer lacks into it and flips to it. Waits (up to a second)
    /// for the previous flip first: only one is ever in flight.
    /// True when the flip is in flight (its event arrives on `fd`).
    @discardableResult
    public func present(damage newDamage: Region) throws(DisplayError) -> Bool {
        statistics.record(damage: newDamage.rectangles, in: surface.bounds)
        // Nothing changed: the front buffer already shows the latest frame; no flip.
        if frames > 0 && !modesetPending && newDamage.intersection(surface.bounds).isEmpty { return flipPending }
        var waited = 0
        while flipPending {
            _ = try waitForFlip(timeoutMilliseconds: 50)
            waited += 50
            if flipPending && waited >= 1000 { flipPending = false }  // a lost event: carry on
        }
        damage.add(newDamage)
        let back = 1 - front
        let region = damage.take(buffer: back)
        let b = buffers[back]
        RotatedCopy.copy(region, from: surface, to: b.target, rotation: rotation)
        statistics.recordCopy(pixels: region.area, bytesPerPixel: scanoutFormat.bytesPerPixel)
        // Clips are in scan-out (physical) coordinates.
        let clips = DRMSelection.clips(Region(region.rectangles.map(rotation.physical)))
        if try atomicFlip(b, clips: clips) {
            front = back
            statistics.recordShown()
            return true
        }
        try legacyShow(b, clips: clips, changed: !region.isEmpty)
        front = back
        statistics.recordShown()
        return flipPending
    }

    /// The atomic flip with damage clips, when the driver takes it; false: show the frame
    /// the legacy way (a driver that refuses it once is not asked again).
    private func atomicFlip(_ b: ScanoutBuffer, clips: [IntRectClip]) throws(DisplayError) -> Bool {
        guard let plane = atomicPlane, !modesetPending, pageFlips else { return false }
        do {
            try system.drmAtomicFlip(fd, plane: plane, crtc: crtc, framebuffer: b.framebuffer, clips: clips)
            statistics.recordClips(clips)
            flipPending = true
            return true
        } catch {
            if error == .permissionDenied || error == .notPermitted {
                throw DRMDisplay.error(error, path: path, call: "drmModeAtomicCommit")
            }
            atomicPlane = nil  // refused: DirtyFB and legacy flips from now on
            return false
        }
    }

    /// DirtyFB where the driver needs it, then a mode set (a new mode), a page flip, or
    /// SetCrtc where flips are not supported.
    private func legacyShow(_ b: ScanoutBuffer, clips: [IntRectClip], changed: Bool) throws(DisplayError) {
        if dirtyFBNeeded && changed {
            do {
                try system.drmDirtyFramebuffer(fd, id: b.framebuffer, clips: clips)
                statistics.recordClips(clips)
            } catch {
                if error == .noFunction { dirtyFBNeeded = false }
            }
        }
        let modeset = modesetPending
        if modesetPending {
            // A page flip cannot change the mode: SetCrtc does, then the old buffers go.
            do { try system.drmSetCRTC(fd, crtc: crtc, framebuffer: b.framebuffer, x: 0, y: 0, connector: connector.id, mode: mode) } catch {
                throw DRMDisplay.error(error, path: path, call: "drmModeSetCrtc (mode \(mode.name))")
            }
            modesetPending = false
            DRMDisplay.release(retired, fd: fd, system: system)
            retired = []
        } else if pageFlips {
            do {
                try system.drmPageFlip(fd, crtc: crtc, framebuffer: b.framebuffer)
                flipPending = true
            } catch {
                if error == .invalidArgument || error == .noFunction {
                    pageFlips = false
                } else {
                    throw DRMDisplay.error(error, path: path, call: "drmModePageFlip")
                }
            }
        }
        if !pageFlips && !modeset {
            do { try system.drmSetCRTC(fd, crtc: crtc, framebuffer: b.framebuffer, x: 0, y: 0, connector: connector.id, mode: mode) } catch {
                throw DRMDisplay.error(error, path: path, call: "drmModeSetCrtc")
            }
        }
    }

    /// Waits for the last flip to complete (so the frame is on screen).
    public func finish() throws(DisplayError) {
        var waited = 0
        while flipPending && waited < 1000 {
            _ = try waitForFlip(timeoutMilliseconds: 50)
            waited += 50
        }
    }
}

extension DRMDisplay: DisplayBackend {
    public static let name = "drm"
    public static let keys: [DisplayKey] = [.device, .connector, .mode, .format, .rotation]

    public static func open(_ s: DisplaySettings, system: any DisplaySystemCalls) throws(DisplayError) -> any Display {
        try DRMDisplay(
            path: s.device, connector: s.connector, mode: s.mode, format: s.format ?? .xrgb8888, rotation: s.rotation,
            atomic: s.atomic, system: system)
    }
}
