import Testing
import GaugeRaster
import GaugeTestSupport
@testable import GaugeText
@testable import GaugeGlyphs

@Suite struct FreeTypeFontTests {
    @Test func dejaVuSansMetricsAt40px() throws {
        let font = try DejaVu.font(size: 40)
        #expect(font.familyName == "DejaVu Sans")
        // DejaVu Sans: ascender 1901, descender −483, height 2384 per 2048 em.
        #expect((36...38).contains(font.lineMetrics.ascender), "\(font.lineMetrics)")
        #expect((9...11).contains(font.lineMetrics.descender), "\(font.lineMetrics)")
        #expect((46...48).contains(font.lineMetrics.lineHeight), "\(font.lineMetrics)")
        // Digits are 1303/2048 em wide: 25.4 px, hinted to whole pixels.
        #expect(font.advance(of: "0") == Fixed(25) || font.advance(of: "0") == Fixed(26))
        let digit = font.glyph(try #require(font.glyphID(for: "8")))
        #expect((28...30).contains(digit.top), "digit height \(digit.top)")
        #expect(
            digit.mask.coverage.contains(255) && digit.mask.coverage.contains { $0 > 0 && $0 < 255 },
            "glyphs are anti-aliased with solid interiors")
    }

    @Test func reportsTheFreeTypeVersion() {
        let parts = FreeTypeFont.libraryVersion.split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil }, "\(FreeTypeFont.libraryVersion)")
    }

    @Test func missingGlyphsAreSkipped() throws {
        let font = try DejaVu.font(size: 20)
        #expect(font.glyphID(for: "\u{E000}") == nil)  // private use: not in DejaVu Sans
        #expect(font.measure("\u{E000}").advance == .zero)
        #expect(font.measure("A\u{E000}B").advance == font.measure("AB").advance)
    }

    @Test func kerningTightensAV() throws {
        let font = try DejaVu.font(size: 40)
        #expect(font.hasKerning, "DejaVu Sans has a 'kern' table")
        let a = try #require(font.glyphID(for: "A")), v = try #require(font.glyphID(for: "V"))
        #expect(font.kerning(between: a, and: v) < .zero)
        let av = font.measure("AV").advance, separate = font.measure("A").advance + font.measure("V").advance
        #expect(av < separate, "advance(AV) \(av.doubleValue) vs \(separate.doubleValue)")
        // Kerning is grid-fitted, so pens stay on whole pixels.
        #expect(av.raw % Fixed.scale == 0)
    }

    @Test func glyphsAreRasterisedOnce() throws {
        let font = try DejaVu.font(size: 24)
        let surface = try Pixels.surface()
        let canvas = Canvas(surface)
        canvas.draw("8888", x: 10, y: 40, font: font, color: .white)
        #expect(font.cache.misses == 1 && font.cache.hits == 3)
        canvas.draw("88", x: 10, y: 80, font: font, color: .white, alignment: .centre)
        // Centring measures first, then draws: four more lookups, no new rasterisation.
        #expect(font.cache.misses == 1 && font.cache.hits == 7)
        #expect(font.cache.count == 1)
    }

    @Test func fontsAreFreedWithoutLeakingFaces() throws {
        // Open and drop many fonts: deinit must release each FT_Library/FT_Face.
        for size in Int32(8)...Int32(40) {
            let font = try DejaVu.font(size: size)
            #expect(font.pixelSize == size)
        }
    }

    @Test func sizesSharingOneFaceDrawAsFontsOpenedAlone() throws {
        // TrueTypeFontSet opens the file once and gives each size its own FT_Size on that
        // face; interleaved use of the sizes must give every size exactly what a face of its
        // own gives: metrics, advances, kerning and coverage.
        let face = try FreeTypeFace(path: DejaVu.folder + "/DejaVuSans.ttf")
        let sizes: [Int32] = [13, 40, 112, 17, 48]
        let shared = try sizes.map { try FreeTypeFont(face: face, pixelSize: $0) }
        let alone = try sizes.map { try DejaVu.font(size: $0) }
        let text = "AV 0123456789 km/h °C RPM × 1000 Wy."
        for scalar in text.unicodeScalars {
            for (s, a) in zip(shared, alone) {  // sizes interleaved, glyph by glyph
                guard let id = s.glyphID(for: scalar) else {
                    #expect(a.glyphID(for: scalar) == nil)
                    continue
                }
                let g = s.glyph(id), h = a.glyph(id)
                #expect(
                    g.mask.coverage == h.mask.coverage && g.mask.width == h.mask.width && g.left == h.left
                        && g.top == h.top && g.advance == h.advance, "\(scalar) at \(s.pixelSize) px")
            }
        }
        for (s, a) in zip(shared, alone) {
            #expect(s.file === face && s.lineMetrics == a.lineMetrics && s.familyName == a.familyName)
            let v = try #require(s.glyphID(for: "V")), av = try #require(s.glyphID(for: "A"))
            #expect(s.kerning(between: av, and: v) == a.kerning(between: av, and: v), "AV at \(s.pixelSize) px")
            #expect(s.measure(text).advance == a.measure(text).advance)
        }
    }

    @Test func aFontSetOpensItsFileOnce() {
        let set = TrueTypeFontSet(family: "DejaVu Sans", locator: FontLocator(searchDirectories: [DejaVu.folder]))
        guard case .trueType(let small) = set.font(pixelSize: 13), case .trueType(let large) = set.font(pixelSize: 112) else {
            Issue.record("DejaVu Sans not found: this test \(DejaVu.missing)")
            return
        }
        #expect(small.file === large.file && small.pixelSize == 13 && large.pixelSize == 112)
        if case .trueType(let again) = set.font(pixelSize: 13) { #expect(again === small) }
        let nowhere = TrueTypeFontSet(family: "DejaVu Sans", locator: FontLocator(searchDirectories: []))
        guard case .builtIn = nowhere.font(pixelSize: 20) else {
            Issue.record("no file: the stroke font")
            return
        }
        #expect(!nowhere.isTrueType)
    }
}
