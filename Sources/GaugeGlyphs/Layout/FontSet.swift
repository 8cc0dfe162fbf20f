import GaugeRaster

// Embedded-Swift subset: a generic constraint, never an existential.

/// Where a dashboard gets its fonts: one glyph source per pixel size (the em size of a
/// TrueType font; the built-in stroke font scales its cap height to match).
public protocol FontSet {
    associatedtype Source: GlyphSource
    func font(pixelSize: Int32) -> Source
}

/// The built-in stroke font at every size: needs no font file (and no FreeType), so it
/// works in Embedded builds and on a board without fonts.
public struct StrokeFontSet: FontSet {
    public init() {}

    /// Cap height ≈ 0.73 em, DejaVu Sans' digit height, so layouts keep their proportions
    /// whichever font set draws them.
    public func font(pixelSize: Int32) -> StrokeFont {
        StrokeFont(capHeight: Swift.max(1, (Swift.min(Swift.max(pixelSize, 1), 1024) &* 73 + 50) / 100))
    }
}
