import Testing
import GaugeRaster
@testable import GaugeText
@testable import GaugeGlyphs

/// The DejaVu fonts these tests use come from Debian's fonts-dejavu-core, which
/// scripts/test.sh installs; without it the FreeType tests fail saying so.
enum DejaVu {
    static let folder = "/usr/share/fonts/truetype/dejavu"
    static let missing = "needs fonts-dejavu-core (\(folder)); install it with apt-get install fonts-dejavu-core"

    static func font(_ file: String = "DejaVuSans.ttf", size: Int32) throws -> FreeTypeFont {
        do {
            return try FreeTypeFont(path: folder + "/" + file, pixelSize: size)
        } catch {
            Issue.record("\(file) could not be opened (\(error)): this test \(missing)")
            throw error
        }
    }
}
