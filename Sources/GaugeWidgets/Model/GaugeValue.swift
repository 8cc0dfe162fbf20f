import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset: no Foundation. `Double` only where values enter, checked here.

/// A value within a closed range, with its position as a Q16 fraction computed once.
///
/// Out-of-range values are clamped for drawing; NaN, ±∞, a non-finite bound or an empty
/// range give "no value" (`fraction == nil`): styles then draw the track only.
public struct GaugeValue: Sendable {
    public let value: Double
    public let lowerBound: Double
    public let upperBound: Double
    /// Position within the range, 0…65536 (Q16), or nil for "no value".
    public let fraction: Int32?

    public init(_ value: Double, in range: ClosedRange<Double> = 0...1) {
        self.init(value, lowerBound: range.lowerBound, upperBound: range.upperBound)
    }

    public init(_ value: Double, lowerBound: Double, upperBound: Double) {
        self.value = value
        self.lowerBound = lowerBound
        self.upperBound = upperBound
        fraction = GaugeValue.fraction(of: value, lowerBound: lowerBound, upperBound: upperBound)
    }

    /// Q16 position of `value` in lowerBound…upperBound, clamped; nil when not meaningful.
    /// Every check happens before converting, so no input traps.
    public static func fraction(of value: Double, lowerBound: Double, upperBound: Double) -> Int32? {
        guard value.isFinite, lowerBound.isFinite, upperBound.isFinite, upperBound > lowerBound else { return nil }
        let span = upperBound - lowerBound
        guard span.isFinite else { return nil }
        // value − lowerBound may overflow to ±∞; the clamp below handles that.
        let f = (value - lowerBound) / span
        guard !f.isNaN else { return nil }
        let clamped = Swift.min(Swift.max(f, 0), 1)
        return Int32(clamped * 65536 + 0.5)
    }
}
