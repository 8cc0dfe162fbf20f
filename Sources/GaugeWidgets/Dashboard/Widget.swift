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
        self.id = id; self.channel = channel; self.content = content
        self.labelSize = labelSize; self.valueSize = valueSize
    }

    public var frame: IntRect {
        switch content {
        case .dial(let g): return g.frame
        case .ring(let g): return g.frame
        case .bar(let g): return g.frame
        case .level(let l): return l.frame
        case .readout(let r): return r.frame
        case .label(let t): return t.frame
        case .rating(let r): return r.frame
        case .relevance(let r): return r.frame
        case .progress(let p, _): return p.frame
        }
    }

    /// The value shown (NaN for "no value" and for widgets without one).
    public var value: Double {
        switch content {
        case .dial(let g): return g.value
        case .ring(let g): return g.value
        case .bar(let g): return g.value
        case .level(let l): return l.value
        case .readout(let r): return r.value
        case .label: return .nan
        case .rating(let r): return r.value
        case .relevance(let r): return r.value
        case .progress(let p, let range):
            let f = p.fraction
            return f.isFinite ? range.lowerBound + f * (range.upperBound - range.lowerBound) : .nan
        }
    }

    /// Whether it animates by itself (an indeterminate progress indicator).
    public var isIndeterminate: Bool {
        if case .progress(let p, _) = content, case .indeterminate = p.progress { return true }
        return false
    }

    /// Sets the animation phase (Q16 of a cycle) of an indeterminate indicator.
    public mutating func setPhase(_ phase: Int32) {
        if case .progress(var p, let range) = content, case .indeterminate = p.progress {
            p.phase = phase; content = .progress(p, range: range)
        }
    }

    /// Sets the value (NaN or ±∞ show "no value"); labels ignore it.
    public mutating func setValue(_ v: Double) {
        switch content {
        case .dial(var g): g.value = v; content = .dial(g)
        case .ring(var g): g.value = v; content = .ring(g)
        case .bar(var g): g.value = v; content = .bar(g)
        case .level(var l): l.value = v; content = .level(l)
        case .readout(var r): r.value = v; content = .readout(r)
        case .label: break
        case .rating(var r): r.value = v; content = .rating(r)
        case .relevance(var r): r.value = v; content = .relevance(r)
        case .progress(var p, let range):
            let span = range.upperBound - range.lowerBound
            if v.isFinite && span.isFinite && span > 0 {
                p.fraction = Swift.min(Swift.max((v - range.lowerBound) / span, 0), 1)
            } else if case .determinate = p.progress {
                p.phase = 0
            }
            content = .progress(p, range: range)
        }
    }

    /// Recolours the widget for a theme (day/night): the whole widget changes.
    public mutating func apply(_ theme: GaugeTheme) {
        switch content {
        case .dial(var g): g.theme = theme; content = .dial(g)
        case .ring(var g): g.theme = theme; content = .ring(g)
        case .bar(var g): g.theme = theme; content = .bar(g)
        case .level(var l): l.unlitColor = theme.track; l.background = theme.background; content = .level(l)
        case .readout(var r): r.color = theme.value; r.background = theme.background; content = .readout(r)
        case .label(var t): t.color = theme.label; t.background = theme.background; content = .label(t)
        case .rating(var r): r.unlitColor = theme.track; r.background = theme.background; content = .rating(r)
        case .relevance(var r): r.trackColor = theme.track; r.background = theme.background; content = .relevance(r)
        case .progress(var p, let range): p.trackColor = theme.track; p.background = theme.background; content = .progress(p, range: range)
        }
    }

    /// Shows the value part in one colour (an alarm): the tint of a gauge, the lit
    /// segments of a level, the digits of a readout, the text of a label.
    public mutating func highlight(_ color: Color) {
        switch content {
        case .dial(var g): g.tint = .solid(color); content = .dial(g)
        case .ring(var g): g.tint = .solid(color); content = .ring(g)
        case .bar(var g): g.tint = .solid(color); content = .bar(g)
        case .level(var l): l.litColor = color; l.tiers = []; content = .level(l)
        case .readout(var r): r.color = color; content = .readout(r)
        case .label(var t): t.color = color; content = .label(t)
        case .rating(var r): r.litColor = color; content = .rating(r)
        case .relevance(var r): r.tint = color; content = .relevance(r)
        case .progress(var p, let range): p.tint = color; content = .progress(p, range: range)
        }
    }

    public func draw<S: FontSet>(on canvas: Canvas, fonts: S) {
        switch content {
        case .dial(let g): g.draw(on: canvas, fonts: fonts.gaugeFonts(label: labelSize, value: valueSize))
        case .ring(let g): g.draw(on: canvas, fonts: fonts.gaugeFonts(label: labelSize, value: valueSize))
        case .bar(let g): g.draw(on: canvas, fonts: fonts.gaugeFonts(label: labelSize, value: valueSize))
        case .level(let l): l.draw(on: canvas)
        case .readout(let r): r.draw(on: canvas, font: fonts.font(pixelSize: valueSize))
        case .label(let t): t.draw(on: canvas, font: fonts.font(pixelSize: labelSize))
        case .rating(let r): r.draw(on: canvas)
        case .relevance(let r): r.draw(on: canvas)
        case .progress(let p, _): p.draw(on: canvas)
        }
    }

    /// Exactly the pixels that differ between `old` drawn and `self` drawn (tight
    /// rectangles); both frames when the kind, fonts or frame changed.
    public func damage<S: FontSet>(from old: DashboardWidget, fonts: S) -> Region {
        // Built only when needed: damage runs every frame and should not allocate.
        var whole: Region { Region(old.frame, frame) }
        guard old.labelSize == labelSize, old.valueSize == valueSize else { return whole }
        switch (old.content, content) {
        case (.dial(let a), .dial(let b)): return b.damage(from: a, fonts: fonts.gaugeFonts(label: labelSize, value: valueSize))
        case (.ring(let a), .ring(let b)): return b.damage(from: a, fonts: fonts.gaugeFonts(label: labelSize, value: valueSize))
        case (.bar(let a), .bar(let b)): return b.damage(from: a, fonts: fonts.gaugeFonts(label: labelSize, value: valueSize))
        case (.level(let a), .level(let b)): return b.damage(from: a)
        case (.readout(let a), .readout(let b)): return b.damage(from: a, font: fonts.font(pixelSize: valueSize))
        case (.label(let a), .label(let b)): return b.damage(from: a, font: fonts.font(pixelSize: labelSize))
        case (.rating(let a), .rating(let b)): return b.damage(from: a)
        case (.relevance(let a), .relevance(let b)): return b.damage(from: a)
        case (.progress(let a, let ra), .progress(let b, let rb)) where ra == rb: return b.damage(from: a)
        default: return whole
        }
    }
}
