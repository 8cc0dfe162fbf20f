import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset.

/// A rating (HIG): `count` symbols in a row, the first `value` of them lit, in whole or
/// half steps (a half-lit symbol is lit on its left half). Unlit symbols take the theme's
/// track colour; NaN or ±∞ lights none, out-of-range values clamp to 0…count.
///
/// Each symbol draws only inside its own square (clipped), so damage is exactly the
/// squares of the symbols whose state changed.
public struct RatingIndicator: Sendable {
    public enum Symbol: Equatable, Sendable {
        /// Five-pointed stars.
        case star
        /// Filled discs.
        case dot
    }

    public enum Step: Equatable, Sendable {
        case whole
        case half
    }

    public private(set) var gaugeValue: GaugeValue
    /// Symbols shown, 1…64.
    public let count: Int32
    public var frame: IntRect
    public var symbol: Symbol
    public var step: Step
    /// Pixels between symbols.
    public var spacing: Int32
    public var litColor: Color
    public var unlitColor: Color
    public var background: Color

    public init(
        value: Double, count: Int32 = 5, frame: IntRect, symbol: Symbol = .star, step: Step = .half,
        spacing: Int32 = 4, litColor: Color = Color(rgb: 0xF0B830), theme: GaugeTheme = .dark
    ) {
        self.count = Swift.min(Swift.max(count, 1), 64)
        gaugeValue = GaugeValue(value, lowerBound: 0, upperBound: Double(self.count))
        self.frame = frame
        self.symbol = symbol
        self.step = step
        self.spacing = spacing
        self.litColor = litColor
        unlitColor = theme.track
        background = theme.background
    }

    /// The rating, 0…count.
    public var value: Double {
        get { gaugeValue.value }
        set { gaugeValue = GaugeValue(newValue, lowerBound: 0, upperBound: Double(count)) }
    }

    /// Half symbols lit, rounded to the step (0 for no value).
    var litHalves: Int32 {
        guard let f = gaugeValue.fraction else { return 0 }
        let n = Int64(count)
        switch step {
        case .whole: return Int32((n * Int64(f) + 32768) >> 16) * 2
        case .half: return Int32((2 * n * Int64(f) + 32768) >> 16)
        }
    }

    /// 0 unlit, 1 half lit, 2 lit.
    func state(of i: Int32, halves: Int32) -> Int32 { Swift.min(Swift.max(halves &- 2 &* i, 0), 2) }

    /// The square symbol `i` draws in. All squares have one size and a whole-pixel pitch,
    /// so every symbol rasterizes identically; the row is centred in the frame.
    func square(_ i: Int32) -> IntRect {
        let n = Int64(count), gap = Int64(Swift.max(spacing, 0)), w = Int64(frame.width), h = Int64(frame.height)
        let side = Swift.min((w + gap) / n - gap, h)
        guard side > 0 else { return .empty }
        let x = Int64(frame.x0) + (w - (n * (side + gap) - gap)) / 2 + Int64(i) * (side + gap)
        let y = Int64(frame.y0) + (h - side) / 2
        return IntRect(x0: Int32(x), y0: Int32(y), x1: Int32(x + side), y1: Int32(y + side)).intersection(frame)
    }

    public func draw(on canvas: Canvas) {
        let canvas = canvas.clipped(to: frame)
        canvas.fill(frame, color: background)
        let halves = litHalves
        for i in 0..<count {
            let box = square(i)
            guard !box.isEmpty, box.intersects(canvas.clip) else { continue }
            let c = canvas.clipped(to: box)
            switch state(of: i, halves: halves) {
            case 0: drawSymbol(in: box, on: c, color: unlitColor)
            case 1:
                drawSymbol(in: box, on: c, color: unlitColor)
                // Split at the column nearest the symbol's centre line.
                let split = Int32((Int64(box.x0) * 2 + Int64(box.width) + 1) / 2)
                drawSymbol(
                    in: box, on: c.clipped(to: IntRect(x0: box.x0, y0: box.y0, x1: split, y1: box.y1)),
                    color: litColor)
            default: drawSymbol(in: box, on: c, color: litColor)
            }
        }
    }

    private func drawSymbol(in box: IntRect, on canvas: Canvas, color: Color) {
        switch symbol {
        case .star: StarShape(in: box).fill(on: canvas, color: color)
        case .dot:
            let centre = Point(
                x: Fixed(clampingRaw: Int64(box.x0) * 256 + Int64(box.width) * 128),
                y: Fixed(clampingRaw: Int64(box.y0) * 256 + Int64(box.height) * 128))
            // One pixel clear all round, so the anti-aliased rim stays inside the square.
            canvas.fillDisc(centre: centre, radius: Fixed(raw: Swift.max(box.width &- 2, 0) &* 128), paint: .solid(color))
        }
    }

    /// The squares of the symbols whose state changed.
    public func damage(from old: RatingIndicator) -> Region {
        guard old.frame == frame, old.count == count, old.symbol == symbol, old.spacing == spacing,
            old.litColor == litColor, old.unlitColor == unlitColor, old.background == background
        else { return Region(old.frame, frame) }
        let a = old.litHalves, b = litHalves
        var region = Region()
        guard a != b else { return region }
        for i in 0..<count where state(of: i, halves: a) != state(of: i, halves: b) { region.formUnion(square(i)) }
        return region
    }
}

extension RatingIndicator: DashboardWidgetKind {
    public consuming func intoContent() -> WidgetContent { .rating(self) }
    public static func withKind<R>(in content: WidgetContent, _ body: (Self) -> R) -> R? {
        guard case .rating(let w) = content else { return nil }
        return body(w)
    }

    public var shownValue: Double { value }
    public mutating func show(_ value: Double) { self.value = value }
    public mutating func apply(_ theme: GaugeTheme) {
        unlitColor = theme.track
        background = theme.background
    }
    public mutating func highlight(_ color: Color) { litColor = color }
    public func draw<S: FontSet>(on canvas: Canvas, fonts: S, sizes: WidgetFontSizes) { draw(on: canvas) }
    public func damage<S: FontSet>(from old: RatingIndicator, fonts: S, sizes: WidgetFontSizes) -> Region { damage(from: old) }
}
