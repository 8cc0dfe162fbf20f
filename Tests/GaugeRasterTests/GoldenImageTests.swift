import Foundation
import Testing
import GaugeDisplay
@testable import GaugeRaster

/// Every test-card scene, rendered and compared bit-exactly with the committed PNG in
/// `Goldens/`. After a deliberate change, record new goldens and look at each one before
/// committing:  GAUGEPANEL_RECORD_GOLDENS=1 swift test --filter GoldenImageTests
@Suite struct GoldenImageTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static let recording = ProcessInfo.processInfo.environment["GAUGEPANEL_RECORD_GOLDENS"] == "1"

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
        all.append(Case(scene: "testcard", format: .rgb565Swapped))
        return all
    }

    @Test(arguments: cases)
    func matchesGolden(_ c: Case) throws {
        let scene = try #require(TestCard.scene(named: c.scene))
        let surface = try scene.render(format: c.format)
        let rendered = DecodedImage(surface)
        let url = Self.directory.appendingPathComponent(c.fileName)
        if Self.recording {
            try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
            try Data(PNG.encode(surface)).write(to: url)
            return
        }
        let data = try Data(contentsOf: url)
        let golden = try PNG.decode([UInt8](data))
        #expect(golden.width == rendered.width && golden.height == rendered.height && golden.channels == rendered.channels)
        var differing = 0
        if golden.pixels.count == rendered.pixels.count {
            for i in 0..<golden.pixels.count where golden.pixels[i] != rendered.pixels[i] { differing += 1 }
        }
        #expect(differing == 0 && golden.pixels.count == rendered.pixels.count,
                "\(c.fileName): \(differing) bytes differ from the golden image")
    }
}
