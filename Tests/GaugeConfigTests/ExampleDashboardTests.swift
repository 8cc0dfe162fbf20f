import Testing
import GaugeConfig
import GaugeGlyphs

/// Every file in dashboards/ loads, and renders in both formats.
@Suite struct ExampleDashboardTests {
    static let files = TestFiles.files(in: TestFiles.dashboards).map(\.lastPathComponent)

    @Test func examplesExist() {
        for name in [
            "reference.toml", "reference-text.toml", "car.toml", "boat.toml", "homelab.toml",
            "gallery-128.toml", "gallery-320x240.toml", "gallery-800x480.toml",
        ] {
            #expect(Self.files.contains(name), "\(name)")
        }
    }

    @Test(arguments: files)
    func examplePassesCheck(_ name: String) throws {
        let board = try BoardConfiguration.load(path: TestFiles.dashboard(name))
        #expect(!board.dashboard.pages.isEmpty)
        for page in board.dashboard.pages.indices {
            let d = try board.dashboard(values: [:], page: Int32(page))
            let s = try BoardConfiguration.render(d, format: .rgb565, rotation: board.display.rotation, fonts: StrokeFontSet())
            #expect(s.width > 0)
        }
    }
}
