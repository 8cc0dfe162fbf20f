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

    public init(
        value: Double, format: ValueFormat = ValueFormat(), frame: IntRect, alignment: TextAlignment = .right,
        color: Color = GaugeTheme.dark.value, background: Color = GaugeTheme.dark.background
    ) {
        self.value = value
        self.format = format
        self.frame = frame
        self.alignment = alignment
        self.color = color
        self.background = background
    }

    public var text: String { format.string(for: value) }

    /// The readout is a text label whose text is the formatted value: one place for
    /// where text sits in a box and what changing it damages.
    public var label: TextLabel {
        TextLabel(text, frame: frame, alignment: alignment, color: color, background: background)
    }

    public func draw<F: GlyphSource>(on canvas: Canvas, font: F) {
        label.draw(on: canvas, font: font)
    }

    /// Old ∪ new ink bounds (within the box), or both boxes if anything else changed.
    public func damage<F: GlyphSource>(from old: NumericReadout, font: F) -> Region {
        label.damage(from: old.label, font: font)
    }
}

extension NumericReadout: DashboardWidgetKind {
    public consuming func intoContent() -> WidgetContent { .readout(self) }
    public static func withKind<R>(in content: WidgetContent, _ body: (Self) -> R) -> R? {
        guard case .readout(let w) = content else { return nil }
        return body(w)
    }

    public var shownValue: Double { value }
    public mutating func show(_ value: Double) { self.value = value }
    public mutating func apply(_ theme: GaugeTheme) {
        color = theme.value
        background = theme.background
    }
    public mutating func highlight(_ color: Color) { self.color = color }
    public func draw<S: FontSet>(on canvas: Canvas, fonts: S, sizes: WidgetFontSizes) {
        draw(on: canvas, font: fonts.font(pixelSize: sizes.value))
    }
    public func damage<S: FontSet>(from old: NumericReadout, fonts: S, sizes: WidgetFontSizes) -> Region {
        damage(from: old, font: fonts.font(pixelSize: sizes.value))
    }
}
