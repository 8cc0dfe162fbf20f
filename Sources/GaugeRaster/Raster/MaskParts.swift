/// The rectangles of a damage mask (disjoint) that a shape's box may reach, at most 32,
/// on the stack: a masked fill computes each row of the shape once and walks it in every
/// rectangle on that row.
struct MaskParts {
    /// A dial's needle step damages about 14 rectangles (slanted bands along the needle,
    /// short ones at its corners); past 32 the caller fills one rectangle at a time. Every
    /// shape drawn sets the parts up (a dial's ticks are hundreds), so they stay small.
    static let capacity = 32
    /// Parts packed as in `Region` (x0, y0, x1, y1, 16 bits each): 256 bytes to set up.
    private var parts = InlineArray<32, UInt64>(repeating: 0)
    /// Each part's `RowSlant`, packed (0: a whole rectangle): 128 bytes.
    private var slants = InlineArray<32, UInt32>(repeating: 0)
    private(set) var count = 0
    /// The rows any part spans.
    private(set) var rows = IntRect.empty
    /// The box the parts were taken within: a slanted part's columns are cut to it.
    private let box: IntRect

    /// Set when more than `capacity` rectangles qualify: the caller then fills one
    /// rectangle at a time (same pixels, slower). Not a failable init: unwrapping an
    /// optional copied the parts for every shape drawn.
    private(set) var overflowed = false

    /// The mask's rectangles within `box` that `mayCover` allows. A slanted rectangle cut
    /// by the box is kept whole with its slant, its rows limited to the box's (columns are
    /// limited where a fill walks them).
    @inline(__always)
    init(_ mask: Region, within box: IntRect, mayCover: (IntRect) -> Bool) {
        self.box = box
        for i in 0..<mask.count {
            let whole = mask[i], slant = mask.slant(i).packed, part = whole.intersection(box)
            if part.isEmpty || !mayCover(part) { continue }
            // A slanted part is kept whole: its columns are computed from its own rectangle.
            let kept = slant != 0 ? whole : part
            guard count < MaskParts.capacity, let packed = Region.pack(kept) else {
                overflowed = true
                return
            }
            // Sorted by top row (a damage mask comes nearly sorted: a few steps each), so
            // a row's parts lie between the first still live and the first below it.
            var k = count
            while k > 0 && Region.unpack(parts[k - 1]).y0 > kept.y0 {
                parts[k] = parts[k - 1]
                slants[k] = slants[k - 1]
                k -= 1
            }
            parts[k] = packed
            slants[k] = slant
            count += 1
            rows = rows.union(part)
        }
    }

    @inline(__always) subscript(k: Int) -> IntRect { Region.unpack(parts.span[unchecked: k]) }

    /// The columns of part k on row y (one of its rows, inside the box), inside the box.
    @inline(__always) func columns(_ k: Int, row y: Int32) -> (x0: Int32, x1: Int32) {
        let r = Region.unpack(parts.span[unchecked: k]), slant = slants.span[unchecked: k]
        if slant == 0 { return (r.x0, r.x1) }
        let c = RowSlant(packed: slant).columns(of: r, row: y)
        return (Swift.max(c.x0, box.x0), Swift.min(c.x1, box.x1))
    }

    /// The parts that may lie on row y: from `firstLive` (moved past the parts above the
    /// row; 0 before the first row) to the returned index. Rows are asked top to bottom.
    @inline(__always)
    func live(row y: Int32, firstLive: inout Int) -> Int {
        let list = parts.span
        while firstLive < count && Region.unpack(list[unchecked: firstLive]).y1 <= y { firstLive &+= 1 }
        var k = firstLive
        while k < count && Region.unpack(list[unchecked: k]).y0 <= y { k &+= 1 }
        return k
    }

    /// Part k's columns on row y when the part holds the row and `mayCover(row:from:to:)`
    /// allows them; else an empty interval.
    @inline(__always)
    func hit(_ k: Int, row y: Int32, _ mayCover: (Int32, Int32, Int32) -> Bool) -> (x0: Int32, x1: Int32) {
        guard y < Region.unpack(parts.span[unchecked: k]).y1 else { return (0, 0) }
        let c = columns(k, row: y)
        return c.x0 < c.x1 && mayCover(y, c.x0, c.x1) ? c : (0, 0)
    }

    /// The parts on row y for which `mayCover(row:from:to:)` holds, one bit each (bit k:
    /// part k): a ring near one rectangle must not cost a row computation for another
    /// across the dial. Rows are asked top to bottom; `firstLive` (0 before the first row)
    /// is the first part not yet above them. Not a mutating method: reading `parts.span`
    /// in one copied all of them every row.
    @inline(__always)
    func hits(row y: Int32, firstLive: inout Int, _ mayCover: (Int32, Int32, Int32) -> Bool) -> UInt64 {
        let list = parts.span
        while firstLive < count && Region.unpack(list[unchecked: firstLive]).y1 <= y { firstLive &+= 1 }
        var hits: UInt64 = 0
        var k = firstLive
        while k < count {
            let r = Region.unpack(list[unchecked: k])
            if r.y0 > y { break }
            if y < r.y1 {
                let c = columns(k, row: y)
                if c.x0 < c.x1 && mayCover(y, c.x0, c.x1) { hits |= 1 << UInt64(k) }
            }
            k &+= 1
        }
        return hits
    }
}
