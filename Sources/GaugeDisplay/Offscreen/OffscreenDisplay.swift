import GaugeRaster

/// What an offscreen display has been asked to show so far.
public struct DisplayStatistics: Equatable, Sendable {
    /// Calls to `present`.
    public var frames: Int = 0
    /// Frames presented with no damage (nothing changed).
    public var emptyFrames: Int = 0
    /// Damaged pixels over all frames; overlapping rectangles count once per frame.
    public var damagedPixels: Int64 = 0
    /// Damaged pixels of the last frame.
    public var lastFrameDamagedPixels: Int64 = 0
    /// Damage rectangles received (before clipping and merging).
    public var damageRectangles: Int = 0

    public init() {}

    /// Average share of the screen redrawn per frame, 0…1 (0 before the first frame).
    public func averageDamageFraction(pixelsPerFrame: Int64) -> Double {
        guard frames > 0, pixelsPerFrame > 0 else { return 0 }
        return Double(damagedPixels) / Double(frames) / Double(pixelsPerFrame)
    }
}

/// A framebuffer in memory: the display for tests, `gaugepanel render` and machines
/// without a screen. Drawing goes into `surface`; `present` records what changed;
/// `writePNG` / `writePPM` save what is on "screen".
public struct OffscreenDisplay {
    public let surface: Surface
    public private(set) var statistics = DisplayStatistics()

    public init(width: Int32, height: Int32, format: PixelFormat) throws(SurfaceError) {
        surface = try Surface(width: width, height: height, format: format)
    }

    public var width: Int32 { surface.width }
    public var height: Int32 { surface.height }
    public var format: PixelFormat { surface.format }

    /// Shows the frame; `damage` is what changed since the last one (clipped to the
    /// screen). Nothing is copied: the surface is the screen.
    public mutating func present(damage: [IntRect]) {
        let pixels = Region(damage).intersection(surface.bounds).area
        statistics.frames += 1
        statistics.damageRectangles += damage.count
        statistics.damagedPixels += pixels
        statistics.lastFrameDamagedPixels = pixels
        if pixels == 0 { statistics.emptyFrames += 1 }
    }

    /// Saves the screen as PNG (RGBA for ARGB8888, RGB otherwise).
    public func writePNG(to path: String) throws(ImageFileError) {
        try ImageFile.save(surface, as: .png, to: path)
    }

    /// Saves the screen as binary PPM (RGB).
    public func writePPM(to path: String) throws(ImageFileError) {
        try ImageFile.save(surface, as: .ppm, to: path)
    }
}
