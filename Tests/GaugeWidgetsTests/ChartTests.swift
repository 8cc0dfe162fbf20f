import Testing
import GaugeGlyphs
import GaugeRaster
@testable import GaugeWidgets

@Suite struct ChartHistoryTests {
    static let shape = ChartHistory.Shape(columns: 4, columnMilliseconds: 1000)

    /// Readings in one column fold into its lowest, highest and mean.
    @Test func decimatesIntoColumns() {
        var h = ChartHistory(Self.shape)
        for (t, v) in [(100, 3.0), (400, 9.0), (900, 6.0), (1200, -2.0)] { h.record(v, atMilliseconds: Int64(t)) }
        #expect(h.newest == 1)
        #expect(h[age: 1] == ChartColumn(low: 3, high: 9, mean: 6, count: 3))
        #expect(h[age: 0] == ChartColumn(low: -2, high: -2, mean: -2, count: 1))
        #expect(h.extent == -2...9)
        #expect(h.bytes == 4 * 16)
    }

    /// No value leaves a gap; the window moves with the clock and forgets what left it;
    /// a long silence empties it (without walking every missed column).
    @Test func gapsAndTheMovingWindow() {
        var h = ChartHistory(Self.shape)
        h.record(5, atMilliseconds: 0)
        h.record(.nan, atMilliseconds: 1000)
        h.record(.infinity, atMilliseconds: 2000)
        #expect(h[age: 2].count == 1 && h[age: 1].count == 0 && h[age: 0].count == 0)
        h.advance(toMilliseconds: 3999)
        #expect(h[age: 3].count == 1)
        h.advance(toMilliseconds: 4000)
        #expect(h.extent == nil, "the first column left the window")
        h.record(7, atMilliseconds: 2_000_000_000_000)
        #expect(h.extent == 7...7 && h[age: 1].count == 0)
        // Late readings: one still in the window lands in its column; an older one is dropped.
        h.record(1, atMilliseconds: 2_000_000_000_000 - 1000)
        h.record(100, atMilliseconds: 2_000_000_000_000 - 4000)
        #expect(h.extent == 1...7)
        #expect(h.nextColumnMilliseconds(after: 2_000_000_000_500) == 2_000_000_001_000)
    }

    /// Columns per pixel, but none under a quarter second.
    @Test func shapeFromWidthAndWindow() {
        #expect(ChartWidget.shape(width: 400, seconds: 86_400) == ChartHistory.Shape(columns: 400, columnMilliseconds: 216_000))
        #expect(ChartWidget.shape(width: 400, seconds: 1800) == ChartHistory.Shape(columns: 400, columnMilliseconds: 4500))
        #expect(ChartWidget.shape(width: 400, seconds: 10) == ChartHistory.Shape(columns: 40, columnMilliseconds: 250))
    }

    /// An automatic range rounds out to steps of 1, 2 or 5 × 10ⁿ; a flat line gets room.
    @Test func roundedOutRanges() {
        #expect(ChartWidget.roundedOut(8.2, 31.7) == 0...40)
        #expect(ChartWidget.roundedOut(2.31, 2.38) == 2.3...2.38)
        #expect(ChartWidget.roundedOut(0.12, 0.93) == 0...1)
        #expect(ChartWidget.roundedOut(-3, 12) == -5...15)
        #expect(ChartWidget.roundedOut(0, 0) == -1...1)
        #expect(ChartWidget.roundedOut(1e30, 1e30).lowerBound < 1e30)
    }
}

/// The chart sheet, damage and the cost of a reading.
@Suite struct ChartWidgetTests {
    static let goldens = GoldenFolder(besides: #filePath)
    static let formats: [PixelFormat] = [.xrgb8888, .rgb565]
    static var font: StrokeFont { StrokeFont(capHeight: 9) }

    /// A wavy history from integers only (the same on every CPU): a triangle wave with
    /// a ripple, `spread` apart from lowest to highest in each column, a gap in the middle.
    static func history(_ shape: ChartHistory.Shape, base: Double, swing: Double, spread: Double, gap: Bool) -> ChartHistory {
        var h = ChartHistory(shape)
        let n = Int64(shape.columns)
        for i in 0..<n {
            if gap && i > n / 2 && i < n / 2 + n / 12 { continue }
            let phase = Double((i * 3) % 128), tri = phase < 64 ? phase / 64 : (128 - phase) / 64
            let ripple = Double((i * 13) % 5) / 5
            let v = base + swing * (tri - 0.5) + swing * 0.1 * ripple
            let t = i * shape.columnMilliseconds
            h.record(v - spread / 2, atMilliseconds: t)
            h.record(v + spread / 2, atMilliseconds: t + 1)
            h.record(v, atMilliseconds: t + 2)
        }
        return h
    }

    static func sheet(format: PixelFormat) throws -> Surface {
        let s = try Surface(width: 480, height: 300, format: format)
        Canvas(s).clear(GaugeTheme.dark.background)
        var wind = ChartWidget(
            frame: IntRect(x: 8, y: 8, width: 228, height: 136), seconds: 1800,
            title: "Wind", format: ValueFormat(unit: "kn"))
        wind.zones = [
            .init(lower: 25, upper: .infinity, color: Color(rgb: 0xE0C030)), .init(lower: 35, upper: .infinity, color: Color(rgb: 0xE04030)),
        ]
        wind.history = history(wind.history.shape, base: 22, swing: 24, spread: 0, gap: false)
        var depth = ChartWidget(
            frame: IntRect(x: 244, y: 8, width: 228, height: 136), seconds: 3600, style: .band,
            range: 0...20, lineColor: Color(rgb: 0x30C060), title: "Depth", format: ValueFormat(decimals: 1, unit: "m"))
        depth.zones = [.init(lower: -.infinity, upper: 3, color: Color(rgb: 0xE04030))]
        depth.history = history(depth.history.shape, base: 9, swing: 10, spread: 2.5, gap: true)
        var load = ChartWidget(
            frame: IntRect(x: 8, y: 152, width: 228, height: 140), seconds: 86_400,
            lineWidth: 1, title: "Load", format: ValueFormat(decimals: 2))
        load.history = history(load.history.shape, base: 1.2, swing: 1.6, spread: 0, gap: true)
        load.more = [
            .init(
                channel: "load5", history: history(load.history.shape, base: 0.9, swing: 0.6, spread: 0, gap: false),
                color: ChartWidget.seriesColors[0])
        ]
        var short = ChartWidget(
            frame: IntRect(x: 244, y: 152, width: 228, height: 140), seconds: 20,
            range: 0...100, lineColor: Color(rgb: 0xF08030), lineWidth: 3, title: "Throttle", format: ValueFormat(unit: "%"))
        short.history = history(short.history.shape, base: 50, swing: 90, spread: 0, gap: false)
        for c in [wind, depth, load, short] { c.draw(on: Canvas(s), font: font, labelSize: 12) }
        return s
    }

    /// A line with alarm zones, a band over a fixed range with a gap, a day at one column
    /// per pixel with a second channel, and a short window's wider-spaced points; compared
    /// bit-exactly.
    @Test(arguments: formats)
    func matchesGolden(format: PixelFormat) throws {
        let name = "charts-\(format == .rgb565 ? "rgb565" : "xrgb8888").png"
        let result = try Self.goldens.check(try Self.sheet(format: format), named: name)
        #expect(result == .matches || result == .recorded, "\(name): \(result)")
    }
}
