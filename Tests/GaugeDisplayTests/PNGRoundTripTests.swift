@testable import GaugeDisplay
@testable import GaugeImages
@testable import GaugeDisplayDevices
import GaugeRaster
import Testing

@Suite struct PNGRoundTripTests {
    @Test(arguments: PixelFormat.allCases)
    func roundTripMatchesSurfaceColours(format: PixelFormat) throws {
        let surface = TestImages.drawn(format)
        let decoded = try PNG.decode(try PNG.encode(surface))
        #expect(decoded.width == Int(surface.width))
        #expect(decoded.height == Int(surface.height))
        #expect(decoded.channels == (format == .argb8888 ? 4 : 3))
        var mismatches = 0
        for y in 0..<surface.height {
            for x in 0..<surface.width where decoded.color(x: Int(x), y: Int(y)) != surface.color(x: x, y: y) {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }

    @Test func argbKeepsStraightAlpha() throws {
        let surface = TestImages.drawn(.argb8888)
        let decoded = try PNG.decode(try PNG.encode(surface))
        // The background was cleared with alpha 200: translucent pixels must survive.
        #expect(decoded.color(x: 60, y: 36).a == surface.color(x: 60, y: 36)!.a)
        #expect(decoded.pixels.enumerated().contains { $0.offset % 4 == 3 && $0.element != 255 })
    }

    @Test func encodingIsDeterministic() throws {
        let surface = TestImages.drawn(.xrgb8888)
        #expect(try PNG.encode(surface) == PNG.encode(surface))
    }

    @Test func headerDescribesTheImage() throws {
        let png = try PNG.encode(TestImages.drawn(.rgb565, width: 300, height: 2))
        let chunks = TestImages.chunks(png)
        #expect(chunks.first?.name == "IHDR")
        #expect(chunks.last?.name == "IEND")
        #expect(Array(png[16..<26]) == [0, 0, 1, 44, 0, 0, 0, 2, 8, 2])
    }

    @Test func largeImageSpansSeveralIDATChunks() throws {
        // Noise does not compress, so the data exceeds one 64 KiB chunk.
        var rng = SplitMix64(seed: 7)
        let pixels = (0..<(200 * 150 * 3)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let image = DecodedImage(width: 200, height: 150, channels: 3, pixels: pixels)
        let png = try PNG.encode(image)
        #expect(TestImages.chunks(png).filter { $0.name == "IDAT" }.count > 1)
        #expect(try PNG.decode(png) == image)
    }

    @Test(arguments: [PNGFilter.none, PNGFilter.sub, PNGFilter.up, PNGFilter.average, PNGFilter.paeth])
    func decodesEachFilterType(type: UInt8) throws {
        let source = TestImages.drawn(.argb8888, width: 9, height: 5)
        let image = DecodedImage(source)
        let rowBytes = image.width * 4
        var raw: [UInt8] = []
        var scratch = [UInt8](repeating: 0, count: rowBytes)
        for y in 0..<image.height {
            let row = Array(image.pixels[(y * rowBytes)..<((y + 1) * rowBytes)])
            let previous = y == 0 ? [UInt8](repeating: 0, count: rowBytes)
                : Array(image.pixels[((y - 1) * rowBytes)..<(y * rowBytes)])
            row.withUnsafeBufferPointer { r in
                previous.withUnsafeBufferPointer { p in
                    scratch.withUnsafeMutableBufferPointer { PNGFilter.filter(type, row: r, previous: p, bpp: 4, into: $0) }
                }
            }
            raw.append(type); raw += scratch
        }
        let png = TestImages.png(width: 9, height: 5, colorType: 6, raw: raw)
        #expect(try PNG.decode(png) == image)
    }

    @Test func decodesAPNGFromAnotherEncoder() throws {
        let decoded = try PNG.decode(TestImages.pythonPNG)
        #expect(decoded == DecodedImage(width: 3, height: 4, channels: 4, pixels: TestImages.pythonPixels))
    }
}
