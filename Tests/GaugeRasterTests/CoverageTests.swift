import Testing
@testable import GaugeRaster

/// Anti-aliasing measured: summed coverage equals the true area of the shape.
@Suite struct CoverageTests {
    /// White on black in XRGB8888: the blue channel is the coverage (0…255).
    func coverage(_ width: Int32 = 128, _ height: Int32 = 128, _ draw: (Canvas) -> Void) throws -> (sum: Double, surface: Surface) {
        let s = try Surface(width: width, height: height, format: .xrgb8888)
        Canvas(s).clear(.black)
        draw(Canvas(s))
        var sum = 0.0
        for y in 0..<height { for x in 0..<width { sum += Double(s.color(x: x, y: y)!.b) / 255 } }
        return (sum, s)
    }

    @Test func discAreaIsPiRSquared() throws {
        for r in [3.0, 10.25, 40.5, 60.0] {
            let (sum, _) = try coverage { $0.fillDisc(centre: Point(x: Fixed(64.3), y: Fixed(63.8)), radius: Fixed(r), paint: .solid(.white)) }
            // Centre-sampled distance coverage is within a fraction of a pixel of the true area.
            #expect(abs(sum - .pi * r * r) < 0.35 + 0.002 * .pi * r * r, "r = \(r): \(sum)")
        }
    }

    @Test func fractionalRectangleHasExactArea() throws {
        let (sum, s) = try coverage {
            $0.fill(Rect(x: Fixed(10.25), y: Fixed(20.5), width: Fixed(30.5), height: Fixed(10.75)), paint: .solid(.white))
        }
        #expect(abs(sum - 30.5 * 10.75) < 0.2)
        #expect(s.color(x: 20, y: 25)!.b == 255)  // interior full
        #expect(s.color(x: 10, y: 25)!.b == 191)  // ¾ covered column
        #expect(s.color(x: 10, y: 20)!.b == 96)  // ¾ × ½ corner
        #expect(s.color(x: 9, y: 25)!.b == 0 && s.color(x: 41, y: 25)!.b == 0)
    }

    @Test func arcAreaMatchesItsSweep() throws {
        // 270° of an annulus 18 px thick at radius 50: ¾ of π(R² − r²), plus nothing else.
        let (sum, _) = try coverage {
            $0.strokeArc(
                centre: Point(64, 64), radius: 50, thickness: 18, start: Angle(degrees: 135), sweep: Angle(degrees: 270), paint: .solid(.white))
        }
        let expected: Double = 0.75 * Double.pi * (50.0 * 50.0 - 32.0 * 32.0)
        #expect(abs(sum - expected) / expected < 0.005)
    }

    @Test func roundCapsAddHalfDiscs() throws {
        let butt = try coverage { $0.strokeLine(from: Point(20, 64), to: Point(100, 64), width: 10, paint: .solid(.white)) }.sum
        let round = try coverage { $0.strokeLine(from: Point(20, 64), to: Point(100, 64), width: 10, cap: .round, paint: .solid(.white)) }.sum
        #expect(abs(butt - 800) < 1)
        #expect(abs(round - (800 + .pi * 25)) < 1.5)
    }

    @Test func ringIsOuterMinusInnerDisc() throws {
        let ring = try coverage {
            $0.strokeRing(centre: Point(x: Fixed(60.4), y: Fixed(61.7)), radius: 40, thickness: Fixed(2.5), paint: .solid(.white))
        }.sum
        let expected = Double.pi * (40 * 40 - 37.5 * 37.5)
        #expect(abs(ring - expected) / expected < 0.01)
    }

    @Test func opaqueInteriorsAreExactColours() throws {
        let s = try Surface(width: 64, height: 64, format: .rgb565)
        let c = Canvas(s)
        c.clear(.black)
        c.fillDisc(centre: Point(32, 32), radius: 20, paint: .solid(Color(rgb: 0x3A8EE0)))
        #expect(UInt16(s.rawPixel(x: 32, y: 32)!) == RGB565Codec.pack(Color(rgb: 0x3A8EE0)))
        #expect(s.rawPixel(x: 0, y: 0) == 0)
    }
}

/// Arcs whose sweep is near zero or a full turn: the rays' lines nearly coincide, and
/// nothing may show on the far side of the centre (nor be missing there).
@Suite struct NearlyDegenerateArcTests {
    func render(sweepRaw: Int32) throws -> Surface {
        let s = try Surface(width: 128, height: 128, format: .xrgb8888)
        Canvas(s).clear(.black)
        // The centre sits on a pixel centre, so the rays' lines run through a row of centres.
        Canvas(s).strokeArc(
            centre: Point(x: Fixed(64.5), y: Fixed(64.5)), radius: 60, thickness: 40, start: .zero, sweep: Angle(raw: sweepRaw), paint: .solid(.white)
        )
        return s
    }

    @Test(arguments: [Int32(1), 5, 20, 60])
    func tinySweepLeavesTheFarSideEmpty(units: Int32) throws {
        // A sliver at 3 o'clock; the far side (9 o'clock, x < 64) must stay black.
        let s = try render(sweepRaw: units)
        for y in Int32(0)..<128 { for x in Int32(0)..<63 { #expect(s.color(x: x, y: y)!.b == 0, "(\(x), \(y))") } }
    }

    @Test(arguments: [Int32(1), 5, 20, 60])
    func almostFullSweepLeavesNoGapOnTheFarSide(units: Int32) throws {
        // A ring missing a sliver at 3 o'clock: at 9 o'clock the ring must be solid.
        let s = try render(sweepRaw: Angle.unitsPerTurn - units)
        for x in Int32(8)..<20 { #expect(s.color(x: x, y: 64)!.b == 255, "x = \(x)") }
    }
}
