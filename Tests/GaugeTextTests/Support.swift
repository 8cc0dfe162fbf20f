import Testing
import GaugeRaster
@testable import GaugeText
@testable import GaugeGlyphs

/// The DejaVu fonts these tests use come from Debian's fonts-dejavu-core, which
/// scripts/test.sh installs; without it the FreeType tests fail saying so.
enum DejaVu {
    static let folder = "/usr/share/fonts/truetype/dejavu"
    static let missing = "needs fonts-dejavu-core (\(folder)); install it with apt-get install fonts-dejavu-core"

    static func font(_ file: String = "DejaVuSans.ttf", size: Int32) throws -> FreeTypeFont {
        do {
            return try FreeTypeFont(path: folder + "/" + file, pixelSize: size)
        } catch {
            Issue.record("\(file) could not be opened (\(error)): this test \(missing)")
            throw error
        }
    }
}

enum Pixels {
    static let background = Color(rgb: 0x101820)

    static func surface(_ width: Int32 = 320, _ height: Int32 = 120, format: PixelFormat = .xrgb8888) throws -> Surface {
        let s = try Surface(width: width, height: height, format: format)
        Canvas(s).clear(background)
        return s
    }

    /// The smallest rectangle holding every pixel that isn't the background.
    static func ink(_ s: Surface) -> IntRect {
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
    static func differences(_ a: Surface, _ b: Surface, in rect: IntRect) -> Int {
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
