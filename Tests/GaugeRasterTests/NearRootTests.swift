import Testing
import GaugeTestSupport
@testable import GaugeRaster

/// `NearRoot` is `integerSquareRoot` exactly, wherever its argument lies: the estimate
/// from the circle's tangent is only ever a shortcut.
@Suite struct NearRootTests {
    /// Around every root change (k² − 1, k², k² + 1) within ±3 px of each radius — the
    /// band edge pixels live in and past it — and across the radii the estimate is used
    /// for, just outside them, and far from them.
    @Test func rootsNearTheCircleAreExact() {
        let radii: [Int64] = [
            1, 255, 256, 3072, NearRoot.smallestRadius - 1, NearRoot.smallestRadius, 8193, 12_345,
            33_792, 38_400, 65_535, 65_536, 300_001, NearRoot.largestRadius, NearRoot.largestRadius + 1,
        ]
        for radius in radii {
            let root = NearRoot(radius: radius)
            for k in Swift.max(radius - 768, 0)...(radius + 768) {
                for n in [k * k - 1, k * k, k * k + 1] where n >= 0 {
                    let expected = Int64(integerSquareRoot(UInt64(n)))
                    if root.root(n) != expected {
                        Issue.record("radius \(radius): ⌊√\(n)⌋ = \(expected), NearRoot gave \(root.root(n))")
                        return
                    }
                }
            }
        }
    }

    /// Arguments anywhere (0, far inside or outside the circle, beyond the estimate's
    /// range) still get the exact root.
    @Test func rootsFarFromTheCircleAreExact() {
        var rng = SplitMix(seed: 0x5EED_2007)
        for _ in 0..<200_000 {
            let radius = Int64.random(in: 1...(1 << 21), using: &rng)
            let n =
                Bool.random(using: &rng)
                ? Int64.random(in: 0...(1 << 46), using: &rng)
                : Swift.max(0, radius * radius + Int64.random(in: -(1 << 24)...(1 << 24), using: &rng))
            let expected = Int64(integerSquareRoot(UInt64(n)))
            let got = NearRoot(radius: radius).root(n)
            if got != expected {
                Issue.record("radius \(radius): ⌊√\(n)⌋ = \(expected), NearRoot gave \(got)")
                return
            }
        }
        #expect(NearRoot(radius: 38_400).root(0) == 0)
        #expect(NearRoot(radius: 38_400).root(NearRoot.largestArgument + 1) == Int64(integerSquareRoot(UInt64(NearRoot.largestArgument + 1))))
    }
}
