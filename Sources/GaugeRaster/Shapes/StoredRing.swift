/// Where a ring's rows come from when its arcs are walked (`Rasterizer.fillArcs`): the
/// ring computing each (four square roots), or a `StoredRing` reading it back.
protocol RingRowSource {
    func scalarRow(_ y: Int32) -> RingShape.Scalars
}

extension RingShape: RingRowSource {}

/// A ring's rows kept between frames, for a dial drawn at the same place every frame:
/// each row's intervals (`RingShape.scalarRow`), and, for a conic gradient, the colour
/// step of every pixel the ring may cover (an atan2 each) — computed once, read back.
/// The same rows and steps, so the same pixels. `ShapeCache` keeps them.
struct StoredRing: RingRowSource {
    /// Which ring and which gradient geometry (centre and sweep: what a pixel's step
    /// depends on, not the colours) these rows belong to.
    struct Key: Equatable {
        let cx: Int64, cy: Int64, outer: Int64, inner: Int64
        let hasConic: Bool
        let conicX: Int32, conicY: Int32, conicStart: Int32, conicSweep: Int32

        init(_ ring: RingShape, conic: ConicGradient?) {
            cx = ring.cx
            cy = ring.cy
            outer = ring.outer
            inner = ring.inner
            hasConic = conic != nil
            conicX = conic?.centre.x.raw ?? 0
            conicY = conic?.centre.y.raw ?? 0
            conicStart = conic?.start.raw ?? 0
            conicSweep = conic?.sweep.raw ?? 0
        }
    }

    /// The first row kept: the ring's top; rows end at its bottom.
    private let y0: Int32
    private let rows: [RingShape.Scalars]
    /// Per row, the index in `steps` of pixel 0 for its first and its second interval.
    private let firstStarts: [Int], secondStarts: [Int]
    private let steps: [UInt16]

    /// How many values it keeps (its size in the cache: rows count as 16 values each).
    var size: Int { steps.count &+ rows.count &* 16 }

    init(_ ring: RingShape, conic: ConicGradient?) {
        let box = ring.bounds
        y0 = box.y0
        var rows: [RingShape.Scalars] = [], firstStarts: [Int] = [], secondStarts: [Int] = []
        var steps: [UInt16] = []
        rows.reserveCapacity(Int(box.height))
        var y = box.y0
        while y < box.y1 {
            let r = ring.scalarRow(y)
            rows.append(r)
            if let conic {
                let dy = conic.offsetY(y)
                func keep(_ piece: (lo: Int32, hi: Int32)) -> Int {
                    let start = steps.count &- Int(piece.lo)
                    var x = piece.lo
                    while x < piece.hi {
                        steps.append(UInt16(truncatingIfNeeded: conic.step(dx: conic.offsetX(x), dy: dy)))
                        x &+= 1
                    }
                    return start
                }
                firstStarts.append(keep(r.first))
                secondStarts.append(keep(r.second))
            }
            y &+= 1
        }
        self.rows = rows
        self.firstStarts = firstStarts
        self.secondStarts = secondStarts
        self.steps = steps
    }

    /// Row y of the ring (y within the ring's bounds).
    @inline(__always) func scalarRow(_ y: Int32) -> RingShape.Scalars { rows[Int(y &- y0)] }

    /// The index in `steps` of pixel 0 of row y when pixels x0 ..< x1 are all kept, else nil.
    @inline(__always) func stepBase(y: Int32, from x0: Int32, to x1: Int32) -> Int? {
        let i = Int(y &- y0)
        guard i >= 0 && i < firstStarts.count && x0 < x1 else { return nil }
        let r = rows[i]
        if x0 >= r.first.lo && x1 <= r.first.hi { return firstStarts[i] }
        if x0 >= r.second.lo && x1 <= r.second.hi { return secondStarts[i] }
        return nil
    }

    @inline(__always) func step(at index: Int) -> Int32 { Int32(steps[index]) }
}
