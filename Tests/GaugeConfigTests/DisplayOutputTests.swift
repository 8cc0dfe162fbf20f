import Testing
import GaugeConfig
import GaugeSensorKinds

/// `[display] output` is a back-end's name, checked against the names the loader is
/// given (the program's registered display back-ends), so a new back-end needs no change
/// here.
@Suite struct DisplayOutputTests {
    static func board(output: String) -> String {
        TestFiles.minimal.replacingOccurrences(of: "[display]\n", with: "[display]\noutput = \"\(output)\"\n")
    }

    @Test func outputIsOneOfTheGivenNames() throws {
        let board = try BoardConfiguration.parse(
            Self.board(output: "spi"), file: "b.toml", displayOutputs: ["auto", "spi"], sensorKinds: SensorKinds.all)
        #expect(board.display.output == "spi")
        #expect(
            try BoardConfiguration.parse(TestFiles.minimal, file: "b.toml", displayOutputs: ["auto"], sensorKinds: SensorKinds.all).display.output
                == "auto")
    }

    @Test func anUnknownOutputIsAnErrorWithTheNamesAndANearOne() {
        do {
            _ = try BoardConfiguration.parse(Self.board(output: "fbdv"), file: "b.toml")
            Issue.record("loaded")
        } catch {
            #expect(
                error.issues.map(\.description)
                    == [
                        "b.toml:2: display.output: expected one of \"auto\", \"drm\", \"fbdev\", \"offscreen\", got \"fbdv\" (did you mean \"fbdev\"?)"
                    ])
        }
        #expect(throws: ConfigurationErrors.self) {
            try BoardConfiguration.parse(Self.board(output: "spi"), file: "b.toml", displayOutputs: ["auto", "drm"], sensorKinds: SensorKinds.all)
        }
    }
}
