import Testing
import GaugeTestSupport
@testable import GaugeRaster

/// A conic table's colours, computed a block of steps at a time by walking the ramp on, are
/// the ramp's own colours at every step, asked in any order.
@Suite struct ConicColorTableTests {
    /// Ramps of 1…12 stops (past the 8 inverses a ramp keeps inline), positions that
    /// repeat, steps asked at random: the wide colour and each format's prepared colour
    /// equal the gradient's.
    @Test func everyStepIsTheRampsColour() {
        var rng = SplitMix(seed: 0xC01C)
        for i in 0..<40 {
            let stops = (0..<Int.random(in: 1...12, using: &rng)).map { _ in
                let c = Color(argb: UInt32.random(in: 0...UInt32.max, using: &rng))
                let position = i % 4 == 0 ? Int32.random(in: 0...4, using: &rng) << 14 : Int32.random(in: 0...65536, using: &rng)
                return GradientStop(Color(r: c.r, g: c.g, b: c.b), position: position)
            }
            let gradient = ConicGradient(
                centre: Point(0, 0), start: Angle(raw: Int32.random(in: 0..<65536, using: &rng)),
                sweep: Angle(raw: Int32.random(in: -65536...65536, using: &rng)), stops: stops)
            let order = (0...ConicGradient.steps).shuffled(using: &rng)
            ConicColorTable.with(gradient) { table in
                for step in order {
                    let c = gradient.color(step: step)
                    #expect(table.color(step: step) == c, "ramp \(i), step \(step)")
                    #expect(table.preparedColor(step: step, codec: ARGB32Codec.self) == ARGB32Codec.prepare(c))
                }
            }
            ConicColorTable.with(gradient) { table in
                for step in order {
                    let c = gradient.color(step: step)
                    #expect(table.preparedColor(step: step, codec: RGB565Codec.self) == RGB565Codec.prepare(c))
                }
            }
        }
    }
}
