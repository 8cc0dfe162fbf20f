/// The rows `Rasterizer.fillArcs` draws of two arcs of one ring within a clip (and a
/// slant's columns), top to bottom: each with the columns either arc may draw, and which
/// of them may draw there.
struct ArcPairRows {
    struct Row {
        let y: Int32
        let u0: Int32, u1: Int32, o0: Int32, o1: Int32
        let drawsUnder: Bool, drawsOver: Bool
    }

    private let under: ArcShape, over: ArcShape
    private let underBox: IntRect, overBox: IntRect
    private let slanted: SlantedRows, slant: Bool
    private let underNarrowed: Bool, overNarrowed: Bool
    private var y: Int32
    private let end: Int32

    @inline(__always)
    init(_ under: ArcShape, _ over: ArcShape, clip: IntRect, slanted: SlantedRows) {
        self.under = under
        self.over = over
        underBox = under.bounds.intersection(clip)
        overBox = over.bounds.intersection(clip)
        let rows = underBox.union(overBox)
        y = rows.isEmpty ? 0 : rows.y0
        end = rows.isEmpty ? 0 : rows.y1
        self.slanted = slanted
        // As in `fill`: only when the clip (or a slant) cuts an arc's columns can whole rows
        // miss it.
        slant = !slanted.slant.isNone
        underNarrowed = slant || underBox.x0 > under.bounds.x0 || underBox.x1 < under.bounds.x1
        overNarrowed = slant || overBox.x0 > over.bounds.x0 || overBox.x1 < over.bounds.x1
    }

    /// The rows `next()` has not passed: at first, every row either arc's box holds
    /// within the clip.
    var rows: Range<Int32> { y..<end }

    /// The next row either arc may draw on; nil past the last.
    @inline(__always)
    mutating func next() -> Row? {
        while y < end {
            let r = row(y)
            y &+= 1
            if r.drawsUnder || r.drawsOver { return r }
        }
        return nil
    }

    /// Row y, whether or not either arc may draw on it.
    @inline(__always)
    func row(_ y: Int32) -> Row {
        var u0 = underBox.x0, u1 = underBox.x1, o0 = overBox.x0, o1 = overBox.x1
        if slant {
            let cut = slanted.columns(row: y)
            u0 = Swift.max(u0, cut.x0)
            u1 = Swift.min(u1, cut.x1)
            o0 = Swift.max(o0, cut.x0)
            o1 = Swift.min(o1, cut.x1)
        }
        let drawsUnder =
            underBox.y0 <= y && y < underBox.y1 && u0 < u1 && (!underNarrowed || under.mayCover(row: y, from: u0, to: u1))
        let drawsOver =
            overBox.y0 <= y && y < overBox.y1 && o0 < o1 && (!overNarrowed || over.mayCover(row: y, from: o0, to: o1))
        return Row(y: y, u0: u0, u1: u1, o0: o0, o1: o1, drawsUnder: drawsUnder, drawsOver: drawsOver)
    }
}
