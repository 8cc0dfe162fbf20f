import Glibc
import Testing

@testable import GaugePanel

/// The spring's own exp, sin and cos against libm's, over the arguments a spring can see
/// and well beyond.
struct SpringMathTests {
    /// |a − b| in units of b's last place.
    func ulps(_ a: Double, _ b: Double) -> Double {
        if a == b { return 0 }
        return (a - b).magnitude / b.ulp
    }

    @Test func expIsWithinTwoUnitsInTheLastPlaceOfLibm() {
        var x = -700.0
        while x < 700 {
            #expect(ulps(SpringMath.exp(x), Glibc.exp(x)) <= 2, "exp(\(x))")
            x += 0.7390851332
        }
        for x in [0.0, -1e-300, 1e-12, -0.36, 0.5, -18 * 0.016, -1000, 710] {
            #expect(ulps(SpringMath.exp(x), Glibc.exp(x)) <= 2, "exp(\(x))")
        }
        #expect(SpringMath.exp(-800) == 0)
        #expect(SpringMath.exp(800) == .infinity)
        #expect(SpringMath.exp(.nan).isNaN)
    }

    @Test func sinAndCosAreWithinAFewUnitsOfLibmAwayFromTheirZeros() {
        var x = -100.0
        while x < 100 {
            let (s, c) = SpringMath.sinCos(x)
            // Near a zero the last place is tiny; compare absolutely there.
            #expect((s - Glibc.sin(x)).magnitude <= max(4 * Glibc.sin(x).ulp, 1e-15), "sin(\(x))")
            #expect((c - Glibc.cos(x)).magnitude <= max(4 * Glibc.cos(x).ulp, 1e-15), "cos(\(x))")
            x += 0.0137
        }
        #expect(SpringMath.sin(0) == 0)
        #expect(SpringMath.cos(0) == 1)
        #expect(SpringMath.sin(.infinity).isNaN)
    }

    @Test func theSpringsStepMatrixMatchesLibmsToTheLastFewPlaces() {
        let h = 1.0 / 60
        for spring in [Spring.needle, Spring.lively, Spring(naturalFrequency: 3, dampingRatio: 0.3)] {
            let m = spring.transition(step: h)
            let w = spring.naturalFrequency, z = spring.dampingRatio
            if z >= 1 {
                #expect(ulps(m.m01, h * Glibc.exp(-w * h)) <= 2)
            } else {
                let wd = w * (1 - z * z).squareRoot()
                #expect(ulps(m.m01, Glibc.exp(-z * w * h) * Glibc.sin(wd * h) / wd) <= 4)
            }
        }
    }
}
