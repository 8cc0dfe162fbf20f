import ArgumentParser
import GaugeDisplay
import GaugeDisplayDevices
import GaugeImages

/// `gaugepanel compare A B`: pixel-by-pixel comparison of two PNG or PPM files.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two images (PNG or PPM) pixel by pixel.",
        discussion: "Exits 0 when identical, 1 when they differ, 2 when a file cannot be read."
    )

    @Argument(help: "First image (PNG or binary PPM, told apart by content).")
    var first: String

    @Argument(help: "Second image.")
    var second: String

    func run() throws {
        let a: DecodedImage, b: DecodedImage
        do {
            a = try ImageFile.load(first)
            b = try ImageFile.load(second)
        } catch { throw fail(error.description) }
        let result = ImageComparison(a, b)
        print(result.description)
        if !result.isIdentical { throw ExitCode(1) }
    }
}
