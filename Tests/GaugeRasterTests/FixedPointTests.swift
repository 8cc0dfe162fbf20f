import Testing
import Foundation
@testable import GaugeRaster

/// Fixed-point arithmetic and trigonometry against Double references (tests only).
@Suite struct FixedPointTests {
    @Test func sineAndCosineWithinOneUnit() {
        var worst: Int32 = 0
        for raw in stride(from: Int32(-70000), through: 70000, by: 7) {
            let radians = Double(raw) / 65536 * 2 * .pi
            worst = max(worst, abs(Trig.sin(Angle(raw: raw)) - Int32((sin(radians) * 65536).rounded())))
            worst = max(worst, abs(Trig.cos(Angle(raw: raw)) - Int32((cos(radians) * 65536).rounded())))
        }
        #expect(worst <= 1)
        #expect(Trig.sin(.quarterTurn) == 65536 && Trig.cos(.zero) == 65536 && Trig.sin(.halfTurn) == 0)
    }

    @Test func arctangentWithinOneUnit() {
        var rng = SplitMix(seed: 7)
        var worst: Double = 0
        for _ in 0..<20000 {
            let dx = Int32.random(in: -(1 << 22)...(1 << 22), using: &rng), dy = Int32.random(in: -(1 << 22)...(1 << 22), using: &rng)
            if dx == 0 && dy == 0 { continue }
            var expected = atan2(Double(dy), Double(dx)) / (2 * .pi) * 65536
            if expected < 0 { expected += 65536 }
            var diff = abs(Double(Trig.atan2(dy, dx).raw) - expected)
            diff = min(diff, 65536 - diff)
            worst = max(worst, diff)
        }
        #expect(worst <= 1.5)  // of 65536 units per turn: 0.008°
        #expect(Trig.atan2(0, 0) == .zero)
        #expect(Trig.atan2(0, -5).raw == 32768)
        #expect(Trig.atan2(5, 0).raw == 16384)  // y down: straight down is 90°
        #expect(Trig.atan2(Int32.min, Int32.min).raw == 40960)
    }

    @Test func integerSquareRootIsExact() {
        var rng = SplitMix(seed: 9)
        for _ in 0..<100000 {
            let n = rng.next() >> UInt64.random(in: 0...63, using: &rng)
            let r = integerSquareRoot(n)
            #expect(r * r <= n)
            #expect((r + 1).multipliedReportingOverflow(by: r + 1).overflow || (r + 1) * (r + 1) > n)
        }
        #expect(integerSquareRoot(0) == 0 && integerSquareRoot(1) == 1 && integerSquareRoot(UInt64.max) == 4_294_967_295)
    }

    /// The half-plane's span ends: ⌈n / d⌉ for d > 0 and ⌊n / d⌋ + 1 for d < 0, against
    /// the quotient and remainder's definition, over the ranges rows produce.
    @Test func halfPlaneQuotientsRoundTheRightWay() {
        func floorQuotient(_ n: Int64, _ d: Int64) -> Int64 {
            let (q, r) = n.quotientAndRemainder(dividingBy: d)
            return r != 0 && (r < 0) != (d < 0) ? q - 1 : q
        }
        var rng = SplitMix(seed: 0x6861_6C66)
        var cases: [(Int64, Int64)] = [(0, 1), (1, 1), (-1, 1), (255, 256), (256, 256), (257, 256), (-255, 256), (-256, 256), (-257, 256)]
        for _ in 0..<100_000 {
            let n = Int64(bitPattern: rng.next()) >> Int64(rng.next() % 64 + 7)  // within ±2^56
            let d = Int64(rng.next() % (1 << 24)) + 1  // |slope| ≤ 2^24
            cases.append((n, d))
        }
        for (n, d) in cases {
            #expect(HalfPlane.ceilingQuotient(n, d) == -floorQuotient(-n, d), "⌈\(n) / \(d)⌉")
            #expect(HalfPlane.floorQuotientPlusOne(n, -d) == floorQuotient(n, -d) + 1, "⌊\(n) / -\(d)⌋ + 1")
        }
    }

    @Test func fixedRounding() {
        #expect(Fixed(1, over: 3).raw == 85)
        #expect(Fixed(-1, over: 3).raw == -85)
        #expect(Fixed(1, over: 2) == .half)
        #expect((Fixed(3) * Fixed(1, over: 2)).raw == 384)
        #expect(Fixed(raw: 300).floor == 1 && Fixed(raw: 300).ceil == 2 && Fixed(raw: -300).floor == -2)
        #expect(Point(centre: Point(10, 10), radius: 5, angle: .quarterTurn) == Point(10, 15))
    }
}
