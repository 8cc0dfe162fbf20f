import GaugeDisplay
/// Why PNG bytes could not be decoded (or encoded). Decoding never traps on bad input:
/// every way a file can be wrong ends up as one of these.
public enum PNGError: Error, Equatable, Sendable {
    /// The first eight bytes are not the PNG signature.
    case badSignature
    /// The file ends inside the signature, a chunk, or the compressed image data.
    case truncated
    /// A chunk's stored CRC does not match its type and data.
    case badCRC(chunk: String)
    /// The first chunk is not a well-formed IHDR, or IHDR fields are out of range.
    case invalidHeader(String)
    /// A bit depth other than 8.
    case unsupportedBitDepth(UInt8)
    /// Palette (3), greyscale (0) or grey+alpha (4); only RGB (2) and RGBA (6) are read.
    case unsupportedColorType(UInt8)
    /// Adam7 interlacing.
    case unsupportedInterlace
    /// A critical chunk this decoder does not know.
    case unsupportedChunk(String)
    /// A chunk is out of order, e.g. IDAT chunks that are not consecutive.
    case invalidChunkOrder(String)
    /// No IDAT chunk before IEND.
    case missingImageData
    /// A row starts with a filter type other than 0…4.
    case invalidFilterType(UInt8, row: Int)
    /// zlib reported an error (its return code) while inflating or deflating.
    case zlib(code: Int32)
    /// The inflated data is longer than the header's dimensions allow.
    case excessImageData
    /// Width × height exceeds what this decoder allocates.
    case imageTooLarge(width: UInt32, height: UInt32)
}

extension PNGError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .badSignature: return "not a PNG file (bad signature)"
        case .truncated: return "truncated PNG data"
        case .badCRC(let chunk): return "CRC mismatch in \(chunk) chunk"
        case .invalidHeader(let why): return "invalid PNG header: \(why)"
        case .unsupportedBitDepth(let d): return "unsupported PNG bit depth \(d) (only 8 is read)"
        case .unsupportedColorType(let t):
            return t == 3 ? "unsupported PNG colour type 3 (palette)" : "unsupported PNG colour type \(t) (only RGB and RGBA are read)"
        case .unsupportedInterlace: return "unsupported interlaced PNG"
        case .unsupportedChunk(let c): return "unsupported critical PNG chunk \(c)"
        case .invalidChunkOrder(let c): return "PNG chunk \(c) out of order"
        case .missingImageData: return "PNG has no image data (IDAT)"
        case .invalidFilterType(let f, let row): return "invalid PNG filter type \(f) in row \(row)"
        case .zlib(let code): return "zlib error \(code)"
        case .excessImageData: return "PNG image data is longer than its dimensions"
        case .imageTooLarge(let w, let h): return "PNG image too large (\(w)x\(h))"
        }
    }
}
