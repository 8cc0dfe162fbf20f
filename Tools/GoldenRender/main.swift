// GoldenRender: renders every TestCard scene, the reference-scene dashboards (with and
// without text, in the built-in stroke font) and the lamp symbols' sheet, and writes `<outdir>/<scene>-<format>.ppm`,
// printing `<file> <fnv1a>` per image (FNV-1a of the surface's raw pixel bytes).
//
// Written in the subset Embedded Swift accepts (no Foundation, no CommandLine, no
// print), so scripts/cross-cpu-check.sh can build the same code for x86_64, aarch64,
// armv7 hard-float and armv6 and compare the output byte for byte. Builds natively too.
//
// Usage: GoldenRender <outdir>      (exit 0 ok, 1 render/write failure, 2 usage)
//        GoldenRender count <workload> <N>   (FrameCount.swift: instruction counting)

import CSys
// The cross-CPU check compiles this file together with GaugeRaster, GaugeGlyphs and
// GaugeWidgets as one module (one whole-module compile per CPU, the imports between them
// removed in its snapshot of the sources).
#if !GOLDEN_RENDER_ONE_MODULE
    import GaugeRaster
    import GaugeGlyphs
    import GaugeWidgets
#endif

/// Bytes to a file descriptor through write(2).
struct Out {
    var buf: [UInt8] = []

    mutating func str(_ s: StaticString) {
        s.withUTF8Buffer { for b in $0 { buf.append(b) } }
    }

    mutating func bytes(_ b: [UInt8]) { buf.append(contentsOf: b) }

    mutating func dec(_ v: Int64) {
        if v < 0 { buf.append(UInt8(ascii: "-")) }
        var m = v.magnitude
        var tmp: [UInt8] = []
        repeat {
            tmp.append(UInt8(48 + m % 10))
            m /= 10
        } while m != 0
        buf.append(contentsOf: tmp.reversed())
    }

    mutating func hex(_ v: UInt32) {
        let digits: StaticString = "0123456789abcdef"
        var shift: UInt32 = 28
        while true {
            buf.append(digits.utf8Start[Int((v >> shift) & 0xF)])
            if shift == 0 { break }
            shift -= 4
        }
    }

    /// Writes and clears the buffer; false on a write error.
    @discardableResult
    mutating func flush(fd: Int32 = 1) -> Bool {
        let ok = writeAll(fd: fd, buf)
        buf.removeAll(keepingCapacity: true)
        return ok
    }
}

/// write(2) until every byte is out (write may be partial; retry on EINTR).
func writeAll(fd: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { raw -> Bool in
        guard var p = raw.baseAddress else { return true }
        var left = raw.count
        while left > 0 {
            let n = write(fd, p, left)
            if n < 0 {
                if csys_errno() == EINTR { continue }
                return false
            }
            p += n
            left -= n
        }
        return true
    }
}

/// Lower-case file-name form of a pixel format.
func fileName(of format: PixelFormat) -> StaticString {
    switch format {
    case .xrgb8888: return "xrgb8888"
    case .argb8888: return "argb8888"
    case .rgb565: return "rgb565"
    }
}

func appendStatic(_ s: StaticString, to bytes: inout [UInt8]) {
    s.withUTF8Buffer { for b in $0 { bytes.append(b) } }
}

/// One image to render.
struct Job {
    enum Kind {
        case testCard(TestScene)
        case reference(text: Bool)
        /// Every lamp symbol lit and unlit (GaugeWidgetsTests' `lamps-*.png`).
        case lamps
    }
    let kind: Kind
    let format: PixelFormat

    var name: StaticString {
        switch kind {
        case .testCard(let scene): return scene.name
        case .reference(let text): return text ? "reference-text" : "reference"
        case .lamps: return "lamps"
        }
    }

    func render() throws(SurfaceError) -> Surface {
        switch kind {
        case .testCard(let scene): return try scene.render(format: format)
        case .reference(let text):
            let scene = ReferenceScene.dashboard(text: text)
            let surface = try Surface(width: scene.width, height: scene.height, format: format)
            scene.draw(on: Canvas(surface), fonts: StrokeFontSet())
            return surface
        case .lamps:
            let surface = try Surface(width: LampSheet.width, height: LampSheet.height, format: format)
            LampSheet.draw(on: Canvas(surface))
            return surface
        }
    }
}

enum GoldenRender {
    static func run(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
        var err = Out()
        if argc == 4, let first = argv[1], equal(first, "count") { return frameCountMain(argc: 3, argv: argv + 1) }
        guard argc == 2, let dirArg = argv[1] else {
            err.str("usage: GoldenRender <outdir> | GoldenRender count <workload> <N>\n")
            err.flush(fd: 2)
            return 2
        }
        // The output directory as bytes (no terminator); created if missing.
        var dir: [UInt8] = []
        var i = 0
        while dirArg[i] != 0 {
            dir.append(UInt8(bitPattern: dirArg[i]))
            i += 1
        }
        if mkdir(dirArg, 0o755) != 0 && csys_errno() != EEXIST {
            err.str("GoldenRender: cannot create directory ")
            err.bytes(dir)
            err.str("\n")
            err.flush(fd: 2)
            return 1
        }

        // Every scene in the golden formats, plus the remaining formats for the first scene.
        let scenes = TestCard.scenes
        var jobs: [Job] = []
        for scene in scenes {
            for format in TestCard.goldenFormats { jobs.append(Job(kind: .testCard(scene), format: format)) }
        }
        if let first = scenes.first {
            let extra: [PixelFormat] = [.argb8888]
            for format in extra where !TestCard.goldenFormats.contains(format) {
                jobs.append(Job(kind: .testCard(first), format: format))
            }
        }
        // The reference scene as a dashboard: widgets, damage model and stroke-font text.
        for text in [false, true] {
            for format in TestCard.goldenFormats { jobs.append(Job(kind: .reference(text: text), format: format)) }
        }
        for format in TestCard.goldenFormats { jobs.append(Job(kind: .lamps, format: format)) }

        var out = Out()
        var failures = 0
        for job in jobs {
            var file: [UInt8] = []
            appendStatic(job.name, to: &file)
            file.append(UInt8(ascii: "-"))
            appendStatic(fileName(of: job.format), to: &file)
            appendStatic(".ppm", to: &file)

            let surface: Surface
            do throws(SurfaceError) {
                surface = try job.render()
            } catch {
                err.str("GoldenRender: ")
                err.bytes(file)
                err.str(": cannot make surface: ")
                switch error {
                case .invalidSize(let w, let h):
                    err.str("invalid size ")
                    err.dec(Int64(w))
                    err.str("x")
                    err.dec(Int64(h))
                case .invalidStride(let s, let m):
                    err.str("invalid stride ")
                    err.dec(Int64(s))
                    err.str(" < ")
                    err.dec(Int64(m))
                }
                err.str("\n")
                err.flush(fd: 2)
                failures += 1
                continue
            }

            var path = dir
            path.append(UInt8(ascii: "/"))
            path.append(contentsOf: file)
            path.append(0)
            let fd = path.withUnsafeBufferPointer { p in
                p.withMemoryRebound(to: CChar.self) { csys_open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
            }
            let written = fd >= 0 && writeAll(fd: fd, PPM.encode(surface))
            let closed = fd >= 0 && close(fd) == 0
            if !(written && closed) {
                err.str("GoldenRender: cannot write ")
                err.bytes(dir)
                err.str("/")
                err.bytes(file)
                err.str("\n")
                err.flush(fd: 2)
                failures += 1
                continue
            }

            out.bytes(file)
            out.str(" ")
            out.hex(surface.checksum())
            out.str("\n")
            // Line by line, so after a trap the output shows how far the render got.
            if !out.flush() { return 1 }
        }
        return failures == 0 ? 0 : 1
    }
}

#if hasFeature(Embedded)
    // Embedded Swift has no CommandLine: export the C entry point ourselves.
    @_cdecl("main")
    func cMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
        GoldenRender.run(argc: argc, argv: argv)
    }
#else
    @main
    struct Entry {
        static func main() {
            exit(GoldenRender.run(argc: CommandLine.argc, argv: CommandLine.unsafeArgv))
        }
    }
#endif
