import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset.

/// A relevance indicator (HIG): a bar filled continuously from the left to the value, the
/// filled part a shade of the tint over the track. No value (NaN, ±∞) shows the track only;
/// out-of-range values clamp.
///
/// The fill edge lands on fractional pixels (the column it cuts is partly lit), and only the
/// columns between the old and new edge change: damage is exactly those columns.
public struct RelevanceIndicator: Sendable {
    public private(set) var gaugeValue: GaugeValue
    public var frame: IntRect
    /// Capsule ends (radius half the height) or square ends.
    public var roundedEnds: Bool
    public var tint: Color
    /// How much of the tint the fill takes over the track colour, 0…255 (255: the tint).
    public var shade: UInt8
    public var trackColor: Color
    public var background: Color

    public init(
        value: Double, in range: ClosedRange<Double> = 0...1, frame: IntRect, tint: Color = Color(rgb: 0x3A8EE0),
        shade: UInt8 = 208, roundedEnds: Bool = true, theme: GaugeTheme = .dark
    ) {
        gaugeValue = GaugeValue(value, in: range)
        self.frame = frame
        self.tint = tint
        self.shade = shade
        self.roundedEnds = roundedEnds
        trackColor = theme.track
        background = theme.background
    }

    public var value: Double {
        get { gaugeValue.value }
        set { gaugeValue = GaugeValue(newValue, lowerBound: gaugeValue.lowerBound, upperBound: gaugeValue.upperBound) }
    }

    /// The fill colour: the tint mixed with the track by `shade`.
    public var fillColor: Color {
        let s = UInt32(shade)
        @inline(__always) func mix(_ t: UInt8, _ c: UInt8) -> UInt8 { UInt8((UInt32(t) * (255 - s) + UInt32(c) * s + 127) / 255) }
        return Color(
            r: mix(trackColor.r, tint.r), g: mix(trackColor.g, tint.g), b: mix(trackColor.b, tint.b),
            a: mix(trackColor.a, tint.a))
    }

    var track: BarTrack { BarTrack(frame: frame, rounded: roundedEnds) }

    func span(_ v: GaugeValue) -> BarTrack.Span? {
        guard let f = v.fraction else { return nil }
        return track.span(from: Fixed(frame.x0), to: track.x(at: f))
    }

    public func draw(on canvas: Canvas) {
        let canvas = canvas.clipped(to: frame)
        canvas.fill(frame, color: background)
        track.drawShape(on: canvas, color: trackColor)
        track.draw(span(gaugeValue), on: canvas, color: fillColor)
    }

    /// The columns between the old and new fill edges.
    public func damage(from old: RelevanceIndicator) -> Region {
        guard old.frame == frame, old.roundedEnds == roundedEnds, old.fillColor == fillColor,
            old.trackColor == trackColor, old.background == background
        else { return Region(old.frame, frame) }
        return track.damage(from: old.span(old.gaugeValue), to: span(gaugeValue))
    }
}

extension RelevanceIndicator: DashboardWidgetKind {
    public consuming func intoContent() -> WidgetContent { .relevance(self) }
    public static func withKind<R>(in content: WidgetContent, _ body: (Self) -> R) -> R? {
        guard case .relevance(let w) = content else { return nil }
        return body(w)
    }

    public var shownValue: Double { value }
    public mutating func show(_ value: Double) { self.value = value }
    public mutating func apply(_ theme: GaugeTheme) {
        trackColor = theme.track
        background = theme.background
    }
    public mutating func highlight(_ color: Color) { tint = color }
    public func draw<S: FontSet>(on canvas: Canvas, fonts: S, sizes: WidgetFontSizes) { draw(on: canvas) }
    public func damage<S: FontSet>(from old: RelevanceIndicator, fonts: S, sizes: WidgetFontSizes) -> Region { damage(from: old) }
}
