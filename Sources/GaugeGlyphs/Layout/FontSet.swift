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

/// A font set that opens each size once and keeps it, glyph cache and all, for the life
/// of the set: redraws then neither make fonts nor rasterise glyphs again (and allocate
/// nothing). `StrokeFontSet` makes a new font, with an empty cache, on every call.
public final class CachedFontSet<Base: FontSet>: FontSet {
    public let base: Base
    private var sizes: [Int32] = []
    private var fonts: [Base.Source] = []

    public init(_ base: Base) { self.base = base }

    public func font(pixelSize: Int32) -> Base.Source {
        // A dashboard uses a handful of sizes: a linear scan beats hashing.
        for i in sizes.indices where sizes[i] == pixelSize { return fonts[i] }
        let font = base.font(pixelSize: pixelSize)
        sizes.append(pixelSize)
        fonts.append(font)
        return font
    }
}
