import Testing
@testable import GaugeRaster

/// A band stored as two strips whose rectangles overlap (`Region+Strips`): its exact
/// pixels are the strips', what reads rectangles whole sees the band, and algebra that
/// makes the band whole gives its hole's pixels back.
@Suite struct RegionStripsTests {
    /// Two strips down 10 rows drifting right by ½ px a row, 3 px apart on every row.
    static let left = IntRect(x0: 10, y0: 20, x1: 19, y1: 30)
    static let right = IntRect(x0: 17, y0: 20, x1: 28, y1: 30)
    static let leftSlant = RowSlant(left: -128, right: -128)
    static let rightSlant = RowSlant(left: -128, right: -128)

    static func pixels(_ rect: IntRect, _ slant: RowSlant) -> Set<Int32> {
        var set = Set<Int32>()
        for y in rect.y0..<rect.y1 {
            let c = slant.columns(of: rect, row: y)
            if c.x0 < c.x1 { for x in c.x0..<c.x1 { set.insert(y * 1000 + x) } }
        }
        return set
    }

    static func exact(_ r: Region) -> [Int32] {
        var list: [Int32] = []
        r.forEachRectangle { p in for y in p.y0..<p.y1 { for x in p.x0..<p.x1 { list.append(y * 1000 + x) } } }
        return list
    }

    static func stripped() -> Region {
        var r = Region()
        let appended = r.append(disjointStrips: left, leftSlant, right, rightSlant)
        #expect(appended)
        return r
    }

    @Test func aBandWithAHoleHoldsItsStripsPixelsOnly() {
        let r = Self.stripped()
        let strips = Self.pixels(Self.left, Self.leftSlant).union(Self.pixels(Self.right, Self.rightSlant))
        let band = Self.pixels(IntRect(x0: 10, y0: 20, x1: 28, y1: 30), RowSlant(left: -128, right: -128))
        #expect(strips.count < band.count && strips.isSubset(of: band))
        let list = Self.exact(r)
        #expect(Set(list) == strips && list.count == strips.count && r.area == Int64(strips.count))
        for y: Int32 in 18..<32 { for x: Int32 in 5..<35 { #expect(r.contains(x: x, y: y) == strips.contains(y * 1000 + x)) } }
        // Read whole: the band, and the hole's entry empty.
        #expect(r.rectangles.filter { !$0.isEmpty } == [IntRect(x0: 10, y0: 20, x1: 28, y1: 30)])
        #expect(r.bounds == IntRect(x0: 10, y0: 20, x1: 28, y1: 30))
    }

    @Test func stripsWhosePixelsMeetAreRefused() {
        var r = Region()
        // The left strip's right side reaches past the right strip's left side on the
        // first rows.
        let crossing = r.append(
            disjointStrips: Self.left, RowSlant(left: -128, right: -256), Self.right, RowSlant(left: 256, right: -128))
        #expect(!crossing && r.isEmpty)
        // Strips on different rows, or a band that would not be slanted, likewise.
        let otherRows = r.append(disjointStrips: Self.left, Self.leftSlant, IntRect(x0: 17, y0: 21, x1: 28, y1: 30), Self.rightSlant)
        let upright = r.append(disjointStrips: IntRect(x0: 0, y0: 0, x1: 4, y1: 3), .none, IntRect(x0: 6, y0: 0, x1: 9, y1: 3), .none)
        #expect(!otherRows && !upright && r.isEmpty)
    }

    /// `stripsMiss`'s bound on the end rows never says "miss" where a row's pixels meet.
    @Test func theEndRowBoundAgreesWithEveryRow() {
        var rng = SplitMix(seed: 0x57_21_95)
        var missed = 0
        for _ in 0..<3000 {
            let y0 = Int32.random(in: -5...5, using: &rng), y1 = y0 + Int32.random(in: 1...60, using: &rng)
            let x = Int32.random(in: -20...20, using: &rng)
            let left = IntRect(x0: x, y0: y0, x1: x + Int32.random(in: 1...30, using: &rng), y1: y1)
            let start = Int32.random(in: x...(left.x1 + 4), using: &rng)
            let right = IntRect(x0: start, y0: y0, x1: Swift.max(start, left.x1) + Int32.random(in: 1...30, using: &rng), y1: y1)
            let ls = RowSlant(left: Int16.random(in: -900...900, using: &rng), right: Int16.random(in: -900...900, using: &rng))
            let rs = RowSlant(left: Int16.random(in: -900...900, using: &rng), right: Int16.random(in: -900...900, using: &rng))
            var meet = false
            for y in y0..<y1 where ls.columns(of: left, row: y).x1 > rs.columns(of: right, row: y).x0 { meet = true }
            #expect(Region.stripsMiss(left, ls, right, rs) == !meet)
            if !meet { missed += 1 }
        }
        #expect(missed > 300)
    }

    @Test func algebraKeepsEveryPixelOnce() {
        let strips = Self.pixels(Self.left, Self.leftSlant).union(Self.pixels(Self.right, Self.rightSlant))
        // A rectangle beside the band: joined, the hole stays.
        var beside = Region(IntRect(x0: 40, y0: 0, x1: 50, y1: 5))
        beside.formUnion(Self.stripped())
        #expect(beside.area == 50 + Int64(strips.count))
        // A rectangle that meets the band's rectangle makes it whole: the hole's pixels are
        // in the region again, none twice.
        var met = Self.stripped()
        met.formUnion(IntRect(x0: 26, y0: 28, x1: 32, y1: 34))
        let list = Self.exact(met)
        #expect(list.count == Set(list).count)
        #expect(Set(list).isSuperset(of: strips) && met.area > Int64(strips.count) + 20)
        // Cut inside the band's rows: whole pieces; a cut elsewhere keeps the hole.
        #expect(Self.stripped().intersection(IntRect(x0: 0, y0: 0, x1: 100, y1: 100)).area == Int64(strips.count))
        #expect(Self.stripped().subtracting(IntRect(x0: 60, y0: 0, x1: 70, y1: 10)).area == Int64(strips.count))
        let cut = Self.stripped().subtracting(IntRect(x0: 0, y0: 25, x1: 100, y1: 100))
        #expect(Set(Self.exact(cut)).isSuperset(of: strips.filter { $0 / 1000 < 25 }))
        // Simplified: rectangles only, holding every pixel.
        let simple = Self.stripped().simplified(maxRectangles: 1)
        #expect(simple.rectangles.count == 1 && Set(Self.exact(simple)).isSuperset(of: strips))
    }

    @Test func aSpilledRegionHoldsTheWholeBand() {
        var r = Self.stripped()
        for i in 0..<Region.inlineCapacity { r.append(disjoint: IntRect(x: Int32(i) * 3, y: 40, width: 2, height: 2)) }
        #expect(r.rectangles.count == Region.inlineCapacity + 1, "\(r.rectangles.count) \(Array(r.rectangles.prefix(3)))")
        #expect(r.rectangles.allSatisfy { !$0.isEmpty })
        #expect(r.area == IntRect(x0: 10, y0: 20, x1: 28, y1: 30).area + Int64(Region.inlineCapacity) * 4)
    }

    @Test func aMaskedCanvasLeavesTheHoleAlone() throws {
        let s = try Surface(width: 40, height: 40, format: .xrgb8888)
        let grey = Color(rgb: 0x202020), red = Color(rgb: 0xE04030)
        Canvas(s).clear(grey)
        Canvas(s, region: Self.stripped()).clear(red)
        let strips = Self.pixels(Self.left, Self.leftSlant).union(Self.pixels(Self.right, Self.rightSlant))
        for y: Int32 in 0..<40 {
            for x: Int32 in 0..<40 { #expect(s.color(x: x, y: y) == (strips.contains(y * 1000 + x) ? red : grey)) }
        }
    }
}
