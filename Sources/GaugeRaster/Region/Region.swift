/// A set of pixels as disjoint rectangles: what changed in a frame (damage), or what
/// must be copied to the screen.
///
/// Rectangles never overlap, so `area` is exact and each pixel is drawn or copied once.
/// `simplified(maxRectangles:)` trades a few extra pixels for fewer rectangles — an SPI
/// panel or `drmModeDirtyFB` wants a handful of tight ones, not hundreds.
public struct Region: Sendable, Equatable {
    public private(set) var rectangles: [IntRect] = []

    public init() {}
    public init(_ rect: IntRect) { if !rect.isEmpty { rectangles = [rect] } }
    public init(_ rects: [IntRect]) { for r in rects { formUnion(r) } }

    public var isEmpty: Bool { rectangles.isEmpty }

    /// Smallest rectangle holding every pixel.
    public var bounds: IntRect { rectangles.reduce(IntRect.empty) { $0.union($1) } }

    /// Number of pixels.
    public var area: Int64 { rectangles.reduce(0) { $0 + $1.area } }

    public func contains(x: Int32, y: Int32) -> Bool { rectangles.contains { $0.contains(x: x, y: y) } }

    /// Adds `rect`: only its parts not already in the region are stored.
    public mutating func formUnion(_ rect: IntRect) {
        guard !rect.isEmpty else { return }
        // The usual cases need no scratch arrays: already covered, or touching nothing.
        var overlaps = false
        for existing in rectangles where existing.intersects(rect) {
            if existing.contains(rect) { return }
            overlaps = true
            break
        }
        if !overlaps {
            // Damage comes in handfuls: grow once, not 1 → 2 → 4 → 8.
            if rectangles.capacity == 0 { rectangles.reserveCapacity(8) }
            rectangles.append(rect)
            return
        }
        var pieces = [rect]
        for existing in rectangles {
            var next: [IntRect] = []
            for piece in pieces { Region.subtract(existing, from: piece, into: &next) }
            pieces = next
            if pieces.isEmpty { return }
        }
        rectangles.append(contentsOf: pieces)
    }

    public mutating func formUnion(_ other: Region) {
        // Into an empty region: share the other's rectangles (no copy, no allocation).
        if rectangles.isEmpty { rectangles = other.rectangles; return }
        for r in other.rectangles { formUnion(r) }
    }

    public func union(_ other: Region) -> Region {
        var r = self; r.formUnion(other); return r
    }

    /// Pixels in both this region and `rect`.
    public func intersection(_ rect: IntRect) -> Region {
        // Damage usually lies inside the screen: keep the same storage.
        if rectangles.allSatisfy({ rect.contains($0) }) { return self }
        var r = Region()
        r.rectangles = rectangles.compactMap { let i = $0.intersection(rect); return i.isEmpty ? nil : i }
        return r
    }

    /// Pixels in both regions.
    public func intersection(_ other: Region) -> Region {
        var r = Region()
        for a in rectangles {
            for b in other.rectangles {
                let i = a.intersection(b)
                if !i.isEmpty { r.rectangles.append(i) }   // disjoint: a's and b's are
            }
        }
        return r
    }

    /// Pixels of this region not in `rect`.
    public func subtracting(_ rect: IntRect) -> Region {
        var r = Region()
        for a in rectangles { Region.subtract(rect, from: a, into: &r.rectangles) }
        return r
    }

    /// At most `maxRectangles` rectangles covering every pixel of this region: the pair
    /// whose bounding box adds the fewest extra pixels is merged first, and a merged box
    /// swallows whatever it overlaps, so the result stays disjoint.
    public func simplified(maxRectangles: Int) -> Region {
        let limit = Swift.max(maxRectangles, 1)
        var boxes = rectangles
        while boxes.count > limit {
            var best = (i: 0, j: 1, cost: Int64.max)
            for i in 0..<boxes.count {
                for j in (i + 1)..<boxes.count {
                    let cost = boxes[i].union(boxes[j]).area - boxes[i].area - boxes[j].area
                    if cost < best.cost { best = (i, j, cost) }
                }
            }
            var merged = boxes[best.i].union(boxes[best.j])
            boxes.remove(at: best.j); boxes.remove(at: best.i)
            // Absorb every box the merged one now overlaps (repeat: it may grow).
            var grew = true
            while grew {
                grew = false
                var k = 0
                while k < boxes.count {
                    if boxes[k].intersects(merged) {
                        merged = merged.union(boxes[k]); boxes.remove(at: k); grew = true
                    } else { k += 1 }
                }
            }
            boxes.append(merged)
        }
        var r = Region()
        r.rectangles = boxes
        return r
    }

    /// Appends the parts of `piece` outside `cut` (up to four rectangles).
    static func subtract(_ cut: IntRect, from piece: IntRect, into out: inout [IntRect]) {
        let overlap = piece.intersection(cut)
        if overlap.isEmpty { out.append(piece); return }
        if piece.y0 < overlap.y0 { out.append(IntRect(x0: piece.x0, y0: piece.y0, x1: piece.x1, y1: overlap.y0)) }
        if overlap.y1 < piece.y1 { out.append(IntRect(x0: piece.x0, y0: overlap.y1, x1: piece.x1, y1: piece.y1)) }
        if piece.x0 < overlap.x0 { out.append(IntRect(x0: piece.x0, y0: overlap.y0, x1: overlap.x0, y1: overlap.y1)) }
        if overlap.x1 < piece.x1 { out.append(IntRect(x0: overlap.x1, y0: overlap.y0, x1: piece.x1, y1: overlap.y1)) }
    }
}
