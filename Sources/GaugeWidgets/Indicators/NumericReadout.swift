import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset.

/// A number with unit, decimals and thousands separator, in a box: draws the box's
/// background and the text (vertically centred on the cap height); damage is the old
/// and new ink, so a ticking digit redraws a few glyphs, not the box.
public struct NumericReadout: Sendable {
    public var value: Double
    public var format: ValueFormat
    public var frame: IntRect
    public var alignment: TextAlignment
    public var color: Color
    public var background: Color

    public init(value: Double, format: ValueFormat = ValueFormat(), frame: IntRect, alignment: TextAlignment = .right,
                color: Color = GaugeTheme.dark.value, background: Color = GaugeTheme.dark.background) {
        self.value = value; self.format = format; self.frame = frame; self.alignment = alignment
        self.color = color; self.background = background
    }

    public var text: String { format.string(for: value) }

    private func place<F: GlyphSource>(_ font: F) -> CentredText {
        let x: Int32
        switch alignment {
        case .left: x = frame.x0
        case .centre: x = (frame.x0 &+ frame.x1) / 2
        case .right: x = frame.x1
        }
        return CentredText(centre: Point(x: Fixed(x), y: Fixed(raw: (frame.y0 &+ frame.y1) &* 128)), font: font)
    }

    public func draw<F: GlyphSource>(on canvas: Canvas, font: F) {
        let canvas = canvas.clipped(to: frame)
        canvas.fill(frame, color: background)
        place(font).draw(text, on: canvas, font: font, color: color, alignment: alignment)
    }

    /// Old ∪ new ink bounds (within the box), or both boxes if anything else changed.
    public func damage<F: GlyphSource>(from old: NumericReadout, font: F) -> Region {
        guard old.frame == frame, old.alignment == alignment, old.color == color, old.background == background
        else { return Region([old.frame, frame]) }
        let a = old.text, b = text
        guard a != b else { return Region() }
        let p = place(font)
        return Region([p.bounds(a, font: font, alignment: alignment), p.bounds(b, font: font, alignment: alignment)])
            .intersection(frame)
    }
}
