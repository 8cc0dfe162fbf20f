import GaugeTestSupport
import Testing
@testable import GaugeRaster

/// The 32-bit divisions 32-bit ARM takes instead of 64-bit library calls (compiled only
/// there, tested here on every CPU): equal to the 64-bit quotients wherever they answer.
@Suite struct ArmDivisionTests {
    /// ⌈n / a⌉ for slopes a = 256·m: every sign and size of n, small and large m, and the
    /// arguments around a 32-bit ⌈n / 256⌉'s ends.
    @Test func slopeCeilingMatchesTheWideDivision() {
        var rng = SplitMix(seed: 0xD1F)
        var answered = 0
        for i in 0..<200_000 {
            let m = i % 3 == 0 ? Int64.random(in: 1...16, using: &rng) : Int64.random(in: 1...65536, using: &rng)
            let bits = Int64.random(in: 0...40, using: &rng)
            var n = Int64.random(in: -(1 << bits)...(1 << bits), using: &rng)
            if i % 7 == 0 { n = (Int64(Int32.max) << 8) + Int64.random(in: -600...600, using: &rng) }
            if i % 7 == 1 { n = (Int64(Int32.min) << 8) + Int64.random(in: -600...600, using: &rng) }
            let a = m * 256
            guard let q = HalfPlane.slopeCeiling32(n, a) else { continue }
            answered += 1
            guard q == HalfPlane.ceilingQuotient(n, a) else {
                Issue.record("⌈\(n) / \(a)⌉: \(q), expected \(HalfPlane.ceilingQuotient(n, a))")
                return
            }
        }
        #expect(answered > 150_000)
    }

    /// n / d truncated for d > 0, n of either sign, at and past the 32-bit range.
    @Test func quotientMatchesTheWideDivision() {
        var rng = SplitMix(seed: 0xD20)
        for i in 0..<200_000 {
            let d = Int64.random(in: 1...(i % 2 == 0 ? 1 << 12 : 1 << 33), using: &rng)
            let n = Int64.random(in: -(1 << 34)...(1 << 34), using: &rng)
            if let q = HalfPlane.quotient32(n, d), q != n / d {
                Issue.record("\(n) / \(d): \(q), expected \(n / d)")
                return
            }
        }
        #expect(HalfPlane.quotient32(Int64(Int32.min), 1) == Int64(Int32.min))
        #expect(HalfPlane.quotient32(Int64(Int32.max) + 1, 3) == nil)
    }
}
