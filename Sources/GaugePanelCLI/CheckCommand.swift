import ArgumentParser
import GaugeDisplayDevices
import GaugePanel

/// `gaugepanel check`: validates board files; every problem on its own line.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check board files (TOML) and list every problem.",
        discussion: """
            Prints '<file>: OK' for a valid file, else one line per problem: \
            '<file>:<line>: <key path>: <what was expected, what was found>'. \
            Exits 0 when every file is valid, 2 otherwise.
            """
    )

    @Argument(help: "Board files to check.")
    var files: [String]

    func run() throws {
        let result = CheckRequest(files: files, displayOutputs: DisplayBackends.names).run()
        for line in result.lines { print(line) }
        if !result.valid { throw ExitCode.badInput }
    }
}
