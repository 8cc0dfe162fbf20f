import Testing
import GaugeRaster
import GaugeTestSupport
@testable import GaugeWidgets

/// A dial's opaque hub is drawn over its needle, so the pixels it covers whole never
/// change when the needle moves: the needle's damage leaves out the columns the hub hides
/// on every row of a band (`Disc.hiddenColumns`) — exactly those, no pixel the hub only
/// partly covers.
@Suite struct HubDamageTests {
    @Test func hiddenColumnsAreExactlyTheCoveredOnes() {
        var rng = SplitMix(seed: 0x6875_62)
        var found = 0
        for _ in 0..<400 {
            let centre = Point(x: Fixed(raw: Int32(10_000 + rng.next() % 2_560)), y: Fixed(raw: Int32(10_000 + rng.next() % 2_560)))
            let radius = Fixed(raw: Int32(128 + rng.next() % 8_000))
            let disc = Disc(centre: centre, radius: radius)
            let y0 = Int32(centre.y.raw >> 8) - 40 + Int32(rng.next() % 80), y1 = y0 + Int32(1 + rng.next() % 8)
            let limit = Int64(radius.raw) - 256
            func cornerInside(_ x: Int32, _ y: Int32) -> Bool {
                let dx = Int64(x) << 8 - Int64(centre.x.raw), dy = Int64(y) << 8 - Int64(centre.y.raw)
                return limit > 0 && dx * dx + dy * dy <= limit * limit
            }
            // Hidden: every pixel of the column in these rows has its corners a pixel inside.
            func hidden(_ x: Int32) -> Bool {
                (y0...y1).allSatisfy { cornerInside(x, $0) && cornerInside(x + 1, $0) }
            }
            let nearby = Int32(centre.x.raw >> 8) - 40..<Int32(centre.x.raw >> 8) + 40
            guard let columns = disc.hiddenColumns(from: y0, to: y1) else {
                #expect(!nearby.contains(where: hidden), "\(disc) rows \(y0)..<\(y1): hidden columns missed")
                continue
            }
            found += 1
            #expect((columns.x0..<columns.x1).allSatisfy(hidden), "\(columns) of \(disc) rows \(y0)..<\(y1)")
            #expect(!hidden(columns.x0 - 1) && !hidden(columns.x1), "\(columns) of \(disc) rows \(y0)..<\(y1): not all")
        }
        #expect(found > 100)
    }

    /// Whether the disc hides column x on rows y0..<y1: every pixel's corners lie a pixel
    /// inside its edge (counted corner by corner).
    static func hides(_ disc: Disc, column x: Int32, rows y0: Int32, _ y1: Int32) -> Bool {
        let limit = Int64(disc.radius.raw) - 256
        func inside(_ cx: Int32, _ cy: Int32) -> Bool {
            let dx = Int64(cx) << 8 - Int64(disc.centre.x.raw), dy = Int64(cy) << 8 - Int64(disc.centre.y.raw)
            return limit > 0 && dx * dx + dy * dy <= limit * limit
        }
        return (y0...y1).allSatisfy { inside(x, $0) && inside(x + 1, $0) }
    }

    /// A dial's needle bands for steps small and large: no rectangle holds a column the hub
    /// hides on all of its rows, and some stop right where the hub starts hiding (they were
    /// cut there). DamagePropertyTests checks that such damage still redraws every changed
    /// pixel.
    @Test func needleBandsLeaveTheHubOut() throws {
        let frame = IntRect(x: 0, y: 0, width: 300, height: 300)
        var rng = SplitMix(seed: 0x6875_6273)
        var cut = 0
        for _ in 0..<40 {
            let old = dressed(CircularGaugeStyle(), value: Double(rng.next() % 8001), frame: frame, tint: Tints.gradient)
            var new = old
            new.value = rng.next() % 2 == 0 ? old.value + 80 : Double(rng.next() % 8001)
            let layout = CircularGaugeStyle.Layout(new.configuration)
            let hub = Disc(centre: layout.arc.centre, radius: layout.hubRadius)
            var bands = Region()
            Quad.addBands(
                old.configuration.fraction.map { layout.needle(at: $0) }, new.configuration.fraction.map { layout.needle(at: $0) },
                height: 7, straightHeight: 42, reach: PointBox.inkReach, hiddenWithin: hub, to: &bands)
            for r in bands.rectangles {
                let held = (r.x0..<r.x1).filter { Self.hides(hub, column: $0, rows: r.y0, r.y1) }
                #expect(held.isEmpty, "\(old.value) → \(new.value): \(r) holds columns \(held), hidden by the hub")
                if Self.hides(hub, column: r.x1, rows: r.y0, r.y1) || Self.hides(hub, column: r.x0 - 1, rows: r.y0, r.y1) { cut += 1 }
            }
        }
        #expect(cut > 10, "\(cut) rectangles cut at the hub")
    }
}
