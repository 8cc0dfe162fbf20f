import GaugeRaster

/// What a display has been asked to show, and what showing it cost: pixels damaged,
/// bytes copied into scan-out memory, and clip rectangles sent to the kernel (DirtyFB or
/// FB_DAMAGE_CLIPS). `lastFrame…` fields describe the latest `present`.
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
    /// Frames that reached the screen (presents with nothing new are not shown again).
    public var shownFrames: Int = 0
    /// Pixels written into scan-out memory (a buffer also gets the damage it missed).
    public var pixelsCopied: Int64 = 0
    /// Bytes written into scan-out memory (a buffer also gets the damage it missed).
    public var bytesCopied: Int64 = 0
    public var lastFrameBytesCopied: Int64 = 0
    /// Clip rectangles handed to the kernel, and the pixels they cover (may exceed the
    /// damage: clips are simplified to a few rectangles).
    public var clipRectangles: Int = 0
    public var clipPixels: Int64 = 0
    public var lastFrameClipRectangles: Int = 0
    public var lastFrameClipPixels: Int64 = 0

    public init() {}

    /// Average share of the screen redrawn per frame, 0…1 (0 before the first frame).
    public func averageDamageFraction(pixelsPerFrame: Int64) -> Double {
        guard frames > 0, pixelsPerFrame > 0 else { return 0 }
        return Double(damagedPixels) / Double(frames) / Double(pixelsPerFrame)
    }

    /// Starts a frame: counts it and its damage (clipped to `bounds`); resets the
    /// last-frame copy and clip figures.
    public mutating func record<C: Collection>(damage: C, in bounds: IntRect) where C.Element == IntRect {
        let pixels = Region(damage).intersection(bounds).area
        frames += 1
        for r in damage where !r.isEmpty { damageRectangles += 1 }  // not a band's hole (`Region`)
        damagedPixels += pixels
        lastFrameDamagedPixels = pixels
        if pixels == 0 { emptyFrames += 1 }
        lastFrameBytesCopied = 0
        lastFrameClipRectangles = 0
        lastFrameClipPixels = 0
    }

    /// Bytes written into scan-out memory during this frame.
    public mutating func recordCopy(bytes: Int64) {
        bytesCopied += bytes
        lastFrameBytesCopied += bytes
    }

    /// Pixels of `bytesPerPixel` bytes written into scan-out memory during this frame.
    public mutating func recordCopy(pixels: Int64, bytesPerPixel: Int32) {
        pixelsCopied += pixels
        recordCopy(bytes: pixels * Int64(bytesPerPixel))
    }

    /// The frame reached the screen (flipped to, or copied into the scanned-out buffer).
    public mutating func recordShown() {
        shownFrames += 1
    }

    /// Clip rectangles sent to the kernel during this frame.
    public mutating func recordClips(_ clips: [IntRectClip]) {
        let pixels = clips.reduce(Int64(0)) { $0 + Int64(Int($1.x2) - Int($1.x1)) * Int64(Int($1.y2) - Int($1.y1)) }
        clipRectangles += clips.count
        clipPixels += pixels
        lastFrameClipRectangles += clips.count
        lastFrameClipPixels += pixels
    }

    /// One line for logs: `frame=3 damage=5000px copied=20000B rects=2 rectpx=5100`.
    public var lastFrameSummary: String {
        "frame=\(frames) damage=\(lastFrameDamagedPixels)px copied=\(lastFrameBytesCopied)B clips=\(lastFrameClipRectangles) clippx=\(lastFrameClipPixels)"
    }
}
