import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset: generic over the style, no existentials.

/// A gauge: a value in a range, its labels, and a style that draws it in `frame`.
///
/// ```swift
/// var rpm = Gauge(value: 3000, in: 0...8000, frame: IntRect(x: 50, y: 50, width: 300, height: 300),
///                 style: .circular, tint: .solid(Color(rgb: 0x3A8EE0)))
/// rpm.ticks = GaugeTicks(major: 9, minor: 4, labelDivisor: 1000)
/// rpm.draw(on: canvas, fonts: fonts)
/// let old = rpm; rpm.value = 3100
/// rpm.draw(on: canvas.masked(to: rpm.damage(from: old, fonts: fonts), within: rpm.frame), fonts: fonts)
/// ```
public struct Gauge<Style: GaugeStyle> {
    public private(set) var gaugeValue: GaugeValue {
        didSet { if oldValue.lowerBound != gaugeValue.lowerBound || oldValue.upperBound != gaugeValue.upperBound { resolveScale() } }
    }
    public var style: Style
    public var frame: IntRect
    public var tint: GaugeTint
    public var theme: GaugeTheme
    public var title: String?
    /// Overrides the formatted readout.
    public var currentValueLabel: String?
    public var minimumLabel: String?
    public var maximumLabel: String?
    public var format: ValueFormat
    public var ticks: GaugeTicks? { didSet { resolveScale() } }
    public var markedValues: [GaugeMark] { didSet { resolveScale() } }
    public var zones: [GaugeZone] { didSet { resolveScale() } }
    // Marks and bands resolved once per change of scale, not per frame: `configuration`
    // then shares these arrays instead of building (and allocating) them every draw.
    private var resolvedMarks: [GaugeResolvedMark] = []
    private var resolvedBands: [GaugeBand] = []
    /// A min/max-hold value shown as a marker (nil: none).
    public var hold: Double?

    public init(
        value: Double, in range: ClosedRange<Double> = 0...1, frame: IntRect, style: Style,
        tint: GaugeTint = .solid(Color(rgb: 0x3A8EE0)), theme: GaugeTheme = .dark,
        title: String? = nil, format: ValueFormat = ValueFormat()
    ) {
        gaugeValue = GaugeValue(value, in: range)
        self.style = style
        self.frame = frame
        self.tint = tint
        self.theme = theme
        self.title = title
        self.format = format
        markedValues = []
        zones = []
        resolveScale()
    }

    public var value: Double {
        get { gaugeValue.value }
        set { gaugeValue = GaugeValue(newValue, lowerBound: gaugeValue.lowerBound, upperBound: gaugeValue.upperBound) }
    }

    public var range: ClosedRange<Double> {
        get { gaugeValue.lowerBound...gaugeValue.upperBound }
        set { gaugeValue = GaugeValue(gaugeValue.value, in: newValue) }
    }

    private func fraction(_ v: Double) -> Int32? {
        GaugeValue.fraction(of: v, lowerBound: gaugeValue.lowerBound, upperBound: gaugeValue.upperBound)
    }

    /// Recomputes the marks and bands from ticks, marked values, zones and the range.
    private mutating func resolveScale() {
        var marks: [GaugeResolvedMark] = []
        if let t = ticks, t.major >= 2 {
            let lo = gaugeValue.lowerBound, hi = gaugeValue.upperBound
            let steps = t.major - 1, perMajor = t.minor + 1
            marks.reserveCapacity(Int(steps * perMajor + 1) + markedValues.count)
            for i in 0...(steps * perMajor) {
                let f = Int32((Int64(i) * 65536) / Int64(steps * perMajor))
                let major = i % perMajor == 0
                var label: String?
                if major, t.showsLabels, lo.isFinite, hi.isFinite {
                    let v = lo + (hi - lo) * Double(i / perMajor) / Double(steps)
                    let d = t.labelDivisor.isFinite && t.labelDivisor != 0 ? t.labelDivisor : 1
                    label = t.labelFormat.string(for: v / d)
                }
                marks.append(GaugeResolvedMark(fraction: f, label: label, isMajor: major))
            }
        }
        for m in markedValues {
            if let f = fraction(m.value) { marks.append(GaugeResolvedMark(fraction: f, label: m.label, isMajor: m.isMajor)) }
        }
        var bands: [GaugeBand] = []
        for z in zones {
            if let a = fraction(z.from), let b = fraction(z.to), a != b {
                bands.append(GaugeBand(start: Swift.min(a, b), end: Swift.max(a, b), color: z.color))
            }
        }
        resolvedMarks = marks
        resolvedBands = bands
    }

    /// What the style receives.
    public var configuration: GaugeStyleConfiguration {
        let text = currentValueLabel ?? (gaugeValue.fraction == nil ? format.placeholder : format.string(for: gaugeValue.value))
        return GaugeStyleConfiguration(
            fraction: gaugeValue.fraction, title: title, currentValueText: text,
            minimumLabel: minimumLabel, maximumLabel: maximumLabel, marks: resolvedMarks, bands: resolvedBands,
            hold: hold.flatMap { fraction($0) }, bounds: frame, tint: tint, theme: theme)
    }

    public func draw<F: GlyphSource>(on canvas: Canvas, fonts: GaugeFonts<F>) {
        style.draw(configuration, on: canvas, fonts: fonts)
    }

    /// The pixels that differ between `old` drawn and `self` drawn.
    public func damage<F: GlyphSource>(from old: Gauge<Style>, fonts: GaugeFonts<F>) -> Region {
        if configures(as: old) { return Region() }
        return style.damage(from: old.configuration, to: configuration, fonts: fonts)
    }

    /// Whether `configuration` is sure to equal `old`'s: every property it reads is the
    /// same (a value by its bits, so NaN too). Most of a dashboard's gauges hold still in
    /// a frame, and building two configurations (a formatted readout each) for them cost
    /// more than the damage of the one that moved.
    func configures(as old: Gauge<Style>) -> Bool {
        gaugeValue.value.bitPattern == old.gaugeValue.value.bitPattern
            && gaugeValue.lowerBound.bitPattern == old.gaugeValue.lowerBound.bitPattern
            && gaugeValue.upperBound.bitPattern == old.gaugeValue.upperBound.bitPattern
            && hold?.bitPattern == old.hold?.bitPattern && frame == old.frame && theme == old.theme
            && tint == old.tint && format == old.format && title == old.title
            && currentValueLabel == old.currentValueLabel && minimumLabel == old.minimumLabel
            && maximumLabel == old.maximumLabel && resolvedMarks == old.resolvedMarks
            && resolvedBands == old.resolvedBands
    }
}

extension Gauge: Sendable where Style: Sendable {}

extension Gauge: WidgetKind {
    public var shownValue: Double { value }
    public var scale: ClosedRange<Double>? { range }
    public mutating func show(_ value: Double) { self.value = value }
    public mutating func apply(_ theme: GaugeTheme) { self.theme = theme }
    public mutating func highlight(_ color: Color) { tint = .solid(color) }
    public func draw<S: FontSet>(on canvas: Canvas, fonts: S, sizes: WidgetFontSizes) {
        draw(on: canvas, fonts: fonts.gaugeFonts(label: sizes.label, value: sizes.value))
    }
    public func damage<S: FontSet>(from old: Gauge, fonts: S, sizes: WidgetFontSizes) -> Region {
        if configures(as: old) { return Region() }  // not even the fonts looked up
        return damage(from: old, fonts: fonts.gaugeFonts(label: sizes.label, value: sizes.value))
    }
}
