import Testing
import GaugeRaster
import GaugeText
@testable import GaugeWidgets

/// A style written outside the module, as SwiftUI's custom `GaugeStyle`s are: it only
/// draws, and gets the default (whole box) damage.
struct ThermometerStyle: GaugeStyle {
    func draw<F: GlyphSource>(_ c: GaugeStyleConfiguration, on canvas: Canvas, fonts: GaugeFonts<F>) {
        let canvas = canvas.clipped(to: c.bounds)
        canvas.fill(c.bounds, color: c.theme.background)
        let b = c.bounds
        let h = Int32((Int64(b.height) * Int64(c.fraction ?? 0)) >> 16)
        canvas.fill(IntRect(x0: b.x0 + 4, y0: b.y1 - h, x1: b.x1 - 4, y1: b.y1), color: c.theme.needle)
        canvas.draw(
            c.currentValueText, x: b.x0 + b.width / 2, y: b.y0 + 12, font: fonts.label, color: c.theme.value,
            alignment: .centre)
    }
}

@Suite struct CustomStyleTests {
    @Test func customStylesDrawAndGetWholeBoxDamage() throws {
        let frame = IntRect(x: 2, y: 2, width: 30, height: 60)
        var g = Gauge(value: 0.25, frame: frame, style: ThermometerStyle())
        let s = try Surface(width: 40, height: 70, format: .xrgb8888)
        g.draw(on: Canvas(s), fonts: Fonts.stroke(label: 8, value: 8))
        #expect(s.color(x: 16, y: 60) == GaugeTheme.dark.needle)
        let old = g
        g.value = 0.5
        #expect(g.damage(from: old, fonts: Fonts.stroke(label: 8, value: 8)).rectangles == [frame])
        #expect(old.damage(from: old, fonts: Fonts.stroke(label: 8, value: 8)).isEmpty)
    }

    /// GaugeText's `Font` (FreeType, or the stroke font when no file is found) works as
    /// gauge fonts too, since it is a `GlyphSource`.
    @Test func gaugesDrawWithGaugeTextFonts() throws {
        let fonts = GaugeFonts(label: Font.named("DejaVu Sans", pixelSize: 12), value: Font.named("DejaVu Sans", pixelSize: 24))
        let frame = IntRect(x: 0, y: 0, width: 160, height: 160)
        var g = dressed(CircularGaugeStyle(), value: 2000, frame: frame, tint: Tints.gradient)
        let s = try Surface(width: 160, height: 160, format: .xrgb8888)
        g.draw(on: Canvas(s), fonts: fonts)
        let old = g
        g.value = 2100
        let d = g.damage(from: old, fonts: fonts)
        for r in d.rectangles { g.draw(on: Canvas(s, clip: r), fonts: fonts) }
        let fresh = try Surface(width: 160, height: 160, format: .xrgb8888)
        g.draw(on: Canvas(fresh), fonts: fonts)
        #expect(differingPixels(s, fresh) == 0)
    }
}
