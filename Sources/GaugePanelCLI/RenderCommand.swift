import ArgumentParser
import GaugeDisplayDevices
import GaugePanel

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
        var request = RenderRequest(file: file, displayOutputs: DisplayBackends.names)
        request.assignments = assignments
        request.page = page
        request.rotate = rotate
        request.theme = theme
        request.out = out
        request.format = format
        request.font = font
        request.time = time
        do {
            let result = try request.run()
            for w in result.warnings { Console.error(w) }
            print(result.said)
        } catch { throw Console.report(error) }
    }
}
