import Testing
import GaugeConfig
import GaugeDecoders
import GaugeTestSupport
import GaugeWidgets
@testable import GaugePanel

/// Damage tracking is an optimisation only: with it switched off every frame is drawn
/// whole, and the pixels must be the same.
@Suite struct FrameComposerTests {
    /// The panel state tests' board with a chart beside the dial and a band chart under
    /// the bar (its alarm zones shaded), each a few columns per second, whose columns are
    /// a whole number of pixels apart (5 and 1): they scroll.
    static let boardWithCharts = PanelStateTests.board.replacingOccurrences(
        of: "[[page]]\nname = \"tank\"",
        with: """
              [[page.widget]]
              id = "rpm-chart"
              type = "chart"
              channel = "rpm"
              frame = [200, 10, 196, 120]
              window = 10

            [[page]]
            name = "tank"
              [[page.widget]]
              id = "fuel-chart"
              type = "chart"
              style = "band"
              channel = "fuel"
              frame = [10, 130, 381, 66]
              window = 100
              range = [0, 100]
            """)
    @Test(arguments: [PixelFormat.xrgb8888, .rgb565])
    func damageTrackingOnAndOffGiveTheSamePixels(format: PixelFormat) throws {
        var state = PanelState(board: try BoardConfiguration.parse(Self.boardWithCharts, file: "test.toml"), animates: true)
        var tracked = FrameComposer(tracksDamage: true), whole = FrameComposer(tracksDamage: false)
        let a = try Surface(width: 400, height: 200, format: format), b = try Surface(width: 400, height: 200, format: format)
        let fonts = StrokeFontSet()
        var rng = SplitMix(seed: format == .rgb565 ? 5 : 4)
        var now: UInt64 = 0
        var trackedPixels: Int64 = 0, wholePixels: Int64 = 0
        var previous: Dashboard?, scrolls = 0
        for step in 0..<150 {
            now += 16_666_667
            if rng.next() % 3 == 0 {
                let channel = rng.next() % 2 == 0 ? "rpm" : "fuel"
                let value = rng.next() % 10 == 0 ? Double.nan : Double(rng.next() % (channel == "rpm" ? 9000 : 110))
                state.accept(Sample(name: channel, value: value, unit: .none), now: now)
            }
            if rng.next() % 40 == 0 { state.handle(.nextPage) }
            if rng.next() % 60 == 0 { state.handle(.toggleNight) }
            if rng.next() % 30 == 0 { state.handle(.acknowledgeAlarms) }  // the banner goes
            let frame = state.frame(now: now)
            if let previous { scrolls += frame.dashboard.scrollingDamage(from: previous, fonts: fonts).scrolls.count }
            previous = frame.dashboard
            trackedPixels += tracked.draw(frame.dashboard, on: a, fonts: fonts).area
            wholePixels += whole.draw(frame.dashboard, on: b, fonts: fonts).area
            let diff = differingPixels(a, b)
            #expect(diff == 0, "step \(step): \(diff) pixels differ")
            if diff != 0 { return }
        }
        #expect(trackedPixels * 3 < wholePixels, "damage tracking redrew \(trackedPixels) of \(wholePixels) pixels")
        #expect(scrolls >= 2, "charts scrolled \(scrolls) times")
        #expect(state.chartHistory(of: "rpm-chart")?.extent != nil && state.chartHistory(of: "fuel-chart")?.extent != nil)
    }

    /// The composer keeps its surface's shapes between frames — each dial's ticks (as
    /// strokes, and drawn over the background as a kept layer of pixels), its ring, and its
    /// arcs' pixels — and a panel's second frame reads them back; its frames are the pixels
    /// of drawing without a cache.
    @Test func keepsShapesBetweenFramesWithTheSamePixels() throws {
        let dashboard = ReferenceScene.dashboard()
        var composer = FrameComposer(tracksDamage: false)
        let drawn = try Surface(width: 800, height: 480, format: .xrgb8888)
        let reference = try Surface(width: 800, height: 480, format: .xrgb8888)
        let fonts = CachedFontSet(StrokeFontSet())
        dashboard.draw(on: Canvas(reference), fonts: fonts)
        _ = composer.draw(dashboard, on: drawn, fonts: fonts)
        let kept = composer.shapes.count
        #expect(kept >= 102, "the two dials' ticks are kept: \(kept)")
        #expect(composer.shapes.ringCount == 2, "each dial's ring is kept")
        #expect(composer.shapes.layerCount == 2, "each dial's ticks are kept as pixels")
        #expect(composer.shapes.ringPixelCount == 4, "each dial's track and value arc are kept as pixels")
        #expect(composer.shapes.hits == 0)
        _ = composer.draw(dashboard, on: drawn, fonts: fonts)
        #expect(composer.shapes.hits >= 2, "the rings read back: \(composer.shapes.hits)")
        #expect(composer.shapes.count == kept && composer.shapes.layerCount == 2 && composer.shapes.ringPixelCount == 4)
        #expect(differingPixels(drawn, reference) == 0)
    }

    /// With text, each dial keeps its ticks and labels as one layer of pixels (drawn in
    /// the dial's order) and the readouts and captions as pieces kept on their second draw:
    /// every frame the pixels of drawing without a cache.
    @Test func keepsTextWithTheSamePixels() throws {
        let dashboard = ReferenceScene.dashboard(text: true)
        for format in [PixelFormat.xrgb8888, .rgb565] {
            var composer = FrameComposer(tracksDamage: false)
            let drawn = try Surface(width: 800, height: 480, format: format)
            let reference = try Surface(width: 800, height: 480, format: format)
            let fonts = CachedFontSet(StrokeFontSet())
            dashboard.draw(on: Canvas(reference), fonts: fonts)
            for frame in 0..<3 {
                _ = composer.draw(dashboard, on: drawn, fonts: fonts)
                #expect(differingPixels(drawn, reference) == 0, "frame \(frame), \(format)")
            }
            #expect(composer.shapes.layerCount == 2, "each dial's ticks and labels are kept as pixels")
            #expect(composer.shapes.pieceCount >= 3, "readouts and captions kept: \(composer.shapes.pieceCount)")
        }
    }
}
