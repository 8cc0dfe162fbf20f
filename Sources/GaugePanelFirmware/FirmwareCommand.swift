import CPanelSystem
import GaugeDisplay
import GaugeDisplayDevices
import GaugeInput
import GaugeInputDevices
import GaugePanel

/// `gaugepanel` as firmware: the commands a panel needs — run, check, render — read by
/// `ArgumentReader` into the same requests the host's commands fill (`run` by the option
/// table both read, `RunOptions.table(displays:)`), so both print the same lines and exit with the
/// same status: 0 done, 2 bad input (a usage mistake, a broken board file, a missing
/// device), 1 a run that failed.
enum FirmwareCommand {
    static let version = "0.1.0"

    static let usage = """
        USAGE: gaugepanel <command> [options]    (the firmware build: run, check, render)

          \(RunOptions.usage(displays: DisplayDevices.system.names, continuation: 6))
          check FILE...
          render FILE [--set CHANNEL=VALUE]... [--page N|NAME] [--rotate 0|90|180|270]
              [--theme day|night] [--out FILE.png|.ppm] [--format xrgb8888|rgb565] [--font FAMILY|builtin]
              [--time S]
          --version, --help
        """

    /// Runs the command line (without the program name); returns the exit status.
    static func main(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first else {
            say(usage)
            return 2
        }
        var reader = ArgumentReader(Array(arguments.dropFirst()))
        do throws(ArgumentReader.UsageError) {
            switch command {
            case "--version":
                say(version)
                return 0
            case "--help", "-h", "help":
                say(usage)
                return 0
            case "check": return check(&reader)
            case "render": return try render(&reader)
            case "run": return try run(&reader)
            default: throw ArgumentReader.UsageError(message: "unknown command '\(command)'")
            }
        } catch {
            complain(error.message, prefixed: false, label: "Error: ")
            say(usage, fd: 2)
            return 2
        }
    }

    static func check(_ reader: inout ArgumentReader) -> Int32 {
        let files: [String]
        do { files = try reader.finish() } catch {
            complain(error.message, prefixed: false, label: "Error: ")
            return 2
        }
        guard !files.isEmpty else {
            complain("missing expected argument '<files> ...'", prefixed: false, label: "Error: ")
            return 2
        }
        let result = CheckRequest(files: files, displayOutputs: DisplayBackends.names).run()
        for line in result.lines { say(line) }
        return result.valid ? 0 : 2
    }

    static func render(_ reader: inout ArgumentReader) throws(ArgumentReader.UsageError) -> Int32 {
        var request = RenderRequest(file: "", displayOutputs: DisplayBackends.names)
        request.assignments = try reader.values("--set")
        request.page = try reader.value("--page")
        if let r = try reader.int64("--rotate") {
            guard let degrees = Int(exactly: r) else { throw .init(message: "'--rotate' expects 0, 90, 180 or 270, got \(r)") }
            request.rotate = degrees
        }
        request.theme = try reader.value("--theme")
        request.out = try reader.value("--out") ?? request.out
        request.format = try reader.value("--format")
        request.font = try reader.value("--font")
        request.time = try reader.double("--time") ?? 0
        let files = try reader.finish()
        guard files.count == 1 else {
            throw .init(message: files.isEmpty ? "missing expected argument '<file>'" : "unexpected argument '\(files[1])'")
        }
        request.file = files[0]
        do {
            let result = try request.run()
            for w in result.warnings { complain(w) }
            say(result.said)
            return 0
        } catch { return report(error) }
    }

    /// `run`: its options as `RunOptions.table(displays:)` declares them (the host reads the same).
    static func run(_ reader: inout ArgumentReader) throws(ArgumentReader.UsageError) -> Int32 {
        if reader.flag("help", inversion: false) == true {
            say(
                "USAGE: " + RunOptions.usage(displays: DisplayDevices.system.names, prefix: "gaugepanel run", width: 72) + "\n\nOPTIONS:\n"
                    + RunOptions.help(displays: DisplayDevices.system.names))
            return 0
        }
        let given = try reader.read(RunOptions.table(displays: DisplayDevices.system.names))
        let rest = try reader.finish()
        if let extra = rest.first { throw .init(message: "unexpected argument '\(extra)'") }
        do {
            say(try RunRequest(given, devices: .system, inputs: .system).run(log: StderrLog()))
            return 0
        } catch { return report(error) }
    }

    static func report(_ failure: CommandFailure) -> Int32 {
        for line in failure.lines { complain(line, prefixed: failure.prefixed) }
        return failure.status
    }

    /// A line on stdout.
    static func say(_ text: String, fd: Int32 = 1) {
        var bytes = Array((text + "\n").utf8)
        _ = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress, $0.count) }
    }

    /// A one-line error on stderr, as the host's Console.error says it (an error in the journal).
    static func complain(_ message: String, prefixed: Bool = true, label: String = "") {
        let journal = JournalStream.stderrIsJournal() ? "<3>" : ""
        say(journal + (prefixed ? "gaugepanel: " : label) + message, fd: 2)
    }
}
