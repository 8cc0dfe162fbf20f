import ArgumentParser
import GaugeCAN
import GaugeSystem

/// `gaugepanel can-signals FILE.dbc`: what a DBC file describes, as a board's channels
/// would name it (`source = "MESSAGE.SIGNAL"`), so a board can be written from a DBC.
struct CANSignalsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "can-signals",
        abstract: "List a DBC file's messages and signals (id, name, unit, range) for kind = \"can\" boards.",
        discussion: """
            One line per message ('0x5E8 ENGINE: 8 bytes, every 50 ms'), then one per signal: \
            the MESSAGE.SIGNAL a channel's source names, its unit, its range and value table. \
            Exits 2 when the file cannot be read or parsed ('<file>:<line>: <problem>').
            """
    )

    @Argument(help: "A DBC file.")
    var file: String

    func run() throws {
        let bytes: [UInt8]
        do { bytes = try LinuxSystem.standard.readFile(file, limit: .max) } catch {
            throw fail("\(file): \(error.description)")
        }
        do {
            let dbc = try DBCFile.parse(bytes)
            for line in dbc.signalListing { print(line) }
        } catch {
            throw fail("\(file):\(error.line): \(error.message)")
        }
    }
}
