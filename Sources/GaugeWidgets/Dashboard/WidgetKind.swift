import GaugeGlyphs
import GaugeRaster

/// The font sizes of one widget on a dashboard: labels (ticks, titles) and its readout.
public struct WidgetFontSizes: Sendable, Equatable {
    public var label: Int32
    public var value: Int32
    public init(label: Int32, value: Int32) {
        self.label = label
        self.value = value
    }
}

/// Pixels that move left within a widget from one frame to the next (a chart scrolling):
/// those of `rect` from `x + dx` to `x`.
public struct WidgetScroll: Sendable, Equatable {
    public var rect: IntRect
    public var dx: Int32
    public init(rect: IntRect, dx: Int32) {
        self.rect = rect
        self.dx = dx
    }
}

/// What a dashboard needs of each kind of widget: drawing, its exact damage, the value
/// it shows, and how a theme and an alarm recolour it. Each built-in kind conforms in
/// its own file, next to its drawing, and says there how it sits in `WidgetContent`
/// (`DashboardWidgetKind`); `WidgetContent` holds one of them and dispatches through one
/// switch (`visit`), so a new kind is its own file, one case of `WidgetContent` with its
/// line in that switch (plus, for boards to name it, its entry in GaugeConfig's
/// `WidgetKinds`). Used generically only, never as an existential (Embedded Swift).
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
    /// Its channel's alarm as shown now: 0 none or normal, 1 alert, 2 warn, 3 alarm, 4
    /// emergency (a lamp lit by an alarm state); most kinds show alarms by `highlight`.
    mutating func showAlarm(severity: Int8)
    func draw<S: FontSet>(on canvas: Canvas, fonts: S, sizes: WidgetFontSizes)
    /// Exactly the pixels that differ between `old` drawn and `self` drawn.
    func damage<S: FontSet>(from old: Self, fonts: S, sizes: WidgetFontSizes) -> Region
    /// Animates by itself (an indeterminate progress indicator).
    var isIndeterminate: Bool { get }
    /// The animation phase (Q16 of a cycle) of an indeterminate widget.
    mutating func setPhase(_ phase: Int32)
    /// Shows the raw reading, not the eased one a needle moves to (a lamp's threshold).
    var followsRawValue: Bool { get }
    /// Changes by itself at times of the panel's clock (a blinking lamp).
    var isTimed: Bool { get }
    /// Shows the state at `milliseconds` of the panel's clock; returns when it next
    /// changes by itself (nil: not until something else changes).
    mutating func setTime(milliseconds: Int64) -> Int64?
    /// The history it draws (a chart): how many columns of how long; nil: none.
    var chartShape: ChartHistory.Shape? { get }
    /// Shows `history` as its series `series` (kept by the panel, one per channel of a
    /// chart: 0 its `channel`, then the others); kinds without one ignore it.
    mutating func show(history: ChartHistory, series: Int)
    /// How to get from `old` drawn to `self` drawn by moving pixels: the scroll, then the
    /// pixels that still differ (exactly). nil: by `damage(from:)` alone.
    func scrolled(from old: Self, sizes: WidgetFontSizes) -> (scroll: WidgetScroll, damage: Region)?
}

extension WidgetKind {
    public var scale: ClosedRange<Double>? { nil }
    public var isIndeterminate: Bool { false }
    public mutating func showAlarm(severity: Int8) {}
    public mutating func setPhase(_ phase: Int32) {}
    public var followsRawValue: Bool { false }
    public var isTimed: Bool { false }
    public mutating func setTime(milliseconds: Int64) -> Int64? { nil }
    public var chartShape: ChartHistory.Shape? { nil }
    public mutating func show(history: ChartHistory, series: Int) {}
    public func scrolled(from old: Self, sizes: WidgetFontSizes) -> (scroll: WidgetScroll, damage: Region)? { nil }
}

/// A kind a dashboard holds: its case of `WidgetContent`, both ways, declared in the
/// kind's own file (so changing a widget and comparing two need no switch of their own).
public protocol DashboardWidgetKind: WidgetKind {
    /// This widget as a dashboard holds it (consumed: moved in, not copied).
    consuming func intoContent() -> WidgetContent
    /// `body` of the widget in `content` when it is of this kind (borrowed, not copied:
    /// a copy retains every string and array in it); nil for another kind.
    static func withKind<R>(in content: WidgetContent, _ body: (Self) -> R) -> R?
}

/// A gauge style a dashboard holds: which case of `WidgetContent` its gauges are. A
/// style of one's own (drawn directly, not named by boards) needs none of this.
public protocol DashboardGaugeStyle: GaugeStyle {
    static func content(_ gauge: consuming Gauge<Self>) -> WidgetContent
    static func withGauge<R>(in content: WidgetContent, _ body: (Gauge<Self>) -> R) -> R?
}

extension Gauge: DashboardWidgetKind where Style: DashboardGaugeStyle {
    public consuming func intoContent() -> WidgetContent { Style.content(self) }
    public static func withKind<R>(in content: WidgetContent, _ body: (Self) -> R) -> R? { Style.withGauge(in: content, body) }
}

/// Reads a widget of any kind (`WidgetContent.visit`).
public protocol WidgetVisitor {
    associatedtype Result
    func visit<K: DashboardWidgetKind>(_ kind: K) -> Result
}

/// Reads a widget of any kind with an argument passed along borrowed (`WidgetContent.visit(_:with:)`).
public protocol WidgetArgumentVisitor {
    associatedtype Argument
    associatedtype Result
    func visit<K: DashboardWidgetKind>(_ kind: K, _ argument: Argument) -> Result
}

/// Changes a widget of any kind in place (`WidgetContent.modify`).
public protocol WidgetModifier {
    func modify<K: WidgetKind>(_ kind: inout K)
}
