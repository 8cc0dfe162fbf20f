/// The rectangles of a damage mask (disjoint) that a shape's box may reach, at most 32,
/// on the stack: a masked fill computes each row of the shape once and walks it in every
/// rectangle on that row.
struct MaskParts {
    static let capacity = 32
    private var parts = InlineArray<32, IntRect>(repeating: .empty)
    private(set) var count = 0
    /// The rows any part spans.
    private(set) var rows = IntRect.empty

    /// The mask's rectangles within `box` that `mayCover` allows; nil when more than
    /// `capacity` do (the caller then fills one rectangle at a time: same pixels, slower).
    @inline(__always)
    init?(_ mask: Region, within box: IntRect, mayCover: (IntRect) -> Bool) {
        for i in 0..<mask.count {
            let part = mask[i].intersection(box)
            if part.isEmpty || !mayCover(part) { continue }
            guard count < MaskParts.capacity else { return nil }
            parts[count] = part; count += 1
            rows = rows.union(part)
        }
    }

    @inline(__always) subscript(k: Int) -> IntRect { parts.span[unchecked: k] }

    /// The parts on row y for which `mayCover(row:from:to:)` holds, one bit each (bit k:
    /// part k): a ring near one rectangle must not cost a row computation for another
    /// across the dial.
    @inline(__always)
    func hits(row y: Int32, _ mayCover: (Int32, Int32, Int32) -> Bool) -> UInt32 {
        let list = parts.span
        var hits: UInt32 = 0
        for k in 0..<count {
            let r = list[unchecked: k]
            if r.y0 <= y && y < r.y1 && mayCover(y, r.x0, r.x1) { hits |= 1 << UInt32(k) }
        }
        return hits
    }
}
