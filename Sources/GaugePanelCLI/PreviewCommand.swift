import ArgumentParser
import GaugeDisplay
import GaugeDisplayDevices
import GaugeInput
import GaugeInputDevices
import GaugePanel
import GaugePreview
import Glibc
import Logging

/// `gaugepanel preview`: design a board in the browser.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Design a board in the browser: the panel's picture, redrawn on every save.",
        discussion: """
            Prints a URL. The page shows the board as `render` draws it, with its pages, day \
            and night, a slider for every channel, and the errors of a save that does not load \
            over the last good picture. It is a designer: widgets are added from a palette of \
            every kind and style, dragged and resized (snapping to a grid and to other widgets; \
            arrow keys nudge), configured in an inspector of every key, bound to channels; \
            pages are added, renamed, reordered and deleted; the day and night colours edited. \
            Each change is the smallest text edit of the file (comments and formatting kept), \
            written only when the result passes `check`, with undo and redo. --from makes a new \
            board from a preset (boards/). Listens on 127.0.0.1 unless told otherwise; another \
            address needs the token in the printed URL. Stop with Ctrl-C.
            """
    )

    @Argument(help: "The board file (TOML).")
    var file: String

    @Option(help: "IPv4 address and port to listen on (port 0: any free one).")
    var listen: String = "127.0.0.1:8480"

    @Option(
        help:
            "Make FILE, which must not exist yet, from this board's display, fonts, theme, sensors and input, with one page (e.g. boards/pi-touch-7.toml)."
    )
    var from: String?

    @Flag(
        help:
            "Run the board's own sources while designing (the panel runs offscreen beside the page): pictures show their values; sliders still set the channels touched."
    )
    var live = false

    func run() throws {
        var request = PreviewRequest(file: file, displayOutputs: DisplayBackends.names)
        request.listen = listen
        request.preset = from
        if live { return try runLive() }
        do {
            try request.run(
                said: { line in
                    print(line)
                    fflush(nil)  // the URL now, also when stdout is a pipe
                }, log: { Console.error($0, prefixed: false) })
        } catch { throw Console.report(error) }
    }

    /// `--live`: `gaugepanel run --board FILE --display offscreen` with the designer beside it.
    func runLive() throws {
        if let from {
            do { try BoardPreset.create(file, from: from, displayOutputs: DisplayBackends.names) } catch { throw Console.report(error) }
        }
        var reader = ArgumentReader(["--board", file, "--display", "offscreen", "--no-console-graphics"])
        let given: RunOption.Given
        do throws(ArgumentReader.UsageError) { given = try reader.read(RunOptions.table(displays: DisplayDevices.system.names)) } catch {
            throw ValidationError(error.message)
        }
        let request: RunRequest
        do { request = try RunRequest(given, devices: .system, inputs: .system) } catch let failure as CommandFailure {
            throw Console.report(failure)
        }
        let toJournal = JournalStream.stderrIsJournal()
        LoggingSystem.bootstrap { JournalLogHandler(label: $0, toJournal: toJournal) }
        let file = self.file, listen = self.listen
        do {
            print(
                try request.run(log: SwiftLogPanelLog(Logger(label: "gaugepanel"))) { runtime throws(CommandFailure) in
                    try PreviewRequest.serveDesigner(
                        runtime, file: file, listen: listen, displayOutputs: DisplayBackends.names,
                        said: { line in
                            print(line)
                            fflush(nil)  // the URL now, also when stdout is a pipe
                        }, log: { Console.error($0, prefixed: false) })
                })
        } catch { throw Console.report(error) }
    }
}
