/// A shape the rasterizer can fill: per row, where it may cover and where it certainly
/// covers fully, and the exact coverage (0…256) of any pixel, sampled at its centre.
///
/// Contract — what makes clipped draws identical to full draws:
/// - `coverage(x:row:)` depends only on the pixel and the row, never on the clip;
/// - pixels outside `spans.nonZero` have coverage 0, pixels inside `spans.full` have 256.
///   Outside `nonZero` a pixel is never drawn, whatever `coverage` would say there (a
///   polygon's product of edge coverages can be non-zero a little beyond its bounds at an
///   acute corner): combinators evaluate a part only inside its own `nonZero`, so a shape
///   draws the same pixels alone and as part of a union.
protocol CoverageShape {
    /// Per-row values computed once and reused for every pixel of the row.
    associatedtype Row
    /// Pixels that may be covered.
    var bounds: IntRect { get }
    func row(_ y: Int32, spans: inout RowSpans) -> Row
    func coverage(x: Int32, row: Row) -> UInt32
    /// Whether row `y` may have coverage in the pixels [x0, x1): false only when it
    /// certainly has none there. A cheap test the rasterizer uses to skip rows of a shape
    /// that lie outside a narrow clip (a damaged rectangle) without computing them.
    func mayCover(row y: Int32, from x0: Int32, to x1: Int32) -> Bool
    /// Whether any pixel of `rect` may have coverage: false only when certainly none has.
    /// Lets a masked fill drop a damaged rectangle before asking about its rows.
    func mayCover(_ rect: IntRect) -> Bool
}

extension CoverageShape {
    func mayCover(row y: Int32, from x0: Int32, to x1: Int32) -> Bool { true }
    func mayCover(_ rect: IntRect) -> Bool { true }
}

/// Clamps a 64-bit pixel index into the range rows and spans use.
@inline(__always)
@usableFromInline func clampedPixel(_ v: Int64) -> Int32 {
    Int32(truncatingIfNeeded: Swift.min(Swift.max(v, -(1 << 30)), 1 << 30))  // in ±2^30: no check needed
}

/// Coverage from a signed distance in 1/256 px: a box filter across a straight edge.
@inline(__always)
func edgeCoverage(_ distance: Int64) -> UInt32 {
    // Distances are bounded far below 2^62 (coordinates within ±Fixed.limit): wrapping
    // arithmetic, and a conversion of a value already in 0…256.
    UInt32(truncatingIfNeeded: Swift.min(Swift.max(distance &+ 128, 0), 256))
}
