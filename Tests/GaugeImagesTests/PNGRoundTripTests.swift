@testable import GaugeImages
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

    /// The file the encoder makes, made at once: every row unfiltered (type 0) in one
    /// buffer, deflated at once (`Zlib.compress`), cut into 64 KiB IDAT chunks.
    static func oneShotPNG(_ image: DecodedImage, level: Int32 = PNG.defaultCompressionLevel) throws -> [UInt8] {
        let rowBytes = image.width * image.channels
        var filtered: [UInt8] = []
        for y in 0..<image.height {
            filtered.append(PNGFilter.none)
            filtered += image.pixels[(y * rowBytes)..<((y + 1) * rowBytes)]
        }
        let compressed = try Zlib.compress(filtered, level: level)
        var out = PNG.signature
        var header: [UInt8] = []
        PNG.appendBigEndian(UInt32(image.width), to: &header)
        PNG.appendBigEndian(UInt32(image.height), to: &header)
        header += [8, image.channels == 4 ? 6 : 2, 0, 0, 0]
        PNG.appendChunk("IHDR", header, to: &out)
        var start = 0
        repeat {
            let end = min(start + PNG.idatChunkSize, compressed.count)
            PNG.appendChunk("IDAT", Array(compressed[start..<end]), to: &out)
            start = end
        } while start < compressed.count
        PNG.appendChunk("IEND", [], to: &out)
        return out
    }

    @Test(arguments: PixelFormat.allCases)
    func streamedFileEqualsTheOneShotFile(format: PixelFormat) throws {
        let surface = TestImages.drawn(format, width: 301, height: 97)
        #expect(try PNG.encode(surface) == Self.oneShotPNG(DecodedImage(surface)))
        #expect(try PNG.encode(surface, compressionLevel: 9) == Self.oneShotPNG(DecodedImage(surface), level: 9))
        let large = TestImages.drawn(format, width: 800, height: 480)
        #expect(try PNG.encode(large) == Self.oneShotPNG(DecodedImage(large)))
    }

    @Test func streamedNoiseEqualsTheOneShotFileAcrossChunks() throws {
        // Noise does not compress: several IDAT chunks, and deflate's window slides.
        var rng = SplitMix64(seed: 11)
        let pixels = (0..<(257 * 190 * 4)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let image = DecodedImage(width: 257, height: 190, channels: 4, pixels: pixels)
        let png = try PNG.encode(image)
        #expect(TestImages.chunks(png).filter { $0.name == "IDAT" }.count > 2)
        #expect(png == (try Self.oneShotPNG(image)))
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
            let previous =
                y == 0
                ? [UInt8](repeating: 0, count: rowBytes)
                : Array(image.pixels[((y - 1) * rowBytes)..<(y * rowBytes)])
            row.withUnsafeBufferPointer { r in
                previous.withUnsafeBufferPointer { p in
                    scratch.withUnsafeMutableBufferPointer { Self.filter(type, row: r, previous: p, bpp: 4, into: $0) }
                }
            }
            raw.append(type)
            raw += scratch
        }
        let png = TestImages.png(width: 9, height: 5, colorType: 6, raw: raw)
        #expect(try PNG.decode(png) == image)
    }

    @Test func decodesAPNGFromAnotherEncoder() throws {
        let decoded = try PNG.decode(TestImages.pythonPNG)
        #expect(decoded == DecodedImage(width: 3, height: 4, channels: 4, pixels: TestImages.pythonPixels))
    }

    /// `row` filtered with `type` into `out` (same length): the encoder's side of each
    /// filter, for the decoder's tests (GaugePanel's encoder writes rows unfiltered).
    static func filter(
        _ type: UInt8, row: UnsafeBufferPointer<UInt8>, previous: UnsafeBufferPointer<UInt8>,
        bpp: Int, into out: UnsafeMutableBufferPointer<UInt8>
    ) {
        for i in 0..<row.count {
            let a: UInt8 = i >= bpp ? row[i - bpp] : 0
            let b = previous[i]
            let c: UInt8 = i >= bpp ? previous[i - bpp] : 0
            let predicted: UInt8
            switch type {
            case PNGFilter.sub: predicted = a
            case PNGFilter.up: predicted = b
            case PNGFilter.average: predicted = UInt8((UInt16(a) + UInt16(b)) >> 1)
            case PNGFilter.paeth: predicted = PNGFilter.paethPredictor(a, b, c)
            default: predicted = 0
            }
            out[i] = row[i] &- predicted
        }
    }
}
