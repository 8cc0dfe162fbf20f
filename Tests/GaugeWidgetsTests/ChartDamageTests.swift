import Testing
import GaugeGlyphs
import GaugeRaster
@testable import GaugeWidgets

/// A chart's damage: redrawing only it gives what a full draw gives, and a reading within
/// the newest column redraws a few columns, not the chart.
@Suite struct ChartDamageTests {
    static let formats: [PixelFormat] = [.xrgb8888, .rgb565]
    static var font: StrokeFont { StrokeFont(capHeight: 8) }

    /// What happens between two frames: readings in the present column (most often), the
    /// clock moving on one column or several, no value, a jump that moves an automatic range.
    static func step(_ chart: ChartWidget, now: inout Int64, _ rng: inout SplitMix) -> ChartWidget {
        var c = chart
        let column = c.history.shape.columnMilliseconds
        switch rng.next() % 10 {
        case 0: now += column
        case 1: now += column * Int64(1 + rng.next() % 5)
        case 2: c.history.record(.nan, atMilliseconds: now)
        case 3: c.history.record(Double(rng.next() % 400) - 100, atMilliseconds: now)
        case 4 where !c.more.isEmpty: c.more[0].history.record(Double(rng.next() % 100), atMilliseconds: now)
        default:
            let last = c.history[age: 0]
            let base = last.count > 0 ? Double(last.mean) : 50
            c.history.record(base + Double(Int64(rng.next() % 21) - 10) / 4, atMilliseconds: now)
        }
        // The panel moves every series' present together.
        c.history.advance(toMilliseconds: now)
        for i in c.more.indices { c.more[i].history.advance(toMilliseconds: now) }
        return c
    }

    static func first(_ rng: inout SplitMix, now: inout Int64) -> ChartWidget {
        let width = 60 + Int32(rng.next() % 120), seconds = [10, 60, 1800, 86_400][Int(rng.next() % 4)]
        var c = ChartWidget(
            frame: IntRect(x: 3 + Int32(rng.next() % 5), y: 4, width: width, height: 50 + Int32(rng.next() % 60)),
            seconds: Int64(seconds), style: rng.next() % 2 == 0 ? .line : .band,
            range: rng.next() % 2 == 0 ? nil : 0...100, lineWidth: 1 + Int32(rng.next() % 4),
            zones: rng.next() % 2 == 0 ? [] : [.init(lower: 70, upper: .infinity, color: Color(rgb: 0xE04030))], title: "T")
        now = Int64(rng.next() % 1_000_000)
        if rng.next() % 2 == 0 { c.more = [.init(channel: "b", history: c.history, color: ChartWidget.seriesColors[0])] }
        for _ in 0..<Int(rng.next() % 40) { c = step(c, now: &now, &rng) }
        return c
    }

    @Test(arguments: formats)
    func damageIsExact(format: PixelFormat) throws {
        var now: Int64 = 0
        let r = try IndicatorDamageRun(
            format: format, seed: 47, size: (190, 120), sequences: 150, steps: 6,
            first: { rng in Self.first(&rng, now: &now) },
            next: { old, rng in Self.step(old, now: &now, &rng) },
            frame: { $0.frame }, draw: { $0.draw(on: $1, font: Self.font, labelSize: 10) },
            damage: { $1.damage(from: $0, labelSize: 10) })
        #expect(r.differing == 0, "\(r.differing) pixels differ over \(r.steps) steps")
        #expect(r.damaged * 3 < r.full, "damage \(r.damaged) of \(r.full)")
    }

    /// A reading within the present column of a 400-pixel chart damages a strip a few
    /// columns wide at its right end; the present moving on damages the plot.
    @Test func aReadingDamagesItsColumns() {
        var c = ChartWidget(frame: IntRect(x: 0, y: 0, width: 400, height: 120), seconds: 1800, range: 0...100)
        for i in 0..<800 { c.history.record(Double(i % 100), atMilliseconds: Int64(i) * 2250) }
        var next = c
        next.history.record(12, atMilliseconds: 799 * 2250 + 100)
        let strip = next.damage(from: c, labelSize: 12)
        #expect(strip.bounds.width <= 8 && strip.bounds.x1 == 400, "\(strip.bounds)")
        var later = next
        later.history.advance(toMilliseconds: 800 * 2250)
        #expect(later.damage(from: next, labelSize: 12).bounds == ChartLayout(c, labelSize: 12).plot)
    }
}

extension ChartDamageTests {
    /// Scrolling: a chart whose columns sit a whole number of pixels apart moves its plot's
    /// pixels and redraws what its scroll says still differs; the surface then equals a
    /// fresh draw, for any readings, gaps and steps of the clock.
    @Test(arguments: formats)
    func scrollingIsExact(format: PixelFormat) throws {
        var rng = SplitMix(seed: 53)
        let screen = try Surface(width: 200, height: 120, format: format), fresh = try Surface(width: 200, height: 120, format: format)
        var scrolled = 0, differing = 0, drawn: Int64 = 0, moved: Int64 = 0
        for _ in 0..<120 {
            // 1, 2 or 3 px per column: width − 1 a multiple of columns − 1.
            let spacing = Int32(1 + rng.next() % 3), columns = Int32(4 * (10 + rng.next() % 5))
            let width = (columns - 1) * spacing + 1
            var now: Int64 = Int64(rng.next() % 100_000)
            var chart = ChartWidget(
                frame: IntRect(x: 4, y: 3, width: width, height: 60 + Int32(rng.next() % 50)), seconds: Int64(columns) / 4,
                style: rng.next() % 2 == 0 ? .line : .band, range: rng.next() % 3 == 0 ? nil : 0...100, lineWidth: 1 + Int32(rng.next() % 4),
                zones: [.init(lower: 60, upper: .infinity, color: Color(rgb: 0xE0C030))])
            #expect(chart.history.shape.columns == columns)
            if rng.next() % 2 == 0 { chart.more = [.init(channel: "b", history: chart.history, color: ChartWidget.seriesColors[1])] }
            for _ in 0..<Int(rng.next() % 60) { chart = Self.step(chart, now: &now, &rng) }
            Canvas(screen).clear(.black)
            chart.draw(on: Canvas(screen), font: Self.font, labelSize: 10)
            for _ in 0..<6 {
                let old = chart
                chart = Self.step(old, now: &now, &rng)
                if let (scroll, damage) = chart.scrolled(from: old, labelSize: 10) {
                    scrolled += 1
                    screen.shiftLeft(scroll.rect, by: scroll.dx)
                    damage.forEachRectangle { chart.draw(on: Canvas(screen, clip: $0), font: Self.font, labelSize: 10) }
                    drawn += damage.area
                    moved += scroll.rect.area
                } else {
                    chart.damage(from: old, labelSize: 10).forEachRectangle {
                        chart.draw(on: Canvas(screen, clip: $0), font: Self.font, labelSize: 10)
                    }
                }
                Canvas(fresh).clear(.black)
                chart.draw(on: Canvas(fresh), font: Self.font, labelSize: 10)
                differing += differingPixels(screen, fresh)
            }
        }
        #expect(differing == 0, "\(differing) pixels differ")
        #expect(scrolled >= 60 && drawn * 4 < moved, "\(scrolled) scrolls drew \(drawn) of the \(moved) pixels they moved")
    }
}
