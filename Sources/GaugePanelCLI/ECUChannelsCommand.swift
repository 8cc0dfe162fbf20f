import ArgumentParser
import GaugeECU
import GaugeSystem

/// `gaugepanel ecu-channels FILE.ini`: an engine computer's output channels as its
/// TunerStudio INI describes them, the names a `protocol = "tunerstudio"` channel's
/// `source` takes.
struct ECUChannelsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ecu-channels",
        abstract: "List a TunerStudio INI's output channels (type, offset, unit, scale) for protocol = \"tunerstudio\" boards.",
        discussion: """
            The first line is the ECU's signature and block; then one line per channel a source \
            can name; then the channels GaugePanel cannot read, with the reason. Exits 2 when the \
            file cannot be read or parsed ('<file>:<line>: <problem>').
            """
    )

    @Argument(help: "A TunerStudio INI (speeduino.ini, rusefi.ini, a MegaSquirt INI).")
    var file: String

    @Option(name: .customLong("setting"), help: "An INI setting to resolve #if sections with (CELSIUS, LAMBDA); repeatable.")
    var settings: [String] = []

    func run() throws {
        let bytes: [UInt8]
        do { bytes = try LinuxSystem.standard.readFile(file, limit: 16 << 20) } catch {
            throw fail("\(file): \(error.description)")
        }
        do {
            for line in try ECUDefinition.parse(bytes, settings: settings).channelListing { print(line) }
        } catch {
            throw fail(error.described(file: file))
        }
    }
}
