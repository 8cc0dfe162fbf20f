import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset.

/// A progress indicator (HIG): a bar or a ring, determinate (filled to a fraction) or
/// indeterminate (a segment sliding along the bar, or a quarter arc spinning round the
/// ring). The run loop advances an indeterminate `phase` with time (see
/// `phase(atMilliseconds:periodMilliseconds:)`); each frame's damage is only what moved.
public struct ProgressIndicator: Sendable {
    public enum Kind: Equatable, Sendable {
        /// A horizontal bar filling the frame (its height is the bar's thickness).
        case bar
        /// A ring in the frame's largest centred square.
        case ring
    }

    public enum Progress: Equatable, Sendable {
        /// Done so far, 0…1: clamped; NaN or ±∞ show the track only.
        case determinate(Double)
        /// Position in the animation cycle, Q16: 0..<65536 (other values wrap).
        case indeterminate(phase: Int32)
    }

    public var kind: Kind
    public var progress: Progress
    public var frame: IntRect
    public var tint: Color
    public var trackColor: Color
    public var background: Color
    /// Capsule ends on the bar, round caps on the ring's arc.
    public var roundedEnds: Bool
    /// The ring's thickness in pixels (nil: a tenth of its diameter, at least 2).
    public var lineWidth: Int32?

    public init(
        _ kind: Kind, progress: Progress = .determinate(0), frame: IntRect, tint: Color = Color(rgb: 0x3A8EE0),
        roundedEnds: Bool = true, lineWidth: Int32? = nil, theme: GaugeTheme = .dark
    ) {
        self.kind = kind
        self.progress = progress
        self.frame = frame
        self.tint = tint
        self.roundedEnds = roundedEnds
        self.lineWidth = lineWidth
        trackColor = theme.track
        background = theme.background
    }

    /// The determinate fraction (NaN while indeterminate); setting it makes it determinate.
    public var fraction: Double {
        get { if case .determinate(let f) = progress { return f } else { return .nan } }
        set { progress = .determinate(newValue) }
    }

    /// The indeterminate phase, 0..<65536 (0 while determinate); setting it makes it indeterminate.
    public var phase: Int32 {
        get { if case .indeterminate(let p) = progress { return p & 0xFFFF } else { return 0 } }
        set { progress = .indeterminate(phase: newValue) }
    }

    /// The phase, Q16, `milliseconds` into a cycle of `periodMilliseconds` (0 for a period ≤ 0).
    public static func phase(atMilliseconds milliseconds: Int64, periodMilliseconds period: Int32) -> Int32 {
        guard period > 0 else { return 0 }
        var t = milliseconds % Int64(period)
        if t < 0 { t += Int64(period) }
        return Int32(t * 65536 / Int64(period))
    }

    /// The determinate fraction as Q16, nil for no value or while indeterminate.
    var fractionQ16: Int32? {
        guard case .determinate(let f) = progress else { return nil }
        return GaugeValue.fraction(of: f, lowerBound: 0, upperBound: 1)
    }

    // MARK: Bar

    var track: BarTrack { BarTrack(frame: frame, rounded: roundedEnds) }

    /// The indeterminate segment's share of the track, in percent.
    static let segmentPercent: Int64 = 30

    /// The lit part of the bar: from the left to the fraction, or the sliding segment. It
    /// enters on the left at phase 0 and has left on the right at phase 65536, so the cycle
    /// wraps without a jump.
    var barSpan: BarTrack.Span? {
        switch progress {
        case .determinate:
            guard let f = fractionQ16 else { return nil }
            return track.span(from: Fixed(frame.x0), to: track.x(at: f))
        case .indeterminate(let p):
            let w = Int64(frame.width) * 256, length = w * Self.segmentPercent / 100
            let start = Int64(frame.x0) * 256 - length + (w + length) * Int64(p & 0xFFFF) / 65536
            return track.span(from: Fixed(clampingRaw: start), to: Fixed(clampingRaw: start + length))
        }
    }

    // MARK: Ring

    struct Ring {
        let centre: Point
        /// Outer radius.
        let radius: Fixed
        let thickness: Fixed
    }

    var ring: Ring {
        let side = Swift.min(frame.width, frame.height)
        let centre = Point(
            x: Fixed(clampingRaw: (Int64(frame.x0) + Int64(frame.x1)) * 128),
            y: Fixed(clampingRaw: (Int64(frame.y0) + Int64(frame.y1)) * 128))
        // Half a pixel inside the square keeps the anti-aliased rim within the frame.
        let radius = Fixed(raw: Swift.max(side &* 128 &- 128, 0))
        let width = lineWidth.map { Fixed($0) } ?? Fixed(raw: Swift.max(side &* 256 / 10, 512))
        return Ring(centre: centre, radius: radius, thickness: Swift.max(Swift.min(width, radius), .zero))
    }

    /// 12 o'clock.
    static let top: Int32 = 49152

    /// The lit arc: start (0..<65536) and clockwise sweep (1…65536), nil when nothing is lit.
    var arc: (start: Int32, sweep: Int32)? {
        switch progress {
        case .determinate:
            guard let f = fractionQ16, f > 0 else { return nil }
            return (Self.top, f)
        case .indeterminate(let p):
            return ((Self.top &+ (p & 0xFFFF)) & 0xFFFF, 16384)
        }
    }

    // MARK: Drawing

    public func draw(on canvas: Canvas) {
        let canvas = canvas.clipped(to: frame)
        canvas.fillBackground(frame, color: background)
        switch kind {
        case .bar:
            track.drawShape(on: canvas, color: trackColor)
            track.draw(barSpan, on: canvas, color: tint)
        case .ring:
            let r = ring
            canvas.strokeRing(centre: r.centre, radius: r.radius, thickness: r.thickness, paint: .solid(trackColor))
            if let a = arc {
                canvas.strokeArc(
                    centre: r.centre, radius: r.radius, thickness: r.thickness, start: Angle(raw: a.start),
                    sweep: Angle(raw: a.sweep), cap: roundedEnds ? .round : .butt, paint: .solid(tint))
            }
        }
    }

    /// What changed: the bar columns between old and new ends, or the ring's slices between
    /// old and new arc ends (with room for caps and anti-aliasing). The whole frame only when
    /// the frame, kind or colours changed.
    public func damage(from old: ProgressIndicator) -> Region {
        guard old.kind == kind, old.frame == frame, old.tint == tint, old.trackColor == trackColor,
            old.background == background, old.roundedEnds == roundedEnds, old.lineWidth == lineWidth
        else { return Region(old.frame, frame) }
        switch kind {
        case .bar: return track.damage(from: old.barSpan, to: barSpan)
        case .ring: return ringDamage(from: old.arc, to: arc).intersection(frame)
        }
    }

    private func ringDamage(from a: (start: Int32, sweep: Int32)?, to b: (start: Int32, sweep: Int32)?) -> Region {
        let r = ring
        let margin = r.thickness.halved + Fixed(2)
        func slice(_ from: Int32, _ to: Int32) -> IntRect {
            // `from` within one turn, so neither end leaves Angle's ±2 turns.
            let lo = Swift.min(from, to), hi = Swift.max(from, to)
            let start = lo & 0xFFFF
            return ArcGeometry.sliceBounds(
                centre: r.centre, from: start, to: start &+ (hi &- lo),
                inner: r.radius - r.thickness, outer: r.radius, margin: margin)
        }
        switch (a, b) {
        case (nil, nil): return Region()
        case (let x?, nil), (nil, let x?): return Region(slice(x.start, x.start &+ x.sweep))
        case (let x?, let y?):
            if x.start == y.start && x.sweep == y.sweep { return Region() }
            if x.start == y.start {
                // Filling: only the end moved.
                return Region(slice(x.start &+ x.sweep, y.start &+ y.sweep))
            }
            if x.sweep == y.sweep && x.sweep < 65536 {
                // Spinning: both ends moved by the shortest turn d; the rest is still lit.
                let d = ((y.start &- x.start &+ 32768) & 0xFFFF) &- 32768
                return Region(slice(x.start, x.start &+ d), slice(x.start &+ x.sweep, x.start &+ x.sweep &+ d))
            }
            return Region(slice(x.start, x.start &+ x.sweep), slice(y.start, y.start &+ y.sweep))
        }
    }
}

/// A progress indicator on a dashboard: the fraction of `range` its channel's value is;
/// without a value (waiting for the first reading) it turns indeterminate and animates.
public struct RangedProgress: DashboardWidgetKind {
    public var indicator: ProgressIndicator
    public let range: ClosedRange<Double>
    public init(_ indicator: ProgressIndicator, range: ClosedRange<Double>) {
        self.indicator = indicator
        self.range = range
    }

    public consuming func intoContent() -> WidgetContent { .progress(indicator, range: range) }
    public static func withKind<R>(in content: WidgetContent, _ body: (Self) -> R) -> R? {
        guard case .progress(let p, let r) = content else { return nil }
        return body(RangedProgress(p, range: r))
    }

    public var frame: IntRect { indicator.frame }
    public var shownValue: Double {
        let f = indicator.fraction
        return f.isFinite ? range.lowerBound + f * (range.upperBound - range.lowerBound) : .nan
    }
    public mutating func show(_ v: Double) {
        let span = range.upperBound - range.lowerBound
        if v.isFinite && span.isFinite && span > 0 {
            indicator.fraction = Swift.min(Swift.max((v - range.lowerBound) / span, 0), 1)
        } else if case .determinate = indicator.progress {
            indicator.phase = 0
        }
    }
    public mutating func apply(_ theme: GaugeTheme) {
        indicator.trackColor = theme.track
        indicator.background = theme.background
    }
    public mutating func highlight(_ color: Color) { indicator.tint = color }
    public func draw<S: FontSet>(on canvas: Canvas, fonts: S, sizes: WidgetFontSizes) { indicator.draw(on: canvas) }
    public func damage<S: FontSet>(from old: RangedProgress, fonts: S, sizes: WidgetFontSizes) -> Region {
        old.range == range ? indicator.damage(from: old.indicator) : Region(old.frame, frame)
    }
    public var isIndeterminate: Bool {
        if case .indeterminate = indicator.progress { return true }
        return false
    }
    public mutating func setPhase(_ phase: Int32) { if isIndeterminate { indicator.phase = phase } }
}
