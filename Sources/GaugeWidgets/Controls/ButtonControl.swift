import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset.

/// A push button: a rounded face with its title centred on it, filled with its tint while
/// pressed. What a tap on it does is the panel's (a control); the widget only shows it:
/// its value is 1 while pressed, else 0. Any change of what is drawn damages the frame.
public struct ButtonControl: Sendable {
    public var frame: IntRect
    public var title: String
    public var pressed = false
    /// The face while pressed.
    public var tint: Color
    /// The face, the title and the ground around the face (the theme's).
    public var face: Color
    public var textColor: Color
    public var background: Color

    public init(_ title: String, frame: IntRect, tint: Color = Color(rgb: 0x3A8EE0), theme: GaugeTheme = .dark) {
        self.title = title
        self.frame = frame
        self.tint = tint
        face = theme.track
        textColor = theme.value
        background = theme.background
    }

    /// The face: the frame less a 2-pixel margin, corners a quarter of its height (at most 12).
    var faceRect: Rect { ControlGeometry.inset(frame, by: 2) }

    public func draw<F: GlyphSource>(on canvas: Canvas, font: F) {
        let canvas = canvas.clipped(to: frame)
        canvas.fillBackground(frame, color: background)
        let r = faceRect
        canvas.fillRoundedRect(r, radius: ControlGeometry.cornerRadius(of: frame), paint: .solid(pressed ? tint : face))
        let centre = Point(x: Fixed(raw: (frame.x0 &+ frame.x1) &* 128), y: Fixed(raw: (frame.y0 &+ frame.y1) &* 128))
        CentredText(centre: centre, font: font).draw(title, on: canvas, font: font, color: textColor, alignment: .centre)
    }

    /// The frame, when anything drawn changed.
    public func damage(from old: ButtonControl) -> Region {
        guard old.frame == frame else { return Region(old.frame, frame) }
        let same =
            old.title == title && old.pressed == pressed && old.tint == tint && old.face == face
            && old.textColor == textColor && old.background == background
        return same ? Region() : Region(frame)
    }
}

extension ButtonControl: DashboardWidgetKind {
    public consuming func intoContent() -> WidgetContent { .button(self) }
    public static func withKind<R>(in content: WidgetContent, _ body: (Self) -> R) -> R? {
        guard case .button(let w) = content else { return nil }
        return body(w)
    }

    public var shownValue: Double { pressed ? 1 : 0 }
    public mutating func show(_ value: Double) { pressed = value.isFinite && value != 0 }
    public mutating func apply(_ theme: GaugeTheme) {
        face = theme.track
        textColor = theme.value
        background = theme.background
    }
    public mutating func highlight(_ color: Color) { tint = color }
    public func draw<S: FontSet>(on canvas: Canvas, fonts: S, sizes: WidgetFontSizes) {
        draw(on: canvas, font: fonts.font(pixelSize: sizes.label))
    }
    public func damage<S: FontSet>(from old: ButtonControl, fonts: S, sizes: WidgetFontSizes) -> Region { damage(from: old) }
    public var followsRawValue: Bool { true }
}

/// What the controls share: the face inside the frame and its corners.
enum ControlGeometry {
    static func inset(_ frame: IntRect, by d: Int32) -> Rect {
        let w = Swift.max(frame.width &- 2 &* d, 0), h = Swift.max(frame.height &- 2 &* d, 0)
        return Rect(x: Fixed(frame.x0 &+ d), y: Fixed(frame.y0 &+ d), width: Fixed(w), height: Fixed(h))
    }

    static func cornerRadius(of frame: IntRect) -> Fixed { Fixed(Swift.min(frame.height / 4, 12)) }
}
