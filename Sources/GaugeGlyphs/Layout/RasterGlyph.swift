import GaugeRaster

// Embedded-Swift subset: no Foundation, no FreeType; only GaugeRaster types.

/// One glyph, rasterised once at one size: a coverage mask placed relative to the pen.
///
/// Masks are always placed at whole pixels (the pen position is rounded before adding
/// `left`/`top`), so the same text at the same origin gives the same pixels everywhere.
public struct RasterGlyph: Sendable {
    /// The anti-aliased ink; may be 0×0 (a space).
    public let mask: CoverageMask
    /// Pixels from the pen position to the mask's left column.
    public let left: Int32
    /// Pixels from the baseline up to the mask's top row (positive = above the baseline).
    public let top: Int32
    /// How far the pen moves after this glyph, with 1/256 px resolution.
    public let advance: Fixed

    public init(mask: CoverageMask, left: Int32, top: Int32, advance: Fixed) {
        self.mask = mask
        self.left = left
        self.top = top
        self.advance = advance
    }

    /// A glyph with no ink that only moves the pen.
    public static func blank(advance: Fixed) -> RasterGlyph {
        RasterGlyph(mask: CoverageMask.empty, left: 0, top: 0, advance: advance)
    }

    /// The same glyph with rows and columns of zero coverage cut off the mask's edges,
    /// so that measured bounds are the exact ink (tight damage rectangles).
    public func trimmed() -> RasterGlyph {
        let w = Int(mask.width), h = Int(mask.height)
        var x0 = w, x1 = 0, y0 = h, y1 = 0
        mask.coverage.withUnsafeBufferPointer { c in
            for y in 0..<h {
                for x in 0..<w where c[y * w + x] != 0 {
                    x0 = Swift.min(x0, x)
                    x1 = Swift.max(x1, x + 1)
                    y0 = Swift.min(y0, y)
                    y1 = Swift.max(y1, y + 1)
                }
            }
        }
        guard x0 < x1, y0 < y1 else { return .blank(advance: advance) }
        if x0 == 0, y0 == 0, x1 == w, y1 == h { return self }
        var cropped: [UInt8] = []
        cropped.reserveCapacity((x1 - x0) * (y1 - y0))
        for y in y0..<y1 { cropped.append(contentsOf: mask.coverage[(y * w + x0)..<(y * w + x1)]) }
        guard let m = CoverageMask(width: Int32(x1 - x0), height: Int32(y1 - y0), coverage: cropped) else { return self }
        return RasterGlyph(mask: m, left: left &+ Int32(x0), top: top &- Int32(y0), advance: advance)
    }

    /// The ink rectangle for a pen at whole pixel `penX` on the baseline `baseline`.
    public func inkRect(penX: Int32, baseline: Int32) -> IntRect {
        IntRect(x: penX &+ left, y: baseline &- top, width: mask.width, height: mask.height)
    }
}

extension CoverageMask {
    /// 0×0: nothing to blit.
    static var empty: CoverageMask { CoverageMask(width: 0, height: 0, coverage: [])! }
}

/// Vertical metrics of a font at one size, in whole pixels.
public struct LineMetrics: Hashable, Sendable {
    /// Distance from the baseline up to the top of the tallest glyphs (positive).
    public let ascender: Int32
    /// Distance from the baseline down to the bottom of descenders (positive).
    public let descender: Int32
    /// Baseline-to-baseline distance for consecutive lines.
    public let lineHeight: Int32

    public init(ascender: Int32, descender: Int32, lineHeight: Int32) {
        self.ascender = ascender
        self.descender = descender
        self.lineHeight = lineHeight
    }
}
