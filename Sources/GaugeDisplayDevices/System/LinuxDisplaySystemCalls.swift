import GaugeDisplay
import GaugeSystem
import CDRM
import CLinuxFB
import CPanelSystem

/// The real display system calls: libdrm, the fbdev and console ioctls, and files and
/// descriptors through GaugeSystem's `LinuxSystem`.
public final class LinuxDisplaySystemCalls: LinuxSystem, DisplaySystemCalls, @unchecked Sendable {
    public static let shared = LinuxDisplaySystemCalls()
    public override init() {}

    public func open(_ path: String, readWrite: Bool, nonBlocking: Bool) throws(Errno) -> Int32 {
        var flags = readWrite ? O_RDWR : O_RDONLY
        if nonBlocking { flags |= O_NONBLOCK }
        return try SystemCall.open(path, flags | O_CLOEXEC)
    }

    public func framebufferInfo(_ fd: Int32) throws(Errno) -> FramebufferInfo {
        var v = fb_var_screeninfo(), f = fb_fix_screeninfo()
        guard clfb_get_vscreeninfo(fd, &v) == 0 else { throw .current }
        guard clfb_get_fscreeninfo(fd, &f) == 0 else { throw .current }
        var idTuple = f.id
        let id = withUnsafeBytes(of: &idTuple) { b in String(decoding: b.prefix { $0 != 0 }, as: UTF8.self) }
        var info = FramebufferInfo(
            id: id, width: Int(v.xres), height: Int(v.yres), bitsPerPixel: Int(v.bits_per_pixel),
            red: (Int(v.red.offset), Int(v.red.length)),
            green: (Int(v.green.offset), Int(v.green.length)),
            blue: (Int(v.blue.offset), Int(v.blue.length)),
            lineLength: Int(f.line_length), memoryLength: Int(f.smem_len))
        info.grayscale = v.grayscale != 0
        info.nonstd = v.nonstd != 0
        return info
    }

    public func map(_ fd: Int32, length: Int, offset: Int64) throws(Errno) -> UnsafeMutableRawPointer {
        guard let p = csystem_map_shared(fd, length, offset) else { throw .current }
        return p
    }

    public func unmap(_ address: UnsafeMutableRawPointer, length: Int) { _ = munmap(address, length) }

    public func consoleIsGraphics(_ fd: Int32) throws(Errno) -> Bool {
        var mode: Int32 = 0
        guard clfb_kd_get_mode(fd, &mode) == 0 else { throw .current }
        return mode == clfb_kd_graphics()
    }

    public func framebufferBlank(_ fd: Int32, _ blank: Bool) throws(Errno) {
        guard clfb_blank(fd, blank ? 1 : 0) == 0 else { throw .current }
    }

    public func setConsoleGraphics(_ fd: Int32, _ graphics: Bool) throws(Errno) {
        guard clfb_kd_set_mode(fd, graphics ? clfb_kd_graphics() : clfb_kd_text()) == 0 else { throw .current }
    }

    public func consoleKeyboardMode(_ fd: Int32) throws(Errno) -> Int32 {
        var mode: Int32 = 0
        guard clfb_kd_get_kbmode(fd, &mode) == 0 else { throw .current }
        return mode
    }

    public func setConsoleKeyboardMode(_ fd: Int32, _ mode: Int32) throws(Errno) {
        guard clfb_kd_set_kbmode(fd, mode) == 0 else { throw .current }
    }

    public func consoleDefaultsToUTF8() -> Bool {
        guard let text = try? readFile("/sys/module/vt/parameters/default_utf8", limit: 16) else { return true }
        return Self.isUTF8Setting(text)
    }

    /// A boolean module parameter as sysfs shows it ("Y", "N", or a number): false only for N or 0.
    public static func isUTF8Setting(_ text: [UInt8]) -> Bool {
        guard let first = text.first else { return true }
        return first != UInt8(ascii: "N") && first != UInt8(ascii: "n") && first != UInt8(ascii: "0")
    }

    public func drmCard(_ fd: Int32) throws(Errno) -> DRMCard {
        var driver = "?"
        if let v = drmGetVersion(fd) {
            if let n = v.pointee.name { driver = String(cString: n) }
            drmFreeVersion(v)
        }
        var cap: UInt64 = 0
        let dumb = drmGetCap(fd, UInt64(DRM_CAP_DUMB_BUFFER), &cap) == 0 && cap != 0
        guard let res = drmModeGetResources(fd) else { throw .current }
        defer { drmModeFreeResources(res) }
        let crtcIDs = (0..<Int(res.pointee.count_crtcs)).map { res.pointee.crtcs[$0] }
        var connectors: [DRMConnector] = []
        for i in 0..<Int(res.pointee.count_connectors) {
            guard let c = drmModeGetConnector(fd, res.pointee.connectors[i]) else { continue }
            defer { drmModeFreeConnector(c) }
            let con = c.pointee
            let typeName = drmModeGetConnectorTypeName(con.connector_type).map { String(cString: $0) } ?? "Unknown"
            let modes = (0..<Int(con.count_modes)).map { DRMMode(con.modes[$0]) }
            var crtcs: [UInt32] = []
            if con.encoder_id != 0, let e = drmModeGetEncoder(fd, con.encoder_id) {
                if e.pointee.crtc_id != 0 { crtcs.append(e.pointee.crtc_id) }
                drmModeFreeEncoder(e)
            }
            for j in 0..<Int(con.count_encoders) {
                guard let e = drmModeGetEncoder(fd, con.encoders[j]) else { continue }
                for (k, id) in crtcIDs.enumerated() where e.pointee.possible_crtcs & (1 << UInt32(k)) != 0 && !crtcs.contains(id) {
                    crtcs.append(id)
                }
                drmModeFreeEncoder(e)
            }
            connectors.append(
                DRMConnector(
                    id: con.connector_id, name: "\(typeName)-\(con.connector_type_id)",
                    connected: con.connection == DRM_MODE_CONNECTED, modes: modes, crtcs: crtcs))
        }
        return DRMCard(driver: driver, connectors: connectors, supportsDumbBuffers: dumb)
    }

    public func drmCreateDumb(_ fd: Int32, width: Int, height: Int, bitsPerPixel: Int) throws(Errno) -> DumbBuffer {
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
        guard cdrm_create_dumb(fd, UInt32(width), UInt32(height), UInt32(bitsPerPixel), &handle, &pitch, &size) == 0 else { throw .current }
        return DumbBuffer(handle: handle, pitch: pitch, size: size)
    }

    public func drmMapDumb(_ fd: Int32, handle: UInt32) throws(Errno) -> Int64 {
        var offset: UInt64 = 0
        guard cdrm_map_dumb(fd, handle, &offset) == 0 else { throw .current }
        return Int64(bitPattern: offset)
    }

    public func drmDestroyDumb(_ fd: Int32, handle: UInt32) { _ = cdrm_destroy_dumb(fd, handle) }

    public func drmAddFramebuffer(_ fd: Int32, width: Int, height: Int, fourcc: UInt32, handle: UInt32, pitch: UInt32) throws(Errno) -> UInt32 {
        var handles: (UInt32, UInt32, UInt32, UInt32) = (handle, 0, 0, 0)
        var pitches: (UInt32, UInt32, UInt32, UInt32) = (pitch, 0, 0, 0)
        var offsets: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        var id: UInt32 = 0
        let r = withUnsafePointer(to: &handles) { h in
            withUnsafePointer(to: &pitches) { p in
                withUnsafePointer(to: &offsets) { o in
                    drmModeAddFB2(
                        fd, UInt32(width), UInt32(height), fourcc,
                        UnsafeRawPointer(h).assumingMemoryBound(to: UInt32.self),
                        UnsafeRawPointer(p).assumingMemoryBound(to: UInt32.self),
                        UnsafeRawPointer(o).assumingMemoryBound(to: UInt32.self), &id, 0)
                }
            }
        }
        guard r == 0 else { throw Errno(r < 0 ? -r : csystem_errno()) }
        return id
    }

    public func drmRemoveFramebuffer(_ fd: Int32, id: UInt32) { _ = drmModeRmFB(fd, id) }

    public func drmGetCRTC(_ fd: Int32, id: UInt32) -> SavedCRTC? {
        guard let c = drmModeGetCrtc(fd, id) else { return nil }
        defer { drmModeFreeCrtc(c) }
        let s = c.pointee
        return SavedCRTC(crtcID: s.crtc_id, framebuffer: s.buffer_id, x: s.x, y: s.y, mode: s.mode_valid != 0 ? s.mode : nil)
    }

    public func drmSetCRTC(_ fd: Int32, crtc: UInt32, framebuffer: UInt32, x: UInt32, y: UInt32, connector: UInt32, mode: DRMMode?) throws(Errno) {
        var con = connector
        let r: Int32
        if var m = mode?.raw {
            r = drmModeSetCrtc(fd, crtc, framebuffer, x, y, &con, 1, &m)
        } else {
            r = drmModeSetCrtc(fd, crtc, 0, 0, 0, nil, 0, nil)
        }
        guard r == 0 else { throw Errno(r < 0 ? -r : csystem_errno()) }
    }

    /// Restores a CRTC saved with `drmGetCRTC`.
    public func drmRestore(_ fd: Int32, _ saved: SavedCRTC, connector: UInt32) {
        var con = connector
        if var m = saved.mode {
            _ = drmModeSetCrtc(fd, saved.crtcID, saved.framebuffer, saved.x, saved.y, &con, 1, &m)
        }
    }

    public func drmPageFlip(_ fd: Int32, crtc: UInt32, framebuffer: UInt32) throws(Errno) {
        let r = drmModePageFlip(fd, crtc, framebuffer, cdrm_page_flip_event(), nil)
        guard r == 0 else { throw Errno(r < 0 ? -r : csystem_errno()) }
    }

    public func drmDirtyFramebuffer(_ fd: Int32, id: UInt32, clips: [IntRectClip]) throws(Errno) {
        var boxes = clips.map { drmModeClip(x1: $0.x1, y1: $0.y1, x2: $0.x2, y2: $0.y2) }
        let r = boxes.withUnsafeMutableBufferPointer { drmModeDirtyFB(fd, id, $0.baseAddress, UInt32($0.count)) }
        guard r == 0 else { throw Errno(r < 0 ? -r : csystem_errno()) }
    }

    nonisolated(unsafe) private static var flipsCompleted = 0

    public func drmHandleEvents(_ fd: Int32, timeoutMilliseconds: Int32) throws(Errno) -> Int {
        var waiting = [PollDescriptor(fd: fd, events: .readable)]
        let n = try poll(&waiting, timeoutMilliseconds: timeoutMilliseconds)
        guard n > 0, waiting[0].returned.contains(.readable) else { return 0 }
        var ctx = drmEventContext()
        ctx.version = Int32(cdrm_event_context_version())
        ctx.page_flip_handler = { _, _, _, _, _ in LinuxDisplaySystemCalls.flipsCompleted += 1 }
        LinuxDisplaySystemCalls.flipsCompleted = 0
        guard drmHandleEvent(fd, &ctx) == 0 else { throw .current }
        return LinuxDisplaySystemCalls.flipsCompleted
    }
}
