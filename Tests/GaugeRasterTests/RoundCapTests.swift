import Testing
@testable import GaugeRaster
import GaugeTestSupport

/// A round-capped stroke is drawn as cap ∪ body ∪ cap, the shape type of a bar with
/// rounded ends: the same pixels as the body joined to both caps in any order, and as
/// the caps alone where the body has no area.
@Suite struct RoundCapTests {
    func pixels(_ format: PixelFormat, _ draw: (Canvas) -> Void) throws -> [UInt32] {
        let s = try Surface(width: 96, height: 96, format: format)
        let canvas = Canvas(s)
        canvas.clear(Color(r: 12, g: 40, b: 90))
        draw(canvas)
        var out: [UInt32] = []
        for y in Int32(0)..<96 {
            for x in Int32(0)..<96 {
                let c = s.color(x: x, y: y)!
                out.append(UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b))
            }
        }
        return out
    }

    @Test(arguments: [PixelFormat.xrgb8888, .rgb565])
    func partsInAnyOrderGiveThePixels(format: PixelFormat) throws {
        var random = SplitMix(seed: 0x5eed_ca95)
        let paint = Paint.solid(Color(r: 250, g: 200, b: 40, a: 200))
        var compared = 0
        for _ in 0..<300 {
            func point() -> Point { Point(x: Fixed(raw: Int32(random.next() % (96 * 256))), y: Fixed(raw: Int32(random.next() % (96 * 256)))) }
            let a = point(), b = point(), c = point(), d = point()
            let r1 = Fixed(raw: Int32(random.next() % (12 * 256))), r2 = Fixed(raw: Int32(random.next() % (12 * 256)))
            let startCap = DiscShape(centre: a, radius: r1), endCap = DiscShape(centre: b, radius: r2)
            guard let body = QuadShape(a, c, b, d) else { continue }
            let bodyFirst = try pixels(format) { $0.draw(ConvexUnion(body, ConvexUnion(startCap, endCap)), paint: paint) }
            let capFirst = try pixels(format) { $0.draw(ConvexUnion(ConvexUnion(startCap, body), endCap), paint: paint) }
            #expect(bodyFirst == capFirst)
            compared += 1
        }
        #expect(compared > 100)
    }

    @Test func aBodyWithNoAreaLeavesTheCaps() throws {
        // Half a width of 1/256 px over 60 px: the sides' offsets round to 0.
        let a = Point(x: Fixed(10.3), y: Fixed(20.7)), b = Point(x: Fixed(70.1), y: Fixed(50.2))
        let stroke = try pixels(.xrgb8888) { $0.strokeLine(from: a, to: b, width: Fixed(raw: 2), cap: .round, paint: .solid(.white)) }
        let polygon = ConvexPolygonShape(FourPoints(a, b, b, a))
        let caps = ConvexUnion(DiscShape(centre: a, radius: Fixed(raw: 1)), DiscShape(centre: b, radius: Fixed(raw: 1)))
        let withPolygon = try pixels(.xrgb8888) { $0.draw(Union(polygon, caps), paint: .solid(.white)) }
        #expect(stroke == withPolygon)
        // And a thin stroke that has a body still draws one.
        let thin = try pixels(.xrgb8888) { $0.strokeLine(from: a, to: b, width: Fixed(0.5), cap: .round, paint: .solid(.white)) }
        #expect(thin != stroke)
    }
}
