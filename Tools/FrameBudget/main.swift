// FrameBudget: runs exactly one rendering workload, for counting instructions with
// callgrind (scripts/instruction-budget.sh). The measured work is the body of
// `measuredFrame()`, which is never inlined: run under
//     valgrind --tool=callgrind --toggle-collect='*measuredFrame*' FrameBudget <workload>
// and only the instructions executed inside it (and its callees) are collected.
//
// Compiled with `swiftc -O -wmo` as one module together with Sources/GaugeRaster (like the
// issue's measurements), so it may use GaugeRaster's internal API.
//
// Workloads (setup, warm-up frames and surfaces are outside the measured function):
//   floor     clear an 800×480 XRGB8888 surface
//   full      clear + draw TestCard.card, 800×480 XRGB8888 (after one warm-up frame)
//   full565   the same in RGB565
//   needle    after a full frame: move the left dial's needle by 1 % of its sweep (2.7°)
//             and redraw the card clipped to the damage, the union of the old and new
//             needle bounding boxes (XRGB8888)
//   arc       one 270° arc, radius 150, 18 thick, solid colour (XRGB8888)
//   conic     the same arc with a conic gradient
//   verify    not a workload: checks that the needle workload's damaged redraw equals a
//             full draw of the moved-needle card, in every format (exit 1 if not)
//
// Usage: FrameBudget <workload>     (exit 0 ok, 1 failure, 2 usage)

import Glibc

let width: Int32 = 800, height: Int32 = 480
let tachoCentre = Point(200, 200)
let tachoFraction = 3000.0 / 8000.0
/// 1 % of the sweep, in the card's fraction units.
let needleStep = 0.01

func makeSurface(_ format: PixelFormat) -> Surface {
    do { return try Surface(width: width, height: height, format: format) } catch { fatalError("surface: \(error)") }
}

/// Pixels the left dial's needle may touch at `fraction`.
func needleBounds(fraction: Double) -> IntRect {
    TestCard.needleShape(centre: tachoCentre, angle: TestCard.needleAngle(fraction: fraction)).bounds
}

/// What gets measured: everything in here, nothing outside.
@inline(never)
func measuredFrame(_ work: () -> Void) {
    work()
}

func run(_ workload: String) -> Int32 {
    switch workload {
    case "floor":
        let s = makeSurface(.xrgb8888)
        Canvas(s).clear(TestCard.background)
        measuredFrame { Canvas(s).clear(TestCard.background) }
    case "full", "full565":
        let s = makeSurface(workload == "full" ? .xrgb8888 : .rgb565)
        let card = TestCard.card
        card.draw(Canvas(s))                       // warm-up: lazy globals, tables
        measuredFrame { card.draw(Canvas(s)) }
    case "needle":
        let s = makeSurface(.xrgb8888)
        TestCard.card.draw(Canvas(s))              // the frame on screen before the move
        let moved = TestCard.card(tachometerNeedleFraction: tachoFraction + needleStep)
        let damage = needleBounds(fraction: tachoFraction).union(needleBounds(fraction: tachoFraction + needleStep))
        measuredFrame { moved.draw(Canvas(s, clip: damage)) }
    case "arc", "conic":
        let s = makeSurface(.xrgb8888)
        let centre = Point(400, 240)
        let paint: Paint = workload == "arc" ? .solid(TestCard.green)
            : .conic(ConicGradient(centre: centre, start: Angle(degrees: 135), sweep: Angle(degrees: 270),
                                   stops: [GradientStop(TestCard.green, at: 0), GradientStop(TestCard.yellow, at: 0.6),
                                           GradientStop(TestCard.red, at: 1)]))
        TestCard.card.draw(Canvas(s))              // warm-up
        Canvas(s).clear(TestCard.background)
        measuredFrame {
            Canvas(s).strokeArc(centre: centre, radius: 150, thickness: 18, start: Angle(degrees: 135),
                                sweep: Angle(degrees: 270), paint: paint)
        }
    case "verify":
        let moved = TestCard.card(tachometerNeedleFraction: tachoFraction + needleStep)
        let damage = needleBounds(fraction: tachoFraction).union(needleBounds(fraction: tachoFraction + needleStep))
        var ok = true
        for format in PixelFormat.allCases {
            let redrawn = makeSurface(format), reference = makeSurface(format)
            TestCard.card.draw(Canvas(redrawn))
            moved.draw(Canvas(redrawn, clip: damage))
            moved.draw(Canvas(reference))
            let same = redrawn.checksum() == reference.checksum() && (0..<height).allSatisfy { y in
                (0..<width).allSatisfy { x in redrawn.rawPixel(x: x, y: y) == reference.rawPixel(x: x, y: y) } }
            print("\(format.name): damage \(damage.x0),\(damage.y0)..\(damage.x1),\(damage.y1): \(same ? "identical to a full draw" : "DIFFERS from a full draw")")
            ok = ok && same
        }
        return ok ? 0 : 1
    default:
        print("usage: FrameBudget floor|full|full565|needle|arc|conic|verify")
        return 2
    }
    return 0
}

let arguments = CommandLine.arguments
exit(arguments.count == 2 ? run(arguments[1]) : run(""))
