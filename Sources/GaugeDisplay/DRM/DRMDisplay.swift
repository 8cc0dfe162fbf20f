import GaugeRaster

/// A DRM/KMS display through libdrm: two dumb buffers, page flips completed by
/// DRM_MODE_PAGE_FLIP_EVENT (one in flight at a time), a shadow surface from which only
/// damaged rectangles are copied into the back buffer (each buffer gets the damage of
/// the frames it missed), and DirtyFB clip rectangles for drivers that need them.
public final class DRMDisplay: Display {
    public let path: String
    public let driver: String
    public let connector: DRMConnector
    public let mode: DRMMode
    public let crtc: UInt32
    /// The logical (upright) shadow surface: draw here.
    public let surface: Surface
    public let rotation: DisplayRotation
    private let system: any SystemCalls
    public let fd: Int32
    private var buffers: [(dumb: DumbBuffer, framebuffer: UInt32, memory: UnsafeMutableRawPointer, target: Surface)] = []
    private var damage: DamageTracker
    private var saved: SavedCRTC?
    /// The buffer being scanned out (or about to be, while a flip is pending).
    public private(set) var front = 0
    public private(set) var flipPending = false
    /// False once DirtyFB said ENOSYS (the driver shows writes without being told).
    public private(set) var dirtyFBNeeded = true
    public private(set) var frames = 0
    public private(set) var pixelsCopied: Int64 = 0
    /// False when page flips are refused; then frames are shown with SetCrtc.
    public private(set) var pageFlips = true

    public var width: Int32 { surface.width }
    public var height: Int32 { surface.height }
    public var format: PixelFormat { surface.format }

    /// Opens `path`, or the first card in /dev/dri with a connected connector.
    public init(path: String? = nil, mode wanted: String? = nil, format: PixelFormat = .xrgb8888,
                rotation angle: RotationAngle = .none,
                system: any SystemCalls = LinuxSystem.shared) throws(DisplayError) {
        self.system = system
        let paths = path.map { [$0] } ?? DRMSelection.cardPaths(in: system.listDirectory("/dev/dri"))
        guard !paths.isEmpty else { throw .noDevice(path: "/dev/dri/card*") }
        var firstError: DisplayError?
        var found: (String, Int32, DRMCard, DRMConnector)?
        for p in paths {
            let fd: Int32
            do { fd = try system.open(p, readWrite: true, nonBlocking: false) } catch {
                firstError = firstError ?? DisplayError.open(path: p, errno: error.rawValue); continue
            }
            do {
                let card = try system.drmCard(fd)
                if let c = DRMSelection.connector(in: card), card.supportsDumbBuffers {
                    found = (p, fd, card, c); break
                }
                firstError = firstError ?? .noConnectedOutput(path: p)
            } catch {
                firstError = firstError ?? (error.rawValue == SystemError.EACCES ? .permissionDenied(path: p)
                    : error.rawValue == SystemError.EINVAL || error.rawValue == SystemError.EOPNOTSUPP_ ? .noDevice(path: p)
                    : .systemCall(path: p, call: "drmModeGetResources", errno: error.rawValue))
            }
            system.close(fd)
        }
        guard let (p, fd, card, con) = found else { throw firstError ?? .noDevice(path: "/dev/dri/card*") }
        self.path = p; self.fd = fd; self.driver = card.driver; self.connector = con
        var ok = false
        defer { if !ok { system.close(fd) } }
        guard let m = DRMSelection.mode(from: con.modes, wanted: wanted) else {
            throw .noSuchMode(path: p, wanted: wanted ?? "any", available: con.modes.map(\.name))
        }
        guard let (fourcc, bpp) = DRMSelection.fourcc(for: format) else {
            throw .unsupportedLayout(path: p, detail: "format \(format.name)")
        }
        self.mode = m
        self.crtc = con.crtcs[0]
        let rotation = DisplayRotation(angle, physicalWidth: Int32(m.width), physicalHeight: Int32(m.height))
        self.rotation = rotation
        do { surface = try Surface(width: rotation.logicalWidth, height: rotation.logicalHeight, format: format) } catch {
            throw .unsupportedLayout(path: p, detail: "mode \(m.name): \(error)")
        }
        damage = DamageTracker(bufferCount: 2, bounds: rotation.logicalBounds)
        do throws(Errno) {
            for _ in 0..<2 {
                let dumb = try system.drmCreateDumb(fd, width: m.width, height: m.height, bitsPerPixel: bpp)
                var fb: UInt32 = 0
                do throws(Errno) {
                    fb = try system.drmAddFramebuffer(fd, width: m.width, height: m.height, fourcc: fourcc, handle: dumb.handle, pitch: dumb.pitch)
                    let offset = try system.drmMapDumb(fd, handle: dumb.handle)
                    let memory = try system.map(fd, length: Int(dumb.size), offset: offset)
                    let target = try! Surface(wrapping: memory, width: Int32(m.width), height: Int32(m.height),
                                              stride: Int32(dumb.pitch), format: format)
                    buffers.append((dumb, fb, memory, target))
                } catch {
                    if fb != 0 { system.drmRemoveFramebuffer(fd, id: fb) }
                    system.drmDestroyDumb(fd, handle: dumb.handle)
                    throw error
                }
            }
        } catch {
            releaseBuffers()
            throw DRMDisplay.error(error, path: p, call: "creating scan-out buffers")
        }
        saved = system.drmGetCRTC(fd, id: crtc)
        // Light up buffer 0 (the kernel clears dumb buffers) until the first frame.
        do {
            try system.drmSetCRTC(fd, crtc: crtc, framebuffer: buffers[0].framebuffer, x: 0, y: 0, connector: con.id, mode: m)
        } catch {
            releaseBuffers()
            throw DRMDisplay.error(error, path: p, call: "drmModeSetCrtc")
        }
        front = 0
        ok = true
    }

    static func error(_ e: Errno, path: String, call: String) -> DisplayError {
        switch e.rawValue {
        case SystemError.EACCES, SystemError.EPERM: return .busy(path: path)  // not DRM master
        case SystemError.EBUSY: return .busy(path: path)
        default: return .systemCall(path: path, call: call, errno: e.rawValue)
        }
    }

    private func releaseBuffers() {
        for b in buffers {
            system.unmap(b.memory, length: Int(b.dumb.size))
            system.drmRemoveFramebuffer(fd, id: b.framebuffer)
            system.drmDestroyDumb(fd, handle: b.dumb.handle)
        }
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
    public func handleEvents() throws(DisplayError) {
        _ = try waitForFlip(timeoutMilliseconds: 0)
    }

    private func waitForFlip(timeoutMilliseconds: Int32) throws(DisplayError) -> Bool {
        guard flipPending else { return true }
        do {
            if try system.drmHandleEvents(fd, timeoutMilliseconds: timeoutMilliseconds) > 0 { flipPending = false }
        } catch {
            throw .systemCall(path: path, call: "drmHandleEvent", errno: error.rawValue)
        }
        return !flipPending
    }

    /// Copies what the back buffer lacks into it and flips to it. Waits (up to a second)
    /// for the previous flip first: only one is ever in flight.
    public func present(damage newDamage: Region) throws(DisplayError) {
        // Nothing changed: the front buffer already shows the latest frame; no flip.
        if frames > 0 && newDamage.intersection(surface.bounds).isEmpty { return }
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
        pixelsCopied += region.area
        if dirtyFBNeeded && !region.isEmpty {
            // Clips are in scan-out (physical) coordinates.
            let clips = Region(region.rectangles.map(rotation.physical))
            do { try system.drmDirtyFramebuffer(fd, id: b.framebuffer, clips: DRMSelection.clips(clips)) } catch {
                if error.rawValue == SystemError.ENOSYS { dirtyFBNeeded = false }
            }
        }
        if pageFlips {
            do {
                try system.drmPageFlip(fd, crtc: crtc, framebuffer: b.framebuffer)
                flipPending = true
            } catch {
                if error.rawValue == SystemError.EINVAL || error.rawValue == SystemError.ENOSYS { pageFlips = false }
                else { throw DRMDisplay.error(error, path: path, call: "drmModePageFlip") }
            }
        }
        if !pageFlips {
            do { try system.drmSetCRTC(fd, crtc: crtc, framebuffer: b.framebuffer, x: 0, y: 0, connector: connector.id, mode: mode) } catch {
                throw DRMDisplay.error(error, path: path, call: "drmModeSetCrtc")
            }
        }
        front = back
        frames += 1
    }

    /// Waits for the last flip to complete (so the frame is on screen).
    public func finish() throws(DisplayError) {
        var waited = 0
        while flipPending && waited < 1000 { _ = try waitForFlip(timeoutMilliseconds: 50); waited += 50 }
    }
}
