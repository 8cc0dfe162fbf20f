import Glibc

// The reference scene as the workloads drive it: fonts, value sequences, pixel diffs.

let background = GaugeTheme.dark.background
/// One font object per size for the whole run, as the panel keeps them.
let fonts = CachedFontSet(StrokeFontSet())
/// One shape cache for the run (ticks' coverage), as the panel keeps one per surface.
let shapes = ShapeCache()

/// The canvas a panel draws a frame on: its surface, with the panel's shape cache.
func panelCanvas(_ s: Surface) -> Canvas { Canvas(s).caching(shapes) }

func makeSurface(_ format: PixelFormat, width: Int32 = 800, height: Int32 = 480) -> Surface {
    do { return try Surface(width: width, height: height, format: format) } catch { fatalError("surface: \(error)") }
}

/// The scene's channels and ranges, in the order `AnimationPath` moves them.
let channels: [(name: String, lower: Double, upper: Double)] =
    [("rpm", 0, 8000), ("speed", 0, 240), ("battery", 0, 1), ("level", 0, 20)]

/// Every channel follows its own sinusoid (periods 90, 150, 400 and 240 frames), so
/// every value moves every frame, as a running engine would move them.
struct AnimationPath {
    static let periods: [Double] = [90, 150, 400, 240]
    static func values(frame: Int) -> [Double] {
        channels.indices.map { i in
            let c = channels[i]
            let phase = 2 * Double.pi * Double(frame) / periods[i] + Double(i)
            return c.lower + (c.upper - c.lower) * (0.5 + 0.45 * sin(phase))
        }
    }
}

/// Sets every channel of `scene` to `values` (same order as `channels`).
func apply(_ values: [Double], to scene: inout Dashboard) {
    for i in channels.indices { scene.set(channels[i].name, to: values[i]) }
}

/// Pixels whose stored bytes differ between two surfaces of the same size and format.
func differingPixels(_ a: Surface, _ b: Surface) -> Int {
    precondition(a.width == b.width && a.height == b.height && a.format == b.format)
    var n = 0
    let bytes = Int(a.format.bytesPerPixel)
    for y in 0..<a.height {
        let p = a.row(y).assumingMemoryBound(to: UInt8.self), q = b.row(y).assumingMemoryBound(to: UInt8.self)
        if memcmp(p, q, Int(a.width) * bytes) == 0 { continue }
        for x in 0..<Int(a.width) where memcmp(p + x * bytes, q + x * bytes, bytes) != 0 { n += 1 }
    }
    return n
}

/// SplitMix64: a seeded generator, so the property check is the same on every run.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    /// Uniform in 0..<1.
    mutating func unit() -> Double { Double(next() >> 11) / Double(UInt64(1) << 53) }
}
