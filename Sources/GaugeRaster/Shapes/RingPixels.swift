// Embedded-Swift subset: no Foundation.

/// One arc's pixels on every row of its ring, kept between frames for a dial drawn at the
/// same place over the same background: for each of the ring's intervals on a row, what
/// the arc's walk writes there when its wedge holds the interval whole
/// (`Rasterizer.walkHeldPiece`: the full runs filled, the edge pixels blended with the
/// ring's coverage), over the background. Where a frame's arc holds an interval whole and
/// nothing has been drawn there since the background, copying these pixels writes what
/// the walk would write — so most rows of a dial's track and value arc cost a copy each
/// instead of a square root and a blend per edge pixel. `ShapeCache` keeps them (bounded
/// in bytes); `Rasterizer.fillArcs` reads them.
final class RingPixels {
    /// What the pixels depend on: the ring (and a conic gradient's geometry: its centre and
    /// sweep), the arc's colours, the background under them and the pixel format.
    struct Key: Equatable {
        let ring: StoredRing.Key
        let paint: PaintKey
        let background: Color
        let format: PixelFormat
    }

    /// An arc's paint as part of a key: a solid colour, or a conic gradient's stops (its
    /// geometry is in the ring's key). Linear gradients are never kept.
    enum PaintKey: Equatable {
        case solid(Color)
        case conic([GradientStop])

        init?(_ paint: Paint) {
            switch paint {
            case .solid(let color): self = .solid(color)
            case .conic(let gradient): self = .conic(gradient.ramp.stops)
            case .linear: return nil
            }
        }
    }

    /// The ring's first row; one entry per row down to its bottom.
    private let y0: Int32
    /// Per row, the index in the storage of pixel 0 of its first and of its second
    /// interval (pixel x of an interval is at its start + x).
    private let firstStarts: [Int], secondStarts: [Int]
    private let storage: UnsafeMutableRawPointer
    /// The bytes kept.
    let byteCount: Int

    /// Pixels the ring's intervals hold over all of `rows` (what `init` keeps).
    static func pixelCount<R: RingRowSource>(_ rows: R, in box: IntRect) -> Int {
        var total = 0
        for y in box.y0..<box.y1 {
            let r = rows.scalarRow(y)
            total &+= Int(Swift.max(r.first.hi &- r.first.lo, 0)) &+ Int(Swift.max(r.second.hi &- r.second.lo, 0))
        }
        return total
    }

    /// Walks every interval of every row of `ring` (rows from `rows`) as an arc whose wedge
    /// holds it whole, in `shader`, over `background` packed by `codec`.
    init<R: RingRowSource, H: Shader, C: PixelCodec>(ring: RingShape, rows: R, shader: H, codec: C.Type, background: Color) {
        let box = ring.bounds
        y0 = box.y0
        var firstStarts: [Int] = [], secondStarts: [Int] = []
        firstStarts.reserveCapacity(Int(box.height))
        secondStarts.reserveCapacity(Int(box.height))
        var total = 0
        for y in box.y0..<box.y1 {
            let r = rows.scalarRow(y)
            firstStarts.append(total &- Int(r.first.lo))
            total &+= Int(Swift.max(r.first.hi &- r.first.lo, 0))
            secondStarts.append(total &- Int(r.second.lo))
            total &+= Int(Swift.max(r.second.hi &- r.second.lo, 0))
        }
        byteCount = total &* MemoryLayout<C.Storage>.stride
        storage = UnsafeMutableRawPointer.allocate(
            byteCount: Swift.max(byteCount, 1),
            alignment: MemoryLayout<C.Storage>.alignment)
        let pixels = storage.bindMemory(to: C.Storage.self, capacity: total)
        pixels.initialize(repeating: C.packReplacing(background), count: total)
        for y in box.y0..<box.y1 {
            let r = rows.scalarRow(y), i = Int(y &- box.y0)
            if r.first.lo < r.first.hi {
                Rasterizer.walkHeldPiece(
                    second: false, ring, r, shader: shader, codec: C.self,
                    pixels: pixels + firstStarts[i], y: y, from: r.first.lo, to: r.first.hi)
            }
            if r.second.lo < r.second.hi {
                Rasterizer.walkHeldPiece(
                    second: true, ring, r, shader: shader, codec: C.self,
                    pixels: pixels + secondStarts[i], y: y, from: r.second.lo, to: r.second.hi)
            }
        }
        self.firstStarts = firstStarts
        self.secondStarts = secondStarts
    }

    deinit { storage.deallocate() }

    /// Copies the kept pixels of row y's interval `piece` (its second when `second`) within
    /// [x0, x1) into `row`, a surface row in the format they were kept for.
    @inline(__always)
    func copy<C: PixelCodec>(
        _: C.Type, second: Bool, _ piece: (lo: Int32, hi: Int32), y: Int32,
        into row: UnsafeMutablePointer<C.Storage>, from x0: Int32, to x1: Int32
    ) {
        let lo = Swift.max(piece.lo, x0), hi = Swift.min(piece.hi, x1)
        guard lo < hi else { return }
        let i = Int(y &- y0)
        let start = (second ? secondStarts[i] : firstStarts[i]) &+ Int(lo)
        let source = storage.assumingMemoryBound(to: C.Storage.self) + start
        // A raw copy is memmove everywhere; -Osize's typed `update(from:count:)` on
        // Embedded ARM called a function per pixel.
        UnsafeMutableRawPointer(row + Int(lo)).copyMemory(
            from: source, byteCount: Int(hi &- lo) &* MemoryLayout<C.Storage>.stride)
    }
}
