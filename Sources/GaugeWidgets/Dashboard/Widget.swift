import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset: a closed enum of the built-in widgets instead of `any Widget`,
// so a dashboard is one array of values, drawn without dynamic dispatch or boxing.

/// One of the built-in widgets.
public enum WidgetContent: Sendable {
    case dial(Gauge<CircularGaugeStyle>)
    case ring(Gauge<RingGaugeStyle>)
    case bar(Gauge<BarGaugeStyle>)
    case level(LevelIndicator)
    case readout(NumericReadout)
    case label(TextLabel)
    case rating(RatingIndicator)
    case relevance(RelevanceIndicator)
    /// Progress of a value in `range`: determinate when it has one; without a value
    /// (waiting for the first reading) it turns indeterminate and animates.
    case progress(ProgressIndicator, range: ClosedRange<Double>)
    /// A tell-tale lit by its channel's value.
    case lamp(LampIndicator)
    /// Its channel's history over a window.
    case chart(ChartWidget)
    /// A push button (a tap on it is the panel's control).
    case button(ButtonControl)
    /// An on/off switch showing its device's reported state.
    case `switch`(SwitchControl)
}

/// A widget on a dashboard page: what it shows, which channel feeds it, its font sizes.
public struct DashboardWidget: Sendable {
    /// A name for messages and tests ("rpm", "coolant").
    public var id: String
    /// The channel whose readings set its value (nil: static).
    public var channel: String?
    public var content: WidgetContent
    /// Pixel sizes of the label font (ticks, title, captions) and the readout font.
    public var labelSize: Int32
    public var valueSize: Int32

    public init(id: String, channel: String? = nil, content: WidgetContent, labelSize: Int32 = 14, valueSize: Int32 = 32) {
        self.id = id
        self.channel = channel
        self.content = content
        self.labelSize = labelSize
        self.valueSize = valueSize
    }

    var sizes: WidgetFontSizes { WidgetFontSizes(label: labelSize, value: valueSize) }

    public var frame: IntRect { content.visit(Frame()) }

    /// The value shown (NaN for "no value" and for widgets without one).
    public var value: Double { content.visit(ShownValue()) }

    /// The span its value moves over (nil: a widget without a scale).
    public var scale: ClosedRange<Double>? { content.visit(Scale()) }

    /// Whether it animates by itself (an indeterminate progress indicator).
    public var isIndeterminate: Bool { content.visit(Indeterminate()) }

    /// Sets the animation phase (Q16 of a cycle) of an indeterminate indicator.
    public mutating func setPhase(_ phase: Int32) { content.modify(Phase(phase: phase)) }

    /// Whether it shows the raw reading rather than the eased one (a lamp).
    public var followsRawValue: Bool { content.visit(RawValue()) }

    /// Whether it changes by itself with the clock (a blinking lamp).
    public var isTimed: Bool { content.visit(Timed()) }

    /// Shows the state at `milliseconds` of the panel's clock; returns when it next
    /// changes by itself (nil: not by itself).
    public mutating func setTime(milliseconds: Int64) -> Int64? {
        var next: Int64?
        withUnsafeMutablePointer(to: &next) { content.modify(Clock(milliseconds: milliseconds, next: $0)) }
        return next
    }

    /// The history it draws (a chart); nil: none.
    public var chartShape: ChartHistory.Shape? { content.visit(ChartShape()) }

    /// Shows a chart's history as its series `series` (other kinds ignore it).
    public mutating func show(history: ChartHistory, series: Int = 0) { content.modify(ShowHistory(history: history, series: series)) }

    /// Sets the value (NaN or ±∞ show "no value"); labels ignore it.
    public mutating func setValue(_ v: Double) { content.modify(Show(value: v)) }

    /// Recolours the widget for a theme (day/night): the whole widget changes.
    public mutating func apply(_ theme: GaugeTheme) { content.modify(Theme(theme: theme)) }

    /// Shows the value part in one colour (an alarm): the tint of a gauge, the lit
    /// segments of a level, the digits of a readout, the text of a label.
    public mutating func highlight(_ color: Color) { content.modify(Highlight(color: color)) }
    public mutating func showAlarm(severity: Int8) { content.modify(AlarmSeverity(severity: severity)) }

    public func draw<S: FontSet>(on canvas: Canvas, fonts: S) {
        content.visit(Draw(canvas: canvas, fonts: fonts, sizes: sizes))
    }

    /// Exactly the pixels that differ between `old` drawn and `self` drawn (tight
    /// rectangles); both frames when the kind, fonts or frame changed.
    public func damage<S: FontSet>(from old: DashboardWidget, fonts: S) -> Region {
        var region = Region()
        formDamage(from: old, fonts: fonts, into: &region)
        return region
    }

    /// From `old` drawn to `self` drawn by moving pixels (a chart scrolling): the scroll and
    /// what still differs after it; nil when it cannot (`damage(from:fonts:)` then).
    public func scrolled(from old: DashboardWidget) -> (scroll: WidgetScroll, damage: Region)? {
        guard old.labelSize == labelSize, old.valueSize == valueSize else { return nil }
        return content.visit(SameKindScroll(sizes: sizes), with: old.content)
    }

    /// `damage(from:fonts:)` joined to `region` in place: a dashboard's frame builds one
    /// region, not one per widget returned through three calls (768 bytes copied each).
    func formDamage<S: FontSet>(from old: DashboardWidget, fonts: S, into region: inout Region) {
        guard old.labelSize == labelSize, old.valueSize == valueSize,
            content.formDamage(from: old.content, fonts: fonts, sizes: sizes, into: &region)
        else {
            region.formUnion(old.frame)
            region.formUnion(frame)
            return
        }
    }
}

extension WidgetContent {
    /// The one switch over kinds: `visitor` sees the widget as its own kind, and
    /// `argument`, borrowed (a widget passed along is not copied).
    func visit<V: WidgetArgumentVisitor>(_ visitor: V, with argument: V.Argument) -> V.Result {
        switch self {
        case .dial(let g): return visitor.visit(g, argument)
        case .ring(let g): return visitor.visit(g, argument)
        case .bar(let g): return visitor.visit(g, argument)
        case .level(let l): return visitor.visit(l, argument)
        case .readout(let r): return visitor.visit(r, argument)
        case .label(let t): return visitor.visit(t, argument)
        case .rating(let r): return visitor.visit(r, argument)
        case .relevance(let r): return visitor.visit(r, argument)
        case .progress(let p, let range): return visitor.visit(RangedProgress(p, range: range), argument)
        case .lamp(let l): return visitor.visit(l, argument)
        case .chart(let c): return visitor.visit(c, argument)
        case .button(let b): return visitor.visit(b, argument)
        case .switch(let s): return visitor.visit(s, argument)
        }
    }

    /// `visitor` sees the widget as its own kind.
    public func visit<V: WidgetVisitor>(_ visitor: V) -> V.Result { visit(Plain(visitor: visitor), with: ()) }

    /// Changes the widget as its own kind (through `visit`: the kind puts itself back).
    public mutating func modify<M: WidgetModifier>(_ modifier: M) {
        self = visit(Modified(modifier: modifier))
    }

    /// Joins the damage from `old` to `region` when it is the same kind; false (nothing
    /// joined) for another kind: redraw both frames. Not an optional region returned:
    /// wrapping one copied its 768 bytes.
    func formDamage<S: FontSet>(
        from old: WidgetContent, fonts: S, sizes: WidgetFontSizes,
        into region: inout Region
    ) -> Bool {
        withUnsafeMutablePointer(to: &region) { visit(SameKindDamage(fonts: fonts, sizes: sizes, region: $0), with: old) }
    }
}

// The operations, each a small visitor or modifier: generic, so specialised per kind.
private struct Frame: WidgetVisitor { func visit<K: DashboardWidgetKind>(_ k: K) -> IntRect { k.frame } }
private struct ShownValue: WidgetVisitor { func visit<K: DashboardWidgetKind>(_ k: K) -> Double { k.shownValue } }
private struct Scale: WidgetVisitor { func visit<K: DashboardWidgetKind>(_ k: K) -> ClosedRange<Double>? { k.scale } }
private struct Indeterminate: WidgetVisitor { func visit<K: DashboardWidgetKind>(_ k: K) -> Bool { k.isIndeterminate } }
private struct RawValue: WidgetVisitor { func visit<K: DashboardWidgetKind>(_ k: K) -> Bool { k.followsRawValue } }
private struct ChartShape: WidgetVisitor { func visit<K: DashboardWidgetKind>(_ k: K) -> ChartHistory.Shape? { k.chartShape } }
private struct ShowHistory: WidgetModifier {
    let history: ChartHistory, series: Int
    func modify<K: WidgetKind>(_ k: inout K) { k.show(history: history, series: series) }
}
private struct Timed: WidgetVisitor { func visit<K: DashboardWidgetKind>(_ k: K) -> Bool { k.isTimed } }
private struct Clock: WidgetModifier {
    let milliseconds: Int64, next: UnsafeMutablePointer<Int64?>
    func modify<K: WidgetKind>(_ k: inout K) { next.pointee = k.setTime(milliseconds: milliseconds) }
}
private struct Draw<S: FontSet>: WidgetVisitor {
    let canvas: Canvas, fonts: S, sizes: WidgetFontSizes
    func visit<K: DashboardWidgetKind>(_ k: K) { k.draw(on: canvas, fonts: fonts, sizes: sizes) }
}
private struct Phase: WidgetModifier {
    let phase: Int32
    func modify<K: WidgetKind>(_ k: inout K) { k.setPhase(phase) }
}
private struct Show: WidgetModifier {
    let value: Double
    func modify<K: WidgetKind>(_ k: inout K) { k.show(value) }
}
private struct Theme: WidgetModifier {
    let theme: GaugeTheme
    func modify<K: WidgetKind>(_ k: inout K) { k.apply(theme) }
}
private struct Highlight: WidgetModifier {
    let color: Color
    func modify<K: WidgetKind>(_ k: inout K) { k.highlight(color) }
}
private struct AlarmSeverity: WidgetModifier {
    let severity: Int8
    func modify<K: WidgetKind>(_ k: inout K) { k.showAlarm(severity: severity) }
}
private struct Modified<M: WidgetModifier>: WidgetVisitor {
    let modifier: M
    func visit<K: DashboardWidgetKind>(_ k: K) -> WidgetContent {
        var changed = k
        modifier.modify(&changed)
        return changed.intoContent()
    }
}
/// The old widget comes as the argument, borrowed: a copy of it would retain every
/// string and array in it, for every widget in every frame.
private struct SameKindDamage<S: FontSet>: WidgetArgumentVisitor {
    let fonts: S, sizes: WidgetFontSizes, region: UnsafeMutablePointer<Region>
    func visit<K: DashboardWidgetKind>(_ new: K, _ old: WidgetContent) -> Bool {
        K.withKind(in: old) { previous in region.pointee.formUnion(new.damage(from: previous, fonts: fonts, sizes: sizes)) } != nil
    }
}
private struct SameKindScroll: WidgetArgumentVisitor {
    let sizes: WidgetFontSizes
    func visit<K: DashboardWidgetKind>(_ new: K, _ old: WidgetContent) -> (scroll: WidgetScroll, damage: Region)? {
        K.withKind(in: old) { previous in new.scrolled(from: previous, sizes: sizes) } ?? nil
    }
}
private struct Plain<V: WidgetVisitor>: WidgetArgumentVisitor {
    let visitor: V
    func visit<K: DashboardWidgetKind>(_ kind: K, _: Void) -> V.Result { visitor.visit(kind) }
}
