// `GoldenRender count <workload> <N>`: runs one workload of the reference scene N times,
// for counting guest instructions on the Pi's CPUs under qemu-user
// (scripts/instruction-budget.sh, with the Tools/InsnCount plugin). It lives in
// GoldenRender so that the cross-CPU check's builds (Embedded, -Osize, as the firmware)
// serve both: one compile of the renderer per CPU, and the counts are of the code the
// cross-CPU check proves. The count of a run covers the whole process, so the
// script runs each workload twice — N measured frames and 0 — and divides the difference
// by N: start-up, surfaces, scene set-up and warm-up frames are the same in both runs.
//
// The workloads are Tools/FrameBudget's (x86_64, callgrind):
//   floor, floor565   memset of the surface's bytes: the C library's fill, the floor
//   clear, clear565   Canvas.clear with the background
//   full, full565     clear + draw the whole scene (after one warm-up frame)
//   needle, needle565 the tachometer moves 1 % of its range: damage, only it redrawn
//   anim, anim565     every channel moves every frame (the same AnimationPath frames
//                     as FrameBudget's: 30 warm-up frames, then frame 31, 32, …)
//   text              full frame of the scene with text
//
// Usage: GoldenRender count <workload> <N>      (exit 0 ok, 2 usage)

import CSys
#if !GOLDEN_RENDER_ONE_MODULE
    import GaugeRaster
    import GaugeGlyphs
    import GaugeWidgets
#endif

/// The scene's channels in `AnimationPath` order, with their ranges and periods (frames):
/// the same values as Tools/FrameBudget/Scene.swift.
let animationChannels: [(name: String, lower: Double, upper: Double, period: Double)] =
    [("rpm", 0, 8000, 90), ("speed", 0, 240, 150), ("battery", 0, 1, 400), ("level", 0, 20, 240)]

func animate(_ scene: inout Dashboard, frame: Int) {
    for i in animationChannels.indices {
        let c = animationChannels[i]
        let phase = 2 * Double.pi * Double(frame) / c.period + Double(i)
        scene.set(c.name, to: c.lower + (c.upper - c.lower) * (0.5 + 0.45 * sin(phase)))
    }
}

/// One measured frame: a call the optimiser keeps, so N frames are N times the work.
@inline(never)
func measuredFrame(_ work: () -> Void) { work() }

func parse(_ p: UnsafeMutablePointer<CChar>) -> Int? {
    var n = 0, i = 0
    while p[i] != 0 {
        let d = Int(p[i]) - 48
        guard d >= 0, d <= 9, n < 1_000_000 else { return nil }
        n = n * 10 + d
        i += 1
    }
    return i > 0 ? n : nil
}

func equal(_ p: UnsafeMutablePointer<CChar>, _ s: StaticString) -> Bool {
    s.withUTF8Buffer { b in
        for i in 0..<b.count where UInt8(bitPattern: p[i]) != b[i] { return false }
        return p[b.count] == 0
    }
}

enum Workload: CaseIterable {
    case floor, floor565, clear, clear565, full, full565, cold, needle, needle565, anim, anim565, text
    var name: StaticString {
        switch self {
        case .floor: "floor"
        case .floor565: "floor565"
        case .clear: "clear"
        case .clear565: "clear565"
        case .full: "full"
        case .full565: "full565"
        case .cold: "cold"
        case .needle: "needle"
        case .needle565: "needle565"
        case .anim: "anim"
        case .anim565: "anim565"
        case .text: "text"
        }
    }
    var format: PixelFormat {
        switch self {
        case .floor565, .clear565, .full565, .needle565, .anim565: .rgb565
        default: .xrgb8888
        }
    }
}

func run(_ workload: Workload, frames: Int) -> Int32 {
    guard let s = try? Surface(width: 800, height: 480, format: workload.format) else { return 1 }
    let fonts = CachedFontSet(StrokeFontSet())
    let shapes = ShapeCache()  // the ticks' coverage, kept as the panel keeps it
    let background = GaugeTheme.dark.background
    switch workload {
    case .floor, .floor565:
        // One byte value (the background's blue) over every byte: what memset does.
        let byte = Int32(background.b)
        memset(s.baseAddress, byte, s.byteCount)
        for _ in 0..<frames { measuredFrame { memset(s.baseAddress, byte, s.byteCount) } }
    case .clear, .clear565:
        Canvas(s).clear(background)
        for _ in 0..<frames { measuredFrame { Canvas(s).clear(background) } }
    case .full, .full565, .text:
        let scene = ReferenceScene.dashboard(text: workload == .text)
        // Warm-up: lazy globals, tables, glyphs; text is kept on its second draw.
        for _ in 0..<2 { scene.draw(on: Canvas(s).caching(shapes), fonts: fonts) }
        for _ in 0..<frames { measuredFrame { scene.draw(on: Canvas(s).caching(shapes), fonts: fonts) } }
    case .cold:
        // A full frame without a shape cache: every tick and ring row evaluated.
        let scene = ReferenceScene.dashboard()
        scene.draw(on: Canvas(s), fonts: fonts)
        for _ in 0..<frames { measuredFrame { scene.draw(on: Canvas(s), fonts: fonts) } }
    case .needle, .needle565:
        let scene = ReferenceScene.dashboard()
        var moved = scene
        moved.set("rpm", to: 3000 + 80)
        scene.draw(on: Canvas(s).caching(shapes), fonts: fonts)
        _ = moved.damage(from: scene, fonts: fonts)  // warm-up
        for _ in 0..<frames { measuredFrame { moved.draw(moved.damage(from: scene, fonts: fonts), on: Canvas(s).caching(shapes), fonts: fonts) } }
    case .anim, .anim565:
        let warmUp = 30
        var shown = ReferenceScene.dashboard(), next = shown
        animate(&shown, frame: 0)
        shown.draw(on: Canvas(s).caching(shapes), fonts: fonts)
        func frame(_ i: Int) {
            animate(&next, frame: i)
            next.draw(next.damage(from: shown, fonts: fonts), on: Canvas(s).caching(shapes), fonts: fonts)
            swap(&shown, &next)
        }
        for i in 1...warmUp { frame(i) }
        for i in 0..<frames { measuredFrame { frame(warmUp + 1 + i) } }
    }
    // Keep the pixels observable.
    return s.baseAddress.load(as: UInt8.self) == 0xA5 && s.rawPixel(x: 799, y: 479) == 1 ? 3 : 0
}

func usage() -> Int32 {
    let text: StaticString = "usage: GoldenRender count floor|floor565|clear|clear565|full|full565|needle|needle565|anim|anim565|text <N>\n"
    _ = write(2, text.utf8Start, text.utf8CodeUnitCount)
    return 2
}

/// argv[0] is "count", argv[1] the workload, argv[2] N.
func frameCountMain(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    guard argc == 3, let w = argv[1], let n = argv[2], let frames = parse(n),
        let workload = Workload.allCases.first(where: { equal(w, $0.name) })
    else { return usage() }
    return run(workload, frames: frames)
}
