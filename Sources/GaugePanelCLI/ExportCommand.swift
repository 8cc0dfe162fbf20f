import ArgumentParser
import GaugeSensors
import GaugeSystem

/// `gaugepanel export REC --csv OUT`: a recording made by `run --record` as CSV for a
/// spreadsheet.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Convert a recording (run --record) to CSV: a time column, a column per name with its unit.",
        discussion: """
            One row per recorded time; a cell is empty where that name was not recorded then. \
            Exits 2 when the recording cannot be read or has a bad line ('<file>:<line>: …').
            """
    )

    @Argument(help: "A recording made by gaugepanel run --record.")
    var recording: String

    @Option(name: .customLong("csv"), help: "The CSV file to write ('-': standard output).")
    var csv: String

    func run() throws {
        let bytes: [UInt8]
        do { bytes = try LinuxSystem.standard.readFile(recording, limit: 1 << 30) } catch {
            throw fail("\(recording): \(error.description)")
        }
        let samples: [RecordedSample]
        do { samples = try RecordingFormat.parse(String(decoding: bytes, as: UTF8.self)) } catch {
            throw fail("\(recording):\(error.line): not a recorded sample: \(error.text.prefix(80))")
        }
        let table = RecordingCSV.table(samples)
        if csv == "-" {
            print(table, terminator: "")
            return
        }
        do { try LinuxSystem.standard.writeFile(csv, Array(table.utf8), .replace) } catch {
            throw fail("\(csv): \(error.description)")
        }
        Console.error("wrote \(csv) (\(samples.count) samples)")
    }
}
