import Benchmark
import GaugeRaster
import GaugeWidgets

// Renderer benchmarks on the reference scene (`ReferenceScene.dashboard`). Run with
// `scripts/bench.sh`. Absolute times on shared machines are noise; ratios within one run
// are not, so each case also times "the floor" — the C library's memset over a surface of
// the same size and format: filling it with one colour as fast as this machine can — in
// the same iteration, and records its ratio to it. "Clear" is `Canvas.clear` against it.
//
// Custom metrics: "ratio to floor ×100", "pixels written" (the damage area a damage-only
// redraw writes) and "pixels changed" (pixels that differ between the frames, from a diff
// of full renders made before measuring). Mallocs come from the MallocInterposer trait.
// Each measured iteration (not the warm-up ones) also appends its case and floor times to
// $GAUGEPANEL_BENCH_SUMMARY, from which scripts/bench.sh's table takes medians.

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, Metric.ratio, Metric.written, Metric.changed],
        warmupIterations: 3, maxDuration: .seconds(1), maxIterations: 400)

    for (width, height) in [(Int32(800), Int32(480)), (1920, 1080), (320, 240)] {
        for format in [PixelFormat.xrgb8888, .rgb565] {
            let tag = "\(width)×\(height) \(format == .xrgb8888 ? "XRGB8888" : "RGB565")"
            let bench = SceneBench(width: width, height: height, format: format)
            measure("Floor \(tag)", bench) { bench.floor() }
            measure("Clear \(tag)", bench) { bench.clear() }
            measure("Full frame \(tag)", bench) { bench.fullFrame() }
            measure("Cold full frame \(tag)", bench) { bench.coldFrame() }
            measure("Needle step \(tag)", bench, prepare: bench.prepareNeedle) { bench.needleStep() }
            measure("Animation frame \(tag)", bench, prepare: bench.prepareAnimation) { bench.animationFrame() }
            measure("Text frame \(tag)", bench) { bench.textFrame() }
        }
    }
}

enum Metric {
    static let ratio = BenchmarkMetric.custom("ratio to floor ×100", polarity: .prefersSmaller, useScalingFactor: false)
    static let written = BenchmarkMetric.custom("pixels written", polarity: .prefersSmaller, useScalingFactor: false)
    static let changed = BenchmarkMetric.custom("pixels changed", polarity: .prefersSmaller, useScalingFactor: false)
}

/// Registers a case: per iteration, the floor (unmeasured), then `body` (measured), their
/// ratio and the pixel counts of the frame just drawn.
func measure(
    _ name: String, _ bench: SceneBench, prepare: (() -> Void)? = nil,
    _ body: @escaping () -> (written: Int, changed: Int)
) {
    Benchmark(name) { benchmark in
        prepare?()
        // The harness calls this closure once per iteration, the warm-up ones first.
        let warmUp = benchmark.currentIteration < benchmark.configuration.warmupIterations
        for _ in benchmark.scaledIterations {
            let floorStart = ContinuousClock.now
            bench.floor()
            let floor = ContinuousClock.now - floorStart
            benchmark.startMeasurement()
            let start = ContinuousClock.now
            let pixels = body()
            let elapsed = ContinuousClock.now - start
            benchmark.stopMeasurement()
            let ratio = Int((elapsed / floor * 100).rounded())
            benchmark.measurement(Metric.ratio, ratio)
            benchmark.measurement(Metric.written, pixels.written)
            benchmark.measurement(Metric.changed, pixels.changed)
            if !warmUp {
                Summary.append(
                    name, nanoseconds: nanoseconds(elapsed), floor: nanoseconds(floor),
                    written: pixels.written, changed: pixels.changed)
            }
        }
    }
}

func nanoseconds(_ d: Duration) -> Int {
    Int(d.components.seconds) * 1_000_000_000 + Int(d.components.attoseconds / 1_000_000_000)
}
