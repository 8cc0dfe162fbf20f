import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset.

/// A line of text in a box (a caption, a page title): draws the box's background and the
/// text centred vertically on its cap height; damage is the old and new ink.
public struct TextLabel: Sendable {
    public var text: String
    public var frame: IntRect
    public var alignment: TextAlignment
    public var color: Color
    public var background: Color

    public init(
        _ text: String, frame: IntRect, alignment: TextAlignment = .left,
        color: Color = GaugeTheme.dark.label, background: Color = GaugeTheme.dark.background
    ) {
        self.text = text
        self.frame = frame
        self.alignment = alignment
        self.color = color
        self.background = background
    }

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
        canvas.fillBackground(frame, color: background)
        place(font).draw(text, on: canvas, font: font, color: color, alignment: alignment, over: background)
    }

    public func damage<F: GlyphSource>(from old: TextLabel, font: F) -> Region {
        guard old.frame == frame, old.alignment == alignment, old.color == color, old.background == background
        else { return Region(old.frame, frame) }
        guard old.text != text else { return Region() }
        let p = place(font)
        return Region(p.bounds(old.text, font: font, alignment: alignment), p.bounds(text, font: font, alignment: alignment))
            .intersection(frame)
    }
}

extension TextLabel: DashboardWidgetKind {
    public consuming func intoContent() -> WidgetContent { .label(self) }
    public static func withKind<R>(in content: WidgetContent, _ body: (Self) -> R) -> R? {
        guard case .label(let w) = content else { return nil }
        return body(w)
    }

    public var shownValue: Double { .nan }
    public mutating func show(_ value: Double) {}
    public mutating func apply(_ theme: GaugeTheme) {
        color = theme.label
        background = theme.background
    }
    public mutating func highlight(_ color: Color) { self.color = color }
    public func draw<S: FontSet>(on canvas: Canvas, fonts: S, sizes: WidgetFontSizes) {
        draw(on: canvas, font: fonts.font(pixelSize: sizes.label))
    }
    public func damage<S: FontSet>(from old: TextLabel, fonts: S, sizes: WidgetFontSizes) -> Region {
        damage(from: old, font: fonts.font(pixelSize: sizes.label))
    }
}
