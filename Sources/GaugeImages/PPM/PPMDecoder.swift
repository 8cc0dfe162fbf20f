import GaugeDisplay
import GaugeRaster

/// Why PPM bytes could not be read.
public enum PPMError: Error, Equatable, Sendable {
    /// Not "P6" (ASCII P3 and the other netpbm types are not read).
    case badMagic
    /// A header field is missing or not a positive decimal number.
    case invalidHeader(String)
    /// A maxval other than 255 (16-bit PPMs are not read).
    case unsupportedMaxval(Int)
    /// Fewer pixel bytes than width × height × 3.
    case truncated
    case imageTooLarge(width: Int, height: Int)
}

extension PPMError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .badMagic: return "not a binary PPM file (P6)"
        case .invalidHeader(let why): return "invalid PPM header: \(why)"
        case .unsupportedMaxval(let m): return "unsupported PPM maxval \(m) (only 255 is read)"
        case .truncated: return "truncated PPM data"
        case .imageTooLarge(let w, let h): return "PPM image too large (\(w)x\(h))"
        }
    }
}

/// Reading binary PPM (P6, maxval 255), as `PPM.encode` writes it, for comparing outputs.
extension PPM {
    public static func decode(_ bytes: [UInt8]) throws(PPMError) -> DecodedImage {
        guard bytes.count >= 2, bytes[0] == 0x50, bytes[1] == 0x36 else { throw .badMagic }
        var i = 2
        let width = try headerNumber(bytes, &i, "width")
        let height = try headerNumber(bytes, &i, "height")
        let maxval = try headerNumber(bytes, &i, "maxval")
        guard maxval == 255 else { throw .unsupportedMaxval(maxval) }
        // Exactly one whitespace byte separates the header from the pixels.
        guard i < bytes.count, isSpace(bytes[i]) else {
            throw i < bytes.count ? .invalidHeader("no whitespace after maxval") : .truncated
        }
        i += 1
        guard width * height <= PNG.maxPixelCount else { throw .imageTooLarge(width: width, height: height) }
        let count = width * height * 3
        guard bytes.count - i >= count else { throw .truncated }
        return DecodedImage(width: width, height: height, channels: 3, pixels: Array(bytes[i..<(i + count)]))
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0B || b == 0x0C }

    /// Skips whitespace and `#` comments, then reads a positive decimal number.
    static func headerNumber(_ b: [UInt8], _ i: inout Int, _ field: String) throws(PPMError) -> Int {
        while i < b.count {
            if isSpace(b[i]) {
                i += 1
            } else if b[i] == 0x23 {
                while i < b.count && b[i] != 0x0A && b[i] != 0x0D { i += 1 }
            } else {
                break
            }
        }
        guard i < b.count else { throw .truncated }
        var value = 0, digits = 0
        while i < b.count, b[i] >= 0x30, b[i] <= 0x39 {
            value = value * 10 + Int(b[i] - 0x30)
            digits += 1
            i += 1
            guard digits <= 9 else { throw .invalidHeader("\(field) too long") }
        }
        guard digits > 0, value > 0 else { throw .invalidHeader("bad \(field)") }
        return value
    }
}
