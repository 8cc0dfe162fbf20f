import ArgumentParser
import GaugeDisplay
import GaugeDisplayDevices
import GaugeInput
import GaugeInputDevices
import GaugePanel
import GaugePreview
import Glibc
import Logging

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a panel: sensors, input and the display, from a board file.",
        usage: RunOptions.usage(displays: DisplayDevices.system.names, prefix: "gaugepanel run", extra: ["[--preview <preview>]"], width: 72),
        discussion: """
            Draws the board's dashboard on its display and keeps it current: readings are \
            coalesced into at most one frame per refresh, and only what changed is redrawn and \
            sent. SIGTERM or SIGINT stop it (the console is restored), SIGHUP reloads the board \
            file (an invalid file keeps the running one), SIGUSR1 writes a snapshot PNG. \
            Try it without hardware: gaugepanel run --board boards/headless.toml

            The options (the firmware's run reads the same):
            \(RunOptions.help(displays: DisplayDevices.system.names))
            """
    )

    // The run options are declared once, in `RunOptions.table(displays:)`, which the firmware reads
    // too: ArgumentParser captures them as they were given and the table's reader parses
    // them (the same names, values and messages as the firmware's), and `--help` lists them
    // from the table (the discussion). Only `--preview`, which the firmware lacks, is
    // ArgumentParser's own.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp(visibility: .private))
    var options: [String] = []

    @Option(
        help:
            "Serve the screen, read-only, to a browser at ADDRESS:PORT (e.g. 127.0.0.1:8480); another address than a loopback one needs the printed token."
    )
    var preview: String?

    /// The options read by the table; a usage mistake as ArgumentParser's own (exit 2).
    func given() throws -> RunOption.Given {
        var reader = ArgumentReader(options)
        do throws(ArgumentReader.UsageError) {
            let given = try reader.read(RunOptions.table(displays: DisplayDevices.system.names))
            if let extra = try reader.finish().first { throw ArgumentReader.UsageError(message: "unexpected argument '\(extra)'") }
            return given
        } catch { throw ValidationError(error.message) }
    }

    func validate() throws { _ = try given() }

    func run() throws {
        let request: RunRequest
        do { request = try RunRequest(given(), devices: .system, inputs: .system) } catch let failure as CommandFailure {
            throw Console.report(failure)
        }
        // Under systemd, lines keep their priority in the journal (errors as errors).
        let toJournal = JournalStream.stderrIsJournal()
        LoggingSystem.bootstrap { JournalLogHandler(label: $0, toJournal: toJournal) }
        let board = request.options.boardPath, preview = self.preview
        do {
            print(
                try request.run(log: SwiftLogPanelLog(Logger(label: "gaugepanel"))) { runtime throws(CommandFailure) in
                    guard let preview else { return }
                    try PreviewRequest.serveLive(
                        runtime, file: board, listen: preview,
                        said: { line in
                            print(line)
                            fflush(nil)  // the URL now, also when stdout is a pipe
                        }, log: { Console.error($0, prefixed: false) })
                })
        } catch { throw Console.report(error) }
    }
}
