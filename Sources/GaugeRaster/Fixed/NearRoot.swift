/// ⌊√n⌋ for n whose root lies near a known radius — a pixel centre's squared distance on
/// a circle's anti-aliased edge — from the tangent line instead of a full square root:
/// √n ≈ R + (n − R²) / 2R, one multiply by a reciprocal computed once per shape, then
/// checked and corrected to the exact root (r² ≤ n < (r + 1)²). Identical to
/// `integerSquareRoot` for every n: whatever the estimate is off by more than a couple of
/// steps — a pixel far from the circle, a small radius, a huge n — takes that instead.
///
/// The tangent overestimates by e² / 2R for a root R + e (√ is concave); on an edge
/// |e| ≤ ~181 (half a pixel's diagonal), so for R ≥ 32 px the estimate is within two steps
/// of the root after the reciprocal's truncation. Used on 64-bit CPUs only (`RingShape`):
/// on 32-bit ARM its 64-bit multiplies cost more than the table root.
struct NearRoot: Sendable {
    let radius: Int64
    let square: Int64
    /// ⌊2^32 / 2R⌋; 0 when the radius is outside the range the estimate is used for.
    let inverse: Int64

    /// Radii in 1/256 px from 32 px (below, the estimate drifts further than the two
    /// correction steps) to 4096 px.
    static let smallestRadius: Int64 = 32 << 8
    static let largestRadius: Int64 = 4096 << 8
    /// Above this n the exact root is taken: keeps (n − R²) · inverse and q² far inside
    /// 64 bits.
    static let largestArgument: Int64 = 1 << 44

    /// Never read (32-bit ARM takes the table root): set up without a division, which
    /// there is a library call.
    static let unused = NearRoot(radius: 0)

    init(radius: Int64) {
        self.radius = radius
        square = radius &* radius
        inverse = radius >= NearRoot.smallestRadius && radius <= NearRoot.largestRadius ? (1 << 32) / (2 * radius) : 0
    }

    @inline(__always)
    func root(_ n: Int64) -> Int64 {
        guard inverse != 0 && n >= 0 && n <= NearRoot.largestArgument else { return NearRoot.exact(n) }
        var q = radius &+ (((n &- square) &* inverse) >> 32)
        if q &* q > n {
            q &-= 1
            if q &* q > n {
                q &-= 1
                if q &* q > n { return NearRoot.exact(n) }
            }
        } else if (q &+ 1) &* (q &+ 1) <= n {
            q &+= 1
            if (q &+ 1) &* (q &+ 1) <= n {
                q &+= 1
                if (q &+ 1) &* (q &+ 1) <= n { return NearRoot.exact(n) }
            }
        }
        return q
    }

    @inline(never)
    static func exact(_ n: Int64) -> Int64 { Int64(integerSquareRoot(UInt64(truncatingIfNeeded: n))) }
}
