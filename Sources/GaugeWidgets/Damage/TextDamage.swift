import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset.

/// Text placed by its centre: one function gives both where it is drawn and the exact
/// ink it covers, so drawing and damage can't disagree.
struct CentredText {
    let origin: Point
    /// Baseline origin for text whose cap height is centred on `centre`.
    init<F: GlyphSource>(centre: Point, font: F) {
        origin = Point(x: centre.x, y: centre.y + Fixed(font.lineMetrics.ascender).halved)
    }
    init(baseline origin: Point) { self.origin = origin }

    func draw<F: GlyphSource>(_ text: String, on canvas: Canvas, font: F, color: Color,
                              alignment: TextAlignment = .centre) {
        guard !text.isEmpty else { return }
        canvas.draw(text, at: origin, font: font, color: color, alignment: alignment)
    }

    func bounds<F: GlyphSource>(_ text: String, font: F, alignment: TextAlignment = .centre) -> IntRect {
        text.isEmpty ? .empty : font.measure(text).bounds(at: origin, alignment: alignment)
    }
}

extension Region {
    /// Adds old and new boxes of something that moved, if it changed.
    mutating func addChange(_ old: IntRect, _ new: IntRect, changed: Bool) {
        guard changed else { return }
        formUnion(old); formUnion(new)
    }
}
