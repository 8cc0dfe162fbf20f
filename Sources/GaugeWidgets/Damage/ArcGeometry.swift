import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset: fixed point only.

/// A scale laid along an arc: where a fraction lands, and the pixel box of a slice.
struct ArcGeometry {
    let centre: Point
    /// Outer radius of the track.
    let radius: Fixed
    let thickness: Fixed
    let start: Angle
    let sweep: Angle

    /// The angle of a Q16 fraction of the sweep.
    func angle(at fraction: Int32) -> Angle {
        Angle(raw: start.raw &+ Int32((Int64(sweep.raw) * Int64(fraction)) >> 16))
    }

    /// `radius · k / 150`: the reference scene's proportions (a 150 px dial) at any size.
    func scaled(_ k: Int32) -> Fixed { Fixed(clampingRaw: Int64(radius.raw) * Int64(k) / 150) }

    /// The sweep (raw units, ≥ 0) drawn for a value arc ending at `fraction`.
    func drawnSweep(at fraction: Int32) -> Int32 {
        Swift.max(angle(at: fraction).raw &- start.raw, 0)
    }

    /// How much of the track an opaque value arc of `valueSweep` hides: all of its sweep but
    /// the last `trackUnderlap`, so the track still runs under the value arc's anti-aliased
    /// end (a seam drawn from both sides would let the background show through) and is not
    /// drawn where nothing of it would show.
    func hiddenTrackSweep(under valueSweep: Int32) -> Int32 {
        Swift.max(valueSweep &- trackUnderlap, 0)
    }

    /// 1¼ px, as an angle (65,536 units a turn, 10,430.4 a radian), at half a pixel inside
    /// the track's inner edge: the track's start ray then lies more than a pixel behind the
    /// value arc's end ray wherever the ring has coverage, so the track fully covers every
    /// pixel that the end's anti-aliasing (½ px either side) leaves partly uncovered.
    var trackUnderlap: Int32 {
        let inner = Swift.max(Int64(radius.raw) - Int64(thickness.raw) - 128, 128)
        return Int32(Swift.min(10_431 * 320 / inner, Int64(Angle.unitsPerTurn / 8)))
    }

    /// The whole pixels of the annular slice between two drawn sweeps, grown by `margin`
    /// (anti-aliasing, caps): what a value arc changes when its end moves.
    func sliceBounds(sweep s0: Int32, to s1: Int32, inner: Fixed, outer: Fixed, margin: Fixed) -> IntRect {
        ArcGeometry.sliceBounds(
            centre: centre, from: start.raw &+ Swift.min(s0, s1), to: start.raw &+ Swift.max(s0, s1),
            inner: inner, outer: outer, margin: margin)
    }

    static func sliceBounds(
        centre: Point, from a: Int32, to b: Int32, inner: Fixed, outer: Fixed,
        margin: Fixed
    ) -> IntRect {
        sliceBox(centre: centre, from: a, to: b, inner: inner, outer: outer).pixels(margin: margin)
    }

    /// The extent (fixed point) of the annular slice between angles a ≤ b.
    static func sliceBox(centre: Point, from a: Int32, to b: Int32, inner: Fixed, outer: Fixed) -> PointBox {
        var box = PointBox()
        if Int64(b) - Int64(a) >= Int64(Angle.unitsPerTurn) {
            box.add(Point(x: centre.x - outer, y: centre.y - outer))
            box.add(Point(x: centre.x + outer, y: centre.y + outer))
            return box
        }
        box.add(Point(centre: centre, radius: inner, angle: Angle(raw: a)))
        box.add(Point(centre: centre, radius: inner, angle: Angle(raw: b)))
        box.add(Point(centre: centre, radius: outer, angle: Angle(raw: a)))
        box.add(Point(centre: centre, radius: outer, angle: Angle(raw: b)))
        // The arc bulges furthest where it crosses an axis.
        var k = (a + 0x3FFF) >> 14
        while (k << 14) <= b {
            box.add(Point(centre: centre, radius: outer, angle: Angle(raw: k << 14)))
            k += 1
        }
        return box
    }

    /// Adds the pixels whose centre lies within `reach` (raw) of the annular slice between
    /// two drawn sweeps — what a butt-ended arc changes when its end moves — as `layers`
    /// boxes, one per ring of equal width: a slice across a slanted arc fills a small part
    /// of its one bounding box. With `edgesFrom` below both sweeps, the innermost and
    /// outermost boxes also hold the ring's two edge circles from that sweep on (what a
    /// track hidden under the arc changes, `CircularGaugeStyle`), in the same boxes: no
    /// more rectangles.
    func addSlice(
        sweep s0: Int32, to s1: Int32, inner: Fixed, outer: Fixed, reach: Int64, layers: Int32,
        edgesFrom edges: Int32? = nil, to region: inout Region
    ) {
        let a = start.raw &+ Swift.min(s0, s1), b = start.raw &+ Swift.max(s0, s1)
        let n = Swift.max(layers, 1), width = Int64(outer.raw) - Int64(inner.raw)
        let e = edges.map { start.raw &+ $0 }.flatMap { $0 < a ? $0 : nil }
        for i in 0..<n {
            let r0 = Fixed(raw: Int32(Int64(inner.raw) + width * Int64(i) / Int64(n)))
            let r1 = Fixed(raw: Int32(Int64(inner.raw) + width * Int64(i + 1) / Int64(n)))
            var box = ArcGeometry.sliceBox(centre: centre, from: a, to: b, inner: r0, outer: r1)
            if let e {
                if i == 0 { box.add(ArcGeometry.sliceBox(centre: centre, from: e, to: a, inner: inner, outer: inner)) }
                if i == n - 1 { box.add(ArcGeometry.sliceBox(centre: centre, from: e, to: a, inner: outer, outer: outer)) }
            }
            region.formUnion(box.pixels(reach: reach))
        }
    }
}

extension ArcGeometry {
    /// Whether any pixel of `clip` lies within 3 px of the ring between `inner` and `outer`
    /// around the centre — false means nothing drawn in that ring can touch the clip.
    /// Conservative (pixel edges, a margin for anti-aliasing); exact integer arithmetic.
    func annulus(inner: Fixed, outer: Fixed, reaches clip: IntRect) -> Bool {
        guard !clip.isEmpty else { return false }
        let cx = Int64(centre.x.raw), cy = Int64(centre.y.raw), margin: Int64 = 3 * 256
        let x0 = Int64(clip.x0) << 8, x1 = Int64(clip.x1) << 8, y0 = Int64(clip.y0) << 8, y1 = Int64(clip.y1) << 8
        // Nearest and farthest points of the clip from the centre.
        let nx = Swift.max(x0 - cx, 0, cx - x1), ny = Swift.max(y0 - cy, 0, cy - y1)
        let fx = Swift.max(cx - x0, x1 - cx), fy = Swift.max(cy - y0, y1 - cy)
        let far = Int64(outer.raw) + margin
        if nx > far || ny > far || nx * nx + ny * ny > far * far { return false }
        let near = Int64(inner.raw) - margin
        if near > 0 && fx * fx + fy * fy < near * near { return false }
        return true
    }
}

/// A convex quadrilateral (a needle) and the bands of rows it covers, for tight damage.
struct Quad {
    let a: Point, b: Point, c: Point, d: Point
    init(_ a: Point, _ b: Point, _ c: Point, _ d: Point) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
    }

    /// The quad between rows y0 and y1 (raw fixed point): its x extent over those rows
    /// (`span`), and the x extents on row y0 and on row y1 alone (`top`, `bottom`) — each
    /// empty (lo > hi) when the quad misses it. One division per edge end (a band's three
    /// extents were eight spans' worth of divisions).
    func extents(y0: Int64, y1: Int64) -> (span: Extent, top: Extent, bottom: Extent) {
        var span = Extent(), top = Extent(), bottom = Extent()
        func edge(_ p: Point, _ q: Point) {
            let px = Int64(p.x.raw), py = Int64(p.y.raw), qx = Int64(q.x.raw), qy = Int64(q.y.raw)
            // The part of the edge inside the rows: its ends give the extreme x.
            let low = Swift.min(py, qy), high = Swift.max(py, qy)
            let from = Swift.max(low, y0), to = Swift.min(high, y1)
            guard from <= to else { return }
            if py == qy {
                span.add(px)
                span.add(qx)
                if py == y0 {
                    top.add(px)
                    top.add(qx)
                }
                if py == y1 {
                    bottom.add(px)
                    bottom.add(qx)
                }
                return
            }
            let xFrom = px + (qx - px) * (from - py) / (qy - py)
            let xTo = to == from ? xFrom : px + (qx - px) * (to - py) / (qy - py)
            span.add(xFrom)
            span.add(xTo)
            // The edge crosses row y0 where its part starts there (likewise y1).
            if from == y0 { top.add(xFrom) }
            if to == y1 { bottom.add(xTo) }
        }
        edge(a, b)
        edge(b, c)
        edge(c, d)
        edge(d, a)
        return (span, top, bottom)
    }

    /// An x interval (raw), empty while lo > hi.
    struct Extent {
        var lo = Int64.max, hi = Int64.min
        var isEmpty: Bool { lo > hi }
        @inline(__always) mutating func add(_ x: Int64) {
            lo = Swift.min(lo, x)
            hi = Swift.max(hi, x)
        }
    }

    /// The x interval (raw) inside the quad on every row between the two whose extents
    /// these are, or nil. The quad is convex: its left edge is a convex function of y and
    /// its right edge a concave one, so the narrowest cross-section is at one of the ends.
    static func interior(_ top: Extent, _ bottom: Extent) -> (Int64, Int64)? {
        guard !top.isEmpty, !bottom.isEmpty else { return nil }
        let lo = Swift.max(top.lo, bottom.lo), hi = Swift.min(top.hi, bottom.hi)
        return lo < hi ? (lo, hi) : nil
    }

    /// Adds to `region` the pixels that may differ between the two quads drawn in one
    /// colour (either may be nil), in bands of `height` rows: per band, both quads' extent
    /// — in two pieces when they are far apart — less the pixels both cover fully on every
    /// row of the band (they keep the quads' colour), so a small move damages two thin
    /// strips along the edges. `reach` (raw) is how far from the quad a pixel centre may
    /// still be inked. Where neither quad has a corner, a band runs up to `straightHeight`
    /// rows and follows the quads' sides row by row (`addSlanted`).
    static func addBands(
        _ old: Quad?, _ new: Quad?, height: Int32, straightHeight: Int32, reach: Int64,
        hiddenWithin cover: Disc?, to region: inout Region
    ) {
        var box = PointBox()
        if let q = old { box.add(corners: q) }
        if let q = new { box.add(corners: q) }
        let all = box.pixels(margin: Fixed(raw: Int32(clamping: reach)))
        guard !all.isEmpty else { return }
        // The bands' rectangles miss one another (bands are disjoint rows; in a band, two
        // strips or two pieces apart): appended without comparing, joined to `region` once.
        var bands = Region()
        defer { region.formUnion(bands) }
        // A band's rows reach this far (raw) above its first row and below its last.
        let margin = Swift.max(reach - 128, bandSafety)
        var y = all.y0
        while y < all.y1 {
            var next = Quad.bandEnd(from: y, height: height, straightHeight: straightHeight, limit: all.y1, old, new, margin: margin)
            while let shorter = addBand(old, new, rows: y, next, height: height, reach: reach, hiddenWithin: cover, to: &bands) {
                next = shorter
            }
            y = next
        }
    }

    /// A pixel is fully covered when its square lies inside the quad (its centre is then
    /// ≥ ½ px inside every edge); a quarter pixel more absorbs any rounding.
    static let bandSafety: Int64 = 64

    /// The damage of rows y..<next (see `addBands`); nil when added, else the end of a
    /// shorter band to try instead (the quads' sides are followed row by row only over
    /// rows where that stays exact).
    static func addBand(
        _ old: Quad?, _ new: Quad?, rows y: Int32, _ next: Int32, height: Int32, reach: Int64,
        hiddenWithin cover: Disc?, to bands: inout Region
    ) -> Int32? {
        let safety = bandSafety
        // Pixel centres of rows y…next lie at raw y·256 + 128 … next·256 − 128; a quad
        // point within `reach` of one of them counts. The band's pixels are fully
        // covered when they lie inside the quad from y·256 − safety to
        // next·256 + safety; both quads are measured once over the wider of the two
        // (with reach ¾ px they are the same rows; wider only adds damage).
        let y0 = Swift.min(Int64(y) << 8 + 128 - reach, Int64(y) << 8 - safety)
        let y1 = Swift.max(Int64(next) << 8 - 128 + reach, Int64(next) << 8 + safety)
        let ea = old?.extents(y0: y0, y1: y1), eb = new?.extents(y0: y0, y1: y1)
        let sa = ea.flatMap { $0.span.isEmpty ? nil : ($0.span.lo, $0.span.hi) }
        let sb = eb.flatMap { $0.span.isEmpty ? nil : ($0.span.lo, $0.span.hi) }
        // The hub's columns that are fully covered on every row of the band: what a
        // rectangle keeps of them never changes.
        let hidden = cover?.hiddenColumns(from: y, to: next)
        func add(_ x0: Int32, _ x1: Int32) {
            appendBand(IntRect(x0: x0, y0: y, x1: x1, y1: next), avoiding: hidden, to: &bands)
        }
        func first(_ lo: Int64) -> Int32 { PointBox.firstPixel(within: reach, of: lo) }
        func end(_ hi: Int64) -> Int32 { PointBox.endPixel(within: reach, of: hi) }
        if let sa, let sb {
            if sa.1 + 4 * 256 < sb.0 || sb.1 + 4 * 256 < sa.0 {
                add(first(sa.0), end(sa.1))
                add(first(sb.0), end(sb.1))
            } else {
                let x0 = first(Swift.min(sa.0, sb.0)), x1 = end(Swift.max(sa.1, sb.1))
                // Where neither needle bends and the hub hides none of it: slanted
                // rectangles that follow the needles row by row.
                if let ea, let eb, let old, let new, !old.bends(between: y0, and: y1), !new.bends(between: y0, and: y1),
                    hidden.map({ $0.x1 <= x0 || x1 <= $0.x0 }) ?? true
                {
                    switch Quad.addSlanted(
                        ea, eb, y0: y0, y1: y1, rows: y, next, hiddenWithin: cover,
                        mayShorten: next - y > height, to: &bands)
                    {
                    case .added:
                        return nil
                    case .shorten:
                        return y + Swift.max((next - y) / 2, height)
                    case .unfit: break
                    }
                }
                // Whole pixels inside both quads on every row of the band keep their colour.
                if let ea, let eb, let inside = Quad.coveredColumns(ea, eb, within: x0, x1, safety: safety) {
                    add(x0, inside.0)
                    add(inside.1, x1)
                    return nil
                }
                add(x0, x1)
            }
        } else if let s = sa ?? sb {
            add(first(s.0), end(s.1))
        }
        return nil
    }

    /// The columns x0…x1 whose pixels lie inside both quads on every row the extents span
    /// (pixels x with lo ≤ x·256 and (x + 1)·256 ≤ hi, `safety` inside), or nil.
    static func coveredColumns(
        _ ea: (span: Extent, top: Extent, bottom: Extent), _ eb: (span: Extent, top: Extent, bottom: Extent), within x0: Int32, _ x1: Int32,
        safety: Int64
    ) -> (Int32, Int32)? {
        guard let ia = Quad.interior(ea.top, ea.bottom), let ib = Quad.interior(eb.top, eb.bottom) else { return nil }
        let lo = Swift.max(ia.0, ib.0) + safety, hi = Swift.min(ia.1, ib.1) - safety
        let i0 = Swift.max(Int32(clamping: (lo + 255) >> 8), x0), i1 = Swift.min(Int32(clamping: hi >> 8), x1)
        return i0 < i1 ? (i0, i1) : nil
    }

    /// `r`, less the columns the hub hides on all its rows (in two pieces when they fall
    /// inside it).
    static func appendBand(_ rect: IntRect, avoiding hidden: (x0: Int32, x1: Int32)?, to bands: inout Region) {
        var r = rect
        if let hidden, hidden.x0 < r.x1 && r.x0 < hidden.x1 {
            if hidden.x0 > r.x0 && hidden.x1 < r.x1 {
                bands.append(disjoint: IntRect(x0: r.x0, y0: r.y0, x1: hidden.x0, y1: r.y1))
                r.x0 = hidden.x1
            } else if hidden.x0 <= r.x0 {
                r.x0 = hidden.x1
            } else {
                r.x1 = hidden.x0
            }
        }
        bands.append(disjoint: r)
    }
}

/// An opaque disc drawn over the needle (the hub): pixels it fully covers never change.
struct Disc {
    let centre: Point, radius: Fixed

    /// The columns x0..<x1 whose pixels on every row from y0 to y1 (exclusive) are fully
    /// covered — their corners lie a pixel inside the edge — or nil when there are none.
    func hiddenColumns(from y0: Int32, to y1: Int32) -> (x0: Int32, x1: Int32)? {
        let limit = Int64(radius.raw) - 256
        guard limit > 0 else { return nil }
        let cx = Int64(centre.x.raw), cy = Int64(centre.y.raw)
        // The corner rows farthest from the centre bound every pixel's distance.
        let dy = Swift.max(abs((Int64(y0) << 8) - cy), abs((Int64(y1) << 8) - cy))
        guard dy < limit else { return nil }
        // Corners within `half` of the centre's column lie inside: dx² + dy² ≤ limit².
        let half = Int64(integerSquareRoot(UInt64(limit * limit - dy * dy)))
        let x0 = (cx - half + 255) >> 8, x1 = (cx + half) >> 8
        return x0 < x1 ? (Int32(clamping: x0), Int32(clamping: x1)) : nil
    }
}

/// The bounding box of a few points, as whole pixels.
struct PointBox {
    var minX = Int32.max, minY = Int32.max, maxX = Int32.min, maxY = Int32.min

    mutating func add(_ p: Point) {
        minX = Swift.min(minX, p.x.raw)
        maxX = Swift.max(maxX, p.x.raw)
        minY = Swift.min(minY, p.y.raw)
        maxY = Swift.max(maxY, p.y.raw)
    }

    mutating func add(_ points: [Point]) { for p in points { add(p) } }

    mutating func add(corners q: Quad) {
        add(q.a)
        add(q.b)
        add(q.c)
        add(q.d)
    }

    mutating func add(_ box: PointBox) {
        minX = Swift.min(minX, box.minX)
        maxX = Swift.max(maxX, box.maxX)
        minY = Swift.min(minY, box.minY)
        maxY = Swift.max(maxY, box.maxY)
    }

    /// The pixels whose centre lies within `reach` (raw) of the box.
    func pixels(reach: Int64) -> IntRect {
        guard minX <= maxX else { return .empty }
        return IntRect(
            x0: PointBox.firstPixel(within: reach, of: Int64(minX)), y0: PointBox.firstPixel(within: reach, of: Int64(minY)),
            x1: PointBox.endPixel(within: reach, of: Int64(maxX)), y1: PointBox.endPixel(within: reach, of: Int64(maxY)))
    }

    /// How far (raw) from a shape's edge a pixel centre may still be inked: ½ px across an
    /// edge, ~0.71 px at a right-angled corner — ¾ px.
    static let inkReach: Int64 = 192

    /// The first pixel whose centre (x·256 + 128) lies within `reach` (raw) above `lo`.
    @inline(__always) static func firstPixel(within reach: Int64, of lo: Int64) -> Int32 {
        Int32(clamping: (lo - reach - 128 + 255) >> 8)
    }
    /// One past the last pixel whose centre lies within `reach` (raw) below `hi`.
    @inline(__always) static func endPixel(within reach: Int64, of hi: Int64) -> Int32 {
        Int32(clamping: ((hi + reach - 128) >> 8) + 1)
    }

    /// Floor/ceil to pixels after growing by `margin`.
    func pixels(margin: Fixed) -> IntRect {
        guard minX <= maxX else { return .empty }
        return IntRect(
            x0: Fixed(raw: minX &- margin.raw).floor, y0: Fixed(raw: minY &- margin.raw).floor,
            x1: Fixed(raw: maxX &+ margin.raw).ceil + 1, y1: Fixed(raw: maxY &+ margin.raw).ceil + 1)
    }
}
