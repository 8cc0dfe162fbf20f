import Testing
@testable import GaugeText
@testable import GaugeGlyphs

@Suite struct FontLocatorTests {
    @Test func findsDejaVuSansByFamilyAndStyle() throws {
        let locator = FontLocator()
        let regular = try locator.locate(family: "DejaVu Sans")
        #expect(regular.hasSuffix("/DejaVuSans.ttf"), "DejaVu Sans → \(regular); \(DejaVu.missing)")
        let bold = try locator.locate(family: "dejavu sans", style: .bold)
        #expect(bold.hasSuffix("/DejaVuSans-Bold.ttf"), "DejaVu Sans bold → \(bold); \(DejaVu.missing)")
        let mono = try locator.locate(family: "DejaVu-Sans-Mono")
        #expect(mono.hasSuffix("/DejaVuSansMono.ttf"), "DejaVu Sans Mono → \(mono); \(DejaVu.missing)")
    }

    @Test func listsFontFilesUnderTheFolders() {
        let files = FontLocator(searchDirectories: [DejaVu.folder]).fontFiles()
        #expect(files.contains(DejaVu.folder + "/DejaVuSans.ttf"), "\(DejaVu.missing)")
        #expect(files.allSatisfy { $0.lowercased().hasSuffix(".ttf") || $0.lowercased().hasSuffix(".otf") })
    }

    @Test func unknownFamilyNamesTheFoldersSearched() {
        let locator = FontLocator(searchDirectories: [DejaVu.folder, "/nonexistent/fonts"])
        #expect(
            throws: FontError.familyNotFound(
                family: "No Such Family", style: .bold,
                searched: [DejaVu.folder, "/nonexistent/fonts"])
        ) {
            try locator.locate(family: "No Such Family", style: .bold)
        }
        let error = FontError.familyNotFound(family: "X", style: .italic, searched: ["/a", "/b"])
        #expect(error.description == "no italic font of family \"X\" (.ttf/.otf) in /a, /b")
    }

    @Test func foldersWithoutFontsFindNothing() {
        let locator = FontLocator(searchDirectories: ["/nonexistent"])
        #expect(throws: FontError.self) { try locator.locate(family: "DejaVu Sans") }
    }

    @Test func filePathsAreChecked() throws {
        #expect(try FontLocator.file(DejaVu.folder + "/DejaVuSans.ttf") == DejaVu.folder + "/DejaVuSans.ttf")
        #expect(throws: FontError.fileNotFound(path: "/nonexistent/font.ttf")) {
            try FontLocator.file("/nonexistent/font.ttf")
        }
        #expect(throws: FontError.fileNotFound(path: "/nonexistent/font.ttf")) {
            try FreeTypeFont(path: "/nonexistent/font.ttf", pixelSize: 20)
        }
        // A file that isn't a font is FreeType's error, not "not found".
        #expect(throws: FontError.freeType(operation: "FT_New_Face", code: 2, path: "/etc/passwd")) {
            try FreeTypeFont(path: "/etc/passwd", pixelSize: 20)
        }
        #expect(throws: FontError.invalidPixelSize(0)) {
            try FreeTypeFont(path: DejaVu.folder + "/DejaVuSans.ttf", pixelSize: 0)
        }
    }

    @Test func namedFallsBackToTheStrokeFont() {
        let nowhere = FontLocator(searchDirectories: [])
        guard case .builtIn(let stroke) = Font.named("DejaVu Sans", pixelSize: 40, locator: nowhere) else {
            Issue.record("expected the built-in font")
            return
        }
        #expect(stroke.capHeight == 29)
        guard case .trueType(let font) = Font.named("DejaVu Sans", pixelSize: 40) else {
            Issue.record("expected DejaVu Sans: \(DejaVu.missing)")
            return
        }
        #expect(font.familyName == "DejaVu Sans")
    }
}
