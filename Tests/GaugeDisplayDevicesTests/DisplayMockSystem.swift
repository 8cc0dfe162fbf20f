import GaugeSystem
import GaugeDisplay
import GaugeDisplayDevices
import GaugeRaster
import GaugeTestSupport

/// A scripted `DisplaySystemCalls`: devices are entries in `framebuffers`, `cards` and
/// `consoles`, directories `FakePanelSystem`'s; memory maps are plain allocations the
/// tests can inspect; every call is recorded.
final class MockSystem: FakePanelSystem, DisplaySystemCalls {
    var openErrors: [String: Errno] = [:]
    var framebuffers: [String: FramebufferInfo] = [:]
    var cards: [String: DRMCard] = [:]
    var dirtyError: Errno? = nil
    var flipError: Errno? = nil
    var setCRTCError: Errno? = nil
    var addFBError: Errno? = nil
    /// The mode the last SetCrtc set.
    var crtcMode: String? = nil
    var calls: [String] = []
    var fds: [Int32: String] = [:]
    var nextFD: Int32 = 3
    var mappings: [Int: UnsafeMutableRawPointer] = [:]  // offset -> memory
    var maps: [(pointer: UnsafeMutableRawPointer, length: Int)] = []
    var dumbs: [UInt32: DumbBuffer] = [:]
    var dirtyClips: [[IntRectClip]] = []
    var flipsPending = 0
    var scanout: UInt32 = 0
    let pad: UInt32

    init(pitchPadding: UInt32 = 64) {
        pad = pitchPadding
        super.init()
    }

    deinit { for m in maps { m.pointer.deallocate() } }

    func open(_ path: String, readWrite: Bool, nonBlocking: Bool) throws(Errno) -> Int32 {
        calls.append("open \(path)")
        if let e = openErrors[path] { throw e }
        guard framebuffers[path] != nil || cards[path] != nil || consoles.contains(path) else { throw Errno.noSuchFileOrDirectory }
        let fd = nextFD
        nextFD += 1
        fds[fd] = path
        return fd
    }
    override func close(_ fd: Int32) {
        super.close(fd)
        calls.append("close \(fds[fd] ?? "?")")
        fds[fd] = nil
    }
    func framebufferInfo(_ fd: Int32) throws(Errno) -> FramebufferInfo {
        guard let p = fds[fd], let i = framebuffers[p] else { throw Errno.inappropriateIOCTLForDevice }
        return i
    }
    func map(_ fd: Int32, length: Int, offset: Int64) throws(Errno) -> UnsafeMutableRawPointer {
        let p = UnsafeMutableRawPointer.allocate(byteCount: length, alignment: 16)
        p.initializeMemory(as: UInt8.self, repeating: 0xEE, count: length)  // "never read" sentinel
        maps.append((p, length))
        mappings[Int(offset)] = p
        calls.append("mmap \(length)")
        return p
    }
    func unmap(_ address: UnsafeMutableRawPointer, length: Int) { calls.append("munmap \(length)") }
    var consoleGraphics = false
    var consoles: Set<String> = []
    func consoleIsGraphics(_ fd: Int32) throws(Errno) -> Bool {
        guard let p = fds[fd], consoles.contains(p) else { throw Errno.inappropriateIOCTLForDevice }
        return consoleGraphics
    }
    func setConsoleGraphics(_ fd: Int32, _ graphics: Bool) throws(Errno) {
        guard let p = fds[fd], consoles.contains(p) else { throw Errno.inappropriateIOCTLForDevice }
        calls.append("kdsetmode \(graphics ? "graphics" : "text")")
        consoleGraphics = graphics
    }
    var keyboardMode: Int32 = 1  // K_XLATE
    func consoleKeyboardMode(_ fd: Int32) throws(Errno) -> Int32 {
        guard let p = fds[fd], consoles.contains(p) else { throw Errno.inappropriateIOCTLForDevice }
        return keyboardMode
    }
    func setConsoleKeyboardMode(_ fd: Int32, _ mode: Int32) throws(Errno) {
        guard let p = fds[fd], consoles.contains(p) else { throw Errno.inappropriateIOCTLForDevice }
        calls.append("kdskbmode \(mode)")
        keyboardMode = mode
    }
    var defaultUTF8 = true
    func consoleDefaultsToUTF8() -> Bool { defaultUTF8 }

    func drmCard(_ fd: Int32) throws(Errno) -> DRMCard {
        guard let p = fds[fd], let c = cards[p] else { throw Errno.invalidArgument }
        return c
    }
    func drmCreateDumb(_ fd: Int32, width: Int, height: Int, bitsPerPixel: Int) throws(Errno) -> DumbBuffer {
        if refusedDumbDepths.contains(bitsPerPixel) {
            calls.append("create_dumb refused \(bitsPerPixel)")
            throw Errno.invalidArgument
        }
        let handle = UInt32(dumbs.count + 1)
        let pitch = UInt32(width * bitsPerPixel / 8) + pad
        let d = DumbBuffer(handle: handle, pitch: pitch, size: UInt64(pitch) * UInt64(height))
        dumbs[handle] = d
        calls.append("create_dumb \(width)x\(height)x\(bitsPerPixel)")
        return d
    }
    func drmMapDumb(_ fd: Int32, handle: UInt32) throws(Errno) -> Int64 { Int64(handle) << 12 }
    func drmDestroyDumb(_ fd: Int32, handle: UInt32) { calls.append("destroy_dumb \(handle)") }
    func drmAddFramebuffer(_ fd: Int32, width: Int, height: Int, fourcc: UInt32, handle: UInt32, pitch: UInt32) throws(Errno) -> UInt32 {
        if let e = addFBError { throw e }
        calls.append("addfb2 \(handle)")
        return 100 + handle
    }
    func drmRemoveFramebuffer(_ fd: Int32, id: UInt32) { calls.append("rmfb \(id)") }
    func drmGetCRTC(_ fd: Int32, id: UInt32) -> SavedCRTC? {
        SavedCRTC(crtcID: id, framebuffer: 77, x: 0, y: 0)
    }
    func drmSetCRTC(_ fd: Int32, crtc: UInt32, framebuffer: UInt32, x: UInt32, y: UInt32, connector: UInt32, mode: DRMMode?) throws(Errno) {
        calls.append("setcrtc \(crtc) fb \(framebuffer)")
        if let e = setCRTCError { throw e }
        scanout = framebuffer
        crtcMode = mode?.name
    }
    func drmRestore(_ fd: Int32, _ saved: SavedCRTC, connector: UInt32) { calls.append("restore fb \(saved.framebuffer)") }
    func drmPageFlip(_ fd: Int32, crtc: UInt32, framebuffer: UInt32) throws(Errno) {
        if let e = flipError { throw e }
        guard flipsPending == 0 else { throw Errno.resourceBusy }  // only one in flight
        calls.append("flip fb \(framebuffer)")
        flipsPending += 1
        scanout = framebuffer
    }
    func drmDirtyFramebuffer(_ fd: Int32, id: UInt32, clips: [IntRectClip]) throws(Errno) {
        calls.append("dirty fb \(id)")
        dirtyClips.append(clips)
        if let e = dirtyError { throw e }
    }
    /// The primary plane's formats (nil: the driver does not say); dumb-buffer depths refused.
    var planeFormats: [UInt32]? = nil
    var refusedDumbDepths: Set<Int> = []
    func drmPlaneFormats(_ fd: Int32, crtc: UInt32) -> [UInt32]? { planeFormats }
    /// Set to offer atomic flips with damage clips.
    var atomicPlane: DRMAtomicPlane? = nil
    var atomicError: Errno? = nil
    var atomicClips: [[IntRectClip]] = []
    func drmAtomicPrimaryPlane(_ fd: Int32, crtc: UInt32) -> DRMAtomicPlane? { atomicPlane }
    func drmAtomicFlip(_ fd: Int32, plane: DRMAtomicPlane, crtc: UInt32, framebuffer: UInt32, clips: [IntRectClip]) throws(Errno) {
        if let e = atomicError { throw e }
        guard flipsPending == 0 else { throw Errno.resourceBusy }
        calls.append("atomic fb \(framebuffer)")
        atomicClips.append(clips)
        flipsPending += 1
        scanout = framebuffer
    }
    func drmHandleEvents(_ fd: Int32, timeoutMilliseconds: Int32) throws(Errno) -> Int {
        let n = flipsPending
        flipsPending = 0
        return n
    }
}

extension FramebufferInfo {
    static func xrgb(width: Int, height: Int, padding: Int = 0) -> FramebufferInfo {
        FramebufferInfo(
            id: "mockfb", width: width, height: height, bitsPerPixel: 32,
            red: (16, 8), green: (8, 8), blue: (0, 8),
            lineLength: width * 4 + padding, memoryLength: (width * 4 + padding) * height)
    }
    static func rgb565(width: Int, height: Int, padding: Int = 0) -> FramebufferInfo {
        FramebufferInfo(
            id: "mockfb", width: width, height: height, bitsPerPixel: 16,
            red: (11, 5), green: (5, 6), blue: (0, 5),
            lineLength: width * 2 + padding, memoryLength: (width * 2 + padding) * height)
    }
}
