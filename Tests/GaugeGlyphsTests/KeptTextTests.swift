import Testing
import GaugeRaster
import GaugeTestSupport
@testable import GaugeGlyphs

/// Text drawn over a known background with a shape cache is kept as pixels and copied back:
/// the same pixels as drawing it, and drawn instead wherever something lies under it.
@Suite struct KeptTextTests {
    let background = Color(rgb: 0x101418)
    let ink = Color(rgb: 0xD0D4D8)
    let font = StrokeFont(capHeight: 16)

    /// `before` drawn over the background, then "3080" centred at (60.5, 40.25) over it.
    func frame(
        _ s: Surface, shapes: ShapeCache?, format: PixelFormat, before: (Canvas) -> Void = { _ in }
    ) {
        var canvas = Canvas(s)
        if let shapes { canvas = canvas.caching(shapes) }
        canvas.clear(background)
        before(canvas)
        canvas.draw(
            "3080", at: Point(x: Fixed(raw: 60 * 256 + 128), y: Fixed(raw: 40 * 256 + 64)), font: font, color: ink, alignment: .centre,
            over: background)
    }

    @Test(arguments: [PixelFormat.xrgb8888, .rgb565])
    func keptOnTheSecondDrawAndCopiedBack(format: PixelFormat) throws {
        let shapes = ShapeCache()
        let kept = try Surface(width: 120, height: 60, format: format)
        let drawn = try Surface(width: 120, height: 60, format: format)
        frame(drawn, shapes: nil, format: format)
        frame(kept, shapes: shapes, format: format)
        #expect(shapes.pieceCount == 0, "a key drawn once is not kept")
        frame(kept, shapes: shapes, format: format)
        #expect(shapes.pieceCount == 1)
        frame(kept, shapes: shapes, format: format)
        #expect(shapes.pieceCount == 1)
        #expect(differingPixels(kept, drawn) == 0)
    }

    /// A bar under part of the text: the kept piece no longer lies on the background alone,
    /// so the text is drawn over the bar, as without a cache.
    @Test(arguments: [PixelFormat.xrgb8888, .rgb565])
    func drawnWhereSomethingLiesUnder(format: PixelFormat) throws {
        let shapes = ShapeCache()
        let kept = try Surface(width: 120, height: 60, format: format)
        let drawn = try Surface(width: 120, height: 60, format: format)
        for _ in 0..<3 { frame(kept, shapes: shapes, format: format) }
        #expect(shapes.pieceCount == 1)
        let bar: (Canvas) -> Void = { $0.fill(IntRect(x: 40, y: 30, width: 30, height: 4), color: Color(rgb: 0x2060A0)) }
        frame(kept, shapes: shapes, format: format, before: bar)
        frame(drawn, shapes: nil, format: format, before: bar)
        #expect(differingPixels(kept, drawn) == 0)
        // Clipped to part of the text: the copy writes only inside the clip.
        for s in [kept, drawn] { Canvas(s).clear(background) }
        Canvas(kept).caching(shapes).clipped(to: IntRect(x: 50, y: 20, width: 12, height: 30))
            .draw(
                "3080", at: Point(x: Fixed(raw: 60 * 256 + 128), y: Fixed(raw: 40 * 256 + 64)), font: font, color: ink, alignment: .centre,
                over: background)
        Canvas(drawn).clipped(to: IntRect(x: 50, y: 20, width: 12, height: 30))
            .draw("3080", at: Point(x: Fixed(raw: 60 * 256 + 128), y: Fixed(raw: 40 * 256 + 64)), font: font, color: ink, alignment: .centre)
        #expect(differingPixels(kept, drawn) == 0)
    }

    /// Another string, colour or origin is another key.
    @Test func keyedByTextColourAndOrigin() throws {
        let shapes = ShapeCache()
        let kept = try Surface(width: 120, height: 60, format: .xrgb8888)
        let drawn = try Surface(width: 120, height: 60, format: .xrgb8888)
        for _ in 0..<2 { frame(kept, shapes: shapes, format: .xrgb8888) }
        let cases: [(String, Color, Point)] = [
            ("3081", ink, Point(x: Fixed(raw: 60 * 256 + 128), y: Fixed(raw: 40 * 256 + 64))),
            ("3080", Color(rgb: 0xFF0000), Point(x: Fixed(raw: 60 * 256 + 128), y: Fixed(raw: 40 * 256 + 64))),
            ("3080", ink, Point(x: Fixed(raw: 61 * 256 + 128), y: Fixed(raw: 40 * 256 + 64))),
        ]
        for (text, color, origin) in cases {
            for s in [kept, drawn] { Canvas(s).clear(background) }
            Canvas(kept).caching(shapes).draw(text, at: origin, font: font, color: color, alignment: .centre, over: background)
            Canvas(drawn).draw(text, at: origin, font: font, color: color, alignment: .centre)
            #expect(differingPixels(kept, drawn) == 0, "\(text) \(color) \(origin)")
        }
    }
}
