import GaugeDisplay
import CZlib
import GaugeRaster

/// PNG files: encoding surfaces and decoding 8-bit RGB/RGBA images, with the system zlib.
public enum PNG {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// IDAT payloads are split at this size: any size is valid, this keeps chunks modest.
    static let idatChunkSize = 1 << 16

    /// The whole PNG file for `surface`: ARGB8888 as RGBA (straight alpha), the other
    /// formats as 8-bit RGB — the colours `surface.color(x:y:)` gives.
    public static func encode(_ surface: Surface, compressionLevel: Int32 = 9) throws(PNGError) -> [UInt8] {
        try encode(DecodedImage(surface), compressionLevel: compressionLevel)
    }

    /// The whole PNG file for an RGB or RGBA image. Output is deterministic: the same
    /// pixels and level give the same bytes.
    public static func encode(_ image: DecodedImage, compressionLevel: Int32 = 9) throws(PNGError) -> [UInt8] {
        guard image.width > 0, image.height > 0, image.width <= Int(Int32.max), image.height <= Int(Int32.max) else {
            throw .invalidHeader("dimensions \(image.width)x\(image.height)")
        }
        let rowBytes = image.width * image.channels
        var filtered: [UInt8] = []
        filtered.reserveCapacity((rowBytes + 1) * image.height)
        let zeros = [UInt8](repeating: 0, count: rowBytes)
        var scratch = [UInt8](repeating: 0, count: rowBytes)
        image.pixels.withUnsafeBufferPointer { pixels in
            zeros.withUnsafeBufferPointer { zeros in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    for y in 0..<image.height {
                        let row = UnsafeBufferPointer(rebasing: pixels[(y * rowBytes)..<((y + 1) * rowBytes)])
                        let previous = y == 0 ? zeros
                            : UnsafeBufferPointer(rebasing: pixels[((y - 1) * rowBytes)..<(y * rowBytes)])
                        PNGFilter.appendBestFiltered(row: row, previous: previous, bpp: image.channels,
                                                     scratch: scratch, to: &filtered)
                    }
                }
            }
        }
        let compressed = try Zlib.compress(filtered, level: compressionLevel)

        var out = signature
        var header: [UInt8] = []
        appendBigEndian(UInt32(image.width), to: &header)
        appendBigEndian(UInt32(image.height), to: &header)
        // Bit depth 8; colour type 6 (RGBA) or 2 (RGB); deflate; adaptive filters; no interlace.
        header += [8, image.channels == 4 ? 6 : 2, 0, 0, 0]
        appendChunk("IHDR", header, to: &out)
        var start = 0
        repeat {
            let end = min(start + idatChunkSize, compressed.count)
            appendChunk("IDAT", Array(compressed[start..<end]), to: &out)
            start = end
        } while start < compressed.count
        appendChunk("IEND", [], to: &out)
        return out
    }

    static func appendChunk(_ type: StaticString, _ data: [UInt8], to out: inout [UInt8]) {
        appendBigEndian(UInt32(data.count), to: &out)
        let typeStart = out.count
        type.withUTF8Buffer { out.append(contentsOf: $0) }
        out.append(contentsOf: data)
        let crc = out[typeStart...].withUnsafeBufferPointer { crc32Of($0) }
        appendBigEndian(crc, to: &out)
    }

    /// The CRC-32 PNG uses (zlib's).
    static func crc32Of(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        UInt32(truncatingIfNeeded: crc32(crc32(0, nil, 0), bytes.baseAddress, uInt(bytes.count)))
    }

    static func appendBigEndian(_ v: UInt32, to out: inout [UInt8]) {
        out.append(UInt8(truncatingIfNeeded: v >> 24)); out.append(UInt8(truncatingIfNeeded: v >> 16))
        out.append(UInt8(truncatingIfNeeded: v >> 8)); out.append(UInt8(truncatingIfNeeded: v))
    }
}
