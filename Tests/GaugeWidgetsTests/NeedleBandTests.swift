import Testing
import GaugeRaster
import GaugeTestSupport
@testable import GaugeWidgets

/// A needle's damage bands (`Quad.addBands`) hold every pixel that differs between the old
/// needle drawn and the new one — checked on the pixels themselves, over dials of many
/// sizes, small steps and jumps, so a band's slanted sides (`Quad.sideInkReach`) and its
/// corners' rectangles (`PointBox.inkReach`) are held to what the rasteriser inks.
@Suite struct NeedleBandTests {
    @Test func bandsHoldEveryPixelTheNeedleChanges() throws {
        var rng = SplitMix(seed: 0x6e65_6564)
        // Pixels changed and written over the small steps (a jump writes both needles whole).
        var changed = 0, written: Int64 = 0
        for trial in 0..<300 {
            let size = Int32(60 + rng.next() % 340)
            let frame = IntRect(x: Int32(rng.next() % 7), y: Int32(rng.next() % 7), width: size, height: size)
            let old = dressed(CircularGaugeStyle(), value: Double(rng.next() % 8001), frame: frame, tint: Tints.gradient)
            var new = old
            // Mostly small steps (the bands' slanted case), some jumps.
            let jump = trial % 4 == 0
            new.value = jump ? Double(rng.next() % 8001) : old.value + Double(rng.next() % 161) - 80
            let layout = CircularGaugeStyle.Layout(new.configuration)
            let a = old.configuration.fraction.map { layout.needle(at: $0) }
            let b = new.configuration.fraction.map { layout.needle(at: $0) }
            var bands = Region()
            Quad.addBands(a, b, height: 7, straightHeight: 42, reach: PointBox.inkReach, hiddenWithin: nil, to: &bands)
            let side = size + 16
            let before = try Surface(width: side, height: side, format: .xrgb8888)
            let after = try Surface(width: side, height: side, format: .xrgb8888)
            for (needle, surface) in [(a, before), (b, after)] {
                let canvas = Canvas(surface)
                canvas.clear(Color(r: 16, g: 20, b: 24))
                if let n = needle { canvas.fillConvexPolygon(n.a, n.b, n.c, n.d, paint: .solid(Color(r: 255, g: 90, b: 40))) }
            }
            if !jump { written += bands.area }
            for y in 0..<side {
                for x in 0..<side where before.color(x: x, y: y) != after.color(x: x, y: y) {
                    if !jump { changed += 1 }
                    #expect(bands.contains(x: x, y: y), "\(old.value) → \(new.value) at \(size) px: pixel (\(x), \(y)) changed outside the bands")
                }
            }
        }
        // The bands hug the needles: 1.87× the pixels that change over these dials (60–400
        // px, steps of up to 1 %: the corners' rectangles and the smallest dials weigh
        // most); 2.03× without the bands' holes, 2.15× with the corners' reach on the sides.
        #expect(changed > 20_000)
        #expect(written * 100 < Int64(changed) * 192, "\(written) pixels in the bands for \(changed) changed")
    }
}
