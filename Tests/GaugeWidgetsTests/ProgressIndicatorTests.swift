import Testing
import GaugeRaster
@testable import GaugeWidgets

@Suite struct ProgressIndicatorTests {
    static let formats: [PixelFormat] = [.xrgb8888, .rgb565]
    static let goldens = GoldenFolder(besides: #filePath)

    /// Determinate steps (±1 %, jumps, out of range, NaN/±∞), phase steps (small, large,
    /// backwards, far outside 0..<65536), and switches between the two.
    static func next(_ p: ProgressIndicator.Progress, _ rng: inout SplitMix) -> ProgressIndicator.Progress {
        if rng.next() % 10 == 0 {
            return rng.next() % 2 == 0
                ? .determinate(Double(rng.next() % 1001) / 1000)
                : .indeterminate(phase: Int32(truncatingIfNeeded: rng.next()))
        }
        switch p {
        case .determinate(let f):
            switch rng.next() % 8 {
            case 0: return .determinate([.nan, .infinity, -.infinity][Int(rng.next() % 3)])
            case 1: return .determinate(Double(Int64(rng.next() % 1600) - 300) / 1000)
            case 2: return .determinate(f)
            case 3: return .determinate([0, 0.5, 1][Int(rng.next() % 3)] + Double(Int64(rng.next() % 21) - 10) / 10_000)
            case 4, 5, 6: return .determinate((f.isFinite ? f : 0.5) + Double(Int64(rng.next() % 21) - 10) / 1000)
            default: return .determinate(Double(rng.next() % 100_001) / 100_000)
            }
        case .indeterminate(let phase):
            switch rng.next() % 6 {
            case 0: return .indeterminate(phase: [Int32.min, .max, -1, 65536, 70000][Int(rng.next() % 5)])
            case 1: return .indeterminate(phase: phase)
            case 2: return .indeterminate(phase: phase &- Int32(rng.next() % 3000))
            case 3: return .indeterminate(phase: Int32(truncatingIfNeeded: rng.next()))
            default: return .indeterminate(phase: phase &+ Int32(rng.next() % 2000))
            }
        }
    }

    static func first(_ kind: ProgressIndicator.Kind, _ rng: inout SplitMix) -> ProgressIndicator {
        let frame =
            kind == .bar
            ? IntRect(x: 3, y: 4, width: 150 + Int32(rng.next() % 80), height: 3 + Int32(rng.next() % 20))
            : IntRect(x: 3, y: 4, width: 40 + Int32(rng.next() % 60), height: 40 + Int32(rng.next() % 60))
        let start: ProgressIndicator.Progress = rng.next() % 2 == 0 ? .determinate(0.5) : .indeterminate(phase: 1000)
        var p = ProgressIndicator(
            kind, progress: next(start, &rng), frame: frame, roundedEnds: rng.next() % 4 != 0,
            lineWidth: rng.next() % 3 == 0 ? nil : Int32(rng.next() % 40) - 2)
        if rng.next() % 5 == 0 { p.tint = Tints.yellow.withOpacity(160) }
        return p
    }

    @Test(arguments: [ProgressIndicator.Kind.bar, .ring], formats)
    func damageIsExact(kind: ProgressIndicator.Kind, format: PixelFormat) throws {
        let r = try IndicatorDamageRun(
            format: format, seed: kind == .bar ? 31 : 32, size: (236, 106),
            first: { Self.first(kind, &$0) },
            next: { old, rng in
                var p = old
                p.progress = Self.next(old.progress, &rng)
                return p
            },
            frame: { $0.frame }, draw: { $0.draw(on: $1) }, damage: { $1.damage(from: $0) })
        #expect(r.differing == 0, "\(kind) \(format): \(r.differing) pixels differ over \(r.steps) steps")
        #expect(r.damaged * 2 < r.full, "\(kind) \(format): damage \(r.damaged) of \(r.full)")
    }

    @Test func determinateStepsDamageOnlyTheChangedSlice() {
        var bar = ProgressIndicator(.bar, progress: .determinate(0.40), frame: IntRect(x: 0, y: 0, width: 400, height: 8))
        var old = bar
        bar.fraction = 0.41
        let columns = bar.damage(from: old)
        #expect(columns.bounds.width <= 6 && columns.bounds.height == 8 && columns.bounds.x0 >= 159)

        let frame = IntRect(x: 0, y: 0, width: 120, height: 120)
        var ring = ProgressIndicator(.ring, progress: .determinate(0.50), frame: frame)
        old = ring
        ring.fraction = 0.51
        // At 6 o'clock, a little past it (clockwise: to the left): about one thickness plus
        // the caps' and anti-aliasing's margin.
        let slice = ring.damage(from: old)
        #expect(slice.area * 10 < frame.area, "\(slice.rectangles)")
        #expect(slice.bounds.y0 > 90 && slice.bounds.x0 > 40 && slice.bounds.x1 <= 70, "\(slice.rectangles)")
        let same = ring
        ring.fraction = 0.51
        #expect(ring.damage(from: same).isEmpty)
        ring.tint = Tints.red
        #expect(ring.damage(from: same).rectangles == [frame])
    }

    @Test func indeterminateStepsDamageOnlyWhatMoved() {
        let barFrame = IntRect(x: 0, y: 0, width: 300, height: 10)
        var bar = ProgressIndicator(.bar, progress: .indeterminate(phase: 30000), frame: barFrame)
        let oldSpan = bar.barSpan!
        let old = bar
        bar.phase = 30500
        let newSpan = bar.barSpan!
        let damage = bar.damage(from: old)
        let union = IntRect(x0: oldSpan.from.floor, y0: 0, x1: newSpan.to.ceil, y1: 10)
        #expect(union.contains(damage.bounds))
        // The segment moved 3 px: its two ends, not the 90 px between them.
        #expect(damage.area <= 2 * 5 * 10 && !damage.isEmpty, "\(damage.rectangles)")
        #expect(oldSpan.to.raw - oldSpan.from.raw == 90 * 256)

        let frame = IntRect(x: 0, y: 0, width: 100, height: 100)
        var spinner = ProgressIndicator(.ring, progress: .indeterminate(phase: 1000), frame: frame)
        let before = spinner
        spinner.phase = 1500
        let moved = spinner.damage(from: before)
        #expect(!moved.isEmpty && moved.area * 4 < frame.area, "\(moved.rectangles)")
        // Going backwards across the wrap is a short step too.
        spinner.phase = 100
        let back = spinner
        spinner.phase = 65000
        #expect(spinner.damage(from: back).area * 4 < frame.area)
        spinner.phase = 65000 + 65536
        #expect(spinner.damage(from: ProgressIndicator(.ring, progress: .indeterminate(phase: 65000), frame: frame)).isEmpty)
    }

    @Test func outsideValuesNeverTrap() throws {
        func render(_ kind: ProgressIndicator.Kind, _ p: ProgressIndicator.Progress) throws -> Surface {
            let s = try Surface(width: 64, height: 64, format: .xrgb8888)
            ProgressIndicator(kind, progress: p, frame: IntRect(x: 2, y: 2, width: 60, height: 60)).draw(on: Canvas(s))
            return s
        }
        for kind in [ProgressIndicator.Kind.bar, .ring] {
            let empty = try render(kind, .determinate(0)), full = try render(kind, .determinate(1))
            #expect(differingPixels(empty, full) > 0)
            for v in [Double.nan, .infinity, -.infinity, -0.5, -.greatestFiniteMagnitude] {
                #expect(differingPixels(try render(kind, .determinate(v)), empty) == 0, "\(kind) \(v)")
            }
            for v in [1.5, 1e300] { #expect(differingPixels(try render(kind, .determinate(v)), full) == 0, "\(kind) \(v)") }
            for p in [Int32.min, -1, .max] {
                #expect(
                    differingPixels(
                        try render(kind, .indeterminate(phase: p)),
                        try render(kind, .indeterminate(phase: p & 0xFFFF))) == 0)
            }
        }
        // Degenerate frames and line widths.
        let s = try Surface(width: 8, height: 8, format: .rgb565)
        for w in [Int32.min, -3, 0, 1, 2, 400, .max] {
            for kind in [ProgressIndicator.Kind.bar, .ring] {
                ProgressIndicator(
                    kind, progress: .determinate(0.5), frame: IntRect(x: 1, y: 1, width: 2, height: 1),
                    lineWidth: w
                ).draw(on: Canvas(s))
                ProgressIndicator(kind, progress: .indeterminate(phase: w), frame: .empty, lineWidth: w).draw(on: Canvas(s))
            }
        }
        var p = ProgressIndicator(.bar, frame: .empty)
        p.phase = 70000
        #expect(p.phase == 70000 - 65536 && p.fraction.isNaN)
        p.fraction = 0.25
        #expect(p.phase == 0 && p.fraction == 0.25)
    }

    @Test func phaseFollowsTheClock() {
        #expect(ProgressIndicator.phase(atMilliseconds: 0, periodMilliseconds: 1000) == 0)
        #expect(ProgressIndicator.phase(atMilliseconds: 250, periodMilliseconds: 1000) == 16384)
        #expect(ProgressIndicator.phase(atMilliseconds: 1500, periodMilliseconds: 1000) == 32768)
        #expect(ProgressIndicator.phase(atMilliseconds: -250, periodMilliseconds: 1000) == 49152)
        #expect(ProgressIndicator.phase(atMilliseconds: 999, periodMilliseconds: 1000) == 65470)
        for period in [Int32.min, -1000, 0] { #expect(ProgressIndicator.phase(atMilliseconds: 123, periodMilliseconds: period) == 0) }
        for ms in [Int64.min, .max] {
            let p = ProgressIndicator.phase(atMilliseconds: ms, periodMilliseconds: .max)
            #expect(p >= 0 && p < 65536)
        }
    }

    @Test(arguments: formats)
    func matchesGolden(format: PixelFormat) throws {
        let name = "progress-rating-\(format == .rgb565 ? "rgb565" : "xrgb8888").png"
        let result = try Self.goldens.check(try ProgressGallery.sheet(format: format), named: name)
        #expect(result == .matches || result == .recorded, "\(name): \(result)")
    }
}
