@testable import GaugeRaster
@_exported import GaugeTestSupport

/// A random draw call of any primitive, for property tests.
enum RandomPrimitive {
    static func fixed(_ rng: inout SplitMix, _ lo: Int32, _ hi: Int32) -> Fixed {
        Fixed(raw: Int32.random(in: (lo * 256)...(hi * 256), using: &rng))
    }

    static func point(_ rng: inout SplitMix, in size: Int32) -> Point {
        Point(x: fixed(&rng, -size / 4, size + size / 4), y: fixed(&rng, -size / 4, size + size / 4))
    }

    static func color(_ rng: inout SplitMix) -> Color {
        Color(argb: UInt32.random(in: 0...UInt32.max, using: &rng) | (Bool.random(using: &rng) ? 0xFF00_0000 : 0))
    }

    static func paint(_ rng: inout SplitMix, size: Int32) -> Paint {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0:
            return .linear(
                LinearGradient(
                    from: point(&rng, in: size), to: point(&rng, in: size),
                    stops: [GradientStop(color(&rng), at: 0), GradientStop(color(&rng), at: 0.4), GradientStop(color(&rng), at: 1)]))
        case 1:
            return .conic(
                ConicGradient(
                    centre: point(&rng, in: size), start: Angle(raw: Int32.random(in: -70000...70000, using: &rng)),
                    sweep: Angle(raw: Int32.random(in: -70000...70000, using: &rng)),
                    stops: [GradientStop(color(&rng), at: 0), GradientStop(color(&rng), at: 1)]))
        default:
            return .solid(color(&rng))
        }
    }

    /// Draws one random primitive; the same seed draws the same primitive.
    static func draw(_ rng: inout SplitMix, on canvas: Canvas, size: Int32) {
        let paint = paint(&rng, size: size)
        let cap: LineCap = Bool.random(using: &rng) ? .round : .butt
        switch Int.random(in: 0..<9, using: &rng) {
        case 0: canvas.fillDisc(centre: point(&rng, in: size), radius: fixed(&rng, 0, size), paint: paint)
        case 1: canvas.strokeRing(centre: point(&rng, in: size), radius: fixed(&rng, 0, size), thickness: fixed(&rng, 0, size / 3), paint: paint)
        case 2, 3:
            canvas.strokeArc(
                centre: point(&rng, in: size), radius: fixed(&rng, 0, size), thickness: fixed(&rng, 0, size / 3),
                start: Angle(raw: Int32.random(in: -140000...140000, using: &rng)),
                sweep: Angle(raw: Int32.random(in: -140000...140000, using: &rng)), cap: cap, paint: paint)
        case 4: canvas.strokeLine(from: point(&rng, in: size), to: point(&rng, in: size), width: fixed(&rng, 0, 12), cap: cap, paint: paint)
        case 5:
            var points: [Point] = []
            let centre = point(&rng, in: size), radius = fixed(&rng, 1, size / 2)
            let n = Int.random(in: 3...8, using: &rng)
            for k in 0..<n { points.append(Point(centre: centre, radius: radius, angle: Angle(raw: Int32(k) * 65536 / Int32(n)))) }
            canvas.fillConvexPolygon(points, paint: paint)
        case 6:
            canvas.fill(
                Rect(x: fixed(&rng, -10, size), y: fixed(&rng, -10, size), width: fixed(&rng, -2, size), height: fixed(&rng, -2, size)), paint: paint)
        case 7:
            canvas.fillRoundedRect(
                Rect(x: fixed(&rng, -10, size), y: fixed(&rng, -10, size), width: fixed(&rng, 0, size), height: fixed(&rng, 0, size)),
                radius: fixed(&rng, 0, size / 2), paint: paint)
        default:
            let w = Int32.random(in: 0...20, using: &rng), h = Int32.random(in: 0...20, using: &rng)
            var bytes: [UInt8] = []
            for _ in 0..<(w * h) { bytes.append(UInt8.random(in: 0...255, using: &rng)) }
            if let mask = CoverageMask(width: w, height: h, coverage: bytes) {
                canvas.blit(mask, x: Int32.random(in: -10...size, using: &rng), y: Int32.random(in: -10...size, using: &rng), color: color(&rng))
            }
        }
    }
}
