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
        precondition(
            width >= 0 && height >= 0 && pixels.count == width * height * channels,
            "pixel count does not match the dimensions")
        self.width = width
        self.height = height
        self.channels = channels
        self.pixels = pixels
    }

    /// The colours of `surface` as `surface.color(x:y:)` gives them: RGBA for formats with
    /// alpha, RGB otherwise.
    public init(_ surface: Surface) {
        let channels = DecodedImage.channels(of: surface)
        let rowBytes = Int(surface.width) * channels
        var pixels = [UInt8](repeating: 0, count: rowBytes * Int(surface.height))
        pixels.withUnsafeMutableBufferPointer { all in
            for y in 0..<Int(surface.height) {
                DecodedImage.storeRow(y, of: surface, into: UnsafeMutableBufferPointer(rebasing: all[(y * rowBytes)..<((y + 1) * rowBytes)]))
            }
        }
        self.init(width: Int(surface.width), height: Int(surface.height), channels: channels, pixels: pixels)
    }

    /// 4 (RGBA) for formats with alpha, else 3 (RGB).
    static func channels(of surface: Surface) -> Int { surface.format.hasAlpha ? 4 : 3 }

    /// Row y of `surface` as this type stores it (`channels(of:)` bytes a pixel) into `row`
    /// — for the image here, and for PNG's encoder, which takes a row at a time.
    static func storeRow(_ y: Int, of surface: Surface, into row: UnsafeMutableBufferPointer<UInt8>) {
        let channels = DecodedImage.channels(of: surface)
        var i = 0
        for x in 0..<surface.width {
            let c = surface.color(x: x, y: Int32(truncatingIfNeeded: y)) ?? .clear
            row[i] = c.r
            row[i + 1] = c.g
            row[i + 2] = c.b
            if channels == 4 { row[i + 3] = c.a }
            i += channels
        }
    }

    public var hasAlpha: Bool { channels == 4 }

    /// Pixel (x, y); alpha is 255 for RGB images. Traps outside the image.
    public func color(x: Int, y: Int) -> Color {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel outside the image")
        let i = (y * width + x) * channels
        return Color(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2], a: channels == 4 ? pixels[i + 3] : 255)
    }
}
