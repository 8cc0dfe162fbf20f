import Testing
import GaugeRaster
@testable import GaugeWidgets

/// Random sequences of states: draw the first, then per step redraw only the damage and
/// compare with a fresh full draw. Shared by the rating, relevance and progress tests.
struct IndicatorDamageRun {
    var differing = 0, steps = 0
    var damaged: Int64 = 0, full: Int64 = 0

    init<W>(
        format: PixelFormat, seed: UInt64, size: (Int32, Int32), sequences: Int = 300, steps: Int = 3,
        first: (inout SplitMix) -> W, next: (W, inout SplitMix) -> W, frame: (W) -> IntRect,
        draw: (W, Canvas) -> Void, damage: (W, W) -> Region
    ) throws {
        var rng = SplitMix(seed: seed)
        let screen = try Surface(width: size.0, height: size.1, format: format)
        let fresh = try Surface(width: size.0, height: size.1, format: format)
        let outside = Color(rgb: 0x406080)
        for _ in 0..<sequences {
            var widget = first(&rng)
            Canvas(screen).clear(outside)
            draw(widget, Canvas(screen))
            for _ in 0..<steps {
                let old = widget
                widget = next(old, &rng)
                let region = damage(old, widget)
                for r in region.rectangles { draw(widget, Canvas(screen, clip: r)) }
                Canvas(fresh).clear(outside)
                draw(widget, Canvas(fresh))
                let diff = differingPixels(screen, fresh)
                if diff > 0 && differing == 0 { Issue.record("first mismatch: \(old) → \(widget), damage \(region.rectangles)") }
                differing += diff
                self.steps += 1
                damaged += region.area
                full += frame(widget).area
                #expect(frame(widget).contains(region.bounds) || region.isEmpty)
            }
        }
    }
}

@Suite struct RatingRelevanceTests {
    static let formats: [PixelFormat] = [.xrgb8888, .rgb565]

    /// NaN, ±∞, out of range, no change, half steps and random values in 0…n.
    static func rating(after v: Double, count: Int32, _ rng: inout SplitMix) -> Double {
        switch rng.next() % 8 {
        case 0: return [.nan, .infinity, -.infinity][Int(rng.next() % 3)]
        case 1: return Double(Int64(rng.next() % 40) - 20) / 2
        case 2: return v
        case 3, 4: return (v.isFinite ? v : 2) + Double(Int64(rng.next() % 5) - 2) / 2
        default: return Double(rng.next() % UInt64(4 * count + 1)) / 4
        }
    }

    @Test(arguments: formats)
    func ratingDamageIsExact(format: PixelFormat) throws {
        let r = try IndicatorDamageRun(
            format: format, seed: 21, size: (236, 56),
            first: { rng in
                let count = Int32(rng.next() % 7) + 1
                var rating = RatingIndicator(
                    value: Self.rating(after: 2, count: count, &rng), count: count,
                    frame: IntRect(x: 3, y: 5, width: 200 + Int32(rng.next() % 30), height: 30 + Int32(rng.next() % 20)),
                    symbol: rng.next() % 2 == 0 ? .star : .dot, step: rng.next() % 2 == 0 ? .half : .whole,
                    spacing: Int32(rng.next() % 8))
                if rng.next() % 4 == 0 { rating.litColor = Tints.red }
                return rating
            },
            next: { old, rng in
                var rating = old
                rating.value = Self.rating(after: old.value, count: old.count, &rng)
                if rng.next() % 6 == 0 { rating.step = rating.step == .half ? .whole : .half }
                return rating
            }, frame: { $0.frame }, draw: { $0.draw(on: $1) }, damage: { $1.damage(from: $0) })
        #expect(r.differing == 0, "\(r.differing) pixels differ over \(r.steps) steps")
        #expect(r.damaged * 2 < r.full, "damage \(r.damaged) of \(r.full)")
    }

    static func level(after v: Double, _ rng: inout SplitMix) -> Double {
        switch rng.next() % 8 {
        case 0: return [.nan, .infinity, -.infinity][Int(rng.next() % 3)]
        case 1: return Double(Int64(rng.next() % 1600) - 300) / 1000
        case 2: return v
        case 3, 4, 5: return (v.isFinite ? v : 0.5) + Double(Int64(rng.next() % 41) - 20) / 1000
        default: return Double(rng.next() % 100_001) / 100_000
        }
    }

    @Test(arguments: formats)
    func relevanceDamageIsExact(format: PixelFormat) throws {
        let r = try IndicatorDamageRun(
            format: format, seed: 22, size: (236, 40),
            first: { rng in
                RelevanceIndicator(
                    value: Self.level(after: 0.5, &rng),
                    frame: IntRect(x: 4, y: 6, width: 120 + Int32(rng.next() % 100), height: 4 + Int32(rng.next() % 24)),
                    shade: UInt8(rng.next() % 256), roundedEnds: rng.next() % 3 != 0)
            },
            next: { old, rng in
                var relevance = old
                relevance.value = Self.level(after: old.value, &rng)
                return relevance
            }, frame: { $0.frame }, draw: { $0.draw(on: $1) }, damage: { $1.damage(from: $0) })
        #expect(r.differing == 0, "\(r.differing) pixels differ over \(r.steps) steps")
        #expect(r.damaged * 4 < r.full, "damage \(r.damaged) of \(r.full)")
    }

    @Test func ratingStepDamagesOneSymbol() {
        let frame = IntRect(x: 0, y: 0, width: 220, height: 40)
        for symbol in [RatingIndicator.Symbol.star, .dot] {
            var rating = RatingIndicator(value: 3, frame: frame, symbol: symbol)
            let old = rating
            rating.value = 4
            #expect(rating.damage(from: old).rectangles == [rating.square(3)])
            #expect(rating.square(3).width <= 40 && rating.square(3).height <= 40)
            let half = rating
            rating.value = 3.5
            #expect(rating.damage(from: half).rectangles == [rating.square(3)])
            // Within a whole step nothing changes.
            var whole = RatingIndicator(value: 3, frame: frame, symbol: symbol, step: .whole)
            let before = whole
            whole.value = 3.2
            #expect(whole.damage(from: before).isEmpty)
            var recoloured = rating
            recoloured.litColor = Tints.red
            #expect(recoloured.damage(from: rating).rectangles == [frame])
        }
    }

    @Test func ratingLightsWholeAndHalfSymbols() throws {
        let s = try Surface(width: 220, height: 40, format: .xrgb8888)
        let rating = RatingIndicator(value: 3.5, frame: IntRect(x: 0, y: 0, width: 220, height: 40), litColor: .white)
        rating.draw(on: Canvas(s))
        func centre(_ i: Int32) -> (Int32, Int32) {
            let star = StarShape(in: rating.square(i))
            return (star.centre.x.floor, star.centre.y.floor)
        }
        let unlit = GaugeTheme.dark.track
        for i: Int32 in 0..<3 { #expect(s.color(x: centre(i).0, y: centre(i).1) == .white) }
        #expect(s.color(x: centre(3).0 - 3, y: centre(3).1) == .white)
        #expect(s.color(x: centre(3).0 + 3, y: centre(3).1) == unlit)
        #expect(s.color(x: centre(4).0, y: centre(4).1) == unlit)
        // Between the points: background, and no seam inside the star (all of it lit).
        #expect(s.color(x: rating.square(0).x0, y: rating.square(0).y1 - 1) == GaugeTheme.dark.background)
        let star = StarShape(in: rating.square(1))
        for k: Int32 in 0..<5 {
            // Where pieces meet: the pentagon's edges (the points' bases) and its diagonals
            // (the long triangles' bases) must be fully lit.
            for j: Int32 in [1, 2] {
                let a = star.inner(k), b = star.inner(k + j)
                let x = (a.x.raw + b.x.raw) / 512, y = (a.y.raw + b.y.raw) / 512
                #expect(s.color(x: x, y: y) == .white, "between inner vertices \(k) and \(k + j)")
            }
        }
    }

    @Test func ratingOutsideValuesClampOrShowNone() throws {
        let frame = IntRect(x: 0, y: 0, width: 120, height: 24)
        func render(_ v: Double, _ symbol: RatingIndicator.Symbol) throws -> Surface {
            let s = try Surface(width: 120, height: 24, format: .rgb565)
            RatingIndicator(value: v, frame: frame, symbol: symbol).draw(on: Canvas(s))
            return s
        }
        for symbol in [RatingIndicator.Symbol.star, .dot] {
            let none = try render(0, symbol), all = try render(5, symbol)
            #expect(differingPixels(none, all) > 0)
            for v in [Double.nan, .infinity, -.infinity, -3, -.greatestFiniteMagnitude] {
                #expect(differingPixels(try render(v, symbol), none) == 0, "\(v)")
            }
            for v in [99, Double.greatestFiniteMagnitude, 5.2] { #expect(differingPixels(try render(v, symbol), all) == 0, "\(v)") }
        }
        // Degenerate sizes and counts draw nothing outside the frame and never trap.
        let s = try Surface(width: 16, height: 16, format: .xrgb8888)
        for count in [Int32.min, -1, 0, 1, 1000, .max] {
            RatingIndicator(value: 1, count: count, frame: IntRect(x: 2, y: 2, width: 3, height: 9)).draw(on: Canvas(s))
            RatingIndicator(value: 1, count: count, frame: .empty).draw(on: Canvas(s))
        }
        #expect(RatingIndicator(value: 9, count: 0, frame: frame).count == 1)
    }

    @Test func relevanceStepDamagesOnlyTheCrossedColumns() {
        let frame = IntRect(x: 10, y: 4, width: 400, height: 12)
        var relevance = RelevanceIndicator(value: 0.5, frame: frame)
        let old = relevance
        relevance.value = 0.51
        let damage = relevance.damage(from: old)
        // 0.5 → 0.51 of 400 px: from x 210 to 214 (+ the partly lit column).
        #expect(damage.rectangles.count == 1)
        #expect(damage.bounds.x0 == 210 && damage.bounds.x1 <= 215 && damage.bounds.y0 == 4 && damage.bounds.y1 == 16)
        relevance.value = .nan
        #expect(relevance.damage(from: old).bounds == IntRect(x0: 10, y0: 4, x1: 210, y1: 16))
    }

    @Test func relevanceShadesTheTintAndShowsTrackForNoValue() throws {
        let frame = IntRect(x: 0, y: 0, width: 100, height: 10)
        let s = try Surface(width: 100, height: 10, format: .xrgb8888)
        let track = GaugeTheme.dark.track
        RelevanceIndicator(value: 0.5, frame: frame, tint: .white, shade: 255, roundedEnds: false).draw(on: Canvas(s))
        #expect(s.color(x: 49, y: 5) == .white && s.color(x: 50, y: 5) == track)
        // A fill edge at 20.5 px lights column 20 halfway.
        RelevanceIndicator(value: 0.205, frame: frame, tint: .white, shade: 255, roundedEnds: false).draw(on: Canvas(s))
        let mid = s.color(x: 20, y: 5)!
        #expect(mid.r > track.r + 80 && mid.r < 200, "\(mid)")
        let shaded = RelevanceIndicator(value: 1, frame: frame, tint: .white, shade: 128)
        let expected: UInt32 = (UInt32(track.r) * 127 + 255 * 128 + 127) / 255
        #expect(UInt32(shaded.fillColor.r) == expected)
        for v in [Double.nan, .infinity, -.infinity] {
            RelevanceIndicator(value: v, frame: frame, tint: .white).draw(on: Canvas(s))
            #expect(s.color(x: 50, y: 5) == track && s.color(x: 5, y: 5) == track)
        }
        let over = try Surface(width: 100, height: 10, format: .xrgb8888)
        RelevanceIndicator(value: 1e300, frame: frame).draw(on: Canvas(over))
        RelevanceIndicator(value: 1, frame: frame).draw(on: Canvas(s))
        #expect(differingPixels(over, s) == 0)
    }
}
