/// A few disjoint, sorted, half-open pixel intervals [start, end) on one row.
///
/// Shapes describe each row with two of these: where coverage may be non-zero and where it
/// is certainly full. The capacity is fixed (no allocation per row); should an operation
/// need more, `nonZero` lists merge neighbours (still a superset) and `full` lists drop
/// intervals (still a subset) — both only cost speed, never correctness.
///
/// Elements are read through `span` with unchecked indices below `count` (≤ `capacity`):
/// subscripting the InlineArrays directly copied the whole array for every read.
struct SpanList: Sendable {
    static let capacity = 4
    var starts = InlineArray<4, Int32>(repeating: 0)
    var ends = InlineArray<4, Int32>(repeating: 0)
    var count: Int = 0

    init() {}

    /// One interval (empty if `end <= start`).
    @inline(__always)
    init(_ start: Int32, _ end: Int32) {
        if start < end {
            starts[0] = start
            ends[0] = end
            count = 1
        }
    }

    /// The rays (−∞, left) ∪ [right, ∞) as `HalfPlane.widen` leaves them: ±2^30 stand for
    /// the infinities, and rays that meet or overlap are one interval (everything).
    @inline(__always)
    init(rays left: Int32, _ right: Int32) {
        let lo: Int32 = -(1 << 30), hi: Int32 = 1 << 30
        if left >= right {
            starts[0] = lo
            ends[0] = hi
            count = 1
            return
        }
        if lo < left {
            starts[0] = lo
            ends[0] = left
            count = 1
        }
        if right < hi {
            starts[count] = right
            ends[count] = hi
            count += 1
        }
    }

    /// Every pixel.
    static var everything: SpanList { SpanList(-(1 << 30), 1 << 30) }

    @inline(__always)
    subscript(i: Int) -> (start: Int32, end: Int32) { (starts.span[i], ends.span[i]) }

    var isEmpty: Bool { count == 0 }

    /// Appends an interval that lies after all existing ones. `superset` says what to do
    /// when full: merge with the last interval (true) or drop it (false).
    @inline(__always)
    mutating func append(_ start: Int32, _ end: Int32, superset: Bool) {
        guard start < end else { return }
        if count > 0 {
            let lastEnd = ends.span[unchecked: count - 1]
            if start <= lastEnd {
                ends[count - 1] = Swift.max(lastEnd, end)
                return
            }
        }
        if count == SpanList.capacity {
            if superset { ends[count - 1] = end }
            return
        }
        starts[count] = start
        ends[count] = end
        count += 1
    }

    /// Pixels in both lists.
    func intersection(_ other: SpanList, superset: Bool) -> SpanList {
        var out = SpanList()
        let s0 = starts.span, e0 = ends.span, s1 = other.starts.span, e1 = other.ends.span
        var i = 0, j = 0
        while i < count && j < other.count {
            let ei = e0[unchecked: i], ej = e1[unchecked: j]
            out.append(Swift.max(s0[unchecked: i], s1[unchecked: j]), Swift.min(ei, ej), superset: superset)
            if ei < ej { i += 1 } else { j += 1 }
        }
        return out
    }

    /// Pixels in either list.
    func union(_ other: SpanList, superset: Bool) -> SpanList {
        var out = SpanList()
        let s0 = starts.span, e0 = ends.span, s1 = other.starts.span, e1 = other.ends.span
        var i = 0, j = 0
        while i < count || j < other.count {
            let takeSelf = j >= other.count || (i < count && s0[unchecked: i] <= s1[unchecked: j])
            if takeSelf {
                out.append(s0[unchecked: i], e0[unchecked: i], superset: superset)
                i += 1
            } else {
                out.append(s1[unchecked: j], e1[unchecked: j], superset: superset)
                j += 1
            }
        }
        return out
    }

    /// Pixels in this list but not in [start, end).
    func subtracting(_ start: Int32, _ end: Int32, superset: Bool) -> SpanList {
        guard start < end else { return self }
        var out = SpanList()
        let s0 = starts.span, e0 = ends.span
        for i in 0..<count {
            let si = s0[unchecked: i], ei = e0[unchecked: i]
            out.append(si, Swift.min(ei, start), superset: superset)
            out.append(Swift.max(si, end), ei, superset: superset)
        }
        return out
    }
}

/// What a shape says about one row.
struct RowSpans: Sendable {
    /// Pixels whose coverage may be non-zero; all others are certainly zero.
    var nonZero = SpanList()
    /// Pixels whose coverage is certainly full (256); a subset of `nonZero`.
    var full = SpanList()
    init() {}
    init(nonZero: SpanList, full: SpanList) {
        self.nonZero = nonZero
        self.full = full
    }

    /// What two shapes' rows say about their intersection (the product of coverages): may
    /// cover where both may, certainly full where both are.
    @inline(__always)
    func intersection(_ other: RowSpans) -> RowSpans {
        RowSpans(
            nonZero: nonZero.intersection(other.nonZero, superset: true),
            full: full.intersection(other.full, superset: false))
    }
}
