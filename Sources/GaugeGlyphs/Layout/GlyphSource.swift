import GaugeRaster

// Embedded-Swift subset: used as a generic constraint only, never as `any GlyphSource`.

/// Anything that turns Unicode scalars into positioned, rasterised glyphs: the FreeType
/// fonts, the built-in stroke font, and `Font`, which wraps either.
public protocol GlyphSource {
    /// A glyph in this font (a FreeType glyph index, a scalar for the stroke font).
    associatedtype GlyphID: Hashable

    /// Ascender, descender and line height at this font's size.
    var lineMetrics: LineMetrics { get }

    /// The glyph for `scalar`, or nil when the font can't draw it (the scalar is then
    /// skipped: no ink, no advance).
    func glyphID(for scalar: Unicode.Scalar) -> GlyphID?

    /// Extra pen movement between two consecutive glyphs (usually ≤ 0).
    func kerning(between left: GlyphID, and right: GlyphID) -> Fixed

    /// The glyph's mask and metrics; rasterised on first use, then cached.
    func glyph(_ id: GlyphID) -> RasterGlyph

    /// Adds words to `key` that say exactly which glyphs this font draws, and returns
    /// true; false when it cannot say (its text is then drawn every frame, not kept).
    func identify(in key: inout LayerKey) -> Bool
}

extension GlyphSource {
    /// A font that cannot name its glyphs' pixels is never kept.
    public func identify(in key: inout LayerKey) -> Bool { false }
}
