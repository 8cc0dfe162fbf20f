import Testing
@testable import GaugeRaster

/// Region algebra checked against a plain pixel-set model on a small grid.
@Suite struct RegionTests {
    static let grid: Int32 = 40

    func randomRect(_ rng: inout SplitMix) -> IntRect {
        let x = Int32.random(in: -5...Self.grid, using: &rng), y = Int32.random(in: -5...Self.grid, using: &rng)
        return IntRect(x: x, y: y, width: Int32.random(in: -2...18, using: &rng), height: Int32.random(in: -2...18, using: &rng))
    }

    func pixels(_ r: Region) -> Set<Int32> {
        var set = Set<Int32>()
        for y in -8..<(Self.grid + 30) { for x in -8..<(Self.grid + 30) where r.contains(x: x, y: y) { set.insert(y * 1000 + x) } }
        return set
    }

    func pixels(_ rects: [IntRect]) -> Set<Int32> {
        var set = Set<Int32>()
        for r in rects where !r.isEmpty { for y in r.y0..<r.y1 { for x in r.x0..<r.x1 { set.insert(y * 1000 + x) } } }
        return set
    }

    func isDisjoint(_ r: Region) -> Bool {
        for i in 0..<r.rectangles.count { for j in (i + 1)..<r.rectangles.count where r.rectangles[i].intersects(r.rectangles[j]) { return false } }
        return true
    }

    @Test func algebraMatchesPixelSets() {
        var rng = SplitMix(seed: 42)
        for _ in 0..<300 {
            let a = (0..<Int.random(in: 0...6, using: &rng)).map { _ in randomRect(&rng) }
            let b = (0..<Int.random(in: 0...6, using: &rng)).map { _ in randomRect(&rng) }
            let ra = Region(a), rb = Region(b)
            let cut = randomRect(&rng)
            #expect(isDisjoint(ra) && isDisjoint(rb))
            #expect(pixels(ra) == pixels(a))
            #expect(Int(ra.area) == pixels(a).count)
            #expect(pixels(ra.union(rb)) == pixels(a).union(pixels(b)))
            #expect(isDisjoint(ra.union(rb)))
            #expect(pixels(ra.intersection(rb)) == pixels(a).intersection(pixels(b)))
            #expect(pixels(ra.intersection(cut)) == pixels(a).intersection(pixels([cut])))
            #expect(pixels(ra.subtracting(cut)) == pixels(a).subtracting(pixels([cut])))
            #expect(pixels([ra.bounds]).isSuperset(of: pixels(a)))
            for limit in [1, 2, 4] {
                let simple = ra.simplified(maxRectangles: limit)
                #expect(simple.rectangles.count <= limit)
                #expect(isDisjoint(simple))
                #expect(pixels(simple).isSuperset(of: pixels(a)))
            }
        }
    }

    /// `append(disjoint:)` then `formUnion(Region)`, as a needle's bands join other damage:
    /// the same pixels as rectangle-by-rectangle unions, still disjoint.
    @Test func unionOfDisjointBandsMatchesPixelSets() {
        var rng = SplitMix(seed: 7)
        for _ in 0..<300 {
            let other = (0..<Int.random(in: 0...4, using: &rng)).map { _ in randomRect(&rng) }
            var bands = Region(), rects: [IntRect] = []
            var y = Int32.random(in: -5...10, using: &rng)
            for _ in 0..<Int.random(in: 0...12, using: &rng) {
                let h = Int32.random(in: 1...4, using: &rng)
                let x0 = Int32.random(in: -5...Self.grid, using: &rng), x1 = x0 + Int32.random(in: 0...6, using: &rng)
                let gap = Int32.random(in: 0...4, using: &rng), x2 = x1 + gap, x3 = x2 + Int32.random(in: 0...6, using: &rng)
                for r in [IntRect(x0: x0, y0: y, x1: x1, y1: y + h), IntRect(x0: x2, y0: y, x1: x3, y1: y + h)] {
                    bands.append(disjoint: r)
                    rects.append(r)
                }
                y += h
            }
            var region = Region(other)
            region.formUnion(bands)
            #expect(isDisjoint(region))
            #expect(pixels(region) == pixels(other).union(pixels(rects)))
        }
    }

    @Test func simplifyMergesNeighboursFirst() {
        // Two needles' damage close together and one far away: the close ones merge.
        let region = Region([
            IntRect(x: 0, y: 0, width: 10, height: 10), IntRect(x: 12, y: 0, width: 10, height: 10),
            IntRect(x: 200, y: 200, width: 10, height: 10),
        ])
        let simple = region.simplified(maxRectangles: 2)
        #expect(simple.rectangles.count == 2)
        #expect(simple.area == 220 + 100)
        #expect(simple.rectangles.contains(IntRect(x: 0, y: 0, width: 22, height: 10)))
    }

    @Test func manyAndFarRectanglesSpillExactly() {
        // More rectangles than fit inline, and coordinates beyond 16 bits: the region moves
        // to its array and stays exact.
        var rng = SplitMix(seed: 7)
        for far in [false, true] {
            var rects: [IntRect] = []
            for i in 0..<(Region.inlineCapacity + 20) {
                let x = Int32(i % 10) * 4, y = Int32(i / 10) * 4
                rects.append(IntRect(x: x, y: y, width: 3, height: 3))
            }
            if far { rects.insert(IntRect(x: 40_000, y: -40_000, width: 2, height: 2), at: 5) }
            let r = Region(rects)
            #expect(r.rectangles.count == rects.count && isDisjoint(r))
            #expect(Array(r.rectangles) == rects)
            #expect(r.area == Int64(rects.count) * 9 - (far ? 5 : 0))
            // (`pixels` of a region samples the grid only.)
            let cut = randomRect(&rng), grid = pixels([IntRect(x0: -8, y0: -8, x1: Self.grid + 30, y1: Self.grid + 30)])
            #expect(pixels(r.subtracting(cut)) == pixels(rects).subtracting(pixels([cut])).intersection(grid))
            #expect(pixels(r.intersection(cut)) == pixels(rects).intersection(pixels([cut])))
            #expect(r.subtracting(cut).area + r.intersection(cut).area == r.area)
            #expect(r.simplified(maxRectangles: 3).rectangles.count <= 3)
        }
    }

    @Test func emptyRegion() {
        let r = Region()
        #expect(r.isEmpty && r.area == 0 && r.bounds.isEmpty)
        #expect(r.simplified(maxRectangles: 3).isEmpty)
        #expect(Region(IntRect(x: 4, y: 4, width: 0, height: 9)).isEmpty)
    }
}
