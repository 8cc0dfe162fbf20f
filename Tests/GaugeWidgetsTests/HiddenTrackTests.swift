import Testing
import GaugeRaster
@testable import GaugeWidgets

/// A dial draws its track only where an opaque value arc does not hide it
/// (`ArcGeometry.hiddenTrackSweep`). That must be invisible: against the track drawn whole
/// under the value arc, the only pixels that may differ are those the ring covers partly
/// (its two anti-aliased circles) and the scale's anti-aliased start, where the whole
/// track showed through the value arc's edge — never a pixel inside the ring, so no seam
/// at the value arc's end.
@Suite struct HiddenTrackTests {
    static let background = Color(rgb: 0x101418), track = Color(rgb: 0x2A3038), value = Color(rgb: 0x3A8EE0)

    @Test(arguments: [PixelFormat.xrgb8888, .rgb565])
    func hiddenTrackDiffersOnlyOnTheRingsEdges(format: PixelFormat) throws {
        var rng = SplitMix(seed: 0x7472_6163_6B00 ^ UInt64(format.bytesPerPixel))
        var hiddenSomewhere = 0
        for _ in 0..<60 {
            let radius = Int32(12 + rng.next() % 140), thickness = Int32(2 + rng.next() % UInt64(Swift.max(radius / 3, 1)))
            let size = radius * 2 + 8
            let centre = Point(x: Fixed(raw: size * 128 + Int32(rng.next() % 256)), y: Fixed(raw: size * 128 + Int32(rng.next() % 256)))
            let arc = ArcGeometry(
                centre: centre, radius: Fixed(radius), thickness: Fixed(thickness),
                start: Angle(raw: 24576), sweep: Angle(raw: 49152))
            let valueSweep = arc.drawnSweep(at: Int32(rng.next() % 65537))
            let hidden = arc.hiddenTrackSweep(under: valueSweep)
            if hidden > 0 { hiddenSomewhere += 1 }

            func draw(trackFrom trackStart: Int32) throws -> Surface {
                let surface = try Surface(width: size, height: size, format: format)
                let canvas = Canvas(surface)
                canvas.clear(Self.background)
                canvas.strokeArc(
                    centre: centre, radius: arc.radius, thickness: arc.thickness,
                    start: arc.start + Angle(raw: trackStart), sweep: Angle(raw: arc.sweep.raw - trackStart),
                    paint: .solid(Self.track))
                if valueSweep > 0 {
                    canvas.strokeArc(
                        centre: centre, radius: arc.radius, thickness: arc.thickness, start: arc.start,
                        sweep: Angle(raw: valueSweep), paint: .solid(Self.value))
                }
                return surface
            }
            let whole = try draw(trackFrom: 0), partial = try draw(trackFrom: hidden)
            let cx = Double(centre.x.raw) / 256, cy = Double(centre.y.raw) / 256
            let outer = Double(radius), inner = Double(radius - thickness)
            for y in 0..<size {
                for x in 0..<size where whole.rawPixel(x: x, y: y) != partial.rawPixel(x: x, y: y) {
                    let d = ((Double(x) + 0.5 - cx) * (Double(x) + 0.5 - cx) + (Double(y) + 0.5 - cy) * (Double(y) + 0.5 - cy)).squareRoot()
                    // Partly covered by the ring: within ½ px of a circle (a little more for
                    // the distance's rounding to 1/256 px); or by the scale's start, where
                    // the whole track showed through the value arc's start the same way
                    // (within ~0.71 px of the 135° ray, on its side of the centre).
                    let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                    let fromStartRay = abs(dx + dy) / 2.0.squareRoot(), alongStartRay = dy - dx
                    let onEdge = abs(d - outer) < 0.51 || abs(d - inner) < 0.51 || (fromStartRay < 0.72 && alongStartRay > 0)
                    #expect(
                        onEdge, "radius \(radius) thickness \(thickness) value \(valueSweep) hidden \(hidden): pixel (\(x), \(y)) at \(d) px differs")
                    if !onEdge { return }
                }
            }
        }
        #expect(hiddenSomewhere > 30)
    }

    /// The dial's damage must cover what the moving hidden part changes: the property
    /// tests cover that; here the dial's own draw is checked to hide the track at all.
    @Test func dialHidesTheTrackUnderAnOpaqueValueArc() {
        let arc = ArcGeometry(
            centre: Point(200, 200), radius: Fixed(150), thickness: Fixed(18),
            start: Angle(raw: 24576), sweep: Angle(raw: 49152))
        // 1¼ px at 131.5 px: about 0.54°.
        #expect(arc.trackUnderlap == 10_431 * 320 / (132 * 256 - 128))
        #expect(arc.hiddenTrackSweep(under: 0) == 0)
        #expect(arc.hiddenTrackSweep(under: arc.trackUnderlap) == 0)
        #expect(arc.hiddenTrackSweep(under: 20_000) == 20_000 - arc.trackUnderlap)
    }
}
