import GaugeDisplay
import GaugeSystem
import CDRM

// Every system call the displays make (DRM, fbdev, the console), behind
// `DisplaySystemCalls` so that the display logic can be tested with a mock;
// `LinuxDisplaySystemCalls` is the real implementation (over libdrm and GaugeSystem).

/// What FBIOGET_VSCREENINFO and FBIOGET_FSCREENINFO report, in Swift types.
public struct FramebufferInfo: Equatable, Sendable {
    public var id: String
    public var width: Int
    public var height: Int
    public var bitsPerPixel: Int
    public var red: (offset: Int, length: Int)
    public var green: (offset: Int, length: Int)
    public var blue: (offset: Int, length: Int)
    /// Bytes per row (line_length).
    public var lineLength: Int
    /// Bytes of mappable memory (smem_len).
    public var memoryLength: Int
    public var grayscale: Bool = false
    public var nonstd: Bool = false

    public init(
        id: String = "", width: Int, height: Int, bitsPerPixel: Int,
        red: (offset: Int, length: Int), green: (offset: Int, length: Int), blue: (offset: Int, length: Int),
        lineLength: Int, memoryLength: Int
    ) {
        self.id = id
        self.width = width
        self.height = height
        self.bitsPerPixel = bitsPerPixel
        self.red = red
        self.green = green
        self.blue = blue
        self.lineLength = lineLength
        self.memoryLength = memoryLength
    }

    public static func == (a: FramebufferInfo, b: FramebufferInfo) -> Bool {
        a.id == b.id && a.width == b.width && a.height == b.height && a.bitsPerPixel == b.bitsPerPixel
            && a.red == b.red && a.green == b.green && a.blue == b.blue
            && a.lineLength == b.lineLength && a.memoryLength == b.memoryLength
    }
}

/// A KMS display mode (wraps drmModeModeInfo).
public struct DRMMode: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var refresh: Int
    public var preferred: Bool
    public var name: String
    var raw: drmModeModeInfo

    public init(width: Int, height: Int, refresh: Int = 60, preferred: Bool = false) {
        self.width = width
        self.height = height
        self.refresh = refresh
        self.preferred = preferred
        self.name = "\(width)x\(height)"
        raw = drmModeModeInfo()
        raw.hdisplay = UInt16(clamping: width)
        raw.vdisplay = UInt16(clamping: height)
        raw.vrefresh = UInt32(clamping: refresh)
    }

    init(_ m: drmModeModeInfo) {
        raw = m
        width = Int(m.hdisplay)
        height = Int(m.vdisplay)
        refresh = Int(m.vrefresh)
        preferred = m.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0
        var n = m.name
        name = withUnsafeBytes(of: &n) { b in String(decoding: b.prefix { $0 != 0 }, as: UTF8.self) }
    }

    public static func == (a: DRMMode, b: DRMMode) -> Bool {
        a.width == b.width && a.height == b.height && a.refresh == b.refresh && a.preferred == b.preferred && a.name == b.name
    }
}

/// A connector of a DRM card, with what it takes to light it up.
public struct DRMConnector: Sendable, Equatable {
    public var id: UInt32
    public var name: String
    public var connected: Bool
    public var modes: [DRMMode]
    /// CRTCs that can drive it (through any of its encoders), the current one first.
    public var crtcs: [UInt32]
    public init(id: UInt32, name: String, connected: Bool, modes: [DRMMode], crtcs: [UInt32]) {
        self.id = id
        self.name = name
        self.connected = connected
        self.modes = modes
        self.crtcs = crtcs
    }
}

public struct DRMCard: Sendable, Equatable {
    public var driver: String
    public var connectors: [DRMConnector]
    public var supportsDumbBuffers: Bool
    public init(driver: String, connectors: [DRMConnector], supportsDumbBuffers: Bool) {
        self.driver = driver
        self.connectors = connectors
        self.supportsDumbBuffers = supportsDumbBuffers
    }
}

/// A dumb buffer: handle, row pitch and size in bytes.
public struct DumbBuffer: Sendable, Equatable {
    public var handle: UInt32, pitch: UInt32, size: UInt64
    public init(handle: UInt32, pitch: UInt32, size: UInt64) {
        self.handle = handle
        self.pitch = pitch
        self.size = size
    }
}

/// A CRTC's state, saved to be restored on exit.
public struct SavedCRTC: Sendable {
    public var crtcID: UInt32
    public var framebuffer: UInt32
    public var x: UInt32, y: UInt32
    var mode: drmModeModeInfo?
    public init(crtcID: UInt32, framebuffer: UInt32, x: UInt32, y: UInt32) {
        self.crtcID = crtcID
        self.framebuffer = framebuffer
        self.x = x
        self.y = y
        mode = nil
    }
    init(crtcID: UInt32, framebuffer: UInt32, x: UInt32, y: UInt32, mode: drmModeModeInfo?) {
        self.crtcID = crtcID
        self.framebuffer = framebuffer
        self.x = x
        self.y = y
        self.mode = mode
    }
}

/// The system calls behind the displays, beyond the shared `PanelSystem` ones: DRM/KMS,
/// fbdev and the console ioctls. Methods throw the errno of a failure.
public protocol DisplaySystemCalls: PanelSystem {
    func open(_ path: String, readWrite: Bool, nonBlocking: Bool) throws(Errno) -> Int32
    func framebufferInfo(_ fd: Int32) throws(Errno) -> FramebufferInfo
    func map(_ fd: Int32, length: Int, offset: Int64) throws(Errno) -> UnsafeMutableRawPointer
    func unmap(_ address: UnsafeMutableRawPointer, length: Int)
    /// KDGETMODE: true when the console is in KD_GRAPHICS mode.
    func consoleIsGraphics(_ fd: Int32) throws(Errno) -> Bool
    /// KDSETMODE KD_GRAPHICS or KD_TEXT.
    func setConsoleGraphics(_ fd: Int32, _ graphics: Bool) throws(Errno)
    /// KDGKBMODE / KDSKBMODE: how the console reads the keyboard (K_OFF: not at all).
    func consoleKeyboardMode(_ fd: Int32) throws(Errno) -> Int32
    func setConsoleKeyboardMode(_ fd: Int32, _ mode: Int32) throws(Errno)
    /// Whether new consoles read UTF-8 (/sys/module/vt/parameters/default_utf8); true when
    /// that cannot be read, as systemd assumes.
    func consoleDefaultsToUTF8() -> Bool

    func drmCard(_ fd: Int32) throws(Errno) -> DRMCard
    func drmCreateDumb(_ fd: Int32, width: Int, height: Int, bitsPerPixel: Int) throws(Errno) -> DumbBuffer
    func drmMapDumb(_ fd: Int32, handle: UInt32) throws(Errno) -> Int64
    func drmDestroyDumb(_ fd: Int32, handle: UInt32)
    func drmAddFramebuffer(_ fd: Int32, width: Int, height: Int, fourcc: UInt32, handle: UInt32, pitch: UInt32) throws(Errno) -> UInt32
    func drmRemoveFramebuffer(_ fd: Int32, id: UInt32)
    func drmGetCRTC(_ fd: Int32, id: UInt32) -> SavedCRTC?
    func drmSetCRTC(_ fd: Int32, crtc: UInt32, framebuffer: UInt32, x: UInt32, y: UInt32, connector: UInt32, mode: DRMMode?) throws(Errno)
    func drmRestore(_ fd: Int32, _ saved: SavedCRTC, connector: UInt32)
    func drmPageFlip(_ fd: Int32, crtc: UInt32, framebuffer: UInt32) throws(Errno)
    /// DirtyFB with clip rectangles; throws ENOSYS when the driver needs none.
    func drmDirtyFramebuffer(_ fd: Int32, id: UInt32, clips: [IntRectClip]) throws(Errno)
    /// The pixel formats (DRM fourccs) `crtc`'s primary plane scans out, asked with
    /// universal planes on; nil when the driver does not say (no plane API).
    func drmPlaneFormats(_ fd: Int32, crtc: UInt32) -> [UInt32]?
    /// Enables atomic modesetting and returns `crtc`'s primary plane; nil when the driver
    /// has no atomic support or no FB_DAMAGE_CLIPS (then DirtyFB and legacy flips).
    func drmAtomicPrimaryPlane(_ fd: Int32, crtc: UInt32) -> DRMAtomicPlane?
    /// An atomic page flip with FB_DAMAGE_CLIPS; completes with a page-flip event.
    func drmAtomicFlip(_ fd: Int32, plane: DRMAtomicPlane, crtc: UInt32, framebuffer: UInt32, clips: [IntRectClip]) throws(Errno)
    /// Waits up to `timeoutMilliseconds` (0: just looks) for DRM events and handles them;
    /// returns the number of page flips completed.
    func drmHandleEvents(_ fd: Int32, timeoutMilliseconds: Int32) throws(Errno) -> Int
    /// The connector's DPMS property: on, or off (the monitor to standby, the CRTC
    /// stopped); throws ENOTSUP when the connector has no such property.
    func drmSetConnectorPower(_ fd: Int32, connector: UInt32, on: Bool) throws(Errno)
    /// FBIOBLANK: the framebuffer's panel powered down, or shown again.
    func framebufferBlank(_ fd: Int32, _ blank: Bool) throws(Errno)
}

extension DisplaySystemCalls {
    /// Systems without a power switch for the screen (test doubles): ENOTSUP.
    public func drmSetConnectorPower(_ fd: Int32, connector: UInt32, on: Bool) throws(Errno) { throw .notSupported }
    public func framebufferBlank(_ fd: Int32, _ blank: Bool) throws(Errno) { throw .notSupported }
}
