import Foundation
import Testing
import GaugeConfig
import GaugeSensors
@testable import GaugeSensorKinds

/// `protocol = "tunerstudio"`: the INI beside the board, its settings, channels' sources.
@Suite struct ECUConfigTests {
    let folder: String = {
        let f = NSTemporaryDirectory() + "gp-ecu-\(getpid())-\(UInt32.random(in: 0...UInt32.max))/"
        try? FileManager.default.createDirectory(atPath: f, withIntermediateDirectories: true)
        return f
    }()

    static let ini = """
        [MegaTune]
           queryCommand = "Q"
           signature    = "speeduino 202501"
        [Constants]
           endianness = little
        [OutputChannels]
           ochGetCommand = "r\\$tsCanId\\x30%2o%2c"
           ochBlockSize  = 130
           rpm        = scalar, U16, 14, "rpm", 1.000, 0.000
           coolantRaw = scalar, U08,  7, "°C",  1.000, 0.000
        #if CELSIUS
           coolant    = { coolantRaw - 40 }
        #else
           coolant    = { (coolantRaw - 40) * 1.8 + 32 }
        #endif
           lambda     = { afr / stoich }
        """

    func board(_ keys: String, source: String = "rpm") -> String {
        """
        [display]
        width = 320
        height = 240
        [[sensor]]
        kind = "serial"
        device = "/dev/ttyACM0"
        baud = 115200
        protocol = "tunerstudio"
        \(keys)
          [[sensor.channel]]
          name = "x"
          source = "\(source)"
        [[page]]
          [[page.widget]]
          id = "r"
          type = "readout"
          channel = "x"
          frame = [0, 0, 100, 40]
        """
    }

    func issues(_ text: String) -> [String] {
        do {
            _ = try BoardConfiguration.parse(text, file: folder + "board.toml")
            return []
        } catch { return error.issues.map(\.description) }
    }

    @Test func aTunerStudioBoardReadsItsINI() throws {
        try Self.ini.write(toFile: folder + "ecu.ini", atomically: true, encoding: .utf8)
        let b = try BoardConfiguration.parse(board("ini = \"ecu.ini\"\nini_settings = [\"CELSIUS\"]\npoll_hz = 20"), file: folder + "board.toml")
        let ecu = try #require(b.sensors[0].settings(SerialKind.Sensor.self)?.protocolChoice.ecu)
        #expect(b.sensors[0].source.watchedFiles == [folder + "ecu.ini"])
        #expect(ecu.sources == ["rpm"])
        #expect(ecu.pollHz == 20)
        #expect(ecu.definition.settings == ["CELSIUS"])
    }

    @Test func problemsAreSaidWithTheirPlace() throws {
        try Self.ini.write(toFile: folder + "ecu.ini", atomically: true, encoding: .utf8)
        try (Self.ini + "\n   bad = scalar, U24, 3, \"x\", 1, 0\n").write(toFile: folder + "bad.ini", atomically: true, encoding: .utf8)
        let f = folder + "board.toml"
        #expect(
            issues(board("")) == [
                "\(f):4: sensor[0].ini: missing; protocol = \"tunerstudio\" needs the ECU's TunerStudio INI, the one its firmware came with, like ini = \"speeduino.ini\""
            ])
        #expect(
            issues(board("ini = \"ecu.ini\"", source: "rmp")) == [
                "\(f):12: sensor[0].channel \"x\".source: ecu.ini has no output channel \"rmp\" (did you mean \"rpm\"?); gaugepanel ecu-channels ecu.ini lists them"
            ])
        #expect(
            issues(board("ini = \"ecu.ini\"", source: "lambda")) == [
                "\(f):12: sensor[0].channel \"x\".source: ecu.ini:16: lambda cannot be read: its expression reads afr, which is not an output channel (a tune constant or a TunerStudio variable)"
            ])
        #expect(
            issues(board("ini = \"bad.ini\"")) == [
                "\(f):9: sensor[0].ini: bad.ini:17: bad: unknown type \"U24\" (expected U08, S08, U16, S16, U32, S32 or F32)"
            ])
        #expect(
            issues(board("ini = \"ecu.ini\"\nini_settings = [\"CELCIUS\"]")) == [
                "\(f):10: sensor[0].ini_settings: ecu.ini: the INI has no setting \"CELCIUS\"; did you mean \"CELSIUS\"? (it knows: CELSIUS)"
            ])
        #expect(issues(board("ini = \"missing.ini\"")).first?.contains("cannot read the INI file") == true)
    }
}
