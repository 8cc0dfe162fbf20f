import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset.

/// An on/off switch: its title on the left, a track on the right with a knob — on: the
/// track in the tint, the knob to the right and "ON" beside it; off: the track in the
/// theme's colour, the knob to the left and "OFF"; no value (the device has not said):
/// the knob in the middle, no word. Its value is the state the device reports (1 on, 0
/// off, NaN unknown), never the press. Any change of what is drawn damages the frame.
public struct SwitchControl: Sendable {
    public enum State: Equatable, Sendable {
        case on, off, unknown
    }

    public var frame: IntRect
    public var title: String
    public var value: Double = .nan
    public var tint: Color
    public var trackColor: Color
    public var knobColor: Color
    public var textColor: Color
    public var background: Color

    public init(_ title: String, frame: IntRect, tint: Color = Color(rgb: 0x30C060), theme: GaugeTheme = .dark) {
        self.title = title
        self.frame = frame
        self.tint = tint
        trackColor = theme.track
        knobColor = theme.value
        textColor = theme.label
        background = theme.background
    }

    public var state: State { !value.isFinite ? .unknown : value != 0 ? .on : .off }

    /// The track: as tall as the frame less 8 pixels (at most 40), twice as wide, at the
    /// frame's right edge less 4 pixels, centred vertically.
    var track: IntRect {
        let h = Swift.max(Swift.min(frame.height &- 8, 40), 2)
        let w = Swift.min(h &* 2, Swift.max(frame.width &- 8, 2))
        return IntRect(x: frame.x1 &- 4 &- w, y: frame.y0 &+ (frame.height &- h) / 2, width: w, height: h)
    }

    /// The pixel size of the word in the track: a third of its height.
    public var wordSize: Int32 { Swift.max(track.height / 3, 6) }

    /// `font` writes the title, `wordFont` (of `wordSize`) the word in the track.
    public func draw<F: GlyphSource, W: GlyphSource>(on canvas: Canvas, font: F, wordFont: W) {
        let canvas = canvas.clipped(to: frame)
        canvas.fillBackground(frame, color: background)
        let t = track
        let midY = Fixed(raw: (t.y0 &+ t.y1) &* 128)
        CentredText(centre: Point(x: Fixed(frame.x0 &+ 4), y: Fixed(raw: (frame.y0 &+ frame.y1) &* 128)), font: font)
            .draw(title, on: canvas, font: font, color: textColor, alignment: .left)
        let s = state
        canvas.fillRoundedRect(Rect(t), radius: Fixed(t.height / 2), paint: .solid(s == .on ? tint : trackColor))
        // In 1/256 pixels: half the track's height, the knob's centres at either end.
        let half = t.height &* 128
        let left = t.x0 &* 256 &+ half, right = t.x1 &* 256 &- half
        let knobX = s == .on ? right : s == .off ? left : (left &+ right) / 2
        canvas.fillDisc(centre: Point(x: Fixed(raw: knobX), y: midY), radius: Fixed(raw: half &- 768), paint: .solid(knobColor))
        guard s != .unknown else { return }
        // The word in the part of the track the knob left free.
        let wordX = s == .on ? (t.x0 &* 256 &+ right &- half) / 2 : (left &+ half &+ t.x1 &* 256) / 2
        CentredText(centre: Point(x: Fixed(raw: wordX), y: midY), font: wordFont)
            .draw(s == .on ? "ON" : "OFF", on: canvas, font: wordFont, color: knobColor, alignment: .centre)
    }

    /// The frame, when anything drawn changed.
    public func damage(from old: SwitchControl) -> Region {
        guard old.frame == frame else { return Region(old.frame, frame) }
        let same =
            old.title == title && old.state == state && old.tint == tint && old.trackColor == trackColor
            && old.knobColor == knobColor && old.textColor == textColor && old.background == background
        return same ? Region() : Region(frame)
    }
}

extension SwitchControl: DashboardWidgetKind {
    public consuming func intoContent() -> WidgetContent { .switch(self) }
    public static func withKind<R>(in content: WidgetContent, _ body: (Self) -> R) -> R? {
        guard case .switch(let w) = content else { return nil }
        return body(w)
    }

    public var shownValue: Double { value }
    public mutating func show(_ value: Double) { self.value = value }
    public mutating func apply(_ theme: GaugeTheme) {
        trackColor = theme.track
        knobColor = theme.value
        textColor = theme.label
        background = theme.background
    }
    public mutating func highlight(_ color: Color) { tint = color }
    public func draw<S: FontSet>(on canvas: Canvas, fonts: S, sizes: WidgetFontSizes) {
        draw(on: canvas, font: fonts.font(pixelSize: sizes.label), wordFont: fonts.font(pixelSize: wordSize))
    }
    public func damage<S: FontSet>(from old: SwitchControl, fonts: S, sizes: WidgetFontSizes) -> Region { damage(from: old) }
    /// The state as reported, not eased: a switch is on or off.
    public var followsRawValue: Bool { true }
}
