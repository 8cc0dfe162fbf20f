import Testing
import GaugeRaster
import GaugeGlyphs
@testable import GaugeWidgets

/// Redrawing only a style's damage must give the same bytes as a full redraw: draw at A,
/// move to B, redraw each damaged rectangle clipped (a slanted one row by row), compare
/// with a fresh draw at B.
@Suite struct DamagePropertyTests {
    static let formats: [PixelFormat] = [.xrgb8888, .rgb565]

    /// A value from a mix that exercises every path: small steps, jumps, out of range,
    /// NaN/±∞ ("no value"), and no change at all.
    static func nextValue(after v: Double, _ rng: inout SplitMix) -> Double {
        switch rng.next() % 10 {
        case 0: return .nan
        case 1: return rng.next() % 2 == 0 ? .infinity : -.infinity
        case 2: return Double(rng.next() % 12000) - 2000  // may leave the range
        case 3: return v
        // Near the ends and where an arc's sweep crosses 180° (dial: 5333, ring: 4000).
        case 7: return [0, 4000, 5333, 8000][Int(rng.next() % 4)] + Double(Int64(rng.next() % 61) - 30)
        case 4, 5, 6: return (v.isFinite ? v : 4000) + Double(Int64(rng.next() % 161) - 80)  // ±1 %
        default: return Double(rng.next() % 8001)
        }
    }

    struct Result {
        var differing = 0
        var steps = 0
        var damaged: Int64 = 0
        var full: Int64 = 0
    }

    func run<S: GaugeStyle>(
        _ style: S, format: PixelFormat, seed: UInt64, sequences: Int = 200,
        steps: Int = 2
    ) throws -> Result {
        var rng = SplitMix(seed: seed)
        let frame = IntRect(x: 5, y: 7, width: 136, height: 128)
        let fonts = Fonts.stroke(label: 8, value: 14)
        let screen = try Surface(width: 148, height: 142, format: format)
        let fresh = try Surface(width: 148, height: 142, format: format)
        let outside = Color(rgb: 0x406080)
        var result = Result()
        for _ in 0..<sequences {
            let tint = Tints.all[Int(rng.next() % 3)]
            var gauge = dressed(style, value: Self.nextValue(after: 4000, &rng), frame: frame, tint: tint)
            gauge.hold = rng.next() % 2 == 0 ? nil : Double(rng.next() % 8001)
            Canvas(screen).clear(outside)
            gauge.draw(on: Canvas(screen), fonts: fonts)
            for _ in 0..<steps {
                let old = gauge
                gauge.value = Self.nextValue(after: gauge.value, &rng)
                if rng.next() % 4 == 0 { gauge.hold = rng.next() % 3 == 0 ? nil : Double(rng.next() % 8001) }
                let damage = gauge.damage(from: old, fonts: fonts)
                // Exactly the damaged pixels: a slanted rectangle's rows, not its box.
                damage.forEachRectangle { r in gauge.draw(on: Canvas(screen, clip: r), fonts: fonts) }
                Canvas(fresh).clear(outside)
                gauge.draw(on: Canvas(fresh), fonts: fonts)
                let diff = differingPixels(screen, fresh)
                if diff > 0 && result.differing == 0 {
                    Issue.record("first mismatch: \(old.value) → \(gauge.value), damage \(damage.rectangles)")
                }
                result.differing += diff
                result.steps += 1
                result.damaged += damage.area
                result.full += frame.area
                #expect(frame.contains(damage.bounds))
            }
        }
        return result
    }

    func check<S: GaugeStyle>(_ style: S, _ name: String, seed: UInt64) throws {
        for format in Self.formats {
            let r = try run(style, format: format, seed: seed &+ UInt64(format == .rgb565 ? 1 : 0))
            #expect(r.differing == 0, "\(name) \(format): \(r.differing) pixels differ over \(r.steps) steps")
            // Tight: on average far less than the whole box is redrawn.
            #expect(r.damaged * 2 < r.full, "\(name) \(format): damage \(r.damaged) of \(r.full) pixels")
            print("\(name) \(format): \(r.steps) steps, 0 = \(r.differing) differing, damage \(r.damaged * 100 / r.full)% of full")
        }
    }

    @Test func circular() throws { try check(.circular, "circular", seed: 1) }
    @Test func circularCapacity() throws { try check(.circularCapacity, "circularCapacity", seed: 2) }
    @Test func linear() throws { try check(.linear, "linear", seed: 3) }
    @Test func linearCapacity() throws { try check(.linearCapacity, "linearCapacity", seed: 4) }
    @Test func accessoryCircular() throws { try check(.accessoryCircular, "accessoryCircular", seed: 5) }
    @Test func accessoryCircularCapacity() throws { try check(.accessoryCircularCapacity, "accessoryCircularCapacity", seed: 6) }
    @Test func accessoryLinear() throws { try check(.accessoryLinear, "accessoryLinear", seed: 7) }
    @Test func accessoryLinearCapacity() throws { try check(.accessoryLinearCapacity, "accessoryLinearCapacity", seed: 8) }

    /// A 1 % needle step on a 300 px dial redraws the two needle boxes, the arc slice and
    /// the readout, not the dial.
    @Test func needleStepIsTight() throws {
        let fonts = Fonts.stroke(label: 12, value: 28)
        let frame = IntRect(x: 50, y: 50, width: 300, height: 300)
        let old = dressed(CircularGaugeStyle(), value: 3000, frame: frame, tint: Tints.gradient)
        var new = old
        new.value = 3080
        let d = new.damage(from: old, fonts: fonts)
        #expect(!d.isEmpty)
        #expect(d.area * 5 < frame.area, "damage \(d.area) of \(frame.area)")
        var same = old
        same.value = 3000
        #expect(same.damage(from: old, fonts: fonts).isEmpty)
    }
}
