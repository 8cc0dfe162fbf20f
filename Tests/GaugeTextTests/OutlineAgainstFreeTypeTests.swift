import Foundation
import Testing
import CFreeType
import GaugeRaster
@testable import GaugeText
@testable import GaugeGlyphs

/// The panel draws FreeType's hinted outlines with its own rasterizer (the same bytes on
/// every CPU). Held against FreeType's own smooth rasterizer, every glyph of DejaVu Sans
/// and Sans Bold at panel sizes lands in the same place and differs by a few levels on
/// curved edges only.
@Suite struct OutlineAgainstFreeTypeTests {
    /// FreeType's own rendering of `index`, as a glyph placed like the panel's.
    static func freeTypeRendering(_ font: FreeTypeFont, _ index: UInt32) throws -> RasterGlyph {
        let face = font.file.face
        _ = font.glyph(index)  // activates the size the font's FT_Size holds
        try #require(FT_Load_Glyph(face, FT_UInt(index), FT_Int32(FT_LOAD_RENDER)) == 0)
        let slot = try #require(face.pointee.glyph)
        let b = slot.pointee.bitmap
        var coverage = [UInt8]()
        for y in 0..<Int(b.rows) {
            for x in 0..<Int(b.width) { coverage.append(b.buffer[y * Int(b.pitch) + x]) }
        }
        let mask = try #require(CoverageMask(width: Int32(b.width), height: Int32(b.rows), coverage: coverage))
        return RasterGlyph(mask: mask, left: slot.pointee.bitmap_left, top: slot.pointee.bitmap_top, advance: .zero)
    }

    static func level(_ g: RasterGlyph, _ x: Int32, _ y: Int32) -> Int {
        let (cx, cy) = (x - g.left, g.top - y)
        guard cx >= 0, cy >= 0, cx < g.mask.width, cy < g.mask.height else { return 0 }
        return Int(g.mask.coverage[Int(cy * g.mask.width + cx)])
    }

    @Test(arguments: ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"])
    func everyPrintableGlyphAgreesWithFreeType(_ file: String) throws {
        var worst = 0, differing = 0, inked = 0
        for size in [Int32(9), 14, 24, 40, 72] {
            let font = try DejaVu.font(file, size: size)
            for scalar in (33...126).compactMap(Unicode.Scalar.init) + ["°", "µ", "Ω"] {
                let index = try #require(font.glyphID(for: scalar))
                let ours = font.glyph(index)
                let theirs = try Self.freeTypeRendering(font, index)
                let top = max(ours.top, theirs.top), bottom = min(ours.top - ours.mask.height, theirs.top - theirs.mask.height)
                let left = min(ours.left, theirs.left), right = max(ours.left + ours.mask.width, theirs.left + theirs.mask.width)
                for y in stride(from: top, to: bottom, by: -1) {
                    for x in left..<right {
                        let a = Self.level(ours, x, y), b = Self.level(theirs, x, y)
                        if a != 0 || b != 0 { inked += 1 }
                        if a != b {
                            differing += 1
                            worst = max(worst, abs(a - b))
                        }
                        #expect(abs(a - b) <= 24, "\(file) \(size) px '\(scalar)' at (\(x), \(y)): ours \(a), FreeType's \(b)")
                    }
                }
            }
        }
        print("\(file): \(differing) of \(inked) inked pixels differ, by at most \(worst) levels")
        #expect(differing * 5 < inked, "at most a fifth of the inked pixels differ at all")
    }
}

/// A damaged font reaches the panel's rasterizer with whatever outlines FreeType still
/// loads from it: every glyph of every mutant is drawn, or left blank, and nothing traps.
@Suite struct DamagedFontTests {
    @Test func mutatedFontFilesDrawWithoutTrapping() throws {
        let original = try #require(FileManager.default.contents(atPath: DejaVu.folder + "/DejaVuSans.ttf"))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gaugepanel-mutant-\(getpid()).ttf").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var seed: UInt64 = 0x5EED_F0A7
        func next() -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: seed >> 33)
        }
        var drawn = 0
        for _ in 0..<24 {
            var bytes = [UInt8](original)
            // The outlines (glyf) fill most of the file past its first tables.
            for _ in 0..<300 { bytes[4096 + next() % (bytes.count - 4096)] = UInt8(truncatingIfNeeded: next()) }
            #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            for size in [Int32(14), 180] {
                guard let font = try? FreeTypeFont(path: path, pixelSize: size) else { continue }
                for scalar in (33...126).compactMap(Unicode.Scalar.init) {
                    guard let id = font.glyphID(for: scalar) else { continue }
                    let glyph = font.glyph(id)
                    #expect(glyph.mask.coverage.count == Int(glyph.mask.width) * Int(glyph.mask.height))
                    drawn += 1
                }
            }
        }
        #expect(drawn > 1000, "the mutants still hold glyphs to draw (\(drawn))")
    }
}
