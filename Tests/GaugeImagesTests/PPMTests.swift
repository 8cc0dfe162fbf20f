@testable import GaugeImages
import GaugeRaster
import Testing

@Suite struct PPMTests {
    func decodeError(_ text: String, _ pixels: [UInt8] = []) -> PPMError? {
        do {
            _ = try PPM.decode(Array(text.utf8) + pixels)
            return nil
        } catch { return error }
    }

    @Test(arguments: PixelFormat.allCases)
    func roundTripGivesTheSurfaceRGB(format: PixelFormat) throws {
        let surface = TestImages.drawn(format)
        let decoded = try PPM.decode(PPM.encode(surface))
        #expect(decoded.channels == 3)
        #expect(decoded.width == Int(surface.width) && decoded.height == Int(surface.height))
        for y in 0..<surface.height {
            for x in 0..<surface.width {
                let c = surface.color(x: x, y: y)!
                let d = decoded.color(x: Int(x), y: Int(y))
                if (d.r, d.g, d.b) != (c.r, c.g, c.b) {
                    Issue.record("pixel \(x),\(y): \(d) vs \(c)")
                    return
                }
            }
        }
    }

    @Test func readsCommentsAndAnyWhitespace() throws {
        let image = try PPM.decode(Array("P6 # a comment\n2\t1 # another\n255\n".utf8) + [1, 2, 3, 4, 5, 6])
        #expect(image == DecodedImage(width: 2, height: 1, channels: 3, pixels: [1, 2, 3, 4, 5, 6]))
    }

    @Test func rejectsBadInput() {
        #expect(decodeError("P3\n1 1\n255\n", [0, 0, 0]) == .badMagic)
        #expect(decodeError("") == .badMagic)
        #expect(decodeError("P6\n1 1\n65535\n", [0, 0, 0, 0, 0, 0]) == .unsupportedMaxval(65535))
        #expect(decodeError("P6\n2 2\n255\n", [0, 0, 0]) == .truncated)
        #expect(decodeError("P6\n2") == .truncated)
        #expect(decodeError("P6\n0 2\n255\n") == .invalidHeader("bad width"))
        #expect(decodeError("P6\nx 2\n255\n") == .invalidHeader("bad width"))
        #expect(decodeError("P6\n99999999999 2\n255\n") == .invalidHeader("width too long"))
        #expect(decodeError("P6\n90000 90000\n255\n") == .imageTooLarge(width: 90000, height: 90000))
    }

    @Test func mutatedHeadersNeverTrap() {
        var rng = SplitMix64(seed: 42)
        let valid = PPM.encode(TestImages.drawn(.rgb565, width: 5, height: 4))
        for _ in 0..<2000 {
            var bytes = Array(valid)
            let i = Int.random(in: 0..<16, using: &rng)
            bytes[i] = UInt8.random(in: 0...255, using: &rng)
            if Bool.random(using: &rng) { bytes.removeSubrange(Int.random(in: 0..<bytes.count, using: &rng)...) }
            _ = try? PPM.decode(bytes)
        }
    }
}
