import GaugeDisplay
import CZlib
import GaugeRaster

/// PNG files: encoding surfaces and decoding 8-bit RGB/RGBA images, with the system zlib.
public enum PNG {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// IDAT payloads are split at this size: any size is valid, this keeps chunks modest.
    static let idatChunkSize = 1 << 16

    /// zlib's level for snapshots and renders. Dashboards are flat colours with
    /// anti-aliased edges: unfiltered rows at level 1 come out the size libpng's adaptive
    /// filters make at level 9 (the car dashboard 48.3 KB against 48.9 KB) for about a
    /// twentieth of the work, and filters made every image but a gradient test scene larger
    /// (docs/performance.md, "Snapshots").
    public static let defaultCompressionLevel: Int32 = 1

    /// The whole PNG file for `surface`: ARGB8888 as RGBA (straight alpha), the other
    /// formats as 8-bit RGB — the colours `surface.color(x:y:)` gives. Row by row: besides
    /// the file, only one row of pixels and zlib's state are held, never a copy of the image.
    public static func encode(_ surface: Surface, compressionLevel: Int32 = defaultCompressionLevel) throws(PNGError) -> [UInt8] {
        try encode(
            width: Int(surface.width), height: Int(surface.height), channels: DecodedImage.channels(of: surface),
            compressionLevel: compressionLevel
        ) { y, row in DecodedImage.storeRow(y, of: surface, into: row) }
    }

    /// The whole PNG file for an RGB or RGBA image. Output is deterministic: the same
    /// pixels and level give the same bytes.
    public static func encode(_ image: DecodedImage, compressionLevel: Int32 = defaultCompressionLevel) throws(PNGError) -> [UInt8] {
        let rowBytes = image.width * image.channels
        return try image.pixels.withUnsafeBufferPointer { pixels throws(PNGError) in
            try encode(
                width: image.width, height: image.height, channels: image.channels,
                compressionLevel: compressionLevel
            ) { y, row in
                _ = row.update(fromContentsOf: pixels[(y * rowBytes)..<((y + 1) * rowBytes)])
            }
        }
    }

    /// The PNG file of a `width`×`height` image whose rows `fill(y, row)` writes (`width ×
    /// channels` bytes, top to bottom). Each row goes out unfiltered (filter type 0) and is
    /// deflated as it comes: the zlib stream is the one a one-shot deflate makes of all the rows
    /// at once (deflate's output does not depend on how its input is fed when nothing is
    /// flushed), cut into IDAT chunks of `idatChunkSize`.
    static func encode(
        width: Int, height: Int, channels: Int, compressionLevel: Int32,
        fill: (Int, UnsafeMutableBufferPointer<UInt8>) -> Void
    ) throws(PNGError) -> [UInt8] {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw .invalidHeader("dimensions \(width)x\(height)")
        }
        let rowBytes = width * channels
        var out = signature
        var header: [UInt8] = []
        appendBigEndian(UInt32(width), to: &header)
        appendBigEndian(UInt32(height), to: &header)
        // Bit depth 8; colour type 6 (RGBA) or 2 (RGB); deflate; adaptive filters; no interlace.
        header += [8, channels == 4 ? 6 : 2, 0, 0, 0]
        appendChunk("IHDR", header, to: &out)

        let deflater = try Zlib.Deflater(level: compressionLevel, chunkSize: idatChunkSize)
        defer { deflater.end() }
        // The filter type byte, then the row's pixels.
        var line = [UInt8](repeating: 0, count: rowBytes + 1)
        for y in 0..<height {
            line.withUnsafeMutableBufferPointer { line in
                line[0] = PNGFilter.none
                fill(y, UnsafeMutableBufferPointer(rebasing: line[1...]))
            }
            try deflater.deflate(line) { appendChunk("IDAT", $0, to: &out) }
        }
        try deflater.finish { appendChunk("IDAT", $0, to: &out) }
        appendChunk("IEND", [], to: &out)
        return out
    }

    static func appendChunk(_ type: StaticString, _ data: [UInt8], to out: inout [UInt8]) {
        data.withUnsafeBufferPointer { appendChunk(type, $0, to: &out) }
    }

    static func appendChunk(_ type: StaticString, _ data: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
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
        out.append(UInt8(truncatingIfNeeded: v >> 24))
        out.append(UInt8(truncatingIfNeeded: v >> 16))
        out.append(UInt8(truncatingIfNeeded: v >> 8))
        out.append(UInt8(truncatingIfNeeded: v))
    }
}
