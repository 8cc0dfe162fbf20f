// FrameBudget: runs exactly one rendering workload, for counting instructions with
// callgrind (scripts/instruction-budget.sh). The measured work is the body of
// `measuredFrame()`, which is never inlined: run under
//     valgrind --tool=callgrind --toggle-collect='*measuredFrame*' FrameBudget <workload>
// and only the instructions executed inside it (and its callees) are collected.
//
// Compiled with `swiftc -O -wmo` as one module together with Sources/GaugeRaster,
// GaugeGlyphs and GaugeWidgets (their imports stripped), so it may use internal API.
//
// Workloads: the reference scene (`ReferenceScene.dashboard()`, 800×480, stroke font).
// Setup, warm-up frames and surfaces are outside the measured function.
//   floor, floor565   the floor: memset of the surface's bytes (the C library's fill,
//                     XRGB8888, RGB565) — every ratio divides by it
//   clear, clear565   Canvas.clear with the background
//   full, full565     clear + draw the whole scene (after two warm-up frames), on a canvas
//                     with the panel's shape cache (ticks' coverage kept, as a panel keeps it)
//   cold              full, without a shape cache: every tick evaluated (a first frame)
//   needle, needle565 the tachometer moves 1 % of its range (3000 → 3080 rpm): damage
//                     computed, only the damage redrawn
//   anim, anim565     every channel moves every frame (AnimationPath), damage tracking on:
//                     set values, damage, redraw the damage; mean of 60 frames
//   text              full frame of the scene with text (tick labels, readouts, captions)
//   arc, conic        one 270° arc, radius 150, 18 thick, solid / conic gradient
//   ticks             one dial's 51 ticks (tiny quads: per-row and per-shape cost)
//   chartsample, chartcolumn  a chart's new reading, and its present moving on a column
//                     (Chart.swift)
//   copy, copyconv    an animation frame's damage copied into scan-out memory (Copy.swift):
//                     RGB565 as it is, and widened to XRGB8888 on the way; copy32 and
//                     copypack the same from XRGB8888 (packed to RGB565); copy90… turned 90°
// Checks (native, not workloads):
//   verify            the damage-exactness property over 10,000 random changes (exit 1 on a
//                     differing pixel)
//   sqrt              integerSquareRoot32 is ⌊√n⌋ for every 32-bit n (exit 1 otherwise)
//   pixels            pixels written (damage area) against pixels changed
//   pixel-detail      the same by rectangle (needle step) and by widget (animation): where
//                     a redraw writes pixels that do not change
//   pixel-map         the needle step around the tachometer's needle as text, a character
//                     a pixel: written and changed, written only, neither
// A workload that measures several frames prints "frames: N"; the script divides by N.
//
// Usage: FrameBudget <workload>     (exit 0 ok, 1 failure, 2 usage)
// Environment: FRAMEBUDGET_REPEAT=N repeats each measured frame N times (for perf).

import Glibc

/// What gets measured: everything in here, nothing outside. FRAMEBUDGET_REPEAT=N runs the
/// work N times (default 1), for sampling profilers: `perf record FrameBudget full`.
@inline(never)
func measuredFrame(_ work: () -> Void) {
    for _ in 0..<repeats { work() }
}

let repeats: Int = getenv("FRAMEBUDGET_REPEAT").flatMap { Int(String(cString: $0)) }.map { max($0, 1) } ?? 1

func run(_ workload: String) -> Int32 {
    let format: PixelFormat = workload.hasSuffix("565") ? .rgb565 : .xrgb8888
    switch workload {
    case "floor", "floor565":
        // One byte value (the background's blue) over every byte: what memset does.
        let s = makeSurface(format)
        let byte = Int32(background.b)
        memset(s.baseAddress, byte, s.byteCount)
        measuredFrame { memset(s.baseAddress, byte, s.byteCount) }
    case "clear", "clear565":
        let s = makeSurface(format)
        Canvas(s).clear(background)
        measuredFrame { Canvas(s).clear(background) }
    case "full", "full565", "text":
        let s = makeSurface(format)
        let scene = ReferenceScene.dashboard(text: workload == "text")
        // Warm-up: lazy globals, tables, glyphs, ticks; text is kept on its second draw.
        for _ in 0..<2 { scene.draw(on: panelCanvas(s), fonts: fonts) }
        measuredFrame { scene.draw(on: panelCanvas(s), fonts: fonts) }
    case "cold":
        // A full frame with nothing kept from the one before but fonts: every tick's
        // coverage evaluated (a panel's first frame, or one without a shape cache).
        let s = makeSurface(format)
        let scene = ReferenceScene.dashboard()
        scene.draw(on: Canvas(s), fonts: fonts)
        measuredFrame { scene.draw(on: Canvas(s), fonts: fonts) }
    case "needle", "needle565":
        let s = makeSurface(format)
        let scene = ReferenceScene.dashboard()
        var moved = scene
        moved.set("rpm", to: 3000 + 80)
        // Warm-up: one damage redraw (the Swift runtime instantiates the masked path's
        // generic metadata on first use: mallocs once), then the frame on screen before
        // the move.
        moved.draw(moved.damage(from: scene, fonts: fonts), on: panelCanvas(s), fonts: fonts)
        scene.draw(on: panelCanvas(s), fonts: fonts)
        measuredFrame { moved.draw(moved.damage(from: scene, fonts: fonts), on: panelCanvas(s), fonts: fonts) }
    case "anim", "anim565":
        let s = makeSurface(format)
        let warmUp = 30, frames = 60
        let path = (0...(warmUp + frames)).map { AnimationPath.values(frame: $0) }
        // Two dashboards swap roles each frame, so neither is shared when it is set
        // (no copy-on-write copies): the loop a panel runs.
        var shown = ReferenceScene.dashboard(), next = shown
        apply(path[0], to: &shown)
        shown.draw(on: panelCanvas(s), fonts: fonts)
        func frame(_ i: Int) {
            apply(path[i], to: &next)
            next.draw(next.damage(from: shown, fonts: fonts), on: panelCanvas(s), fonts: fonts)
            swap(&shown, &next)
        }
        for i in 1...warmUp { frame(i) }
        for i in (warmUp + 1)...(warmUp + frames) { measuredFrame { frame(i) } }
        print("frames: \(frames)")
    case "arc", "conic":
        let s = makeSurface(.xrgb8888)
        let centre = Point(400, 240)
        let paint: Paint =
            workload == "arc"
            ? .solid(ReferenceScene.green)
            : .conic(
                ConicGradient(
                    centre: centre, start: Angle(degrees: 135), sweep: Angle(degrees: 270),
                    stops: [
                        GradientStop(ReferenceScene.green, at: 0), GradientStop(ReferenceScene.yellow, at: 0.5),
                        GradientStop(ReferenceScene.red, at: 1),
                    ]))
        ReferenceScene.dashboard().draw(on: Canvas(s), fonts: fonts)  // warm-up
        Canvas(s).clear(background)
        measuredFrame {
            Canvas(s).strokeArc(
                centre: centre, radius: 150, thickness: 18, start: Angle(degrees: 135),
                sweep: Angle(degrees: 270), paint: paint)
        }
    case "ticks":
        // One dial's 51 ticks (11 major, 4 minor between each pair), as CircularGaugeStyle draws them:
        // the cost of many tiny quads.
        let s = makeSurface(.xrgb8888)
        let centre = Point(200, 200)
        Canvas(s).clear(background)
        measuredFrame {
            let canvas = Canvas(s)
            for i in 0..<51 {
                let major = i % 5 == 0
                let a = Angle(degrees: 135 + 270 * Double(i) / 50)
                let length = Fixed(Int32(major ? 14 : 7)), width = Fixed(Int32(major ? 3 : 1))
                canvas.strokeLine(
                    from: Point(centre: centre, radius: Fixed(128), angle: a),
                    to: Point(centre: centre, radius: Fixed(128) - length, angle: a),
                    width: width, paint: .solid(Color(rgb: 0xD0D4D8)))
            }
        }
    case "verify":
        return verifyDamage(steps: 10_000, seed: 0x6761_7567_6570_616E) == 0 ? 0 : 1
    case "sqrt":
        return verifySquareRoots() == 0 ? 0 : 1
    case "pixels":
        reportPixels()
    case "pixel-detail":
        reportPixelDetail()
    case "pixel-map":
        printNeedleMap()
    default:
        if copyWorkload(workload) || chartWorkload(workload) { return 0 }
        print(
            "usage: FrameBudget floor|floor565|clear|clear565|full|full565|cold|needle|needle565|anim|anim565|text|arc|conic|ticks|copy|copyconv|copy32|copypack|copy90|copy90conv|copy9032|copy90pack|chartsample|chartcolumn|verify|sqrt|pixels|pixel-detail|pixel-map"
        )
        return 2
    }
    return 0
}

let arguments = CommandLine.arguments
exit(arguments.count == 2 ? run(arguments[1]) : run(""))
