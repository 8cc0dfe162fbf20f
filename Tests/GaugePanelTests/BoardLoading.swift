import GaugeConfig
import GaugeDisplayDevices

/// Boards as `gaugepanel` loads them: `[display] output` checked against the registered
/// display back-ends.
extension BoardConfiguration {
    static func load(path: String) throws(ConfigurationErrors) -> BoardConfiguration {
        try load(path: path, displayOutputs: DisplayBackends.names)
    }
    static func parse(_ text: String, file: String) throws(ConfigurationErrors) -> BoardConfiguration {
        try parse(text, file: file, displayOutputs: DisplayBackends.names)
    }
}
