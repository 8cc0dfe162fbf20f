import GaugeConfig
import GaugeGlyphs
import GaugeText

/// The fonts a board asks for: a TrueType family (each size opened once, with its glyph
/// cache), or the built-in stroke font ("builtin", or when no font file is found).
public final class PanelFonts: FontSet {
    private let trueType: TrueTypeFontSet?
    private let stroke = CachedFontSet(StrokeFontSet())

    public init(_ configuration: FontConfiguration) {
        if let family = configuration.family {
            trueType = TrueTypeFontSet(family: family, style: configuration.weight == .bold ? .bold : .regular)
        } else {
            trueType = nil
        }
    }

    public func font(pixelSize: Int32) -> Font {
        if let trueType { return trueType.font(pixelSize: pixelSize) }
        // The cached stroke font (its glyph cache is shared by every copy of it).
        return .builtIn(stroke.font(pixelSize: pixelSize))
    }

    /// "DejaVu Sans", or why the stroke font draws instead.
    public var summary: String {
        guard let trueType else { return "built-in stroke font" }
        return trueType.isTrueType ? trueType.family : "built-in stroke font (no file for \(trueType.family))"
    }
}
