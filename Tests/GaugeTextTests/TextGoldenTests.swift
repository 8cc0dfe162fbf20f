import Foundation
import Testing
import GaugeTestSupport
import GaugeDisplay
import GaugeImages
import GaugeRaster
@testable import GaugeText
@testable import GaugeGlyphs

/// Text specimens compared bit-exactly with the PNGs in `Goldens/`. FreeType text depends
/// on the FreeType version (recorded with Debian 12's 2.12.1); the stroke font only on
/// GaugeRaster. After a deliberate change, record and look at each image:
///   GAUGEPANEL_RECORD_GOLDENS=1 swift test --filter TextGoldenTests
@Suite struct TextGoldenTests {
    static let goldens = GoldenFolder(besides: #filePath)

    static let ink = Color(rgb: 0xF2F2F2), amber = Color(rgb: 0xFFB000), guide = Color(rgb: 0x3A4656)

    /// DejaVu Sans at 16 and 40 px: digits, a kerned pair, centre and right alignment
    /// (the guides mark the origins), and the stroke font underneath.
    static func specimen(_ format: PixelFormat) throws -> Surface {
        let s = try Surface(width: 320, height: 200, format: format)
        let c = Canvas(s)
        c.clear(Pixels.background)
        let small = try DejaVu.font(size: 16), big = try DejaVu.font(size: 40)
        let bold = try DejaVu.font("DejaVuSans-Bold.ttf", size: 40)
        let stroke = StrokeFont(capHeight: 22)
        // Guides: baselines and the alignment origins at x = 160 and x = 312.
        for y: Int32 in [20, 64, 108, 150, 188] { c.fill(IntRect(x: 0, y: y, width: 320, height: 1), color: guide) }
        c.fill(IntRect(x: 160, y: 24, width: 1, height: 44), color: guide)
        c.fill(IntRect(x: 312, y: 68, width: 1, height: 44), color: guide)
        c.draw("0123456789  AV To Wa", x: 8, y: 20, font: small, color: ink)
        c.draw("RPM 6500", x: 160, y: 64, font: big, color: ink, alignment: .centre)
        c.draw("88.5 °C", x: 312, y: 108, font: bold, color: amber, alignment: .right)
        c.draw("0123456789", x: 8, y: 150, font: stroke, color: ink)
        c.draw("88.5 °C", x: 312, y: 150, font: StrokeFont(capHeight: 14), color: amber, alignment: .right)
        c.draw(
            "rpm 6500 -12 +3% 1/4 12:05", at: Point(x: 160, y: 188), font: Font.builtIn(StrokeFont(capHeight: 12)),
            color: ink, alignment: .centre)
        return s
    }

    /// Every stroke-font character at three sizes, with a translucent line over others.
    static func strokeFont(_ format: PixelFormat) throws -> Surface {
        let s = try Surface(width: 320, height: 200, format: format)
        let c = Canvas(s)
        c.clear(Pixels.background)
        let letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ", other = "0123456789 .,-+%°:/"
        c.draw(letters, x: 160, y: 24, font: StrokeFont(capHeight: 12), color: ink, alignment: .centre)
        c.draw(other, x: 160, y: 48, font: StrokeFont(capHeight: 12), color: ink, alignment: .centre)
        c.draw("ABCDEFGHIJKLM", x: 6, y: 88, font: StrokeFont(capHeight: 24), color: ink)
        c.draw("NOPQRSTUVWXYZ", x: 6, y: 124, font: StrokeFont(capHeight: 24), color: ink)
        c.draw("-12.5%", x: 6, y: 184, font: StrokeFont(capHeight: 44), color: amber)
        c.draw("4:0°", x: 314, y: 184, font: StrokeFont(capHeight: 30, weight: Fixed(2)), color: ink, alignment: .right)
        c.draw(
            "OVERLAP", x: 160, y: 130, font: StrokeFont(capHeight: 40), color: Color(r: 0, g: 200, b: 255, a: 110),
            alignment: .centre)
        return s
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let scene: String
        let format: PixelFormat
        var fileName: String { "text-\(scene)-\(format.lowercaseName).png" }
        var testDescription: String { fileName }
        func render() throws -> Surface {
            scene == "specimen" ? try TextGoldenTests.specimen(format) : try TextGoldenTests.strokeFont(format)
        }
    }

    static let cases = ["specimen", "strokefont"].flatMap { scene in
        [PixelFormat.xrgb8888, .rgb565].map { Case(scene: scene, format: $0) }
    }

    @Test(arguments: cases)
    func matchesGolden(_ c: Case) throws {
        let surface = try c.render()
        let result = try Self.goldens.check(surface, named: c.fileName)
        #expect(
            result == .matches || result == .recorded,
            "\(c.fileName): \(result) (FreeType text depends on the FreeType version: recorded with 2.12.1, this is \(FreeTypeFont.libraryVersion))")
    }
}
