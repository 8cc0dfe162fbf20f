import GaugeRaster

/// Surfaces on a known background, and what was drawn on them: the text tests' helpers.
public enum Pixels {
    public static let background = Color(rgb: 0x101820)

    public static func surface(_ width: Int32 = 320, _ height: Int32 = 120, format: PixelFormat = .xrgb8888) throws -> Surface {
        let s = try Surface(width: width, height: height, format: format)
        Canvas(s).clear(background)
        return s
    }

    /// The smallest rectangle holding every pixel that isn't the background.
    public static func ink(_ s: Surface) -> IntRect {
        let bg = Canvas.background(of: s)
        var r = IntRect.empty
        for y in 0..<s.height {
            for x in 0..<s.width where s.rawPixel(x: x, y: y) != bg {
                r = r.union(IntRect(x: x, y: y, width: 1, height: 1))
            }
        }
        return r
    }

    /// Number of pixels that differ between two surfaces of the same size, inside `rect`.
    public static func differences(_ a: Surface, _ b: Surface, in rect: IntRect) -> Int {
        var n = 0
        let r = rect.intersection(a.bounds)
        guard !r.isEmpty else { return 0 }
        for y in r.y0..<r.y1 {
            for x in r.x0..<r.x1 where a.rawPixel(x: x, y: y) != b.rawPixel(x: x, y: y) { n += 1 }
        }
        return n
    }
}

extension Canvas {
    /// The stored value of the background colour in this surface's format.
    static func background(of s: Surface) -> UInt32 {
        let probe = try! Surface(width: 1, height: 1, format: s.format)
        Canvas(probe).clear(Pixels.background)
        return probe.rawPixel(x: 0, y: 0)!
    }
}
