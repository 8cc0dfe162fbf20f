import Testing
import GaugeRaster
import GaugeTestSupport
@testable import GaugeText
@testable import GaugeGlyphs

/// Text in a FreeType font is kept as pixels too: copied back, it gives the pixels drawing
/// gives, and no other font (another size, or another font object of the same size) matches
/// its kept piece.
@Suite struct KeptTrueTypeTextTests {
    let background = Color(rgb: 0x101418)
    let ink = Color(rgb: 0xD0D4D8)
    let origin = Point(x: Fixed(raw: 80 * 256 + 128), y: Fixed(raw: 40 * 256 + 64))

    func draw<F: GlyphSource>(_ s: Surface, font: F, shapes: ShapeCache?) {
        var canvas = Canvas(s)
        if let shapes { canvas = canvas.caching(shapes) }
        canvas.clear(background)
        canvas.draw("3080 km/h", at: origin, font: font, color: ink, alignment: .centre, over: background)
    }

    @Test(arguments: [PixelFormat.xrgb8888, .rgb565])
    func keptAndCopiedBackExactly(format: PixelFormat) throws {
        let font = Font.trueType(try DejaVu.font(size: 24))
        let shapes = ShapeCache()
        let kept = try Surface(width: 160, height: 60, format: format)
        let drawn = try Surface(width: 160, height: 60, format: format)
        draw(drawn, font: font, shapes: nil)
        for _ in 0..<3 { draw(kept, font: font, shapes: shapes) }
        #expect(shapes.pieceCount == 1, "kept on the second draw, copied on the third")
        #expect(differingPixels(kept, drawn) == 0)
    }

    /// Two sizes, then a second font object of the first size: each draws its own pixels
    /// and keeps its own piece, none copied from another font's.
    @Test func otherFontsNeverShareAPiece() throws {
        let shapes = ShapeCache()
        let kept = try Surface(width: 160, height: 60, format: .xrgb8888)
        let drawn = try Surface(width: 160, height: 60, format: .xrgb8888)
        let fonts = [try DejaVu.font(size: 20), try DejaVu.font(size: 24), try DejaVu.font(size: 20)]
        for (n, font) in fonts.enumerated() {
            for _ in 0..<2 { draw(kept, font: font, shapes: shapes) }
            #expect(shapes.pieceCount == n + 1, "font \(n) kept its own piece")
            draw(kept, font: font, shapes: shapes)
            draw(drawn, font: font, shapes: nil)
            #expect(differingPixels(kept, drawn) == 0, "font \(n)")
        }
        #expect(fonts[0].serial != fonts[2].serial)
    }

    /// A font made after another is freed (as a board reload does) gets a new serial, so
    /// it can't match the freed font's pieces even when it lands at the same address.
    @Test func serialsAreNeverReused() throws {
        var serials: [UInt32] = []
        for _ in 0..<3 { serials.append(try DejaVu.font(size: 20).serial) }
        #expect(Set(serials).count == 3, "\(serials)")
    }
}
