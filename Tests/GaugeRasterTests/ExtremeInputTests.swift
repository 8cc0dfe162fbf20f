import Testing
@testable import GaugeRaster

/// Nothing a caller passes may trap: zero and negative sizes, huge radii, angles past a
/// turn, coordinates far off the surface, NaN and infinities from outside.
@Suite struct ExtremeInputTests {
    let extremes: [Fixed] = [
        .zero, Fixed(raw: 1), Fixed(raw: -1), .half, -.one, .max, .min, Fixed(1 << 14), Fixed(-(1 << 14)), Fixed(raw: Int32.max),
        Fixed(raw: Int32.min + 1),
    ]
    let angles: [Angle] = [
        .zero, Angle(raw: 1), Angle(raw: -1), .fullTurn, Angle(raw: 65535), Angle(raw: 65537), Angle(raw: Int32.max), Angle(raw: Int32.min),
        Angle(degrees: 725), Angle(degrees: -400),
    ]

    @Test(arguments: [PixelFormat.xrgb8888, .rgb565])
    func primitivesNeverTrap(format: PixelFormat) throws {
        let s = try Surface(width: 64, height: 48, format: format)
        let c = Canvas(s)
        let paint = Paint.solid(Color(rgb: 0x808080))
        let conic = Paint.conic(ConicGradient(centre: Point(x: .max, y: .min), start: .zero, sweep: Angle(raw: 1), stops: []))
        for a in extremes {
            for b in extremes {
                let p = Point(x: a, y: b)
                c.fillDisc(centre: p, radius: a, paint: paint)
                c.strokeRing(centre: p, radius: b, thickness: a, paint: conic)
                c.strokeLine(from: p, to: Point(x: b, y: a), width: a, cap: .round, paint: paint)
                c.fill(Rect(x: a, y: b, width: b, height: a), paint: paint)
                c.fillRoundedRect(Rect(x: a, y: a, width: b, height: b), radius: a, paint: conic)
                c.fillConvexPolygon([p, Point(x: b, y: a), Point(x: a, y: a)], paint: paint)
            }
            for start in angles {
                for sweep in angles {
                    c.strokeArc(centre: Point(32, 24), radius: a, thickness: Fixed(6), start: start, sweep: sweep, cap: .round, paint: conic)
                    c.strokeArc(centre: Point(x: a, y: a), radius: Fixed(20), thickness: a, start: start, sweep: sweep, paint: paint)
                }
            }
        }
        c.fill(IntRect(x0: Int32.min, y0: Int32.min, x1: Int32.max, y1: Int32.max), color: .white)
        c.fill(IntRect(x: Int32.max, y: Int32.max, width: Int32.max, height: Int32.max), color: .white)
        c.fillConvexPolygon([], paint: paint)
        c.fillConvexPolygon(Array(repeating: Point(1, 1), count: 40), paint: paint)
        if let mask = CoverageMask(width: 4, height: 4, coverage: Array(repeating: 200, count: 16)) {
            c.blit(mask, x: Int32.max, y: Int32.min, color: .white)
            c.blit(mask, x: -3, y: 46, color: .white)
        }
        #expect(CoverageMask(width: -1, height: 4, coverage: []) == nil)
        #expect(CoverageMask(width: 3, height: 3, coverage: [1, 2]) == nil)
    }

    @Test func valuesFromOutsideAreCheckedNotTrapped() {
        #expect(Fixed(Double.nan) == .zero)
        #expect(Fixed(Double.infinity) == .max)
        #expect(Fixed(-Double.infinity) == .min)
        #expect(Fixed(1e300) == .max)
        #expect(Fixed(2.5).raw == 640)
        #expect(Fixed(Int32.max) == .max)
        #expect(Fixed(7, over: 0) == .zero)
        #expect(Fixed(Int32.max, over: 1) == .max)
        #expect(Angle(degrees: .nan) == .zero)
        #expect(Angle(degrees: .infinity) == Angle(degrees: 720))
        #expect(Angle(degrees: 90).raw == 16384)
        #expect(GradientStop(.white, at: .nan).position == 0)
        #expect(GradientStop(.white, at: 7).position == 65536)
        #expect((Fixed.max + Fixed.max) == .max)
        #expect((Fixed.max * Fixed.max) == .max)
    }

    @Test func invalidSurfacesThrow() {
        #expect(throws: SurfaceError.invalidSize(width: 0, height: 10)) { try Surface(width: 0, height: 10, format: .rgb565) }
        #expect(throws: SurfaceError.invalidSize(width: -5, height: 10)) { try Surface(width: -5, height: 10, format: .rgb565) }
        #expect(throws: SurfaceError.invalidSize(width: 9000, height: 10)) { try Surface(width: 9000, height: 10, format: .xrgb8888) }
        var memory = [UInt8](repeating: 0, count: 64)
        _ = memory.withUnsafeMutableBytes { raw in
            #expect(throws: SurfaceError.invalidStride(stride: 6, minimum: 8)) {
                try Surface(wrapping: raw.baseAddress!, width: 4, height: 2, stride: 6, format: .rgb565)
            }
        }
    }
}
