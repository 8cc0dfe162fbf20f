import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset.

/// A horizontal level meter: a continuous fill, or segments that light completely
/// (the reference scene's 20-segment indicator). Lit parts take the colour of the tier
/// their *position* falls in (green, then yellow, then red, as on an audio meter).
/// Everything lands on whole pixels, so damage is exact columns or segments.
public struct LevelIndicator: Sendable {
    public enum Mode: Equatable, Sendable {
        case continuous
        /// `segments` equal segments with `gap` pixels between them.
        case discrete(segments: Int32, gap: Int32)
    }

    public private(set) var gaugeValue: GaugeValue
    public var frame: IntRect
    public var mode: Mode
    /// Colours by position; empty means `litColor` everywhere.
    public var tiers: [GaugeTier]
    public var litColor: Color
    public var unlitColor: Color
    public var background: Color

    public init(
        value: Double, in range: ClosedRange<Double> = 0...1, frame: IntRect, mode: Mode = .continuous,
        tiers: [GaugeTier] = [], litColor: Color = Color(rgb: 0x30C060), theme: GaugeTheme = .dark
    ) {
        gaugeValue = GaugeValue(value, in: range)
        self.frame = frame
        self.mode = mode
        self.tiers = tiers
        self.litColor = litColor
        unlitColor = theme.track
        background = theme.background
    }

    public var value: Double {
        get { gaugeValue.value }
        set { gaugeValue = GaugeValue(newValue, lowerBound: gaugeValue.lowerBound, upperBound: gaugeValue.upperBound) }
    }

    private func color(at position: Int32) -> Color {
        tiers.isEmpty ? litColor : GaugeTint.tiered(tiers).tierColor(at: position) ?? litColor
    }

    private var segmentCount: Int32 {
        if case .discrete(let n, _) = mode { return Swift.min(Swift.max(n, 1), Swift.max(frame.width, 1)) }
        return 0
    }

    /// Pixel columns of segment `i`.
    private func segment(_ i: Int32) -> IntRect {
        guard case .discrete(_, let g) = mode else { return .empty }
        let n = Int64(segmentCount), gap = Int64(Swift.max(g, 0)), w = Int64(frame.width)
        let x0 = Int64(frame.x0) + (w + gap) * Int64(i) / n
        let x1 = Int64(frame.x0) + (w + gap) * Int64(i + 1) / n - gap
        return IntRect(x0: Int32(x0), y0: frame.y0, x1: Int32(Swift.max(x1, x0)), y1: frame.y1)
    }

    /// Segments lit (discrete), or the fill's right edge in pixels (continuous).
    private func level(_ v: GaugeValue) -> Int32 {
        guard let f = v.fraction else { return mode == .continuous ? frame.x0 : 0 }
        switch mode {
        case .continuous: return frame.x0 &+ Int32((Int64(frame.width) * Int64(f) + 32768) >> 16)
        case .discrete: return Int32((Int64(segmentCount) * Int64(f) + 32768) >> 16)
        }
    }

    public func draw(on canvas: Canvas) {
        let canvas = canvas.clipped(to: frame)
        canvas.fillBackground(frame, color: background)
        let lit = level(gaugeValue)
        switch mode {
        case .continuous:
            canvas.fill(frame, color: unlitColor)
            // One run per tier, so colours change at the tier boundaries.
            var x = frame.x0
            while x < lit {
                let position = Int32((Int64(x - frame.x0) * 65536) / Int64(Swift.max(frame.width, 1)))
                var end = lit
                for t in tiers where t.upTo > position {
                    end = Swift.min(end, frame.x0 &+ Int32((Int64(frame.width) * Int64(t.upTo) + 65535) >> 16))
                    break
                }
                end = Swift.max(end, x + 1)
                canvas.fill(IntRect(x0: x, y0: frame.y0, x1: end, y1: frame.y1), color: color(at: position))
                x = end
            }
        case .discrete:
            for i in 0..<segmentCount {
                let on = i < lit
                let position = Int32((Int64(i + 1) * 65536) / Int64(segmentCount))
                canvas.fill(segment(i), color: on ? color(at: position) : unlitColor)
            }
        }
    }

    /// The columns or segments whose state changed.
    public func damage(from old: LevelIndicator) -> Region {
        guard old.frame == frame, old.mode == mode, old.tiers == tiers, old.litColor == litColor,
            old.unlitColor == unlitColor, old.background == background
        else { return Region(old.frame, frame) }
        let a = level(old.gaugeValue), b = level(gaugeValue)
        guard a != b else { return Region() }
        switch mode {
        case .continuous:
            return Region(IntRect(x0: Swift.min(a, b), y0: frame.y0, x1: Swift.max(a, b), y1: frame.y1))
        case .discrete:
            var r = Region()
            for i in Swift.min(a, b)..<Swift.max(a, b) { r.formUnion(segment(i)) }
            return r
        }
    }
}

extension LevelIndicator: DashboardWidgetKind {
    public consuming func intoContent() -> WidgetContent { .level(self) }
    public static func withKind<R>(in content: WidgetContent, _ body: (Self) -> R) -> R? {
        guard case .level(let w) = content else { return nil }
        return body(w)
    }

    public var shownValue: Double { value }
    public var scale: ClosedRange<Double>? { gaugeValue.lowerBound...gaugeValue.upperBound }
    public mutating func show(_ value: Double) { self.value = value }
    public mutating func apply(_ theme: GaugeTheme) {
        unlitColor = theme.track
        background = theme.background
    }
    public mutating func highlight(_ color: Color) {
        litColor = color
        tiers = []
    }
    public func draw<S: FontSet>(on canvas: Canvas, fonts: S, sizes: WidgetFontSizes) { draw(on: canvas) }
    public func damage<S: FontSet>(from old: LevelIndicator, fonts: S, sizes: WidgetFontSizes) -> Region { damage(from: old) }
}
