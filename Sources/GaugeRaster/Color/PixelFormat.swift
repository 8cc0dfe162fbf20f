/// The pixel layouts a `Surface` can hold, little-endian in memory as Linux framebuffers
/// on the Pi are. SPI panels take RGB565 too: their kernel drivers (panel-mipi-dbi, fbtft)
/// swap the bytes for the bus, so the renderer never draws big-endian pixels.
public enum PixelFormat: UInt8, Sendable, CaseIterable {
    /// 32 bpp, 0xXXRRGGBB; the X byte is ignored on scan-out.
    case xrgb8888
    /// 32 bpp, 0xAARRGGBB, premultiplied alpha (DRM's convention for blended planes).
    case argb8888
    /// 16 bpp, RRRRRGGGGGGBBBBB, little-endian.
    case rgb565

    public var bytesPerPixel: Int32 {
        switch self {
        case .xrgb8888, .argb8888: return 4
        case .rgb565: return 2
        }
    }

    /// The DRM fourcc-style name, e.g. "XRGB8888".
    public var name: StaticString {
        switch self {
        case .xrgb8888: return "XRGB8888"
        case .argb8888: return "ARGB8888"
        case .rgb565: return "RGB565"
        }
    }

    /// Whether the format keeps an alpha channel worth exporting.
    public var hasAlpha: Bool { self == .argb8888 }
}
