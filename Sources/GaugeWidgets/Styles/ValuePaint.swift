import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset.

/// The paint of a gauge's value part. Gradients are fixed to the scale (not to the
/// value), so moving the value never recolours pixels that stay covered.
enum ValuePaint {
    /// `leadIn` starts the gradient that far before the arc, so a round start cap on a
    /// full-turn scale takes the first colour, not the last one wrapping round.
    static func arc(_ tint: GaugeTint, _ arc: ArcGeometry, fraction: Int32, leadIn: Angle = .zero) -> Paint {
        switch tint {
        case .gradient(let stops):
            return .conic(ConicGradient(centre: arc.centre, start: arc.start - leadIn, sweep: arc.sweep, stops: stops))
        default: return .solid(tint.tierColor(at: fraction) ?? .clear)
        }
    }

    static func bar(_ tint: GaugeTint, from a: Point, to b: Point, fraction: Int32) -> Paint {
        switch tint {
        case .gradient(let stops): return .linear(LinearGradient(from: a, to: b, stops: stops))
        default: return .solid(tint.tierColor(at: fraction) ?? .clear)
        }
    }
}
