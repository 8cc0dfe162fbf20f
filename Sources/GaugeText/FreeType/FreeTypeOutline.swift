import CFreeType
import GaugeRaster
import GaugeGlyphs

/// A loaded glyph's hinted outline drawn by the renderer's own `OutlineRasterizer` rather
/// than FreeType's: FreeType's smooth rasterizer gives a few edge pixels a different level
/// on 32-bit CPUs, and the panel's pixels must be the same bytes on every Pi.
///
/// FreeType still loads, scales and hints the outline (`FT_Load_Glyph`) and walks it
/// (`FT_Outline_Decompose`); only the coverage is computed here.
enum FreeTypeOutline {
    /// The glyph in `slot`'s outline (26.6, y up) as coverage with its bitmap offsets, or
    /// nil when the outline is empty or larger than the rasterizer draws.
    static func rasterise(_ slot: FT_GlyphSlot, advance: Fixed) -> RasterGlyph? {
        var box = FT_BBox()
        FT_Outline_Get_CBox(&slot.pointee.outline, &box)
        // The pixel grid the bitmap covers, as FreeType's renderer chooses it.
        let left = Int64(box.xMin) >> 6, right = (Int64(box.xMax) + 63) >> 6
        let bottom = Int64(box.yMin) >> 6, top = (Int64(box.yMax) + 63) >> 6
        // Hinting bytecode can move points anywhere: a glyph off any screen is not drawn.
        let far = Int64(1) << 24
        guard right > left, top > bottom, abs(left) < far, abs(top) < far, right - left <= Int64(OutlineRasterizer.maxSide),
            top - bottom <= Int64(OutlineRasterizer.maxSide)
        else { return nil }
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in Sink.with(user) { $0.move(to) } },
            line_to: { to, user in Sink.with(user) { $0.line(to) } },
            conic_to: { control, to, user in Sink.with(user) { $0.conic(control, to) } },
            cubic_to: { c1, c2, to, user in Sink.with(user) { $0.cubic(c1, c2, to) } },
            shift: 0, delta: 0)
        var failed = false
        // FreeType walks the outline once per band of rows the rasterizer keeps.
        let mask = OutlineRasterizer.coverage(width: Int32(right - left), height: Int32(top - bottom)) { rasterizer in
            withUnsafeMutablePointer(to: &rasterizer) { target in
                var sink = Sink(rasterizer: target, originX: left << 6, originY: top << 6)
                let error = withUnsafeMutablePointer(to: &sink) { FT_Outline_Decompose(&slot.pointee.outline, &funcs, $0) }
                if error != 0 { failed = true }
            }
        }
        guard let mask, !failed else { return nil }
        return RasterGlyph(mask: mask, left: Int32(left), top: Int32(top), advance: advance).trimmed()
    }

    /// FT_Outline_Decompose's callbacks land here: FreeType's 26.6 points, y up, moved to
    /// the rasterizer's sub-pixels, y down from the bitmap's top-left corner.
    private struct Sink {
        let rasterizer: UnsafeMutablePointer<OutlineRasterizer>
        let originX: Int64, originY: Int64

        static func with(_ user: UnsafeMutableRawPointer?, _ body: (Sink) -> Void) -> Int32 {
            guard let user else { return 1 }
            body(user.assumingMemoryBound(to: Sink.self).pointee)
            return 0
        }

        /// 26.6 → 1/256 px: four sub-pixels per 1/64.
        private func point(_ v: UnsafePointer<FT_Vector>?) -> (x: Int32, y: Int32) {
            guard let v else { return (0, 0) }
            let scale = Int64(OutlineRasterizer.one / 64)
            return (Int32(clamping: (Int64(v.pointee.x) - originX) * scale), Int32(clamping: (originY - Int64(v.pointee.y)) * scale))
        }

        func move(_ to: UnsafePointer<FT_Vector>?) {
            let p = point(to)
            rasterizer.pointee.move(to: p.x, p.y)
        }
        func line(_ to: UnsafePointer<FT_Vector>?) {
            let p = point(to)
            rasterizer.pointee.line(to: p.x, p.y)
        }
        func conic(_ control: UnsafePointer<FT_Vector>?, _ to: UnsafePointer<FT_Vector>?) {
            let c = point(control), p = point(to)
            rasterizer.pointee.quadratic(control: c.x, c.y, to: p.x, p.y)
        }
        func cubic(_ c1: UnsafePointer<FT_Vector>?, _ c2: UnsafePointer<FT_Vector>?, _ to: UnsafePointer<FT_Vector>?) {
            let a = point(c1), b = point(c2), p = point(to)
            rasterizer.pointee.cubic(control: a.x, a.y, control: b.x, b.y, to: p.x, p.y)
        }
    }
}
