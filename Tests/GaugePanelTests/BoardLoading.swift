import GaugeConfig
import GaugeDisplay
import GaugeSensorKinds

/// The display back-ends' names as the command lines give them (`DisplayDevices.system`
/// lives with the devices, which these tests do not link).
let displayBackendNames = ["auto", "drm", "fbdev", "offscreen"]

extension DisplayDevices {
    /// For a runtime given its display: names for a reload, no console, no backlight.
    static let testing = DisplayDevices(
        names: displayBackendNames,
        open: { (name, _) throws(DisplayError) -> any Display in throw .unknownBackend(name: name, known: displayBackendNames) },
        consoleGraphics: { nil },
        stepBacklight: { _ in .failure(DeviceFailure("no backlight in tests")) })
}

/// Boards as `gaugepanel` loads them: `[display] output` checked against the registered
/// display back-ends.
extension BoardConfiguration {
    static func load(path: String) throws(ConfigurationErrors) -> BoardConfiguration {
        try load(path: path, displayOutputs: displayBackendNames, sensorKinds: SensorKinds.all)
    }
    static func parse(_ text: String, file: String) throws(ConfigurationErrors) -> BoardConfiguration {
        try parse(text, file: file, displayOutputs: displayBackendNames, sensorKinds: SensorKinds.all)
    }
}
