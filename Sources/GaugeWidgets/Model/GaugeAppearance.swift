import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset: plain value types.

/// How the value part of a gauge is coloured.
public enum GaugeTint: Equatable, Sendable {
    case solid(Color)
    /// Along the path: conic along an arc, linear along a bar (start → end of the scale).
    case gradient([GradientStop])
    /// One colour for the whole fill, chosen by the value: the first tier whose
    /// `upTo` (Q16 fraction) is ≥ the value's fraction, else the last.
    case tiered([GaugeTier])

    /// The solid colour of a tiered or solid tint at `fraction` (nil for gradients).
    func tierColor(at fraction: Int32) -> Color? {
        switch self {
        case .solid(let c): return c
        case .gradient: return nil
        case .tiered(let tiers):
            for t in tiers where fraction <= t.upTo { return t.color }
            return tiers.last?.color ?? .clear
        }
    }

    var isTiered: Bool { if case .tiered = self { return true } else { return false } }
}

public struct GaugeTier: Equatable, Sendable {
    public var upTo: Int32
    public var color: Color
    /// `upTo` as a fraction of the range, 0…1 (NaN → 0).
    public init(upTo fraction: Double, _ color: Color) {
        upTo = GaugeValue.fraction(of: fraction, lowerBound: 0, upperBound: 1) ?? 0
        self.color = color
    }
}

/// A coloured band on the scale (e.g. red above 6500 rpm), in the gauge's units.
public struct GaugeZone: Sendable {
    public var from: Double, to: Double
    public var color: Color
    public init(from: Double, to: Double, color: Color) {
        self.from = from
        self.to = to
        self.color = color
    }
}

/// A zone resolved to Q16 fractions.
public struct GaugeBand: Equatable, Sendable {
    public var start: Int32, end: Int32
    public var color: Color
}

/// The colours a style uses besides the tint.
public struct GaugeTheme: Equatable, Sendable {
    public var background: Color
    public var track: Color
    public var tick: Color
    public var label: Color
    public var value: Color
    public var needle: Color
    public var hub: Color
    public var hold: Color

    public init(
        background: Color, track: Color, tick: Color, label: Color, value: Color,
        needle: Color, hub: Color, hold: Color
    ) {
        self.background = background
        self.track = track
        self.tick = tick
        self.label = label
        self.value = value
        self.needle = needle
        self.hub = hub
        self.hold = hold
    }

    /// The reference scene's colours.
    public static let dark = GaugeTheme(
        background: Color(rgb: 0x101418), track: Color(rgb: 0x2A3038), tick: Color(rgb: 0xD0D4D8),
        label: Color(rgb: 0xA0A8B0), value: Color(rgb: 0xF0F2F4), needle: Color(rgb: 0xE0403A),
        hub: Color(rgb: 0xD0D4D8), hold: Color(rgb: 0xE0C030))
}

/// The fonts a gauge writes with: small labels (ticks, title, bounds) and the readout.
/// Any `GlyphSource` (FreeType via GaugeText, or the built-in `StrokeFont`).
public struct GaugeFonts<F: GlyphSource> {
    public var label: F
    public var value: F
    public init(label: F, value: F) {
        self.label = label
        self.value = value
    }
}
