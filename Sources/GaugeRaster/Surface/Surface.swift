/// Why a surface could not be made.
public enum SurfaceError: Error, Equatable, Sendable {
    /// Width or height is zero, negative, or above `Surface.maxDimension`.
    case invalidSize(width: Int32, height: Int32)
    /// The stride is smaller than a row of pixels, or not a multiple of the pixel size.
    case invalidStride(stride: Int32, minimum: Int32)
}

/// Owned pixel memory, freed when the last surface that uses it goes away.
final class SurfaceStorage {
    let pointer: UnsafeMutableRawPointer
    init(byteCount: Int) {
        pointer = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 16)
        pointer.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
    }
    deinit { pointer.deallocate() }
}

/// Pixels in memory: width, height, stride in bytes, format — over memory it owns or
/// memory it is given (an mmap'd framebuffer, a DRM dumb buffer).
///
/// A `Surface` is a view: copies share the same pixels, as copies of a pointer do.
public struct Surface {
    public static let maxDimension: Int32 = 8192

    public let width: Int32
    public let height: Int32
    /// Bytes from one row to the next.
    public let stride: Int32
    public let format: PixelFormat
    public let baseAddress: UnsafeMutableRawPointer
    private let storage: SurfaceStorage?

    /// A new surface that owns its pixels, cleared to zero.
    public init(width: Int32, height: Int32, format: PixelFormat) throws(SurfaceError) {
        try Surface.validate(width: width, height: height)
        let stride = width * format.bytesPerPixel
        let storage = SurfaceStorage(byteCount: Int(stride) * Int(height))
        self.init(
            width: width, height: height, stride: stride, format: format,
            baseAddress: storage.pointer, storage: storage)
    }

    /// A surface over memory owned elsewhere, which must outlive it and hold
    /// `stride × height` bytes.
    public init(
        wrapping baseAddress: UnsafeMutableRawPointer, width: Int32, height: Int32,
        stride: Int32, format: PixelFormat
    ) throws(SurfaceError) {
        try Surface.validate(width: width, height: height)
        let minimum = width * format.bytesPerPixel
        guard stride >= minimum, stride % format.bytesPerPixel == 0 else {
            throw .invalidStride(stride: stride, minimum: minimum)
        }
        self.init(
            width: width, height: height, stride: stride, format: format,
            baseAddress: baseAddress, storage: nil)
    }

    private init(
        width: Int32, height: Int32, stride: Int32, format: PixelFormat,
        baseAddress: UnsafeMutableRawPointer, storage: SurfaceStorage?
    ) {
        self.width = width
        self.height = height
        self.stride = stride
        self.format = format
        self.baseAddress = baseAddress
        self.storage = storage
    }

    private static func validate(width: Int32, height: Int32) throws(SurfaceError) {
        guard width > 0, height > 0, width <= maxDimension, height <= maxDimension else {
            throw .invalidSize(width: width, height: height)
        }
    }

    public var bounds: IntRect { IntRect(x0: 0, y0: 0, x1: width, y1: height) }

    /// Total bytes, stride × height.
    public var byteCount: Int { Int(stride) * Int(height) }

    /// Start of row `y` (0 ≤ y < height, unchecked).
    @inlinable public func row(_ y: Int32) -> UnsafeMutableRawPointer {
        baseAddress + Int(y) * Int(stride)
    }

    /// The stored value of pixel (x, y), widened to 32 bits; nil outside the surface.
    public func rawPixel(x: Int32, y: Int32) -> UInt32? {
        guard bounds.contains(x: x, y: y) else { return nil }
        let p = row(y) + Int(x) * Int(format.bytesPerPixel)
        switch format.bytesPerPixel {
        case 4: return p.loadUnaligned(as: UInt32.self)
        default: return UInt32(p.loadUnaligned(as: UInt16.self))
        }
    }

    /// Pixel (x, y) as a colour (straight alpha); nil outside the surface.
    public func color(x: Int32, y: Int32) -> Color? {
        guard let raw = rawPixel(x: x, y: y) else { return nil }
        switch format {
        case .xrgb8888:
            var c = ARGB32Codec.unpack(raw)
            c.a = 255
            return c
        case .argb8888:
            return Surface.unpremultiply(ARGB32Codec.unpack(raw))
        case .rgb565:
            return RGB565Codec.unpack(UInt16(truncatingIfNeeded: raw))
        }
    }

    static func unpremultiply(_ c: Color) -> Color {
        guard c.a != 0 else { return .clear }
        guard c.a != 255 else { return c }
        let a = UInt32(c.a)
        @inline(__always) func u(_ v: UInt8) -> UInt8 { UInt8(Swift.min((UInt32(v) * 255 + a / 2) / a, 255)) }
        return Color(r: u(c.r), g: u(c.g), b: u(c.b), a: c.a)
    }

    /// Copies the pixels of `rect` from `source` (same format and size) into this surface:
    /// the shadow-buffer → framebuffer copy of damaged rectangles.
    public func copyPixels(from source: Surface, in rect: IntRect) {
        guard source.format == format else { return }
        let r = rect.intersection(bounds).intersection(source.bounds)
        guard !r.isEmpty else { return }
        let bpp = Int(format.bytesPerPixel)
        let offset = Int(r.x0) * bpp, count = Int(r.width) * bpp
        for y in r.y0..<r.y1 {
            (row(y) + offset).copyMemory(from: source.row(y) + offset, byteCount: count)
        }
    }

    /// Moves the pixels of `rect` left by `dx` within it (a chart scrolling): each row's
    /// pixels from `x0 + dx` land at `x0`; the rightmost `dx` columns keep what they held.
    public func shiftLeft(_ rect: IntRect, by dx: Int32) {
        let r = rect.intersection(bounds)
        guard dx > 0, dx < r.width else { return }
        let bpp = Int(format.bytesPerPixel)
        let offset = Int(r.x0) * bpp, shift = Int(dx) * bpp, count = Int(r.width - dx) * bpp
        for y in r.y0..<r.y1 {
            let p = row(y) + offset
            p.copyMemory(from: p + shift, byteCount: count)  // overlapping: a memmove
        }
    }

    /// FNV-1a over the visible pixel bytes (not the padding), row by row.
    public func checksum() -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        let rowBytes = Int(width * format.bytesPerPixel)
        for y in 0..<height {
            let p = row(y).assumingMemoryBound(to: UInt8.self)
            for i in 0..<rowBytes {
                hash = (hash ^ UInt32(p[i])) &* 0x0100_0193
            }
        }
        return hash
    }
}
