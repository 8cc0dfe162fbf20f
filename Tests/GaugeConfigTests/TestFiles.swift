import Foundation
import GaugeConfig
import GaugeSensorKinds

/// Paths of the files the tests read at run time (the folders are excluded from the target).
enum TestFiles {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let repository = testsFolder.deletingLastPathComponent().deletingLastPathComponent()
    static let dashboards = repository.appendingPathComponent("dashboards")
    static let corpus = testsFolder.appendingPathComponent("Corpus")

    static func files(in folder: URL, ext: String = "toml") -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix("." + ext) }.sorted().map { folder.appendingPathComponent($0) }
    }

    static func dashboard(_ name: String) -> String { dashboards.appendingPathComponent(name).path }

    /// Parses TOML text given inline; the issues, or an empty list when it loaded.
    static func issues(_ text: String, file: String = "test.toml") -> [ConfigIssue] {
        do {
            _ = try BoardConfiguration.parse(text, file: file)
            return []
        } catch { return error.issues }
    }

    /// A minimal valid board: one simulated channel "x" and one dial showing it.
    static let minimal = """
        [display]
        width = 320
        height = 240

        [[sensor]]
        kind = "simulated"
          [[sensor.channel]]
          name = "x"
          waveform = "sine"
          centre = 50
          amplitude = 10
          period = 4

        [[page]]
          [[page.widget]]
          id = "dial"
          type = "dial"
          channel = "x"
          frame = [10, 10, 200, 200]
          range = [0, 100]
        """
}

/// The `[display] output` names of the program: GaugeDisplayDevices' `DisplayBackends.names`,
/// which the command layer passes to the loader (this target does not link the devices;
/// GaugeDisplayTests checks the registry has these names).
let testDisplayOutputs = ["auto", "drm", "fbdev", "offscreen"]

extension BoardConfiguration {
    static func load(path: String) throws(ConfigurationErrors) -> BoardConfiguration {
        try load(path: path, displayOutputs: testDisplayOutputs, sensorKinds: SensorKinds.all)
    }
    static func parse(_ text: String, file: String) throws(ConfigurationErrors) -> BoardConfiguration {
        try parse(text, file: file, displayOutputs: testDisplayOutputs, sensorKinds: SensorKinds.all)
    }
    static func parse(_ bytes: [UInt8], file: String) throws(ConfigurationErrors) -> BoardConfiguration {
        try parse(bytes, file: file, displayOutputs: testDisplayOutputs, sensorKinds: SensorKinds.all)
    }
}

extension SensorConfiguration {
    /// What its kind read, when the kind keeps settings of type `S` (nil otherwise).
    func settings<S: Sendable>(_ type: S.Type) -> S? { (source as? Configured<S>)?.settings }
}
