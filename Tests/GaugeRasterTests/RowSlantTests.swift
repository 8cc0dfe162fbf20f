import Testing
@testable import GaugeRaster

/// Slanted rectangles: a slant's rows hold the straight lines they are made from, and a
/// region holding slanted rectangles keeps every pixel through its algebra.
@Suite struct RowSlantTests {
    /// Slants through random ends (`RowSlant.step` of each edge): every row holds the columns between the two
    /// straight lines (read exactly, as fractions), stays inside its rectangle, and meets
    /// the given columns on the first and last rows within the rounding of one step.
    @Test func slantHoldsTheStraightLinesBetweenItsEnds() throws {
        var rng = SplitMix(seed: 0x51A7)
        for _ in 0..<2000 {
            let rows = Int32.random(in: 1...120, using: &rng)
            let lt = Int32.random(in: 0...200, using: &rng), lb = Int32.random(in: 0...200, using: &rng)
            let rt = lt + Int32.random(in: 0...40, using: &rng), rb = lb + Int32.random(in: 0...40, using: &rng)
            guard let slant = RowSlant.through(leftTop: lt, leftBottom: lb, rightTop: rt, rightBottom: rb, rows: rows) else {
                // Only a step past 127 px per row has no slant.
                #expect(
                    rows > 1
                        && (abs(Int(lb - lt)) * 256 / Int(rows - 1) > Int(Int16.max)
                            || abs(Int(rb - rt)) * 256 / Int(rows - 1) > Int(Int16.max))
                )
                continue
            }
            let rect = IntRect(x0: min(lt, lb), y0: 10, x1: max(rt, rb), y1: 10 + rows)
            let span = Int64(max(rows - 1, 1))
            for r in 0..<rows {
                let c = slant.columns(of: rect, row: 10 + r)
                // The lines at row r: lt + (lb − lt)·r / (rows − 1), exactly.
                let left = Int64(lt) * span + Int64(lb - lt) * Int64(r), right = Int64(rt) * span + Int64(rb - rt) * Int64(r)
                #expect(Int64(c.x0) * span <= left, "left edge past the line at row \(r)")
                #expect(Int64(c.x1) * span >= right, "right edge inside the line at row \(r)")
                #expect(c.x0 >= rect.x0 && c.x1 <= rect.x1)
                if rows > 1 && (r == 0 || r == rows - 1) {
                    #expect(c.x0 >= (r == 0 ? lt : lb) - 1 && c.x1 <= (r == 0 ? rt : rb) + 1)
                }
            }
        }
    }

    /// A random region of slanted bands (whole rectangles disjoint, as a needle's damage)
    /// and whole rectangles.
    static func slantedBands(_ rng: inout SplitMix) -> (Region, Set<Int32>) {
        var region = Region(), pixels = Set<Int32>()
        func add(_ rect: IntRect, _ slant: RowSlant) {
            for r in rect.y0..<rect.y1 {
                let c = slant.columns(of: rect, row: r)
                if c.x0 < c.x1 { for px in c.x0..<c.x1 { pixels.insert(r * 1000 + px) } }
            }
        }
        var y = Int32.random(in: 0...10, using: &rng)
        for _ in 0..<Int.random(in: 1...8, using: &rng) {
            let h = Int32.random(in: 1...9, using: &rng)
            var x = Int32.random(in: 0...20, using: &rng)
            // A third of the bands as two strips whose rectangles overlap (a band with a
            // hole), when the random strips' pixels miss each other.
            if Int.random(in: 0..<3, using: &rng) == 0 {
                let left = IntRect(x0: x, y0: y, x1: x + Int32.random(in: 2...14, using: &rng), y1: y + h)
                let rightStart = Int32.random(in: x...(left.x1 + 1), using: &rng)
                let right = IntRect(x0: rightStart, y0: y, x1: Swift.max(left.x1, rightStart) + Int32.random(in: 1...10, using: &rng), y1: y + h)
                func slant() -> RowSlant {
                    RowSlant(left: Int16.random(in: -300...300, using: &rng), right: Int16.random(in: -300...300, using: &rng))
                }
                let ls = slant(), rs = slant()
                if region.append(disjointStrips: left, ls, right, rs) {
                    add(left, ls)
                    add(right, rs)
                    y += h
                    continue
                }
            }
            for _ in 0..<2 {
                let w = Int32.random(in: 1...14, using: &rng)
                let rect = IntRect(x0: x, y0: y, x1: x + w, y1: y + h)
                let slant = RowSlant(left: Int16.random(in: -600...600, using: &rng), right: Int16.random(in: -600...600, using: &rng))
                region.append(disjoint: rect, slant: slant)
                add(rect, slant)
                x += w + Int32.random(in: 0...3, using: &rng)
            }
            y += h
        }
        return (region, pixels)
    }

    static func exactPixels(_ r: Region) -> [Int32] {
        var list: [Int32] = []
        r.forEachRectangle { p in for y in p.y0..<p.y1 { for x in p.x0..<p.x1 { list.append(y * 1000 + x) } } }
        return list
    }

    @Test func slantedRegionKeepsEveryPixelThroughItsAlgebra() {
        var rng = SplitMix(seed: 0xBA4D)
        var holes = 0
        defer { #expect(holes > 100, "\(holes) bands with a hole") }
        for _ in 0..<400 {
            let (region, model) = Self.slantedBands(&rng)
            holes += (0..<region.count).filter { region.isHole($0) }.count
            // forEachRectangle, area and contains say the same pixels, each once.
            let exact = Self.exactPixels(region)
            #expect(Set(exact) == model && exact.count == model.count && region.area == Int64(model.count))
            for y: Int32 in -2..<110 { for x: Int32 in -2..<80 { #expect(region.contains(x: x, y: y) == model.contains(y * 1000 + x)) } }
            // The whole rectangles hold the pixels.
            var boxes = Set<Int32>()
            for b in region.rectangles { for y in b.y0..<b.y1 { for x in b.x0..<b.x1 { boxes.insert(y * 1000 + x) } } }
            #expect(boxes.isSuperset(of: model))

            // A union keeps both sides' pixels, each once, and adds none outside the boxes.
            let rect = IntRect(
                x: Int32.random(in: 0...40, using: &rng), y: Int32.random(in: 0...60, using: &rng),
                width: Int32.random(in: 1...20, using: &rng), height: Int32.random(in: 1...20, using: &rng))
            var rectPixels = Set<Int32>()
            for y in rect.y0..<rect.y1 { for x in rect.x0..<rect.x1 { rectPixels.insert(y * 1000 + x) } }
            for order in 0..<2 {
                var u = order == 0 ? region : Region(rect)
                if order == 0 { u.formUnion(rect) } else { u.formUnion(region) }
                let list = Self.exactPixels(u)
                #expect(list.count == Set(list).count, "a pixel twice in a union")
                #expect(Set(list).isSuperset(of: model.union(rectPixels)))
                #expect(Set(list).isSubset(of: boxes.union(rectPixels)))
            }
            // An intersection keeps every pixel inside the cut; a slanted rectangle inside it
            // stays slanted.
            let cut = region.intersection(rect)
            #expect(Set(Self.exactPixels(cut)).isSuperset(of: model.intersection(rectPixels)))
            #expect(Set(Self.exactPixels(cut)).isSubset(of: boxes.intersection(rectPixels)))
            #expect(region.intersection(region.bounds) == region)
            #expect(Set(Self.exactPixels(region.subtracting(rect))).isSuperset(of: model.subtracting(rectPixels)))
        }
    }

    /// Past the inline capacity a region holds whole rectangles: slanted ones become whole
    /// (more pixels, none lost).
    @Test func spilledRegionMakesSlantedRectanglesWhole() {
        var region = Region()
        let slanted = IntRect(x0: 0, y0: 0, x1: 20, y1: 10)
        region.append(disjoint: slanted, slant: RowSlant(left: 256, right: 256))
        #expect(region.area < slanted.area)
        for i in 0..<Region.inlineCapacity { region.append(disjoint: IntRect(x: Int32(i) * 3, y: 20, width: 2, height: 2)) }
        #expect(region.area == slanted.area + Int64(Region.inlineCapacity) * 4)
    }
}

extension RowSlant {
    /// The slant whose edges pass through the given columns on the first and last of
    /// `rows` rows, or nil when a step is past 127 px per row.
    static func through(leftTop: Int32, leftBottom: Int32, rightTop: Int32, rightBottom: Int32, rows: Int32) -> RowSlant? {
        guard rows > 1 else { return RowSlant.none }
        let span = Int64(rows) - 1
        guard let l = step(dx: Int64(leftBottom) - Int64(leftTop), rows: span),
            let r = step(dx: Int64(rightBottom) - Int64(rightTop), rows: span)
        else { return nil }
        return RowSlant(left: l, right: r)
    }
}
