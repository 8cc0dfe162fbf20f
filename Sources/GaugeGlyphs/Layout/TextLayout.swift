import GaugeRaster

// Embedded-Swift subset: no Foundation; generic over the font, no existentials.

/// Where the origin's x lies on the line of text. The origin's y is always the baseline.
public enum TextAlignment: Sendable {
    /// The text starts at x.
    case left
    /// The text's advance width is centred on x.
    case centre
    /// The text ends at x.
    case right
}

/// The size of a line of text, for layout and damage rectangles.
public struct TextMetrics: Hashable, Sendable {
    /// Total pen movement, kerning included, with 1/256 px resolution.
    public let advance: Fixed
    /// The font's ascender and descender in pixels (positive), as for any text.
    public let ascent: Int32
    public let descent: Int32
    /// The pixels the ink touches, relative to a left-aligned origin at (0, 0) on the
    /// baseline; `.empty` for text without ink.
    public let inkBounds: IntRect

    /// Advance width rounded up to whole pixels.
    public var width: Int32 { advance.ceil }

    /// Whole-pixel x of the first pen position for an origin at `x`: every glyph is
    /// placed relative to this, so drawing and measuring agree to the pixel.
    public func startX(for x: Fixed, alignment: TextAlignment) -> Int32 {
        switch alignment {
        case .left: return TextLayout.pixel(x)
        case .centre: return TextLayout.pixel(x - advance.halved)
        case .right: return TextLayout.pixel(x - advance)
        }
    }

    /// The absolute pixels `Canvas.draw(text, at: origin, …, alignment:)` may change:
    /// the damage rectangle of drawing this text there.
    public func bounds(at origin: Point, alignment: TextAlignment = .left) -> IntRect {
        guard !inkBounds.isEmpty else { return .empty }
        let dx = startX(for: origin.x, alignment: alignment), dy = TextLayout.pixel(origin.y)
        return IntRect(
            x0: inkBounds.x0 &+ dx, y0: inkBounds.y0 &+ dy,
            x1: inkBounds.x1 &+ dx, y1: inkBounds.y1 &+ dy)
    }

    /// `bounds(at:alignment:)` for a whole-pixel origin.
    public func bounds(x: Int32, y: Int32, alignment: TextAlignment = .left) -> IntRect {
        bounds(at: Point(x, y), alignment: alignment)
    }
}

/// The one loop that walks a string's glyphs: kerning, pen movement and whole-pixel
/// placement live here so that measuring and drawing can't disagree.
public enum TextLayout {
    /// Nearest whole pixel (halves round up).
    @inlinable public static func pixel(_ value: Fixed) -> Int32 {
        (value.raw &+ Fixed.scale / 2) >> Fixed.fractionBits
    }

    /// Calls `body` with each glyph and its pen x in whole pixels relative to the start,
    /// and returns the total advance. Scalars the font lacks are skipped.
    @discardableResult
    public static func forEachGlyph<F: GlyphSource>(
        in text: String, font: F,
        _ body: (RasterGlyph, Int32) -> Void
    ) -> Fixed {
        var pen = Fixed.zero
        var previous: F.GlyphID?
        for scalar in text.unicodeScalars {
            guard let id = font.glyphID(for: scalar) else { continue }
            if let previous { pen = pen + font.kerning(between: previous, and: id) }
            let glyph = font.glyph(id)
            body(glyph, pixel(pen))
            pen = pen + glyph.advance
            previous = id
        }
        return pen
    }
}

extension GlyphSource {
    /// Advance, ascent/descent and ink bounds of one line of `text`.
    public func measure(_ text: String) -> TextMetrics {
        var ink = IntRect.empty
        let advance = TextLayout.forEachGlyph(in: text, font: self) { glyph, penX in
            if glyph.mask.width > 0 && glyph.mask.height > 0 {
                ink = ink.union(glyph.inkRect(penX: penX, baseline: 0))
            }
        }
        let line = lineMetrics
        return TextMetrics(advance: advance, ascent: line.ascender, descent: line.descender, inkBounds: ink)
    }
}

extension Canvas {
    /// Draws one line of `text` with its baseline at `origin.y`, aligned on `origin.x`.
    /// Glyphs land on whole pixels; the canvas clip applies (a clipped draw writes
    /// exactly the pixels a full draw writes inside the clip).
    public func draw<F: GlyphSource>(
        _ text: String, at origin: Point, font: F, color: Color,
        alignment: TextAlignment = .left
    ) {
        guard color.a != 0 else { return }
        let start: Int32
        if alignment == .left {
            start = TextLayout.pixel(origin.x)
        } else {
            // The advance is needed first; glyphs come from the cache on the second walk.
            start = font.measure(text).startX(for: origin.x, alignment: alignment)
        }
        let baseline = TextLayout.pixel(origin.y)
        TextLayout.forEachGlyph(in: text, font: font) { glyph, penX in
            let ink = glyph.inkRect(penX: start &+ penX, baseline: baseline)
            guard ink.intersects(clip) else { return }
            blit(glyph.mask, x: ink.x0, y: ink.y0, color: color)
        }
    }

    /// `draw(_:at:font:color:alignment:)` for text over the opaque `background`: with a
    /// shape cache, and a font that names its glyphs, the line's pixels are kept and copied
    /// back wherever the pixels it writes still hold that background alone
    /// (`drawKept(key:background:ink:_:)`: the same pixels, no glyph looked up or blended).
    public func draw<F: GlyphSource>(
        _ text: String, at origin: Point, font: F, color: Color,
        alignment: TextAlignment = .left, over background: Color
    ) {
        guard color.a != 0 else { return }
        var probe = LayerKey()
        guard font.identify(in: &probe) else {
            draw(text, at: origin, font: font, color: color, alignment: alignment)
            return
        }
        drawKept(
            key: { k in
                _ = font.identify(in: &k)
                k.add(Int32(color.r) | Int32(color.g) << 8 | Int32(color.b) << 16 | Int32(color.a) << 24)
                k.add(origin.x.raw)
                k.add(origin.y.raw)
                k.add(alignment == .left ? 0 : alignment == .centre ? 1 : 2)
                k.add(text)
            }, background: background, ink: { inkMask(text, at: origin, font: font, alignment: alignment, within: $0) }
        ) { canvas in
            canvas.draw(text, at: origin, font: font, color: color, alignment: alignment)
        }
    }

    /// The pixels `draw(_:at:font:color:alignment:)` may write within `clip`: its glyphs' coverage.
    private func inkMask<F: GlyphSource>(
        _ text: String, at origin: Point, font: F, alignment: TextAlignment, within clip: IntRect
    ) -> InkMask {
        let metrics = font.measure(text)
        var ink = InkMask(metrics.bounds(at: origin, alignment: alignment).intersection(clip))
        let start = metrics.startX(for: origin.x, alignment: alignment), baseline = TextLayout.pixel(origin.y)
        TextLayout.forEachGlyph(in: text, font: font) { glyph, penX in
            let r = glyph.inkRect(penX: start &+ penX, baseline: baseline)
            ink.add(glyph.mask, x: r.x0, y: r.y0)
        }
        return ink
    }

    /// `draw(_:at:font:color:alignment:)` for a whole-pixel origin.
    public func draw<F: GlyphSource>(
        _ text: String, x: Int32, y: Int32, font: F, color: Color,
        alignment: TextAlignment = .left
    ) {
        draw(text, at: Point(x, y), font: font, color: color, alignment: alignment)
    }
}
