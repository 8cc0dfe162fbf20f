import Foundation
import Testing
import GaugeTestSupport
import GaugeDisplay
import GaugeImages
import GaugeRaster
@testable import GaugeWidgets

/// The gallery, compared bit-exactly with the committed PNGs in `Goldens/`. After a
/// deliberate change, record and look at every image before committing:
///   GAUGEPANEL_RECORD_GOLDENS=1 swift test --filter GaugeWidgetsTests.GoldenTests
@Suite struct GoldenTests {
    static let goldens = GoldenFolder(besides: #filePath)

    struct Case: CustomTestStringConvertible, Sendable {
        let scene: String
        let format: PixelFormat
        var fileName: String { "\(scene)-\(format == .rgb565 ? "rgb565" : "xrgb8888").png" }
        var testDescription: String { fileName }
    }

    static let cases: [Case] = ["accessories", "panel", "indicators"].flatMap { scene in
        [PixelFormat.xrgb8888, .rgb565].map { Case(scene: scene, format: $0) }
    }

    @Test(arguments: cases)
    func matchesGolden(_ c: Case) throws {
        let surface =
            switch c.scene {
            case "panel": try Gallery.panel(format: c.format)
            case "indicators": try Gallery.indicators(format: c.format)
            default: try Gallery.accessorySheet(format: c.format)
            }
        let result = try Self.goldens.check(surface, named: c.fileName)
        #expect(result == .matches || result == .recorded, "\(c.fileName): \(result)")
    }
}
