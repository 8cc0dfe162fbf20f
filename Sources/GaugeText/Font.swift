import GaugeRaster
import GaugeGlyphs

/// Either kind of font, so callers can hold one type and still fall back to the built-in
/// stroke font when no font file exists.
public enum Font: GlyphSource {
    case trueType(FreeTypeFont)
    case builtIn(StrokeFont)

    /// A glyph of either font.
    public enum GlyphID: Hashable {
        case trueType(UInt32)
        case builtIn(Unicode.Scalar)
    }

    /// `family` at `pixelSize` if a file for it is found, otherwise the stroke font with
    /// a cap height of about 0.73 em (DejaVu Sans' digit height), so layouts keep their size.
    public static func named(
        _ family: String, style: FontStyle = .regular, pixelSize: Int32,
        locator: FontLocator = FontLocator()
    ) -> Font {
        if let font = try? FreeTypeFont(family: family, style: style, pixelSize: pixelSize, locator: locator) {
            return .trueType(font)
        }
        return strokeStandIn(pixelSize: pixelSize)
    }

    /// The built-in stroke font standing in for a missing file at `pixelSize`: cap height
    /// ≈ 0.73 em, DejaVu Sans' digit height, so layouts keep their proportions.
    static func strokeStandIn(pixelSize: Int32) -> Font {
        .builtIn(StrokeFont(capHeight: Swift.max(1, (pixelSize &* 73 + 50) / 100)))
    }

    public var lineMetrics: LineMetrics {
        switch self {
        case .trueType(let f): return f.lineMetrics
        case .builtIn(let f): return f.lineMetrics
        }
    }

    public func glyphID(for scalar: Unicode.Scalar) -> GlyphID? {
        switch self {
        case .trueType(let f): return f.glyphID(for: scalar).map(GlyphID.trueType)
        case .builtIn(let f): return f.glyphID(for: scalar).map(GlyphID.builtIn)
        }
    }

    public func kerning(between left: GlyphID, and right: GlyphID) -> Fixed {
        switch (self, left, right) {
        case (.trueType(let f), .trueType(let a), .trueType(let b)): return f.kerning(between: a, and: b)
        case (.builtIn(let f), .builtIn(let a), .builtIn(let b)): return f.kerning(between: a, and: b)
        default: return .zero
        }
    }

    /// Either font's words (a FreeType font's serial, the stroke font's size and weight).
    public func identify(in key: inout LayerKey) -> Bool {
        switch self {
        case .trueType(let f): return f.identify(in: &key)
        case .builtIn(let f): return f.identify(in: &key)
        }
    }

    public func glyph(_ id: GlyphID) -> RasterGlyph {
        switch (self, id) {
        case (.trueType(let f), .trueType(let g)): return f.glyph(g)
        case (.builtIn(let f), .builtIn(let s)): return f.glyph(s)
        default: return .blank(advance: .zero)
        }
    }
}
