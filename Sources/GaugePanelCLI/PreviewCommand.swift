import ArgumentParser
import GaugeDisplayDevices
import GaugePreview
import Glibc

/// `gaugepanel preview`: design a board in the browser.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Design a board in the browser: the panel's picture, redrawn on every save.",
        discussion: """
            Prints a URL. The page shows the board as `render` draws it, with its pages, day \
            and night, a slider for every channel, and the errors of a save that does not load \
            over the last good picture. Widgets can be dragged and resized (snapping to a grid \
            and to other widgets; arrow keys nudge): each move rewrites only that widget's \
            frame line of the file. Listens on 127.0.0.1 unless told otherwise; another \
            address needs the token in the printed URL. Stop with Ctrl-C.
            """
    )

    @Argument(help: "The board file (TOML).")
    var file: String

    @Option(help: "IPv4 address and port to listen on (port 0: any free one).")
    var listen: String = "127.0.0.1:8480"

    func run() throws {
        var request = PreviewRequest(file: file, displayOutputs: DisplayBackends.names)
        request.listen = listen
        do {
            try request.run(
                said: { line in
                    print(line)
                    fflush(nil)  // the URL now, also when stdout is a pipe
                }, log: { Console.error($0, prefixed: false) })
        } catch { throw Console.report(error) }
    }
}
