import Foundation
import GaugeDisplay
import GaugeImages
import GaugeRaster

/// The `Goldens/` folder beside a test file: rendered surfaces are compared bit-exactly
/// with the committed PNGs there. After a deliberate change, record new ones and look at
/// every one before committing:  GAUGEPANEL_RECORD_GOLDENS=1 swift test --filter …
public struct GoldenFolder: Sendable {
    public let directory: URL
    public static let recording = ProcessInfo.processInfo.environment["GAUGEPANEL_RECORD_GOLDENS"] == "1"

    /// The folder `Goldens` next to `file` (pass `#filePath`).
    public init(besides file: String) {
        directory = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("Goldens")
    }

    public enum Result: Equatable, Sendable {
        case matches
        case recorded
        /// Sizes or channels differ, or `bytes` RGB(A) bytes do.
        case differs(bytes: Int)
    }

    /// Compares `surface` with `name` (a `.png` file name), or records it when recording.
    public func check(_ surface: Surface, named name: String) throws -> Result {
        let url = directory.appendingPathComponent(name)
        if Self.recording {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(PNG.encode(surface)).write(to: url)
            return .recorded
        }
        let golden = try PNG.decode([UInt8](try Data(contentsOf: url)))
        let rendered = DecodedImage(surface)
        guard golden.width == rendered.width, golden.height == rendered.height,
            golden.channels == rendered.channels
        else { return .differs(bytes: max(golden.pixels.count, rendered.pixels.count)) }
        var differing = 0
        for i in 0..<golden.pixels.count where golden.pixels[i] != rendered.pixels[i] { differing += 1 }
        return differing == 0 ? .matches : .differs(bytes: differing)
    }
}

/// Pixels whose stored values differ between two surfaces of one size and format.
public func differingPixels(_ a: Surface, _ b: Surface) -> Int {
    var n = 0
    for y in 0..<min(a.height, b.height) {
        for x in 0..<min(a.width, b.width) where a.rawPixel(x: x, y: y) != b.rawPixel(x: x, y: y) { n += 1 }
    }
    return n + Int(abs(Int64(a.width) * Int64(a.height) - Int64(b.width) * Int64(b.height)))
}
