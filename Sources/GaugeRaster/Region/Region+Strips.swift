/// Two slanted strips on the same rows whose rectangles overlap: a needle's damage where
/// the needle barely moved — a strip along each side, and between them the pixels both
/// needles cover fully, which keep their colour.
///
/// Stored as two entries, so that a region's storage does not grow for them: the band
/// (the strips' whole rectangle, slanted by their outer edges) — what algebra and a
/// display's copy see, as for any slanted rectangle — and after it its hole: an empty
/// (zero-width) entry holding the strips' inner edges, which only the walks of exact
/// pixels read (`forEachPart`, `forEachRectangle`, `contains`). A hole belongs to the
/// entry before it while that entry stays slanted: algebra that makes a band whole
/// (`add`) leaves its hole dead, and the band's pixels are then all in the region.
extension Region {
    /// Appends a band as its two strips (`append(disjoint:slant:)` of each, but the two
    /// rectangles may overlap): `left`'s pixels on each row must end where `right`'s
    /// begin or before, and the strips must share their rows. False, with nothing
    /// appended, when they do not, or when the band would not stay slanted (then append
    /// the strips' union or the strips otherwise).
    public mutating func append(disjointStrips left: IntRect, _ leftSlant: RowSlant, _ right: IntRect, _ rightSlant: RowSlant) -> Bool {
        guard !left.isEmpty, !right.isEmpty, left.y0 == right.y0, left.y1 == right.y1, left.x0 <= right.x0,
            left.x1 <= right.x1, spill.isEmpty, count &+ 2 <= Region.inlineCapacity
        else { return false }
        let bandSlant = RowSlant(left: leftSlant.left, right: rightSlant.right)
        let band = IntRect(x0: left.x0, y0: left.y0, x1: right.x1, y1: left.y1)
        guard !bandSlant.isNone, Region.pack(band) != nil, let hole = Region.pack(Region.holeRect(left.x1, right.x0)) else {
            return false
        }
        // The strips' pixels must not meet: a pixel in both would be drawn twice.
        guard Region.stripsMiss(left, leftSlant, right, rightSlant) else { return false }
        append(disjoint: band, slant: bandSlant)
        inline[count] = hole
        slants[count] = RowSlant(left: rightSlant.left, right: leftSlant.right).packed
        count &+= 1
        return true
    }

    /// Whether on every row `left`'s pixels end where `right`'s begin or before. The gap
    /// on row y is right.x0 − left.x1 plus two offsets ⌊a(y)/256⌋ and ⌊b(y)/256⌋, a and b
    /// linear in y, so at least that of ⌊(a + b)/256⌋ − 1, smallest on an end row: when
    /// that bound holds no row is walked (the strips of a needle's band mostly).
    static func stripsMiss(_ left: IntRect, _ leftSlant: RowSlant, _ right: IntRect, _ rightSlant: RowSlant) -> Bool {
        // 64-bit: a step (under 2^15) times rows (under 2^16), twice.
        @inline(__always) func offsets(_ y: Int32) -> Int64 {
            let fromTop = Int64(y &- left.y0), fromBottom = Int64(left.y1 &- 1 &- y)
            let r = Int64(leftSlant.right), l = Int64(rightSlant.left)
            return (r <= 0 ? (0 &- r) &* fromTop : r &* fromBottom) &+ (l >= 0 ? l &* fromTop : (0 &- l) &* fromBottom)
        }
        let gap = Int64(right.x0) &- Int64(left.x1)
        if gap &+ (Swift.min(offsets(left.y0), offsets(left.y1 &- 1)) >> 8) &- 1 >= 0 { return true }
        for y in left.y0..<left.y1 where leftSlant.columns(of: left, row: y).x1 > rightSlant.columns(of: right, row: y).x0 {
            return false
        }
        return true
    }

    /// A hole's entry: the left strip's right side and the right strip's left side, as a
    /// rectangle of no width (empty to whatever reads rectangles whole).
    @inline(__always) static func holeRect(_ leftEnd: Int32, _ rightStart: Int32) -> IntRect {
        IntRect(x0: leftEnd, y0: rightStart, x1: leftEnd, y1: rightStart)
    }

    /// Whether entry i is a hole's (of no width: no other entry is ever empty).
    @inlinable @inline(__always) func isHole(_ i: Int) -> Bool {
        spill.isEmpty && Region.isHole(packed: inline.span[unchecked: i])
    }

    @inlinable @inline(__always) static func isHole(packed v: UInt64) -> Bool {
        UInt16(truncatingIfNeeded: v) == UInt16(truncatingIfNeeded: v &>> 32)
    }

    /// The two strips of entry i when entry i + 1 is its hole and entry i is still
    /// slanted; nil otherwise.
    @inline(__always) func strips(_ i: Int) -> (left: SlantedRows, right: SlantedRows)? {
        let h = i &+ 1
        guard h < count, isHole(h), !slant(i).isNone else { return nil }
        let band = self[i], outer = slant(i), inner = RowSlant(packed: slants.span[unchecked: h])
        let edges = Region.unpack(inline.span[unchecked: h])
        return (
            SlantedRows(rect: IntRect(x0: band.x0, y0: band.y0, x1: edges.x0, y1: band.y1), slant: RowSlant(left: outer.left, right: inner.right)),
            SlantedRows(rect: IntRect(x0: edges.y0, y0: band.y0, x1: band.x1, y1: band.y1), slant: RowSlant(left: inner.left, right: outer.right))
        )
    }

    /// Calls `body` with each rectangle and its slant — a band with a hole as its two
    /// strips — holding exactly the region's pixels, disjoint, in order.
    @inline(__always) func forEachPart(_ body: (SlantedRows) -> Void) {
        var i = 0
        while i < count {
            if let s = strips(i) {
                body(s.left)
                body(s.right)
                i &+= 2
                continue
            }
            let r = self[i]
            if !r.isEmpty { body(SlantedRows(rect: r, slant: slant(i))) }
            i &+= 1
        }
    }
}
