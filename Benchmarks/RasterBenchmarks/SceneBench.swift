import Foundation
import GaugeRaster
import GaugeWidgets

/// The reference scene at one size and format, with the state each case steps through.
/// A class: the benchmark closures share it and mutate it between iterations.
final class SceneBench: @unchecked Sendable {
    let width: Int32, height: Int32
    let surface: Surface, floorSurface: Surface
    let fonts = CachedFontSet(StrokeFontSet())
    /// Ticks' coverage kept between frames, as the panel keeps it (FrameComposer).
    let shapes = ShapeCache()
    let scene: Dashboard, textScene: Dashboard
    private var area: Int { Int(width) * Int(height) }

    init(width: Int32, height: Int32, format: PixelFormat) {
        self.width = width
        self.height = height
        surface = try! Surface(width: width, height: height, format: format)
        floorSurface = try! Surface(width: width, height: height, format: format)
        scene = ReferenceScene.dashboard(width: width, height: height)
        textScene = ReferenceScene.dashboard(width: width, height: height, text: true)
    }

    /// The floor: the C library's memset over the surface's bytes (one byte value, the
    /// background's blue), the fastest one-colour fill there is.
    func floor() -> (written: Int, changed: Int) {
        memset(floorSurface.baseAddress, Int32(scene.background.b), floorSurface.byteCount)
        return (area, 0)
    }

    /// `Canvas.clear` with the background colour (not a one-byte value in either format).
    func clear() -> (written: Int, changed: Int) {
        Canvas(surface).clear(scene.background)
        return (area, 0)
    }

    func fullFrame() -> (written: Int, changed: Int) {
        scene.draw(on: canvas, fonts: fonts)
        return (area, 0)
    }

    /// A full frame without a shape cache: every tick's coverage evaluated (a first frame).
    func coldFrame() -> (written: Int, changed: Int) {
        scene.draw(on: Canvas(surface), fonts: fonts)
        return (area, 0)
    }

    /// The canvas the panel draws on: the surface with its shape cache.
    private var canvas: Canvas { Canvas(surface).caching(shapes) }

    func textFrame() -> (written: Int, changed: Int) {
        textScene.draw(on: canvas, fonts: fonts)
        return (area, 0)
    }

    // MARK: needle step: the tachometer moves 1 % of its range, back and forth.

    private var needle: [Dashboard] = []
    private var needleChanged = 0
    private var needleIndex = 0

    // The harness calls a case's closure once per sample: prepare once, then keep stepping.
    func prepareNeedle() {
        guard needle.isEmpty else { return }
        var moved = scene
        moved.set("rpm", to: 3000 + 80)
        needle = [scene, moved]
        needleChanged = changedPixels(scene, moved)
        needleIndex = 0
        scene.draw(on: canvas, fonts: fonts)
    }

    func needleStep() -> (written: Int, changed: Int) {
        let old = needle[needleIndex], new = needle[1 - needleIndex]
        let damage = new.damage(from: old, fonts: fonts)
        new.draw(damage, on: canvas, fonts: fonts)
        needleIndex = 1 - needleIndex
        return (Int(damage.area), needleChanged)
    }

    // MARK: animation: every channel on its own sinusoid, damage tracking on.

    static let cycle = 60
    private var path: [[Double]] = []
    private var pathChanged: [Int] = []
    private var shown: Dashboard?, next: Dashboard?
    private var frame = 0

    /// A cycle of frames (the last wraps back to the first) and each frame's changed pixels.
    func prepareAnimation() {
        guard path.isEmpty else { return }
        path = (0..<Self.cycle).map { f in
            let names: [(Double, Double, Double)] = [(0, 8000, 90), (0, 240, 150), (0, 1, 400), (0, 20, 240)]
            return names.indices.map { i in
                let (lo, hi, period) = names[i]
                return lo + (hi - lo) * (0.5 + 0.45 * sin(2 * Double.pi * Double(f) / period + Double(i)))
            }
        }
        var previous = scene
        set(&previous, path[Self.cycle - 1])
        pathChanged = path.map { values in
            var d = scene
            set(&d, values)
            defer { previous = d }
            return changedPixels(previous, d)
        }
        shown = previous
        next = previous
        frame = 0
        previous.draw(on: canvas, fonts: fonts)
    }

    func animationFrame() -> (written: Int, changed: Int) {
        // Two dashboards swap roles, so neither is shared when set: no copy-on-write.
        set(&next!, path[frame])
        let damage = next!.damage(from: shown!, fonts: fonts)
        next!.draw(damage, on: canvas, fonts: fonts)
        swap(&shown, &next)
        let changed = pathChanged[frame]
        frame = (frame + 1) % Self.cycle
        return (Int(damage.area), changed)
    }

    private func set(_ d: inout Dashboard, _ values: [Double]) {
        d.set("rpm", to: values[0])
        d.set("speed", to: values[1])
        d.set("battery", to: values[2])
        d.set("level", to: values[3])
    }

    /// Pixels that differ between full renders of two dashboards.
    private func changedPixels(_ a: Dashboard, _ b: Dashboard) -> Int {
        let sa = try! Surface(width: width, height: height, format: surface.format)
        let sb = try! Surface(width: width, height: height, format: surface.format)
        a.draw(on: Canvas(sa), fonts: fonts)
        b.draw(on: Canvas(sb), fonts: fonts)
        var n = 0
        for y in 0..<height { for x in 0..<width where sa.rawPixel(x: x, y: y) != sb.rawPixel(x: x, y: y) { n += 1 } }
        return n
    }
}

/// One line per measured iteration — "name<TAB>case ns<TAB>floor ns<TAB>written<TAB>changed",
/// the floor timed in the same iteration — appended to $GAUGEPANEL_BENCH_SUMMARY
/// (scripts/bench.sh takes each case's medians).
enum Summary {
    static func append(_ name: String, nanoseconds: Int, floor: Int, written: Int, changed: Int) {
        guard let path = ProcessInfo.processInfo.environment["GAUGEPANEL_BENCH_SUMMARY"] else { return }
        let line = "\(name)\t\(nanoseconds)\t\(floor)\t\(written)\t\(changed)\n"
        guard let file = fopen(path, "a") else { return }
        fputs(line, file)
        fclose(file)
    }
}
