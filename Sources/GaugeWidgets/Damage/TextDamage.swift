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

    /// Over an opaque `background` (what the text's box holds before it, if known) the
    /// line's pixels may be kept and copied back (`Canvas.draw(_:at:font:color:alignment:over:)`).
    func draw<F: GlyphSource>(
        _ text: String, on canvas: Canvas, font: F, color: Color,
        alignment: TextAlignment = .centre, over background: Color? = nil
    ) {
        guard !text.isEmpty else { return }
        // Clipped away (a damage redraw elsewhere): skip the glyph lookups. A line height
        // per character, and a few more around, bounds the ink of any font.
        let m = font.lineMetrics, x = TextLayout.pixel(origin.x), y = TextLayout.pixel(origin.y)
        let line = Swift.max(m.lineHeight, 1) &+ m.ascender &+ m.descender
        let reach = line &* Int32(truncatingIfNeeded: Swift.min(text.utf8.count + 2, 4096))
        let box = IntRect(x0: x &- reach, y0: y &- 3 &* line, x1: x &+ reach, y1: y &+ 3 &* line)
        guard box.intersects(canvas.clip) else { return }
        if let background {
            canvas.draw(text, at: origin, font: font, color: color, alignment: alignment, over: background)
        } else {
            canvas.draw(text, at: origin, font: font, color: color, alignment: alignment)
        }
    }

    func bounds<F: GlyphSource>(_ text: String, font: F, alignment: TextAlignment = .centre) -> IntRect {
        text.isEmpty ? .empty : font.measure(text).bounds(at: origin, alignment: alignment)
    }
}

extension Region {
    /// Adds old and new boxes of something that moved, if it changed.
    mutating func addChange(_ old: IntRect, _ new: IntRect, changed: Bool) {
        guard changed else { return }
        formUnion(old)
        formUnion(new)
    }
}
