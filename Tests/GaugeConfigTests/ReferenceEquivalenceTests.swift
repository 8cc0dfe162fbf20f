import Testing
import GaugeConfig
import GaugeGlyphs
import GaugeRaster
import GaugeTestSupport
import GaugeWidgets

/// dashboards/reference.toml and reference-text.toml draw exactly what
/// `ReferenceScene.dashboard()` draws: same layout, same values, same bytes.
@Suite struct ReferenceEquivalenceTests {
    @Test(arguments: [("reference.toml", false), ("reference-text.toml", true)])
    func fileDrawsTheReferenceScene(_ file: String, _ text: Bool) throws {
        let board = try BoardConfiguration.load(path: TestFiles.dashboard(file))
        let expected = ReferenceScene.dashboard(text: text)
        #expect(board.dashboard.width == expected.width && board.dashboard.height == expected.height)
        #expect(board.dashboard.visibleWidgets.map(\.id) == expected.visibleWidgets.map(\.id))
        #expect(board.dashboard.visibleWidgets.map(\.frame) == expected.visibleWidgets.map(\.frame))
        for (channel, value) in ReferenceScene.initialValues { #expect(board.initialValues[channel] == value, "\(channel)") }
        for format in [PixelFormat.xrgb8888, .rgb565] {
            let fromFile = try BoardConfiguration.render(board.dashboard, format: format, rotation: .none, fonts: StrokeFontSet())
            let reference = try Surface(width: expected.width, height: expected.height, format: format)
            expected.draw(on: Canvas(reference), fonts: StrokeFontSet())
            #expect(differingPixels(fromFile, reference) == 0, "\(file) \(format)")
        }
    }

    /// The comparison above can fail: one changed key changes pixels.
    @Test func aChangedValueChangesPixels() throws {
        let board = try BoardConfiguration.load(path: TestFiles.dashboard("reference.toml"))
        let moved = try board.dashboard(values: ["rpm": 3100])
        let a = try BoardConfiguration.render(board.dashboard, format: .xrgb8888, rotation: .none, fonts: StrokeFontSet())
        let b = try BoardConfiguration.render(moved, format: .xrgb8888, rotation: .none, fonts: StrokeFontSet())
        #expect(differingPixels(a, b) > 0)
    }
}
