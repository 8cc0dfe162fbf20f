import GaugeConfig
import GaugeSensorKinds

/// `gaugepanel check FILE...`: validates board files; every problem on its own line.
public struct CheckRequest: Sendable {
    public var files: [String]
    /// The display back-ends' names, which `[display] output` may take.
    public var displayOutputs: [String]

    public init(files: [String], displayOutputs: [String]) {
        self.files = files
        self.displayOutputs = displayOutputs
    }

    /// '<file>: OK' for a valid file, else one line per problem
    /// ('<file>:<line>: <key path>: <what was expected, what was found>'); `valid` is
    /// whether every file was (exit status 0, else 2).
    public func run() -> (lines: [String], valid: Bool) {
        var lines: [String] = [], valid = true
        for file in files {
            do {
                _ = try BoardConfiguration.load(path: file, displayOutputs: displayOutputs, sensorKinds: SensorKinds.all)
                lines.append("\(file): OK")
            } catch {
                valid = false
                for issue in error.issues { lines.append(issue.description) }
            }
        }
        return (lines, valid)
    }
}
