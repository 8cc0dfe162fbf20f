import GaugeDisplay
import GaugeSystem
import GaugeRaster

extension DRMDisplay {
    /// Two mapped dumb buffers with framebuffers for `mode`, in the first format that
    /// works of those that show a board drawn in `drawing`: its own (nothing converted),
    /// else the one the copy converts it to — each only when the primary plane offers it
    /// (`offered`; nil: not known, both tried). A format the driver refuses (EINVAL from
    /// CREATE_DUMB for the depth, or from AddFB2 for the fourcc) moves on to the next.
    /// Nothing is left allocated when it throws.
    static func makeBuffers(
        mode m: DRMMode, drawing: PixelFormat, offered: [UInt32]?, fd: Int32, path: String, driver: String,
        system: any DisplaySystemCalls
    ) throws(DisplayError) -> (buffers: [ScanoutBuffer], format: PixelFormat) {
        for f in DRMSelection.scanoutCandidates(for: drawing, planeFormats: offered) {
            guard let (fourcc, bpp) = DRMSelection.fourcc(for: f) else { continue }
            do throws(BufferFailure) {
                return (try makeBuffers(mode: m, format: f, fourcc: fourcc, bitsPerPixel: bpp, fd: fd, system: system), f)
            } catch {
                if error.errno == .invalidArgument && (error.step == createDumb || error.step == addFramebuffer) { continue }
                throw DRMDisplay.error(error.errno, path: path, call: "\(error.step) (creating \(m.name) scan-out buffers)")
            }
        }
        throw .drm(
            .unsupportedFormat(
                path: path, driver: driver, format: drawing.lowercaseName,
                offered: offered.map { $0.map(DRMSelection.formatName) }))
    }

    static let createDumb = "DRM_IOCTL_MODE_CREATE_DUMB", addFramebuffer = "drmModeAddFB2"

    struct BufferFailure: Error {
        var step: String
        var errno: Errno
    }

    private static func makeBuffers(
        mode m: DRMMode, format: PixelFormat, fourcc: UInt32, bitsPerPixel bpp: Int, fd: Int32,
        system: any DisplaySystemCalls
    ) throws(BufferFailure) -> [ScanoutBuffer] {
        var made: [ScanoutBuffer] = []
        var step = createDumb
        do throws(Errno) {
            for _ in 0..<2 {
                step = createDumb
                let dumb = try system.drmCreateDumb(fd, width: m.width, height: m.height, bitsPerPixel: bpp)
                var fb: UInt32 = 0
                do throws(Errno) {
                    step = addFramebuffer
                    fb = try system.drmAddFramebuffer(fd, width: m.width, height: m.height, fourcc: fourcc, handle: dumb.handle, pitch: dumb.pitch)
                    step = "mapping a dumb buffer"
                    let offset = try system.drmMapDumb(fd, handle: dumb.handle)
                    let memory = try system.map(fd, length: Int(dumb.size), offset: offset)
                    let target = try! Surface(
                        wrapping: memory, width: Int32(m.width), height: Int32(m.height),
                        stride: Int32(dumb.pitch), format: format)
                    made.append((dumb, fb, memory, target))
                } catch {
                    if fb != 0 { system.drmRemoveFramebuffer(fd, id: fb) }
                    system.drmDestroyDumb(fd, handle: dumb.handle)
                    throw error
                }
            }
        } catch {
            release(made, fd: fd, system: system)
            throw BufferFailure(step: step, errno: error)
        }
        return made
    }

    static func release(_ buffers: [ScanoutBuffer], fd: Int32, system: any DisplaySystemCalls) {
        for b in buffers {
            system.unmap(b.memory, length: Int(b.dumb.size))
            system.drmRemoveFramebuffer(fd, id: b.framebuffer)
            system.drmDestroyDumb(fd, handle: b.dumb.handle)
        }
    }
}
