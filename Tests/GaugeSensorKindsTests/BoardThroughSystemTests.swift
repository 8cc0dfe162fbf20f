import Testing
import GaugeConfig
import GaugeSensors
import GaugeSystem
import GaugeTestSupport
import GaugeSensorKinds

/// A board and the files it names are read through the `PanelSystem` the loader is given:
/// nothing here touches the disk.
@Suite struct BoardThroughSystemTests {
    static let board = ReplayConfigTests.board(file: "sail.rec")

    @Test func theBoardAndItsRecordingComeFromTheSystem() throws {
        let system = FakePanelSystem()
        system.files["/boards/boat.toml"] = Array(Self.board.utf8)
        system.files["/boards/sail.rec"] = Array("0 depth.below.transducer=8.4 m\n".utf8)
        let loaded = try BoardConfiguration.load(
            path: "/boards/boat.toml", displayOutputs: ["offscreen"], sensorKinds: SensorKinds.all, system: system)
        guard let replay = loaded.sensors[0].settings(ReplayConfiguration.self) else {
            Issue.record("not a replay")
            return
        }
        #expect(replay.file == "/boards/sail.rec")
        #expect(replay.samples == [RecordedSample(milliseconds: 0, name: "depth.below.transducer", value: 8.4, unit: .metres)])
    }

    @Test func aFileTheSystemLacksIsNamedWithItsKey() {
        let system = FakePanelSystem()
        system.files["/boards/boat.toml"] = Array(Self.board.utf8)
        do {
            _ = try BoardConfiguration.load(path: "/boards/boat.toml", displayOutputs: ["offscreen"], sensorKinds: SensorKinds.all, system: system)
            Issue.record("loaded without its recording")
        } catch {
            #expect(
                error.issues.map(\.description) == [
                    "/boards/boat.toml:6: sensor[0].file: cannot read the recording /boards/sail.rec: cannot open /boards/sail.rec: "
                        + "No such file or directory (make one with gaugepanel run --record FILE)"
                ])
        }
        do {
            _ = try BoardConfiguration.load(path: "/boards/none.toml", displayOutputs: ["offscreen"], sensorKinds: SensorKinds.all, system: system)
            Issue.record("loaded a board the system lacks")
        } catch {
            #expect(error.issues.map(\.description) == ["/boards/none.toml: cannot read: cannot open /boards/none.toml: No such file or directory"])
        }
    }
}
