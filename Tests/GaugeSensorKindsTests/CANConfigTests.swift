import Foundation
import Testing
import GaugeConfig
@testable import GaugeSensorKinds
import GaugeSensors
import GaugeCAN

/// `kind = "can"` and candump replays: keys, the DBC beside the board, channels' sources.
@Suite struct CANConfigTests {
    let folder: String = {
        let f = NSTemporaryDirectory() + "gp-can-\(getpid())-\(UInt32.random(in: 0...UInt32.max))/"
        try? FileManager.default.createDirectory(atPath: f, withIntermediateDirectories: true)
        return f
    }()

    static let dbc = """
        BO_ 1512 ENGINE: 8 ECU
         SG_ RPM : 0|16@1+ (1,0) [0|16000] "rpm" Dash
         SG_ TPS : 16|8@1+ (0.5,0) [0|100] "%" Dash
        BO_ 1513 TEMPS: 8 ECU
         SG_ COOLANT : 0|8@1+ (1,-40) [-40|215] "C" Dash
         SG_ TPS : 8|8@1+ (1,0) [0|100] "%" Dash
        BA_DEF_ BO_ "GenMsgCycleTime" INT 0 10000;
        BA_ "GenMsgCycleTime" BO_ 1512 50;
        BA_ "GenMsgCycleTime" BO_ 1513 1000;
        """

    func board(_ sensor: String, source: String = "RPM", extraChannel: String = "") -> String {
        """
        [display]
        width = 320
        height = 240
        [[sensor]]
        kind = "can"
        \(sensor)
          [[sensor.channel]]
          name = "rpm"
          unit = "rpm"
          source = "\(source)"
          \(extraChannel)
        [[page]]
          [[page.widget]]
          id = "r"
          type = "readout"
          channel = "rpm"
          frame = [0, 0, 100, 40]
        """
    }

    func load(_ text: String) throws(ConfigurationErrors) -> BoardConfiguration {
        try BoardConfiguration.parse(text, file: folder + "board.toml")
    }

    func issues(_ text: String) -> [String] {
        do {
            _ = try load(text)
            return []
        } catch { return error.issues.map(\.description) }
    }

    func writeDBC(_ name: String = "ecu.dbc", _ text: String = CANConfigTests.dbc) throws {
        try text.write(toFile: folder + name, atomically: true, encoding: .utf8)
    }

    @Test func aDBCBoardResolvesSignalsAndCycleTimes() throws {
        try writeDBC()
        let b = try load(
            board(
                "interface = \"can0\"\nprotocol = \"dbc\"\ndbc = \"ecu.dbc\"",
                extraChannel: "[[sensor.channel]]\n  name = \"coolant\"\n  unit = \"C\"\n  source = \"TEMPS.COOLANT\"\n  stale_after = 9"))
        guard let c = b.sensors[0].settings(CANConfiguration.self) else {
            Issue.record("not can")
            return
        }
        #expect(c.interface == "can0" && c.canProtocol.name == "dbc" && c.dbcPath == folder + "ecu.dbc")
        #expect(b.channels.map(\.sourceName) == ["ENGINE.RPM", "TEMPS.COOLANT"])
        // ENGINE every 50 ms: stale after three cycles, at least half a second; a channel's own stale_after wins.
        #expect(b.channels.map(\.staleAfterSeconds) == [0.5, 9])
        #expect(b.sensors[0].routes.channels(readingSource: "ENGINE.RPM") == ["rpm"])
        // The kernel passes only the two messages the channels read; each decodes only their signals.
        #expect(c.canProtocol.filters == [.standard(0x5E8), .standard(0x5E9)])
        if case .dbc(let kept) = c.canProtocol {
            #expect(kept.messages.map { $0.signals.map(\.name) } == [["RPM"], ["COOLANT"]])
        }
    }

    @Test func configurationErrorsNameFileLineAndKey() throws {
        try writeDBC()
        try writeDBC("broken.dbc", "BO_ 1512 ENGINE: 8 ECU\n SG_ RPM : 0|16@1+ (1,0) [0|16000] \"rpm\" Dash\n SG_ BAD 0|8@1+\n")
        let f = folder + "board.toml"
        #expect(
            issues(board("interface = \"can0\"\nprotocol = \"dbcc\"")) == [
                "\(f):7: sensor[0].protocol: expected one of \"dbc\", \"obd2\", \"nmea2000\", got \"dbcc\" (did you mean \"dbc\"?)"
            ])
        #expect(
            issues(board("interface = \"can0\"\nprotocol = \"dbc\"")) == [
                "\(f):4: sensor[0].dbc: missing; protocol = \"dbc\" needs the DBC file that describes the bus's messages, like dbc = \"ecu.dbc\""
            ])
        let broken = issues(board("interface = \"can0\"\nprotocol = \"dbc\"\ndbc = \"broken.dbc\""))
        #expect(broken.count == 1 && broken[0].hasPrefix("\(f):8: sensor[0].dbc: broken.dbc:3: "), "\(broken)")
        #expect(
            issues(board("interface = \"can0\"\nprotocol = \"dbc\"\ndbc = \"ecu.dbc\"", source: "RMP")) == [
                "\(f):12: sensor[0].channel \"rpm\".source: no signal RMP (did you mean RPM?) in ecu.dbc (gaugepanel can-signals lists them)"
            ])
        #expect(
            issues(board("interface = \"can0\"\nprotocol = \"dbc\"\ndbc = \"ecu.dbc\"", source: "TPS")) == [
                "\(f):12: sensor[0].channel \"rpm\".source: signal TPS is in several messages (ENGINE.TPS, TEMPS.TPS): name one in ecu.dbc (gaugepanel can-signals lists them)"
            ])
        #expect(
            issues(board("interface = \"can0\"\nprotocol = \"dbc\"\ndbc = \"ecu.dbc\"", source: "ENGINE.RMP")) == [
                "\(f):12: sensor[0].channel \"rpm\".source: no signal ENGINE.RMP (did you mean ENGINE.RPM?) in ecu.dbc (gaugepanel can-signals lists them)"
            ])
        #expect(
            issues(board("interface = \"can0-with-a-long-name\"\nprotocol = \"nmea2000\"", source: "x")) == [
                "\(f):6: sensor[0].interface: expected a SocketCAN interface name of at most 15 bytes (IFNAMSIZ) like \"can0\", got \"can0-with-a-long-name\" (21 bytes)"
            ])
        #expect(
            issues(board("interface = \"can0\"\nprotocol = \"obd2\"\npoll_hz = 500", source: "engine.rpm")) == [
                "\(f):8: sensor[0].poll_hz: expected a number in 0.1…100, got 500"
            ])
        #expect(
            issues(board("interface = \"can0\"\nprotocol = \"obd2\"", source: "engine.rmp")).first?.contains(
                "sensor[0].channel \"rpm\".source: no OBD-II PID engine.rmp (did you mean \"engine.rpm\"?)") == true)
        #expect(
            issues(board("interface = \"can0\"\nprotocol = \"nmea2000\"\npoll_hz = 5", source: "x")) == [
                "\(f):8: sensor[0].poll_hz: only protocol = \"obd2\" polls; protocol \"nmea2000\" listens to what the bus sends"
            ])
    }

    @Test func obd2PollsTheChannelsPIDs() throws {
        let b = try load(
            board(
                "interface = \"can1\"\nprotocol = \"obd2\"\npoll_hz = 20", source: "0x0C",
                extraChannel: "[[sensor.channel]]\n  name = \"coolant\"\n  unit = \"C\"\n  source = \"engine.coolant.temperature\""))
        guard let c = b.sensors[0].settings(CANConfiguration.self) else {
            Issue.record("not can")
            return
        }
        #expect(c.canProtocol == .obd2(pids: [.coolantTemperature, .engineSpeed], pollHz: 20, ids: .standard))
        #expect(b.channels.map(\.sourceName) == ["engine.rpm", "engine.coolant.temperature"])
    }

    @Test func obdIDsChooseTheAddressing() throws {
        func ids(_ keys: String) throws -> CANProtocol? {
            let b = try load(board("interface = \"can0\"\nprotocol = \"obd2\"\n" + keys, source: "engine.rpm"))
            guard let c = b.sensors[0].settings(CANConfiguration.self) else { return nil }
            return c.canProtocol
        }
        #expect(try ids("") == .obd2(pids: [.engineSpeed], pollHz: 10, ids: .standard), "11-bit by default")
        #expect(try ids("obd_ids = 11") == .obd2(pids: [.engineSpeed], pollHz: 10, ids: .standard))
        let extended = try ids("obd_ids = 29")
        #expect(extended == .obd2(pids: [.engineSpeed], pollHz: 10, ids: .extended))
        #expect(extended?.filters == [.extended(0x18DA_F100, mask: 0x1FFF_FF00)], "only the 29-bit answers reach the panel")
        let f = folder + "board.toml"
        let wrong = "expected 11 (requests on 0x7DF, answers from 0x7E8…0x7EF) or 29 (requests on 0x18DB33F1, answers from 0x18DAF1xx)"
        #expect(
            issues(board("interface = \"can0\"\nprotocol = \"obd2\"\nobd_ids = 28", source: "engine.rpm")) == [
                "\(f):8: sensor[0].obd_ids: \(wrong), got 28"
            ])
        #expect(
            issues(board("interface = \"can0\"\nprotocol = \"obd2\"\nobd_ids = \"29\"", source: "engine.rpm")) == [
                "\(f):8: sensor[0].obd_ids: \(wrong), got \"29\""
            ])
        try writeDBC()
        #expect(
            issues(board("interface = \"can0\"\nprotocol = \"dbc\"\ndbc = \"ecu.dbc\"\nobd_ids = 29")) == [
                "\(f):9: sensor[0].obd_ids: only protocol = \"obd2\" addresses ECUs; protocol \"dbc\" reads the ids its messages have"
            ])
        #expect(
            issues(board("interface = \"can0\"\nprotocol = \"nmea2000\"\nobd_ids = 11", source: "x")) == [
                "\(f):8: sensor[0].obd_ids: only protocol = \"obd2\" addresses ECUs; protocol \"nmea2000\" reads the ids its messages have"
            ])
    }

    @Test func aCandumpLogReplaysThroughTheDBC() throws {
        try writeDBC()
        try "(1700000000.000000) can0 5E8#B80B000000000000\n(1700000000.250000) can0 5E9#7B00000000000000\n(1700000000.500000) can0 123#00\n"
            .write(toFile: folder + "drive.log", atomically: true, encoding: .utf8)
        let text = board("", source: "RPM").replacingOccurrences(
            of: "kind = \"can\"",
            with: "kind = \"replay\"\nformat = \"candump\"\nfile = \"drive.log\"\nprotocol = \"dbc\"\ndbc = \"ecu.dbc\"")
        let b = try load(text)
        guard let r = b.sensors[0].settings(ReplayConfiguration.self) else {
            Issue.record("not replay")
            return
        }
        // Only what the channels read is decoded and kept.
        #expect(r.samples == [RecordedSample(milliseconds: 0, name: "ENGINE.RPM", value: 3000, unit: .rpm)])
        let both = try load(
            text.replacingOccurrences(
                of: "source = \"RPM\"", with: "source = \"RPM\"\n  [[sensor.channel]]\n  name = \"coolant\"\n  source = \"COOLANT\""))
        guard let r2 = both.sensors[0].settings(ReplayConfiguration.self) else {
            Issue.record("not replay")
            return
        }
        #expect(
            r2.samples == [
                RecordedSample(milliseconds: 0, name: "ENGINE.RPM", value: 3000, unit: .rpm),
                RecordedSample(milliseconds: 250, name: "TEMPS.COOLANT", value: 83, unit: .celsius),
            ])
        #expect(b.channels.map(\.sourceName) == ["ENGINE.RPM"])
        try "(1700000000.000000) can0 5E8#B80B\nnot a frame\n".write(toFile: folder + "bad.log", atomically: true, encoding: .utf8)
        let bad = issues(text.replacingOccurrences(of: "drive.log", with: "bad.log"))
        #expect(bad.count == 1 && bad[0].contains("sensor[0].file: \(folder)bad.log:2: "), "\(bad)")
    }

    @Test func candumpLogsOfOBD2AndNMEA2000ReplayUnderTheirNames() throws {
        // An OBD-II answer (7E8: 1726 rpm) and its request (7DF, not an answer); a water
        // depth PGN 128267 from source 0x23 (12.34 m below the transducer).
        try "(10.000000) can0 7DF#02010C5555555555\n(10.100000) can0 7E8#04410C1AF8AAAAAA\n"
            .write(toFile: folder + "obd.log", atomically: true, encoding: .utf8)
        try "(20.000000) can0 0DF50B23#01D2040000F401FF\n".write(toFile: folder + "n2k.log", atomically: true, encoding: .utf8)
        func replay(_ file: String, _ proto: String, _ source: String) throws -> ReplayConfiguration? {
            let text = board("", source: source).replacingOccurrences(
                of: "kind = \"can\"",
                with: "kind = \"replay\"\nformat = \"candump\"\nfile = \"\(file)\"\nprotocol = \"\(proto)\"")
            guard let r = try load(text).sensors[0].settings(ReplayConfiguration.self) else { return nil }
            return r
        }
        #expect(try replay("obd.log", "obd2", "0x0C")?.samples == [RecordedSample(milliseconds: 100, name: "engine.rpm", value: 1726, unit: .rpm)])
        let depth = try replay("n2k.log", "nmea2000", "depth.below.transducer")?.samples
        #expect(depth?.first.map { $0.name == "depth.below.transducer" && abs($0.value - 12.34) < 1e-9 } == true, "\(String(describing: depth))")
    }
}
