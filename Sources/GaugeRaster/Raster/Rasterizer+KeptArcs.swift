/// A dial's two arcs' pixels kept over its background (`RingPixels`), for
/// `Rasterizer.fillArcs`: the under arc's (the track) and the over arc's (the value arc).
struct KeptArcs {
    let under: RingPixels, over: RingPixels
}

extension Rasterizer {
    /// Which of a row's two ring intervals an arc's walk left untouched.
    struct Untouched {
        var first: Bool, second: Bool
        static var both: Untouched { Untouched(first: true, second: true) }
    }

    /// `walkArcRow`, where every pixel of the row's ring intervals held the background when
    /// the draw began and those `untouched` still hold it: an interval the wedge holds
    /// whole is copied from `kept` (what `walkHeldPiece` writes over the background), not
    /// walked. Rows a ray crosses are walked as `walkArcRow` walks them. Returns the
    /// intervals this arc left untouched (its wedge holds none of their pixels).
    @inline(__always)
    static func walkArcRow<H: Shader, C: PixelCodec>(
        _ arc: ArcShape, _ ring: RingShape.Scalars, kept: RingPixels, untouched: Untouched, shader: H, codec: C.Type,
        surface: Surface, y: Int32, from x0: Int32, to x1: Int32
    ) -> Untouched {
        let first = ring.first, second = ring.second
        guard first.lo < first.hi else { return .both }
        let held = heldPieces(arc, ring, y: y, from: x0, to: x1), left = held.left, right = held.right
        let result = Untouched(first: left == .none, second: right == .none)
        if left == .mixed || right == .mixed {
            walkCrossedRow(arc, ring, shader: shader, codec: C.self, surface: surface, y: y, from: x0, to: x1)
            return result
        }
        let pixels = surface.row(y).assumingMemoryBound(to: C.Storage.self)
        if left == .full {
            if untouched.first {
                kept.copy(C.self, second: false, first, y: y, into: pixels, from: x0, to: x1)
            } else {
                walkHeldPiece(second: false, arc.ring, ring, shader: shader, codec: C.self, pixels: pixels, y: y, from: x0, to: x1)
            }
        }
        if right == .full {
            if untouched.second {
                kept.copy(C.self, second: true, second, y: y, into: pixels, from: x0, to: x1)
            } else {
                walkHeldPiece(second: true, arc.ring, ring, shader: shader, codec: C.self, pixels: pixels, y: y, from: x0, to: x1)
            }
        }
        return result
    }
}
