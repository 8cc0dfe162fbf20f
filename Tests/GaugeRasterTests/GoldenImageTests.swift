import Foundation
import Testing
import GaugeTestSupport
import GaugeDisplay
import GaugeImages
@testable import GaugeRaster

/// Every test-card scene, rendered and compared bit-exactly with the committed PNG in
/// `Goldens/`. After a deliberate change, record new goldens and look at each one before
/// committing:  GAUGEPANEL_RECORD_GOLDENS=1 swift test --filter GoldenImageTests
@Suite struct GoldenImageTests {
    static let goldens = GoldenFolder(besides: #filePath)

    struct Case: CustomTestStringConvertible, Sendable {
        let scene: String
        let format: PixelFormat
        var fileName: String { "\(scene)-\(format.lowercaseName).png" }
        var testDescription: String { fileName }
    }

    static var cases: [Case] {
        var all: [Case] = []
        for scene in TestCard.scenes {
            for format in TestCard.goldenFormats { all.append(Case(scene: scene.nameString, format: format)) }
        }
        all.append(Case(scene: "testcard", format: .argb8888))
        return all
    }

    @Test(arguments: cases)
    func matchesGolden(_ c: Case) throws {
        let scene = try #require(TestCard.scene(named: c.scene))
        let surface = try scene.render(format: c.format)
        let result = try Self.goldens.check(surface, named: c.fileName)
        #expect(result == .matches || result == .recorded, "\(c.fileName): \(result)")
    }
}
