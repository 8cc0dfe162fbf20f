import GaugeConfig
import GaugeSensorKinds

/// The `[display] output` names the command lines give (this target links no devices).
let testDisplayOutputs = ["auto", "drm", "fbdev", "offscreen"]

/// Boards as `gaugepanel` loads them: every registered sensor kind.
extension BoardConfiguration {
    static func load(path: String) throws(ConfigurationErrors) -> BoardConfiguration {
        try load(path: path, displayOutputs: testDisplayOutputs, sensorKinds: SensorKinds.all)
    }
    static func parse(_ text: String, file: String) throws(ConfigurationErrors) -> BoardConfiguration {
        try parse(text, file: file, displayOutputs: testDisplayOutputs, sensorKinds: SensorKinds.all)
    }
}

extension SensorConfiguration {
    /// What its kind read, when the kind keeps settings of type `S` (nil otherwise).
    func settings<S: Sendable>(_ type: S.Type) -> S? { (source as? Configured<S>)?.settings }
}
