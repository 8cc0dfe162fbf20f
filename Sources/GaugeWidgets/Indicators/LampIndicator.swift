import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset.

/// When a lamp is lit, decided in one place: from its channel's alarm state (at or worse
/// than `alarmLevel`), or from its value: at or above `onAbove`, at or below `onBelow`
/// (either lights it), or, with neither, when the value is not zero (a digital input,
/// 0/1). No value is never lit.
public struct LampRule: Equatable, Sendable {
    public var onAbove: Double?
    public var onBelow: Double?
    /// Lit while the channel's alarm shows this severity or worse (1 alert, 2 warn, 3
    /// alarm, 4 emergency); the value's thresholds do not apply then.
    public var alarmLevel: Int8?

    public init(onAbove: Double? = nil, onBelow: Double? = nil, alarmLevel: Int8? = nil) {
        self.onAbove = onAbove
        self.onBelow = onBelow
        self.alarmLevel = alarmLevel
    }

    /// `severity`: the channel's alarm as shown now (0: none or normal).
    public func isLit(_ value: Double, severity: Int8 = 0) -> Bool {
        if let level = alarmLevel { return severity >= level }
        guard value.isFinite else { return false }
        if onAbove == nil && onBelow == nil { return value != 0 }
        if let a = onAbove, value >= a { return true }
        if let b = onBelow, value <= b { return true }
        return false
    }
}

/// A tell-tale (ISO 2575 warning lamp): a symbol lit in its colour, dim or hidden when
/// not, blinking while lit if asked. Blinking is a function of the panel's clock, so all
/// lamps of one rate blink together and the loop wakes only at the edges.
///
/// The symbol draws only inside its square (clipped), and lit or not changes only its
/// pixels: the damage is the box its primitives touch.
public struct LampIndicator: Sendable {
    public enum Unlit: Equatable, Sendable {
        /// The symbol in the theme's track colour.
        case dim
        /// Only the background.
        case hidden
    }

    public var frame: IntRect
    public var symbol: LampSymbol
    public var rule: LampRule
    /// The channel's value (NaN: none).
    public var value: Double
    public var litColor: Color
    public var unlitColor: Color
    public var background: Color
    public var unlit: Unlit
    /// A blink's period while lit, in milliseconds (0: steady).
    public var blinkPeriod: Int32
    /// Its channel's alarm as shown now (0: none or normal; 1 alert … 4 emergency).
    public var alarmSeverity: Int8 = 0
    /// False in the dark half of a blink (set from the clock by `setTime`).
    public private(set) var blinkPhaseOn = true

    public init(
        _ symbol: LampSymbol, value: Double = .nan, frame: IntRect, rule: LampRule = LampRule(),
        litColor: Color? = nil, unlit: Unlit = .dim, blinkPeriod: Int32 = 0, theme: GaugeTheme = .dark
    ) {
        self.symbol = symbol
        self.value = value
        self.frame = frame
        self.rule = rule
        self.litColor = litColor ?? symbol.isoColor
        self.unlit = unlit
        self.blinkPeriod = Swift.max(blinkPeriod, 0)
        unlitColor = theme.track
        background = theme.background
    }

    public var isLit: Bool { rule.isLit(value, severity: alarmSeverity) }

    /// Lit and not in a blink's dark half: what is drawn.
    public var showsLit: Bool { isLit && (blinkPeriod == 0 || blinkPhaseOn) }

    /// The square the symbol is drawn in: the frame's largest centred square.
    var square: IntRect {
        let side = Swift.min(frame.width, frame.height)
        let x = frame.x0 &+ (frame.width &- side) / 2, y = frame.y0 &+ (frame.height &- side) / 2
        return IntRect(x: x, y: y, width: side, height: side)
    }

    /// The pixels the symbol may touch, within the frame.
    var symbolBounds: IntRect { LampSymbolPainter(symbol, in: square).bounds.intersection(frame) }

    /// The symbol's colour as drawn now; nil when nothing is drawn (hidden).
    var shownColor: Color? { showsLit ? litColor : unlit == .dim ? unlitColor : nil }

    public func draw(on canvas: Canvas) {
        let canvas = canvas.clipped(to: frame)
        canvas.fillBackground(frame, color: background)
        guard let color = shownColor else { return }
        LampSymbolPainter(symbol, in: square).draw(on: canvas, color: color, background: background)
    }

    /// The symbol's box when its colour as drawn changed (lit, unlit, a blink's edge, an
    /// alarm's colour while lit); the whole frame when the frame, symbol or background did.
    public func damage(from old: LampIndicator) -> Region {
        guard old.frame == frame, old.symbol == symbol, old.background == background else { return Region(old.frame, frame) }
        return old.shownColor == shownColor ? Region() : Region(symbolBounds)
    }

    /// Shows the blink's phase at `milliseconds`: on for the first half of each period.
    /// Returns when that next changes, nil when the lamp is steady or not lit.
    public mutating func setTime(milliseconds ms: Int64) -> Int64? {
        guard blinkPeriod > 0 else { return nil }
        let period = Int64(blinkPeriod)
        var t = ms % period
        if t < 0 { t += period }
        let half = period / 2
        blinkPhaseOn = t < half
        guard isLit else { return nil }
        return ms - t + (t < half ? half : period)
    }
}

extension LampIndicator: DashboardWidgetKind {
    public consuming func intoContent() -> WidgetContent { .lamp(self) }
    public static func withKind<R>(in content: WidgetContent, _ body: (Self) -> R) -> R? {
        guard case .lamp(let w) = content else { return nil }
        return body(w)
    }

    public var shownValue: Double { value }
    public mutating func show(_ value: Double) { self.value = value }
    public mutating func apply(_ theme: GaugeTheme) {
        unlitColor = theme.track
        background = theme.background
    }
    /// An alarm on the lamp's channel recolours it lit; unlit it stays as it was.
    public mutating func highlight(_ color: Color) { litColor = color }
    public mutating func showAlarm(severity: Int8) { alarmSeverity = severity }
    public func draw<S: FontSet>(on canvas: Canvas, fonts: S, sizes: WidgetFontSizes) { draw(on: canvas) }
    public func damage<S: FontSet>(from old: LampIndicator, fonts: S, sizes: WidgetFontSizes) -> Region { damage(from: old) }
    public var followsRawValue: Bool { true }
    public var isTimed: Bool { blinkPeriod > 0 }
}
