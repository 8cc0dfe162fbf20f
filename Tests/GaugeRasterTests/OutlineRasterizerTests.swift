import Testing
import GaugeRaster

/// The glyph rasterizer: exact coverage for shapes whose area is known, FreeType's fill
/// rule, and no trap on any input.
@Suite struct OutlineRasterizerTests {
    static let one = OutlineRasterizer.one

    /// A rectangle from (x0, y0) to (x1, y1) in sub-pixels, wound either way.
    static func rectangle(_ r: inout OutlineRasterizer, _ x0: Int32, _ y0: Int32, _ x1: Int32, _ y1: Int32, clockwise: Bool = true) {
        r.move(to: x0, y0)
        if clockwise {
            r.line(to: x1, y0)
            r.line(to: x1, y1)
            r.line(to: x0, y1)
        } else {
            r.line(to: x0, y1)
            r.line(to: x1, y1)
            r.line(to: x1, y0)
        }
        r.close()
    }

    static func mask(_ width: Int32, _ height: Int32, _ draw: (inout OutlineRasterizer) -> Void) throws -> CoverageMask {
        let mask = OutlineRasterizer.coverage(width: width, height: height, draw)
        return try #require(mask)
    }

    @Test func aPixelAlignedSquareIsSolidWithCleanEdges() throws {
        let m = try Self.mask(6, 5) { Self.rectangle(&$0, 1 * Self.one, 1 * Self.one, 4 * Self.one, 3 * Self.one) }
        for y in 0..<5 {
            for x in 0..<6 {
                let inside = (1..<4).contains(x) && (1..<3).contains(y)
                #expect(m.coverage[y * 6 + x] == (inside ? 255 : 0), "(\(x), \(y))")
            }
        }
    }

    @Test func halfCoveredPixelsAreHalfAndCornersAQuarter() throws {
        let h = Self.one / 2
        let m = try Self.mask(4, 4) { Self.rectangle(&$0, h, h, 3 * Self.one + h, 3 * Self.one + h) }
        #expect(m.coverage[0] == 64)  // a corner: a quarter of the pixel (63.75 rounded)
        #expect(m.coverage[1] == 128)  // the top edge: half (127.5 rounded up)
        #expect(m.coverage[4] == 128)  // the left edge
        #expect(m.coverage[5] == 255)
        #expect(m.coverage[15] == 64)
    }

    @Test func windingEitherWayGivesTheSameMask() throws {
        let a = try Self.mask(8, 8) { Self.rectangle(&$0, 100, 300, 1900, 1700, clockwise: true) }
        let b = try Self.mask(8, 8) { Self.rectangle(&$0, 100, 300, 1900, 1700, clockwise: false) }
        #expect(a.coverage == b.coverage)
    }

    @Test func aContourWoundTheOtherWayIsAHole() throws {
        let m = try Self.mask(10, 10) {
            Self.rectangle(&$0, 0, 0, 10 * Self.one, 10 * Self.one, clockwise: true)
            Self.rectangle(&$0, 3 * Self.one, 3 * Self.one, 7 * Self.one, 7 * Self.one, clockwise: false)
        }
        #expect(m.coverage[5 * 10 + 5] == 0)
        #expect(m.coverage[1 * 10 + 1] == 255)
        #expect(m.coverage.filter { $0 == 255 }.count == 100 - 16)
    }

    @Test func overlappingContoursWoundAlikeStayFull() throws {
        // TrueType's nonzero rule: overlaps (accented letters, joined strokes) are not holes.
        let m = try Self.mask(10, 10) {
            Self.rectangle(&$0, 0, 0, 6 * Self.one, 6 * Self.one)
            Self.rectangle(&$0, 4 * Self.one, 4 * Self.one, 10 * Self.one, 10 * Self.one)
        }
        #expect(m.coverage[5 * 10 + 5] == 255)
        #expect(m.coverage.filter { $0 == 255 }.count == 36 + 36 - 4)
    }

    @Test func aSlantedTriangleCoversItsArea() throws {
        // Right triangle with legs of 37 and 23 px, at sub-pixel offsets: area 425.5 px².
        let m = try Self.mask(40, 26) {
            $0.move(to: 77, 130)
            $0.line(to: 77 + 37 * Self.one, 130)
            $0.line(to: 77, 130 + 23 * Self.one)
        }
        let total = m.coverage.reduce(0) { $0 + Int($1) }
        #expect(abs(total - 425 * 255 - 255 / 2) <= 40 * 26 / 2, "\(total) vs \(425.5 * 255)")
    }

    @Test func quadraticCirclesCoverPiRSquared() throws {
        // A circle of four quadratic arcs per quadrant pair (control points at the corners
        // of an octagon): within 1 % of πr².
        for radius in [Int32(3), 11, 40] {
            let size = 2 * radius + 2
            let c = (radius + 1) * Self.one, r = radius * Self.one
            let k = Int32(Double(r) * 0.41421356)  // tan(22.5°): the octagon's half side
            let m = try Self.mask(size, size) { ras in
                let points: [(Int32, Int32)] = [
                    (r, 0), (r, k), (r * 7071 / 10000, r * 7071 / 10000), (k, r), (0, r),
                    (-k, r), (-r * 7071 / 10000, r * 7071 / 10000), (-r, k), (-r, 0),
                    (-r, -k), (-r * 7071 / 10000, -r * 7071 / 10000), (-k, -r), (0, -r),
                    (k, -r), (r * 7071 / 10000, -r * 7071 / 10000), (r, -k), (r, 0),
                ]
                ras.move(to: c + points[0].0, c + points[0].1)
                var i = 1
                while i + 1 < points.count {
                    ras.quadratic(control: c + points[i].0, c + points[i].1, to: c + points[i + 1].0, c + points[i + 1].1)
                    i += 2
                }
            }
            let area = Double(m.coverage.reduce(0) { $0 + Int($1) }) / 255
            let expected = Double.pi * Double(radius * radius)
            #expect(abs(area - expected) / expected < 0.01, "r \(radius): \(area) vs \(expected)")
        }
    }

    @Test func aCubicMatchesTheSameCurveAsAQuadratic() throws {
        // A quadratic raised to a cubic is the same curve: the masks agree to a level.
        let (p0, c, p1) = ((Int32(0), Int32(0)), (Int32(3000), Int32(200)), (Int32(1200), Int32(3800)))
        let quad = try Self.mask(16, 16) {
            $0.move(to: p0.0, p0.1)
            $0.quadratic(control: c.0, c.1, to: p1.0, p1.1)
        }
        let cubic = try Self.mask(16, 16) {
            $0.move(to: p0.0, p0.1)
            $0.cubic(
                control: (p0.0 + 2 * c.0) / 3, (p0.1 + 2 * c.1) / 3, control: (p1.0 + 2 * c.0) / 3, (p1.1 + 2 * c.1) / 3,
                to: p1.0, p1.1)
        }
        let worst = zip(quad.coverage, cubic.coverage).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 4, "worst level difference \(worst)")
        #expect(quad.coverage.contains(255))
    }

    @Test func pointsFarOutsideAreClampedAndNothingTraps() throws {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int32 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let v = Int32(truncatingIfNeeded: seed >> 32)
            switch seed & 3 {
            case 0: return v
            case 1: return v % 4000
            case 2: return [Int32.min, Int32.max, 0, -1][Int(v & 3)]
            default: return v % 40
            }
        }
        for _ in 0..<300 {
            let m = OutlineRasterizer.coverage(width: 13, height: 40) { r in
                for _ in 0..<12 {
                    switch seed % 4 {
                    case 0: r.move(to: next(), next())
                    case 1: r.line(to: next(), next())
                    case 2: r.quadratic(control: next(), next(), to: next(), next())
                    default: r.cubic(control: next(), next(), control: next(), next(), to: next(), next())
                    }
                    _ = next()
                }
            }
            #expect(m?.coverage.count == 13 * 40)
        }
        // The whole mask covered, from points beyond every edge: every pixel full.
        let m = try Self.mask(5, 5) { Self.rectangle(&$0, -99_999, -99_999, Int32.max, Int32.max) }
        #expect(m.coverage.allSatisfy { $0 == 255 })
    }

    @Test func refusesSizesItWillNotAllocate() {
        #expect(OutlineRasterizer.coverage(width: -1, height: 4) { _ in } == nil)
        #expect(OutlineRasterizer.coverage(width: 4, height: OutlineRasterizer.maxSide + 1) { _ in } == nil)
        #expect(OutlineRasterizer.coverage(width: 0, height: 0) { _ in }?.coverage.isEmpty == true)
    }

    @Test func whereTheBandsFallChangesNoPixel() throws {
        // The same slanted, curved shape moved down by whole pixels: band borders cut it at
        // other rows each time, and every pixel must come out the same.
        let one = Self.one
        func shape(down dy: Int32) throws -> [UInt8] {
            let height = 3 * OutlineRasterizer.bandRows + 20
            let m = try Self.mask(30, height) { r in
                let y = dy * one
                r.move(to: 37, y + 101)
                r.line(to: 25 * one + 77, y + 9 * one)
                r.quadratic(control: 29 * one, y + 60 * one + 13, to: 4 * one + 200, y + 70 * one + 99)
                r.cubic(control: 2 * one, y + 40 * one, control: 20 * one + 1, y + 30 * one, to: 37, y + 101)
            }
            return Array(m.coverage[Int(dy * 30)...].prefix(30 * 72))
        }
        let reference = try shape(down: 0)
        #expect(reference.contains(255) && reference.contains { $0 > 0 && $0 < 255 })
        for dy in [Int32(1), 5, 13, 31, 32, 33] {
            #expect(try shape(down: dy) == reference, "moved down \(dy) px")
        }
    }
}
