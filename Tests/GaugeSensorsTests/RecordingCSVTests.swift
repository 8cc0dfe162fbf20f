import Testing
import GaugeDecoders
@testable import GaugeSensors

/// `gaugepanel export`'s table: one row per recorded time, a column per name with the
/// first unit it came with, empty cells where nothing was recorded, RFC 4180 quoting.
@Suite struct RecordingCSVTests {
    @Test func everyValueOnceInItsRowAndColumn() throws {
        let samples = try RecordingFormat.parse(
            """
            # gaugepanel recording
            1500 load=0.42
            0 engine.rpm=820.0 rpm
            0 depth=8.4
            0 depth=8.5 m
            100 engine.rpm=900.0 rpm
            61001 depth=9.25 m
            """)
        #expect(
            RecordingCSV.table(samples)
                == "time_s,load,engine.rpm (rpm),depth (m)\r\n0.000,,820.0,8.5\r\n0.100,,900.0,\r\n1.500,0.42,,\r\n61.001,,,9.25\r\n")
        #expect(RecordingCSV.table([]) == "time_s\r\n")
    }

    @Test func fieldsWithCommasOrQuotesAreQuoted() {
        #expect(RecordingCSV.field("a,b") == "\"a,b\"" && RecordingCSV.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(RecordingCSV.field("plain.name") == "plain.name")
    }
}
