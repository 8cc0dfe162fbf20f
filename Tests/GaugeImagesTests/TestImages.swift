@testable import GaugeImages
@_exported import GaugeTestSupport
import GaugeRaster
import CZlib

/// Surfaces and byte strings shared by the tests.
enum TestImages {
    /// A small scene with every kind of pixel the encoders must carry: solid fills,
    /// anti-aliased edges, translucent paint over the background, a gradient.
    static func drawn(_ format: PixelFormat, width: Int32 = 61, height: Int32 = 37) -> Surface {
        let surface = try! Surface(width: width, height: height, format: format)
        let canvas = Canvas(surface)
        canvas.clear(Color(r: 16, g: 20, b: 24, a: format == .argb8888 ? 200 : 255))
        canvas.fill(IntRect(x: 3, y: 2, width: 20, height: 9), color: Color(rgb: 0x2ECC71))
        canvas.fill(IntRect(x: 10, y: 5, width: 30, height: 12), color: Color(r: 230, g: 60, b: 50, a: 128))
        canvas.fillDisc(centre: Point(40, 20), radius: Fixed(11, over: 1), paint: .solid(Color(rgb: 0x3A8EE6)))
        canvas.strokeArc(
            centre: Point(20, 25), radius: 15, thickness: 4, start: Angle(degrees: 135),
            sweep: Angle(degrees: 270), paint: .solid(Color(r: 250, g: 250, b: 250, a: 180)))
        canvas.strokeLine(from: Point(0, 36), to: Point(60, 0), width: Fixed(3, over: 2), paint: .solid(.white))
        return surface
    }

    /// A 3×4 RGBA PNG written by Python's zlib (not ours): rows filtered Average, Paeth,
    /// Up, Sub; a tEXt chunk; the image data split over two IDAT chunks.
    static let pythonPNG: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x08, 0x06, 0x00, 0x00, 0x00, 0x4B, 0x2D, 0x85,
        0x07, 0x00, 0x00, 0x00, 0x0E, 0x74, 0x45, 0x58, 0x74, 0x43, 0x6F, 0x6D, 0x6D, 0x65, 0x6E, 0x74,
        0x00, 0x70, 0x79, 0x74, 0x68, 0x6F, 0x6E, 0x9C, 0xDC, 0x95, 0x74, 0x00, 0x00, 0x00, 0x0A, 0x49,
        0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x66, 0x38, 0xC1, 0xD0, 0xC0, 0x95, 0x62, 0x7B, 0xD1, 0x60,
        0xEA, 0x00, 0x00, 0x00, 0x2D, 0x49, 0x44, 0x41, 0x54, 0xBA, 0x9F, 0x3F, 0x25, 0xA0, 0x81, 0x45,
        0x84, 0x41, 0xBE, 0x9E, 0xEB, 0xA7, 0x3C, 0x03, 0x10, 0x37, 0x32, 0x01, 0x39, 0x0C, 0x22, 0x40,
        0x86, 0xC8, 0x27, 0xF9, 0x7A, 0x46, 0x9B, 0x13, 0xB1, 0x0D, 0x5C, 0xAF, 0x4D, 0xEB, 0x81, 0x98,
        0x01, 0x00, 0x7E, 0x98, 0x0F, 0xA7, 0xEF, 0xCF, 0x95, 0xB1, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
        0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]
    static let pythonPixels: [UInt8] = [
        0, 200, 0, 128, 10, 200, 53, 255, 20, 200, 106, 255, 20, 200, 31, 255, 30, 193, 84, 255,
        40, 186, 137, 128, 40, 200, 62, 255, 50, 186, 115, 128, 60, 172, 168, 255, 60, 200, 93, 128,
        70, 179, 146, 255, 80, 158, 199, 255,
    ]

    /// A PNG built chunk by chunk: `ihdr` fields, then `raw` (filter bytes included)
    /// deflated into one IDAT.
    static func png(
        width: UInt32, height: UInt32, depth: UInt8 = 8, colorType: UInt8 = 2,
        interlace: UInt8 = 0, raw: [UInt8]
    ) -> [UInt8] {
        var header: [UInt8] = []
        PNG.appendBigEndian(width, to: &header)
        PNG.appendBigEndian(height, to: &header)
        header += [depth, colorType, 0, 0, interlace]
        var out = PNG.signature
        PNG.appendChunk("IHDR", header, to: &out)
        PNG.appendChunk("IDAT", try! Zlib.compress(raw, level: 6), to: &out)
        PNG.appendChunk("IEND", [], to: &out)
        return out
    }

    /// Offsets of each chunk in a PNG: (start of length field, data range).
    static func chunks(_ png: [UInt8]) -> [(name: String, start: Int, data: Range<Int>)] {
        var result: [(String, Int, Range<Int>)] = []
        var i = 8
        while i + 12 <= png.count {
            let length = Int(PNG.bigEndian(png, i))
            guard i + 12 + length <= png.count else { break }
            result.append((String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self), i, (i + 8)..<(i + 8 + length)))
            i += 12 + length
        }
        return result
    }

    /// Rewrites the CRC of the chunk starting at `start` so it matches its contents again.
    static func fixCRC(_ png: inout [UInt8], chunkAt start: Int) {
        let length = Int(PNG.bigEndian(png, start))
        let end = start + 8 + length
        let crc = png[(start + 4)..<end].withUnsafeBufferPointer { PNG.crc32Of($0) }
        png[end] = UInt8(truncatingIfNeeded: crc >> 24)
        png[end + 1] = UInt8(truncatingIfNeeded: crc >> 16)
        png[end + 2] = UInt8(truncatingIfNeeded: crc >> 8)
        png[end + 3] = UInt8(truncatingIfNeeded: crc)
    }
}

/// The shared SplitMix64 generator, under the name these tests use.
typealias SplitMix64 = SplitMix

extension Zlib {
    /// zlib's one-shot deflate of `bytes` at `level` (0…9), with the streaming `Deflater`'s
    /// window and memory level: the oracle the `Deflater` is held to, and the way tests
    /// build PNG data.
    static func compress(_ bytes: [UInt8], level: Int32) throws(PNGError) -> [UInt8] {
        var stream = z_stream()
        var rc = deflateInit2_(
            &stream, level, Z_DEFLATED, Deflater.windowBits, Deflater.memoryLevel, Z_DEFAULT_STRATEGY, zlibVersion(),
            Int32(MemoryLayout<z_stream>.size))
        guard rc == Z_OK else { throw .zlib(code: rc) }
        defer { deflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))))
        rc = out.withUnsafeMutableBufferPointer { dst in
            bytes.withUnsafeBufferPointer { src in
                stream.next_in = UnsafeMutablePointer(mutating: src.baseAddress)
                stream.avail_in = uInt(src.count)
                stream.next_out = dst.baseAddress
                stream.avail_out = uInt(dst.count)
                return CZlib.deflate(&stream, Z_FINISH)
            }
        }
        guard rc == Z_STREAM_END else { throw .zlib(code: rc) }
        out.removeSubrange(Int(stream.total_out)...)
        return out
    }
}
