import ArgumentParser
import Glibc
import GaugeTLS

@main
struct GaugePanelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gaugepanel",
        abstract: "Instrument panels for small Linux boards.",
        version: "0.1.0",
        subcommands: [
            TestCardCommand.self, CompareCommand.self, DevicesCommand.self, ShowCommand.self, BacklightCommand.self, RenderCommand.self,
            CheckCommand.self, RunCommand.self, CANSignalsCommand.self, ECUChannelsCommand.self, SignalKPathsCommand.self, PreviewCommand.self,
            ExportCommand.self,
        ]
    )

    /// As ArgumentParser's, except that usage errors exit 2 (like every other kind of bad
    /// input, and like cmp/diff) instead of 64: scripts need check only one code.
    static func main() {
        // The host build's TLS (mbed TLS) for MQTT brokers with `tls = true`; the firmware has none.
        MbedTLSProvider.install()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                Console.error(fullMessage(for: error), prefixed: false)
                Glibc.exit(ExitCode.badInput.rawValue)
            }
            exit(withError: error)
        }
    }
}
