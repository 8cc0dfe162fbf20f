import ArgumentParser
import GaugeDisplay
import GaugeDisplayDevices
import GaugePanel
import GaugePreview
import Glibc
import Logging

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a panel: sensors, input and the display, from a board file.",
        discussion: """
            Draws the board's dashboard on its display and keeps it current: readings are \
            coalesced into at most one frame per refresh, and only what changed is redrawn and \
            sent. SIGTERM or SIGINT stop it (the console is restored), SIGHUP reloads the board \
            file (an invalid file keeps the running one), SIGUSR1 writes a snapshot PNG. \
            Try it without hardware: gaugepanel run --board boards/headless.toml
            """
    )

    @Option(help: "The board file (TOML): display, sensors, input and dashboard.")
    var board: String

    @Option(help: "Override the board's display: \(DisplayBackends.namesInWords).")
    var display: String?

    @Option(help: "Override the board's display device (/dev/dri/cardN, /dev/fbN).")
    var device: String?

    @Option(help: "Seconds to wait for a display that is not there yet (default: [display] wait, else 120 as a systemd service, 0 at a terminal).")
    var waitForDisplay: Double?

    @Option(help: "Record every sensor sample to this file (play it back with a kind = \"replay\" sensor).")
    var record: String?

    @Option(help: "Override the board's DRM connector (HDMI-A-1, DSI-1, …; gaugepanel devices lists them).")
    var connector: String?

    @Option(help: "Override the board's DRM mode, WxH or WxH@Hz.")
    var mode: String?

    @Option(help: "Write a snapshot PNG here (periodically with --snapshot-interval, and on SIGUSR1).")
    var snapshot: String?

    @Option(help: "Seconds between snapshots.")
    var snapshotInterval: Double?

    @Option(help: "Stop after this many seconds.")
    var duration: Double?

    @Option(help: "Stop after this many frames.")
    var frames: Int64?

    @Option(help: "Log a statistics line every this many seconds.")
    var statsInterval: Double?

    @Option(help: "Where evdev input devices are found.")
    var inputDirectory: String = "/dev/input"

    @Flag(inversion: .prefixedNo, help: "Redraw only what changed (the pixels are the same either way).")
    var damage = true

    @Flag(inversion: .prefixedNo, help: "Ease needles like physical ones.")
    var animation = true

    @Flag(help: "Draw frames as fast as possible instead of at the display's refresh (benchmarks).")
    var unpaced = false

    @Flag(inversion: .prefixedNo, help: "Switch the text console to graphics mode while drawing.")
    var consoleGraphics = true

    @Option(help: "Serve the screen, read-only, to a browser at ADDRESS:PORT (e.g. 127.0.0.1:8480); another address than a loopback one needs the printed token.")
    var preview: String?

    func run() throws {
        var request = RunRequest(board: board, devices: .system)
        request.display = display
        request.device = device
        request.waitForDisplay = waitForDisplay
        request.record = record
        request.connector = connector
        request.mode = mode
        request.snapshot = snapshot
        request.snapshotInterval = snapshotInterval
        request.duration = duration
        request.frames = frames
        request.statsInterval = statsInterval
        request.inputDirectory = inputDirectory
        request.damage = damage
        request.animation = animation
        request.unpaced = unpaced
        request.consoleGraphics = consoleGraphics
        // Under systemd, lines keep their priority in the journal (errors as errors).
        let toJournal = JournalStream.stderrIsJournal()
        LoggingSystem.bootstrap { JournalLogHandler(label: $0, toJournal: toJournal) }
        let board = self.board, preview = self.preview
        do {
            print(try request.run(log: SwiftLogPanelLog(Logger(label: "gaugepanel"))) { runtime throws(CommandFailure) in
                guard let preview else { return }
                try PreviewRequest.serveLive(runtime, file: board, listen: preview, said: { line in
                    print(line)
                    fflush(nil)   // the URL now, also when stdout is a pipe
                }, log: { Console.error($0, prefixed: false) })
            })
        } catch { throw Console.report(error) }
    }
}
