import Testing
import GaugeRaster
import GaugeGlyphs
@testable import GaugeWidgets

@Suite struct IndicatorTests {
    /// Draw at A, move to B, redraw only the damage: byte-identical to a full redraw.
    func check(
        format: PixelFormat, seed: UInt64, draw: (Canvas, Bool) -> Void,
        step: (inout SplitMix) -> Region
    ) throws -> (differing: Int, damaged: Int64) {
        var rng = SplitMix(seed: seed)
        let screen = try Surface(width: 420, height: 60, format: format)
        let fresh = try Surface(width: 420, height: 60, format: format)
        Canvas(screen).clear(.black)
        draw(Canvas(screen), false)
        var differing = 0, damaged: Int64 = 0
        for _ in 0..<300 {
            let damage = step(&rng)
            damaged += damage.area
            for r in damage.rectangles { draw(Canvas(screen, clip: r), true) }
            Canvas(fresh).clear(.black)
            draw(Canvas(fresh), true)
            differing += differingPixels(screen, fresh)
        }
        return (differing, damaged)
    }

    static func value(_ rng: inout SplitMix) -> Double {
        switch rng.next() % 8 {
        case 0: return .nan
        case 1: return Double(rng.next() % 140) - 20
        default: return Double(rng.next() % 101)
        }
    }

    @Test(arguments: [LevelIndicator.Mode.continuous, .discrete(segments: 20, gap: 4)], [PixelFormat.xrgb8888, .rgb565])
    func levelIndicatorDamageIsExact(mode: LevelIndicator.Mode, format: PixelFormat) throws {
        let tiers = [GaugeTier(upTo: 0.6, Tints.green), GaugeTier(upTo: 0.85, Tints.yellow), GaugeTier(upTo: 1, Tints.red)]
        var level = LevelIndicator(
            value: 65, in: 0...100, frame: IntRect(x: 10, y: 10, width: 400, height: 24),
            mode: mode, tiers: tiers)
        var previous = level
        let r = try check(
            format: format, seed: 11, draw: { canvas, _ in level.draw(on: canvas) },
            step: { rng in
                previous = level
                level.value = Self.value(&rng)
                return level.damage(from: previous)
            })
        #expect(r.differing == 0)
        #expect(r.damaged < 300 * 400 * 24 / 2)
    }

    @Test(arguments: [PixelFormat.xrgb8888, .rgb565])
    func readoutDamageIsOldAndNewInk(format: PixelFormat) throws {
        let font = StrokeFont(capHeight: 20)
        var readout = NumericReadout(
            value: 1234.5, format: ValueFormat(decimals: 1, thousandsSeparator: ",", unit: "RPM"),
            frame: IntRect(x: 5, y: 5, width: 400, height: 40))
        var previous = readout
        let r = try check(
            format: format, seed: 12, draw: { canvas, _ in readout.draw(on: canvas, font: font) },
            step: { rng in
                previous = readout
                readout.value = rng.next() % 10 == 0 ? .infinity : previous.value + Double(Int64(rng.next() % 2001) - 1000) / 10
                return readout.damage(from: previous, font: font)
            })
        #expect(r.differing == 0)
        #expect(readout.text.hasSuffix(" RPM"))
    }

    @Test func segmentsLightCompletely() throws {
        let level = LevelIndicator(
            value: 13, in: 0...20, frame: IntRect(x: 0, y: 0, width: 96, height: 4),
            mode: .discrete(segments: 20, gap: 4), litColor: .white)
        let s = try Surface(width: 96, height: 4, format: .xrgb8888)
        level.draw(on: Canvas(s))
        // Segments are 1 px wide ((96 + 4) / 20 − 4): 13 lit, then unlit.
        #expect(s.color(x: 12 * 5, y: 1) == .white)
        #expect(s.color(x: 13 * 5, y: 1) == GaugeTheme.dark.track)
        #expect(s.color(x: 12 * 5 + 2, y: 1) == GaugeTheme.dark.background)
    }
}
