/// exp, sin and cos for the spring's step matrix, in plain IEEE double arithmetic (no libm,
/// no fused multiply-add), so they give the same bits on every CPU, soft-float armv6
/// included, and keep libm's large sin and exp (about 26 KB of the armv6 firmware) out.
/// The matrix is computed once per animator, so speed does not matter; accuracy is within
/// a few units in the last place of libm's (SpringMathTests).
enum SpringMath {
    static let ln2Hi = 6.93147180369123816490e-01
    static let ln2Lo = 1.90821492927058770002e-10
    static let halfPiHi = 1.57079632673412561417e+00
    static let halfPiLo = 6.07710050650619224932e-11

    /// e^x; 0 below −745 and +∞ above 709.
    static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x < -745 { return 0 }
        if x > 709.78 { return .infinity }
        // x = k·ln2 + r with |r| ≤ ln2/2; e^x = 2^k · e^r.
        let k = nearest(x / (ln2Hi + ln2Lo))
        let r = (x - Double(k) * ln2Hi) - Double(k) * ln2Lo
        // Taylor series of e^r in Horner's form (smallest terms first): at |r| ≤ 0.35
        // the 14th term is below 2^-60.
        var sum = 1.0
        for n in stride(from: 14.0, through: 1, by: -1) {
            sum = 1 + sum * r / n
        }
        return scale(sum, byPowerOfTwo: k)
    }

    static func sin(_ x: Double) -> Double { sinCos(x).sin }
    static func cos(_ x: Double) -> Double { sinCos(x).cos }

    /// sin and cos together: x = n·π/2 + r with |r| ≤ π/4, then the quadrant.
    static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
        guard x.isFinite, x.magnitude < 1e9 else { return (.nan, .nan) }
        let n = nearest(x / (halfPiHi + halfPiLo))
        let r = (x - Double(n) * halfPiHi) - Double(n) * halfPiLo
        let r2 = r * r
        // Taylor series in Horner's form (smallest terms first); at |r| ≤ π/4 the terms
        // past r^21 are below 2^-60.
        var sinSum = 1.0, cosSum = 1.0
        for k in stride(from: 10.0, through: 1, by: -1) {
            sinSum = 1 - sinSum * r2 / ((2 * k) * (2 * k + 1))
            cosSum = 1 - cosSum * r2 / ((2 * k - 1) * (2 * k))
        }
        sinSum *= r
        switch n & 3 {
        case 0: return (sinSum, cosSum)
        case 1: return (cosSum, -sinSum)
        case 2: return (-sinSum, -cosSum)
        default: return (-cosSum, sinSum)
        }
    }

    /// The integer nearest to x (|x| < 2^62), ties away from zero, without libm's round.
    static func nearest(_ x: Double) -> Int64 {
        Int64(x < 0 ? x - 0.5 : x + 0.5)
    }

    /// value · 2^k, in steps that stay inside the normal exponent range.
    static func scale(_ value: Double, byPowerOfTwo k: Int64) -> Double {
        var result = value, k = k
        while k > 1000 {
            result *= Double(bitPattern: UInt64(1023 + 1000) << 52)
            k -= 1000
        }
        while k < -1000 {
            result *= Double(bitPattern: UInt64(1023 - 1000) << 52)
            k += 1000
        }
        return result * Double(bitPattern: UInt64(1023 + k) << 52)
    }
}
