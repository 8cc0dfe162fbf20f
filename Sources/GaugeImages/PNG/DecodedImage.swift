import GaugeDisplay
import GaugeRaster

/// 8-bit RGB or RGBA pixels (straight alpha), rows packed without padding: what the PNG
/// and PPM readers return and what `ImageComparison` compares.
public struct DecodedImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// 3 (RGB) or 4 (RGBA).
    public let channels: Int
    /// `width × height × channels` bytes, row by row.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, channels: Int, pixels: [UInt8]) {
        precondition(channels == 3 || channels == 4, "channels must be 3 or 4")
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * channels,
                     "pixel count does not match the dimensions")
        self.width = width; self.height = height; self.channels = channels; self.pixels = pixels
    }

    /// The colours of `surface` as `surface.color(x:y:)` gives them: RGBA for formats with
    /// alpha, RGB otherwise.
    public init(_ surface: Surface) {
        let channels = surface.format.hasAlpha ? 4 : 3
        var pixels: [UInt8] = []
        pixels.reserveCapacity(Int(surface.width) * Int(surface.height) * channels)
        for y in 0..<surface.height {
            for x in 0..<surface.width {
                let c = surface.color(x: x, y: y) ?? .clear
                pixels.append(c.r); pixels.append(c.g); pixels.append(c.b)
                if channels == 4 { pixels.append(c.a) }
            }
        }
        self.init(width: Int(surface.width), height: Int(surface.height), channels: channels, pixels: pixels)
    }

    public var hasAlpha: Bool { channels == 4 }

    /// Pixel (x, y); alpha is 255 for RGB images. Traps outside the image.
    public func color(x: Int, y: Int) -> Color {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel outside the image")
        let i = (y * width + x) * channels
        return Color(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2], a: channels == 4 ? pixels[i + 3] : 255)
    }
}
