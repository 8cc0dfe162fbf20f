import Benchmark
import GaugeRaster

// Renderer benchmarks. Run with `scripts/bench.sh`. Each case also records its time as a
// ratio to "the floor" — filling the same 800×480 surface with one colour, measured in
// the same iteration — because absolute times on shared machines are noise, ratios
// within one run are not.

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal, .custom("ratio to floor ×100")],
                                           maxDuration: .seconds(3), maxIterations: 2000)

    for format in [PixelFormat.xrgb8888, .rgb565] {
        let suffix = format == .xrgb8888 ? "XRGB8888" : "RGB565"
        let surface = try! Surface(width: 800, height: 480, format: format)
        let canvas = Canvas(surface)
        let background = Color(rgb: 0x101418)

        Benchmark("Floor: fill 800×480 \(suffix)") { benchmark in
            for _ in benchmark.scaledIterations { canvas.clear(background) }
        }

        let gradient = ConicGradient(centre: Point(400, 240), start: Angle(degrees: 135), sweep: Angle(degrees: 270), stops: [
            GradientStop(Color(rgb: 0x30C060), at: 0), GradientStop(Color(rgb: 0xE0C030), at: 0.6), GradientStop(Color(rgb: 0xE04030), at: 1)])
        measuredAgainstFloor("Arc r150 t18 270° conic gradient \(suffix)", canvas, background) {
            canvas.strokeArc(centre: Point(400, 240), radius: 150, thickness: 18, start: Angle(degrees: 135),
                             sweep: Angle(degrees: 270), paint: .conic(gradient))
        }
        measuredAgainstFloor("Arc r150 t18 270° solid \(suffix)", canvas, background) {
            canvas.strokeArc(centre: Point(400, 240), radius: 150, thickness: 18, start: Angle(degrees: 135),
                             sweep: Angle(degrees: 270), paint: .solid(Color(rgb: 0x3A8EE0)))
        }
        measuredAgainstFloor("Test card full frame \(suffix)", canvas, background) {
            TestCard.card.draw(canvas)
        }
    }
}

/// Times `body` and, in the same iteration, the floor; records both and their ratio.
func measuredAgainstFloor(_ name: String, _ canvas: Canvas, _ background: Color, _ body: @escaping () -> Void) {
    Benchmark(name) { benchmark in
        for _ in benchmark.scaledIterations {
            let floorStart = ContinuousClock.now
            canvas.clear(background)
            let floor = ContinuousClock.now - floorStart
            benchmark.startMeasurement()
            let start = ContinuousClock.now
            body()
            let elapsed = ContinuousClock.now - start
            benchmark.stopMeasurement()
            let ratio = Double(elapsed.components.attoseconds) / Double(max(floor.components.attoseconds, 1))
            benchmark.measurement(.custom("ratio to floor ×100"), Int((ratio * 100).rounded()))
        }
    }
}
