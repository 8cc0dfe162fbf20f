import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset.

/// A trend chart: a channel's history over a window (seconds to a day), newest at the
/// right, as a line through each column's mean or as the band from its lowest to its
/// highest reading with the mean line over it. Its range is fixed or follows the values
/// (rounded out to 1, 2 or 5 × 10ⁿ). Zones (the channel's alarm zones) are shaded bands
/// behind the line; the range's ends, the title and the window are labelled.
///
/// The history itself is kept by the panel (`ChartHistory`, one per chart) and handed
/// in each frame; a reading within the newest column redraws only the columns around it,
/// a new column the plot.
public struct ChartWidget: Sendable {
    public enum Style: Equatable, Sendable {
        /// The mean of each column, joined.
        case line
        /// Each column's lowest-to-highest span shaded, the mean line over it.
        case band
    }

    /// A shaded span of values (an alarm zone), in the channel's units.
    public struct Zone: Equatable, Sendable {
        public var lower: Double, upper: Double
        public var color: Color
        public init(lower: Double, upper: Double, color: Color) {
            self.lower = lower
            self.upper = upper
            self.color = color
        }
    }

    /// A further channel on the same chart: its history (the same shape) and colour.
    public struct Series: Equatable, Sendable {
        public var channel: String
        public var history: ChartHistory
        public var color: Color
        public init(channel: String, history: ChartHistory, color: Color) {
            self.channel = channel
            self.history = history
            self.color = color
        }
    }

    /// The colours of further channels, in order (after the first channel's tint).
    public static let seriesColors = [Color(rgb: 0xF08030), Color(rgb: 0xB070E0), Color(rgb: 0x40C0B0)]

    public var frame: IntRect
    /// The first channel's history (the widget's `channel`).
    public var history: ChartHistory
    /// Further channels drawn on the same axes (at most three).
    public var more: [Series] = []
    public var style: Style
    /// nil: the range follows the values in the window.
    public var fixedRange: ClosedRange<Double>?
    public var lineColor: Color
    /// Stroke width in pixels (1…16).
    public var lineWidth: Int32
    public var zones: [Zone]
    /// Where the panel keeps its history across restarts (nil: it starts empty).
    public var historyFile: String?
    /// Takes its channel's alarm zones as `zones` (a board sets none of its own).
    public var showsAlarmZones = false
    public var title: String
    /// How the range's ends are written.
    public var format: ValueFormat
    public var background: Color
    public var gridColor: Color
    public var labelColor: Color

    /// The window as the board gave it (the columns' time together may round off a little).
    public let windowSeconds: Int64

    /// A chart of `frame` over the last `seconds` (its columns: `shape(width:seconds:)`).
    public init(
        frame: IntRect, seconds: Int64, style: Style = .line, range: ClosedRange<Double>? = nil,
        lineColor: Color = Color(rgb: 0x3A8EE0), lineWidth: Int32 = 2, zones: [Zone] = [], title: String = "",
        format: ValueFormat = ValueFormat(), theme: GaugeTheme = .dark
    ) {
        self.frame = frame
        windowSeconds = Swift.max(seconds, 1)
        history = ChartHistory(Self.shape(width: frame.width, seconds: seconds))
        self.style = style
        fixedRange = range
        self.lineColor = lineColor
        self.lineWidth = Swift.min(Swift.max(lineWidth, 1), 16)
        self.zones = zones
        self.title = title
        self.format = format
        background = theme.background
        gridColor = theme.track
        labelColor = theme.label
    }

    /// The columns a chart of `width` pixels keeps for a window of `seconds`: one per pixel
    /// column, but none shorter than a quarter second (a short window's points are then
    /// spaced wider), so a chart never wakes the panel more than four times a second.
    public static func shape(width: Int32, seconds: Int64) -> ChartHistory.Shape {
        let milliseconds = Swift.max(seconds, 1) * 1000
        let columns = Swift.max(Swift.min(Int64(Swift.max(width, 2)), milliseconds / 250), 2)
        return ChartHistory.Shape(columns: Int32(columns), columnMilliseconds: Swift.max(milliseconds / columns, 1))
    }

    /// The values the plot spans: the fixed range, or the window's rounded out.
    public var valueRange: ClosedRange<Double> {
        if let fixedRange { return fixedRange }
        // Over every series, without an array built per call (a frame asks several times).
        var low = Float.infinity, high = -Float.infinity
        func take(_ e: ClosedRange<Float>?) {
            guard let e else { return }
            low = Swift.min(low, e.lowerBound)
            high = Swift.max(high, e.upperBound)
        }
        take(history.extent)
        for s in more { take(s.history.extent) }
        guard low <= high else { return 0...1 }
        return Self.roundedOut(Double(low), Double(high))
    }

    /// `low…high` widened to multiples of a step of 1, 2 or 5 × 10ⁿ, about a quarter of it.
    static func roundedOut(_ low: Double, _ high: Double) -> ClosedRange<Double> {
        var lo = low, hi = high
        let least = Swift.max(Swift.abs(lo), Swift.abs(hi)) * 1e-6
        if hi - lo < Swift.max(least, 1e-9) {
            let pad = least > 0 ? least * 1e5 : 1
            lo -= pad
            hi += pad
        }
        // The step is k × 10ⁿ; below 1 it is applied as k ÷ 10⁻ⁿ (exact in a Double up to
        // 10²²), so 0.1 steps give 2.3, not 2.3000000000000003.
        let raw = (hi - lo) / 4
        var power = 1.0, negative = false
        while power * 10 <= raw && power < 1e30 { power *= 10 }
        if power > raw {
            negative = true
            while 1 / power > raw && power < 1e30 { power *= 10 }
        }
        let magnitude = negative ? 1 / power : power
        let k: Double = magnitude >= raw ? 1 : magnitude * 2 >= raw ? 2 : magnitude * 5 >= raw ? 5 : 10
        func steps(_ v: Double) -> Double { negative ? v * power / k : v / (k * power) }
        func value(_ n: Double) -> Double { negative ? n * k / power : n * k * power }
        let a = steps(lo), b = steps(hi)
        guard Swift.abs(a) < 1e15, Swift.abs(b) < 1e15 else { return lo...hi }
        var fa = Double(Int64(a)), fb = Double(Int64(b))
        if fa > a { fa -= 1 }
        if fb < b { fb += 1 }
        return value(fa)...value(fb)
    }

    /// "45 s", "30 min", "24 h": the window, as the chart labels it.
    public var windowLabel: String {
        let seconds = windowSeconds
        if seconds >= 3600 && seconds % 3600 == 0 { return "\(seconds / 3600) h" }
        if seconds >= 60 && seconds % 60 == 0 { return "\(seconds / 60) min" }
        return "\(seconds) s"
    }

    /// Everything but the history and the range drawn alike.
    func looksLike(_ other: ChartWidget) -> Bool {
        frame == other.frame && style == other.style && lineColor == other.lineColor && lineWidth == other.lineWidth
            && zones == other.zones && showsAlarmZones == other.showsAlarmZones && title == other.title && format == other.format
            && background == other.background
            && gridColor == other.gridColor && labelColor == other.labelColor && history.shape == other.history.shape
            && more.map { $0.color } == other.more.map { $0.color }
            && windowSeconds == other.windowSeconds
    }

    /// The pixels that differ from `old` drawn: nothing when the history is the same; the
    /// columns around those that changed while the present stays in its column; the plot
    /// when the present moved on (everything shifts left); the whole chart when the range
    /// or its look changed.
    public func damage(from old: ChartWidget, labelSize: Int32) -> Region {
        guard looksLike(old), old.valueRange == valueRange else { return Region(old.frame, frame) }
        guard old.history != history || old.more != more else { return Region() }
        let layout = ChartLayout(self, labelSize: labelSize)
        guard old.history.newest == history.newest else { return Region(layout.plot) }
        return Self.columnsDamage(layout, lineWidth: lineWidth) { age in
            history[age: age] != old.history[age: age] || more.indices.contains { more[$0].history[age: age] != old.more[$0].history[age: age] }
        }
    }

    /// Scrolling instead of redrawing when the present moved on by fewer than half the
    /// columns and columns sit a whole number of pixels apart (one per pixel, the usual
    /// case): the plot's pixels move left by that many columns' pixels, and what still
    /// differs is the new columns at the right, the oldest at the left (its neighbour left
    /// the window) and any column whose readings changed meanwhile.
    public func scrolled(from old: ChartWidget, labelSize: Int32) -> (scroll: WidgetScroll, damage: Region)? {
        guard looksLike(old), old.valueRange == valueRange, let n = history.newest, let o = old.history.newest, n > o else { return nil }
        let layout = ChartLayout(self, labelSize: labelSize), columns = history.shape.columns
        guard layout.plot == ChartLayout(old, labelSize: labelSize).plot, (layout.plot.width - 1) % (columns - 1) == 0,
            n - o < Int64(columns / 2)
        else { return nil }
        let k = Int32(n - o)
        let damage = Self.columnsDamage(layout, lineWidth: lineWidth) { age in
            age < k || age == columns - 1 || history[age: age] != old.history[age: age - k]
                || more.indices.contains { more[$0].history[age: age] != old.more[$0].history[age: age - k] }
        }
        return (WidgetScroll(rect: layout.plot, dx: k * (layout.plot.width - 1) / (columns - 1)), damage)
    }

    /// The plot's columns around every run of ages `changed` holds for: a column's line
    /// joins both neighbours, and its band reaches halfway to them.
    static func columnsDamage(_ layout: ChartLayout, lineWidth: Int32, changed: (Int32) -> Bool) -> Region {
        let columns = layout.columns, reach = (lineWidth + 1) / 2 + 2
        var region = Region()
        var age: Int32 = 0
        while age < columns {
            guard changed(age) else {
                age += 1
                continue
            }
            var end = age
            while end + 1 < columns && changed(end + 1) { end += 1 }
            let x0 = (layout.x(age: Swift.min(end + 1, columns - 1)).raw >> 8) - reach
            let x1 = (layout.x(age: Swift.max(age - 1, 0)).raw >> 8) + reach + 1
            region.formUnion(IntRect(x0: x0, y0: layout.plot.y0, x1: x1, y1: layout.plot.y1).intersection(layout.plot))
            age = end + 1
        }
        return region
    }
}

extension ChartWidget: DashboardWidgetKind {
    public consuming func intoContent() -> WidgetContent { .chart(self) }
    public static func withKind<R>(in content: WidgetContent, _ body: (Self) -> R) -> R? {
        guard case .chart(let w) = content else { return nil }
        return body(w)
    }

    /// The newest column's mean (NaN: no reading in it).
    public var shownValue: Double {
        let c = history[age: 0]
        return c.count > 0 ? Double(c.mean) : .nan
    }
    public var scale: ClosedRange<Double>? { fixedRange }
    /// The value comes through the history, not through `show`.
    public mutating func show(_ value: Double) {}
    public var chartShape: ChartHistory.Shape? { history.shape }
    public mutating func show(history: ChartHistory, series: Int) {
        guard history.shape == self.history.shape else { return }
        if series == 0 {
            self.history = history
        } else if series - 1 < more.count {
            more[series - 1].history = history
        }
    }
    public mutating func apply(_ theme: GaugeTheme) {
        background = theme.background
        gridColor = theme.track
        labelColor = theme.label
    }
    public mutating func highlight(_ color: Color) { lineColor = color }
    public func draw<S: FontSet>(on canvas: Canvas, fonts: S, sizes: WidgetFontSizes) {
        draw(on: canvas, font: fonts.font(pixelSize: sizes.label), labelSize: sizes.label)
    }
    public func damage<S: FontSet>(from old: ChartWidget, fonts: S, sizes: WidgetFontSizes) -> Region {
        damage(from: old, labelSize: sizes.label)
    }
    public func scrolled(from old: ChartWidget, sizes: WidgetFontSizes) -> (scroll: WidgetScroll, damage: Region)? {
        scrolled(from: old, labelSize: sizes.label)
    }
}
