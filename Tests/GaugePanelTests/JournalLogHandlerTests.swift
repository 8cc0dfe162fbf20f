import Testing
import Logging
@testable import GaugePanel

/// Under systemd, errors stay errors in the journal: each line carries its priority.
@Suite struct JournalLogHandlerTests {
    @Test func linesCarryTheirSyslogPriority() {
        #expect(JournalLogHandler.journalLine(level: .error, message: "display: gone") == "<3>display: gone\n")
        #expect(JournalLogHandler.journalLine(level: .warning, message: "serial: lost") == "<4>serial: lost\n")
        #expect(JournalLogHandler.journalLine(level: .info, message: "a\nb") == "<6>a\n<6>b\n")
        #expect(JournalLogHandler.priority(.debug) == 7 && JournalLogHandler.priority(.critical) == 2)
    }

    @Test func onlyTheJournalsOwnStreamCounts() {
        #expect(JournalLogHandler.isJournalStream("8:12345", device: 8, inode: 12345))
        #expect(!JournalLogHandler.isJournalStream("8:12345", device: 8, inode: 1))   // inherited, not ours
        #expect(!JournalLogHandler.isJournalStream(nil, device: 8, inode: 12345))
        #expect(!JournalLogHandler.isJournalStream("garbage", device: 8, inode: 12345))
    }
}
