import Testing
import GaugeConfig
import GaugeGlyphs
import GaugeRaster
import GaugeTestSupport

/// The gallery dashboards drawn from their files with the stroke font (no FreeType, so
/// deterministic), compared bit-exactly with `Goldens/`. After a deliberate change:
///   GAUGEPANEL_RECORD_GOLDENS=1 swift test --filter GaugeConfigTests.GalleryGoldenTests
/// and look at every image before keeping it.
@Suite struct GalleryGoldenTests {
    static let goldens = GoldenFolder(besides: #filePath)

    struct Case: CustomTestStringConvertible, Sendable {
        let file: String
        let page: Int32
        let format: PixelFormat
        var fileName: String {
            "\(file.replacingOccurrences(of: ".toml", with: ""))-page\(page)-\(format == .rgb565 ? "rgb565" : "xrgb8888").png"
        }
        var testDescription: String { fileName }
    }

    static let cases: [Case] = [("gallery-800x480.toml", 1), ("gallery-320x240.toml", 4), ("gallery-128.toml", 5)]
        .flatMap { file, pages in
            (0..<Int32(pages)).flatMap { page in [PixelFormat.xrgb8888, .rgb565].map { Case(file: file, page: page, format: $0) } }
        }

    @Test func everyPageHasACase() throws {
        for file in ["gallery-800x480.toml", "gallery-320x240.toml", "gallery-128.toml"] {
            let board = try BoardConfiguration.load(path: TestFiles.dashboard(file))
            #expect(Self.cases.filter { $0.file == file }.count == board.dashboard.pages.count * 2, "\(file)")
        }
    }

    @Test(arguments: cases)
    func matchesGolden(_ c: Case) throws {
        let board = try BoardConfiguration.load(path: TestFiles.dashboard(c.file))
        let dashboard = try board.dashboard(values: [:], page: c.page)
        let surface = try BoardConfiguration.render(dashboard, format: c.format, rotation: .none, fonts: StrokeFontSet())
        let result = try Self.goldens.check(surface, named: c.fileName)
        #expect(result == .matches || result == .recorded, "\(c.fileName): \(result)")
    }
}
