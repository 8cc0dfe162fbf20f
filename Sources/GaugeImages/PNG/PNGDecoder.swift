import GaugeDisplay
/// Decoding: 8-bit RGB (colour type 2) and RGBA (6), non-interlaced, any filters, any
/// number of IDAT chunks, every CRC checked. Malformed input throws, never traps.
extension PNG {
    /// Images with more pixels than this are refused rather than allocated (64 Mpx).
    public static let maxPixelCount = 1 << 26

    public static func decode(_ bytes: [UInt8]) throws(PNGError) -> DecodedImage {
        guard bytes.count >= signature.count else {
            throw bytes.elementsEqual(signature.prefix(bytes.count)) ? .truncated : .badSignature
        }
        guard bytes.prefix(signature.count).elementsEqual(signature) else { throw .badSignature }

        var offset = signature.count
        var header: Header?
        var idat: [UInt8] = []
        var idatState = 0  // 0: none seen, 1: in the IDAT run, 2: run ended
        while true {
            let chunk = try readChunk(bytes, at: &offset)
            let name = chunk.name
            if header == nil {
                guard name == "IHDR" else { throw .invalidHeader("first chunk is \(name), not IHDR") }
                header = try Header(bytes[chunk.data])
                continue
            }
            if idatState == 1 && name != "IDAT" { idatState = 2 }
            switch name {
            case "IDAT":
                guard idatState != 2 else { throw .invalidChunkOrder("IDAT") }
                idatState = 1
                idat.append(contentsOf: bytes[chunk.data])
            case "IEND":
                guard let header, idatState != 0 else { throw .missingImageData }
                return try decodeImageData(idat, header)
            case "IHDR":
                throw .invalidChunkOrder("IHDR")
            case "PLTE":
                // A suggested palette is allowed in RGB(A) files and is of no use here.
                guard idatState == 0 else { throw .invalidChunkOrder("PLTE") }
            default:
                // Bit 5 of the first byte clear: a critical chunk we cannot skip.
                if bytes[chunk.typeOffset] & 0x20 == 0 { throw .unsupportedChunk(name) }
            }
        }
    }

    /// The IHDR fields this decoder uses, validated.
    struct Header {
        let width: Int, height: Int, channels: Int

        init(_ d: ArraySlice<UInt8>) throws(PNGError) {
            guard d.count == 13 else { throw .invalidHeader("IHDR length \(d.count), expected 13") }
            let b = Array(d)
            let w = PNG.bigEndian(b, 0), h = PNG.bigEndian(b, 4)
            guard w > 0, h > 0, w <= UInt32(Int32.max), h <= UInt32(Int32.max) else {
                throw .invalidHeader("dimensions \(w)x\(h)")
            }
            guard UInt64(w) * UInt64(h) <= UInt64(PNG.maxPixelCount) else { throw .imageTooLarge(width: w, height: h) }
            let depth = b[8], colorType = b[9]
            switch colorType {
            case 2: channels = 3
            case 6: channels = 4
            default: throw .unsupportedColorType(colorType)
            }
            guard depth == 8 else { throw .unsupportedBitDepth(depth) }
            guard b[10] == 0 else { throw .invalidHeader("compression method \(b[10])") }
            guard b[11] == 0 else { throw .invalidHeader("filter method \(b[11])") }
            switch b[12] {
            case 0: break
            case 1: throw .unsupportedInterlace
            default: throw .invalidHeader("interlace method \(b[12])")
            }
            width = Int(w)
            height = Int(h)
        }
    }

    struct Chunk {
        let typeOffset: Int
        let data: Range<Int>
        let name: String
    }

    /// Reads the chunk at `offset`, checks its CRC and moves `offset` past it.
    static func readChunk(_ bytes: [UInt8], at offset: inout Int) throws(PNGError) -> Chunk {
        guard bytes.count - offset >= 12 else { throw .truncated }
        let length = Int(bigEndian(bytes, offset))
        let typeOffset = offset + 4, dataStart = offset + 8
        // Compared by subtraction so that a huge length cannot overflow.
        guard length <= bytes.count - dataStart - 4 else { throw .truncated }
        let dataEnd = dataStart + length
        let name = String(decoding: bytes[typeOffset..<dataStart].map { isLetter($0) ? $0 : 0x3F }, as: UTF8.self)
        let stored = bigEndian(bytes, dataEnd)
        let computed = bytes.withUnsafeBufferPointer {
            crc32Of(UnsafeBufferPointer(rebasing: $0[typeOffset..<dataEnd]))
        }
        guard stored == computed else { throw .badCRC(chunk: name) }
        guard bytes[typeOffset..<dataStart].allSatisfy(isLetter) else { throw .unsupportedChunk(name) }
        offset = dataEnd + 4
        return Chunk(typeOffset: typeOffset, data: dataStart..<dataEnd, name: name)
    }

    static func isLetter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }

    static func bigEndian(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }

    /// Inflates and unfilters the concatenated IDAT data.
    static func decodeImageData(_ idat: [UInt8], _ h: Header) throws(PNGError) -> DecodedImage {
        let rowBytes = h.width * h.channels
        var raw = try Zlib.inflate(idat, expectedCount: (rowBytes + 1) * h.height)
        var pixels = [UInt8](repeating: 0, count: rowBytes * h.height)
        let zeros = [UInt8](repeating: 0, count: rowBytes)
        var badRow: (type: UInt8, row: Int)?
        raw.withUnsafeMutableBufferPointer { raw in
            pixels.withUnsafeMutableBufferPointer { pixels in
                zeros.withUnsafeBufferPointer { zeros in
                    for y in 0..<h.height {
                        let src = y * (rowBytes + 1)
                        let type = raw[src]
                        let row = UnsafeMutableBufferPointer(rebasing: raw[(src + 1)..<(src + 1 + rowBytes)])
                        let previous =
                            y == 0
                            ? zeros
                            : UnsafeBufferPointer(rebasing: pixels[((y - 1) * rowBytes)..<(y * rowBytes)])
                        guard PNGFilter.unfilter(type, row: row, previous: previous, bpp: h.channels) else {
                            badRow = (type, y)
                            return
                        }
                        let dst = UnsafeMutableBufferPointer(rebasing: pixels[(y * rowBytes)..<((y + 1) * rowBytes)])
                        _ = dst.update(fromContentsOf: row)
                    }
                }
            }
        }
        if let badRow { throw .invalidFilterType(badRow.type, row: badRow.row) }
        return DecodedImage(width: h.width, height: h.height, channels: h.channels, pixels: pixels)
    }
}
