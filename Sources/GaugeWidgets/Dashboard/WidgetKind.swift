import GaugeGlyphs
import GaugeRaster

/// The font sizes of one widget on a dashboard: labels (ticks, titles) and its readout.
public struct WidgetFontSizes: Sendable, Equatable {
    public var label: Int32
    public var value: Int32
    public init(label: Int32, value: Int32) { self.label = label; self.value = value }
}

/// What a dashboard needs of each kind of widget: drawing, its exact damage, the value
/// it shows, and how a theme and an alarm recolour it. Each built-in kind conforms in
/// its own file, next to its drawing; `WidgetContent` holds one of them and dispatches
/// through three switches (`visit`, `modify`, and same-kind pairs for damage), so a new
/// kind is its own file, one case of `WidgetContent` and a line in each of those switches
/// (plus, for boards to name it, its entry in GaugeConfig's `WidgetKinds`). Used
/// generically only, never as an existential (Embedded Swift).
public protocol WidgetKind: Sendable {
    var frame: IntRect { get }
    /// The value shown: NaN for "no value" and for kinds without one.
    var shownValue: Double { get }
    /// The span the value moves over (a needle's settling tolerance); nil: none.
    var scale: ClosedRange<Double>? { get }
    /// Shows `value` (NaN or ±∞: "no value"); kinds without a value ignore it.
    mutating func show(_ value: Double)
    /// Recolours the whole widget for a theme (day/night).
    mutating func apply(_ theme: GaugeTheme)
    /// Shows the value part in one colour (an alarm).
    mutating func highlight(_ color: Color)
    func draw<S: FontSet>(on canvas: Canvas, fonts: S, sizes: WidgetFontSizes)
    /// Exactly the pixels that differ between `old` drawn and `self` drawn.
    func damage<S: FontSet>(from old: Self, fonts: S, sizes: WidgetFontSizes) -> Region
    /// Animates by itself (an indeterminate progress indicator).
    var isIndeterminate: Bool { get }
    /// The animation phase (Q16 of a cycle) of an indeterminate widget.
    mutating func setPhase(_ phase: Int32)
}

extension WidgetKind {
    public var scale: ClosedRange<Double>? { nil }
    public var isIndeterminate: Bool { false }
    public mutating func setPhase(_ phase: Int32) {}
}

/// Reads a widget of any kind (`WidgetContent.visit`).
public protocol WidgetVisitor {
    associatedtype Result
    func visit<K: WidgetKind>(_ kind: K) -> Result
}

/// Changes a widget of any kind in place (`WidgetContent.modify`).
public protocol WidgetModifier {
    func modify<K: WidgetKind>(_ kind: inout K)
}
