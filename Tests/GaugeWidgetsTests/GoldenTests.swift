import Foundation
import Testing
import GaugeDisplay
import GaugeRaster
@testable import GaugeWidgets

/// The gallery, compared bit-exactly with the committed PNGs in `Goldens/`. After a
/// deliberate change, record and look at every image before committing:
///   GAUGEPANEL_RECORD_GOLDENS=1 swift test --filter GaugeWidgetsTests.GoldenTests
@Suite struct GoldenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static let recording = ProcessInfo.processInfo.environment["GAUGEPANEL_RECORD_GOLDENS"] == "1"

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
        let surface = switch c.scene {
        case "panel": try Gallery.panel(format: c.format)
        case "indicators": try Gallery.indicators(format: c.format)
        default: try Gallery.accessorySheet(format: c.format)
        }
        let rendered = DecodedImage(surface)
        let url = Self.directory.appendingPathComponent(c.fileName)
        if Self.recording {
            try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
            try Data(PNG.encode(surface)).write(to: url)
            return
        }
        let golden = try PNG.decode([UInt8](try Data(contentsOf: url)))
        #expect(golden.width == rendered.width && golden.height == rendered.height && golden.channels == rendered.channels)
        var differing = 0
        if golden.pixels.count == rendered.pixels.count {
            for i in 0..<golden.pixels.count where golden.pixels[i] != rendered.pixels[i] { differing += 1 }
        }
        #expect(differing == 0 && golden.pixels.count == rendered.pixels.count,
                "\(c.fileName): \(differing) bytes differ from the golden image")
    }
}
