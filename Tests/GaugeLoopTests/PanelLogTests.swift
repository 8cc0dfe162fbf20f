import Testing
@testable import GaugeLoop

/// The panel's log: errors stay errors in the journal (each line carries its priority),
/// and elsewhere the firmware's StderrLog writes the host's swift-log lines.
@Suite struct PanelLogTests {
    @Test func journalLinesCarryTheirSyslogPriority() {
        #expect(JournalStream.line(level: .error, message: "display: gone") == "<3>display: gone\n")
        #expect(JournalStream.line(level: .warning, message: "serial: lost") == "<4>serial: lost\n")
        #expect(JournalStream.line(level: .info, message: "a\nb") == "<6>a\n<6>b\n")
        #expect(JournalStream.priority(.debug) == 7 && JournalStream.priority(.critical) == 2)
    }

    @Test func onlyTheJournalsOwnStreamCounts() {
        #expect(JournalStream.isJournalStream("8:12345", device: 8, inode: 12345))
        #expect(!JournalStream.isJournalStream("8:12345", device: 8, inode: 1))  // inherited, not ours
        #expect(!JournalStream.isJournalStream(nil, device: 8, inode: 12345))
        #expect(!JournalStream.isJournalStream("garbage", device: 8, inode: 12345))
    }

    /// The same line shape as swift-log's StreamLogHandler, which scripts and people read:
    /// `2026-11-25T18:17:00+0000 notice gaugepanel: [GaugePanel] waiting up to …`.
    @Test func stderrLinesLookLikeTheHosts() throws {
        #expect(
            StderrLog.line(timestamp: "2026-11-25T18:17:00+0000", level: .notice, label: "gaugepanel", message: "waiting")
                == "2026-11-25T18:17:00+0000 notice gaugepanel: [GaugePanel] waiting\n")
        let stamp = StderrLog.timestamp()
        let shape = try #require(try? /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4}/.wholeMatch(in: stamp))
        #expect(shape.output == stamp)
        #expect(LogLevel.warning > .info && LogLevel.trace < .critical)
    }
}
