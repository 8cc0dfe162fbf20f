import ArgumentParser
import GaugeConfig
import GaugeDisplay
import GaugeDisplayDevices
import GaugeImages
import GaugeGlyphs
import GaugeRaster
import GaugeText
import GaugeWidgets

/// `gaugepanel render`: draws a board file's dashboard headless into a PNG.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a board file's dashboard to a PNG, without a display.",
        discussion: """
            Channels take their --set value, else their sensor's value at --time (simulated \
            signals) or "no value". The image is the physical panel: --rotate (default: the \
            file's [display] rotation) turns it.
            """
    )

    @Argument(help: "The board file (TOML).")
    var file: String

    @Option(name: .customLong("set"), help: "channel=value; repeat for more channels.")
    var assignments: [String] = []

    @Option(help: "Page to show: its number (from 0) or name.")
    var page: String?

    @Option(help: "Turn the picture clockwise: 0, 90, 180 or 270.")
    var rotate: Int?

    @Option(help: "Theme: day or night (default: the file's).")
    var theme: String?

    @Option(help: "Output file (.png or .ppm).")
    var out: String = "frame.png"

    @Option(help: "Pixel format: xrgb8888 or rgb565 (default: the file's).")
    var format: String?

    @Option(help: "Font family, or 'builtin' for the stroke font (default: the file's [fonts]).")
    var font: String?

    @Option(help: "Seconds into the run, for simulated signals.")
    var time: Double = 0

    func run() throws {
        let board: BoardConfiguration
        do { board = try BoardConfiguration.load(path: file) } catch {
            for issue in error.issues { Console.error(issue.description, prefixed: false) }
            throw ExitCode.badInput
        }
        guard time.isFinite, time >= 0, time <= 1e6 else { throw fail("bad --time \(time); use seconds 0…1000000") }
        var values = board.values(atNanoseconds: UInt64(time * 1e9))
        for a in assignments {
            let parts = a.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty else { throw fail("bad --set '\(a)'; use channel=value") }
            guard let v = Double(parts[1]), v.isFinite else {
                throw fail("bad --set '\(a)': '\(parts[1])' is not a finite number")
            }
            values[String(parts[0])] = v
        }
        let rotation: RotationAngle
        if let rotate {
            guard let a = RotationAngle(degrees: rotate) else { throw fail("bad --rotate \(rotate); use 0, 90, 180 or 270") }
            rotation = a
        } else { rotation = board.display.rotation }
        var pixelFormat = board.display.format
        if let format {
            guard let f = PixelFormat(lowercaseName: format), f == .xrgb8888 || f == .rgb565 else {
                throw fail("unsupported format '\(format)'; use xrgb8888 or rgb565")
            }
            pixelFormat = f
        }
        var themeName: ThemeConfiguration.Name?
        if let theme {
            guard let t = ThemeConfiguration.Name(rawValue: theme) else { throw fail("bad --theme '\(theme)'; use day or night") }
            themeName = t
        }
        guard let fileFormat = ImageFileFormat(path: out) else { throw fail("\(out): unknown output type (use a .png or .ppm name)") }
        let surface: Surface
        do {
            let pageIndex = try page.map { p throws(RenderError) in try board.pageIndex(p) } ?? 0
            let dashboard = try board.dashboard(values: values, page: pageIndex, theme: themeName)
            let family = font ?? board.fonts.family ?? "builtin"
            if family == "builtin" {
                surface = try BoardConfiguration.render(dashboard, format: pixelFormat, rotation: rotation, fonts: StrokeFontSet())
            } else {
                let fonts = TrueTypeFontSet(family: family, style: board.fonts.weight == .bold ? .bold : .regular)
                if !fonts.isTrueType { Console.error("font '\(family)' not found; drawing with the built-in stroke font") }
                surface = try BoardConfiguration.render(dashboard, format: pixelFormat, rotation: rotation, fonts: fonts)
            }
        } catch { throw fail(error.description) }
        do { try ImageFile.save(surface, as: fileFormat, to: out) } catch { throw fail(error.description) }
        print("wrote \(out) (\(file), \(pixelFormat.lowercaseName), \(surface.width)x\(surface.height))")
    }
}
