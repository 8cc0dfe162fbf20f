/// The rectangles of a damage mask (disjoint) that a shape's box may reach, at most 64,
/// on the stack: a masked fill computes each row of the shape once and walks it in every
/// rectangle on that row.
struct MaskParts {
    /// A dial's needle step damages about 24 rectangles (7-row bands, two strips each);
    /// past 64 the caller fills one rectangle at a time.
    static let capacity = 64
    /// Parts packed as in `Region` (x0, y0, x1, y1, 16 bits each): 512 bytes to set up.
    private var parts = InlineArray<64, UInt64>(repeating: 0)
    private(set) var count = 0
    /// The rows any part spans.
    private(set) var rows = IntRect.empty

    /// Set when more than `capacity` rectangles qualify: the caller then fills one
    /// rectangle at a time (same pixels, slower). Not a failable init: unwrapping an
    /// optional copied the 512 bytes of parts for every shape drawn.
    private(set) var overflowed = false

    /// The mask's rectangles within `box` that `mayCover` allows.
    @inline(__always)
    init(_ mask: Region, within box: IntRect, mayCover: (IntRect) -> Bool) {
        for i in 0..<mask.count {
            let part = mask[i].intersection(box)
            if part.isEmpty || !mayCover(part) { continue }
            guard count < MaskParts.capacity, let packed = Region.pack(part) else { overflowed = true; return }
            // Sorted by top row (a damage mask comes nearly sorted: a few steps each), so
            // a row's parts lie between the first still live and the first below it.
            var k = count
            while k > 0 && Region.unpack(parts[k - 1]).y0 > part.y0 { parts[k] = parts[k - 1]; k -= 1 }
            parts[k] = packed; count += 1
            rows = rows.union(part)
        }
    }

    @inline(__always) subscript(k: Int) -> IntRect { Region.unpack(parts.span[unchecked: k]) }

    /// The parts on row y for which `mayCover(row:from:to:)` holds, one bit each (bit k:
    /// part k): a ring near one rectangle must not cost a row computation for another
    /// across the dial. Rows are asked top to bottom; `firstLive` (0 before the first row)
    /// is the first part not yet above them. Not a mutating method: reading `parts.span`
    /// in one copied all 512 bytes every row.
    @inline(__always)
    func hits(row y: Int32, firstLive: inout Int, _ mayCover: (Int32, Int32, Int32) -> Bool) -> UInt64 {
        let list = parts.span
        while firstLive < count && Region.unpack(list[unchecked: firstLive]).y1 <= y { firstLive &+= 1 }
        var hits: UInt64 = 0
        var k = firstLive
        while k < count {
            let r = Region.unpack(list[unchecked: k])
            if r.y0 > y { break }
            if y < r.y1 && mayCover(y, r.x0, r.x1) { hits |= 1 << UInt64(k) }
            k &+= 1
        }
        return hits
    }
}
