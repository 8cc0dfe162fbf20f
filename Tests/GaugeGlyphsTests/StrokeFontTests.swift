import Testing
import GaugeRaster
import GaugeTestSupport
@testable import GaugeGlyphs

@Suite struct StrokeFontTests {
    @Test(arguments: [Int32(7), 16, 40])
    func everySupportedCharacterHasInk(capHeight: Int32) throws {
        let font = StrokeFont(capHeight: capHeight)
        for scalar in StrokeFont.supportedScalars {
            let s = try Pixels.surface(120, 120)
            let text = String(Character(scalar))
            Canvas(s).draw(text, x: 20, y: 80, font: font, color: .white)
            let m = font.measure(text)
            #expect(m.advance > .zero, "\(scalar) advances")
            if scalar == " " {
                #expect(Pixels.ink(s).isEmpty, "space has no ink")
            } else {
                #expect(!Pixels.ink(s).isEmpty, "U+\(String(scalar.value, radix: 16)) '\(scalar)' at \(capHeight) px has ink")
            }
        }
    }

    @Test func unsupportedCharactersDrawNothing() throws {
        let font = StrokeFont(capHeight: 20)
        for text in ["é", "€", "~", "\u{0}", "\u{10FFFF}", "🙂", "日本"] {
            let s = try Pixels.surface(120, 120)
            Canvas(s).draw(text, x: 60, y: 60, font: font, color: .white, alignment: .centre)
            #expect(Pixels.ink(s).isEmpty, "\(text) draws nothing")
            #expect(font.measure(text).advance == .zero)
        }
        #expect(font.measure("A€B").advance == font.measure("AB").advance)
    }

    @Test func lowerCaseIsDrawnAsUpperCase() throws {
        let font = StrokeFont(capHeight: 20)
        let lower = try Pixels.surface(), upper = try Pixels.surface()
        Canvas(lower).draw("rpm oil", x: 10, y: 50, font: font, color: .white)
        Canvas(upper).draw("RPM OIL", x: 10, y: 50, font: font, color: .white)
        #expect(Pixels.differences(lower, upper, in: lower.bounds) == 0)
        #expect(font.cache.count == 7, "r and R share one cached glyph: R P M space O I L")
    }

    @Test func scalesWithCapHeight() {
        for h in [Int32(5), 12, 24, 48, 96] {
            let font = StrokeFont(capHeight: h)
            let ink = font.measure("8").inkBounds
            // Ink spans the cap height plus the stroke width, give or take the AA fringe.
            #expect(abs(ink.height - h - font.weight.ceil) <= 1, "cap \(h): ink \(ink)")
            #expect(font.lineMetrics.ascender >= h && font.lineMetrics.lineHeight > h)
            // Digits are tabular.
            #expect(font.measure("1").advance == font.measure("8").advance)
        }
    }

    @Test func extremeSizesAreClamped() {
        #expect(StrokeFont(capHeight: 0).capHeight == 1)
        #expect(StrokeFont(capHeight: -40).capHeight == 1)
        #expect(StrokeFont(capHeight: .max).capHeight == StrokeFont.maxCapHeight)
        let big = StrokeFont(capHeight: .max, weight: .max)
        #expect(!big.measure("8").inkBounds.isEmpty)
        let thin = StrokeFont(capHeight: 1, weight: .zero)
        _ = thin.measure("8.:,°")
    }

    /// The same scene built with Embedded Swift (GaugeRaster + Sources/GaugeText/Layout +
    /// Fallback compiled with -enable-experimental-feature Embedded, driver printing
    /// these two numbers) gave exactly these values: the fallback font is Embedded-clean
    /// and renders identically there.
    @Test func matchesTheEmbeddedBuild() throws {
        let s = try Surface(width: 160, height: 48, format: .rgb565)
        let c = Canvas(s)
        c.clear(Color(rgb: 0x101820))
        let font = StrokeFont(capHeight: 14)
        c.draw("rpm 6500 88.5 °C", x: 80, y: 20, font: font, color: .white, alignment: .centre)
        c.clipped(to: IntRect(x: 0, y: 24, width: 100, height: 24))
            .draw("-12%", x: 150, y: 44, font: font, color: Color(rgb: 0xFFB000), alignment: .right)
        #expect(s.checksum() == 4_054_170_292)
        #expect(font.measure("0123456789").advance.raw == 32850)
    }
}
