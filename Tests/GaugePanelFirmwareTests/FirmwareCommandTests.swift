import Foundation
import Glibc
import Testing
import GaugeDisplay
import GaugeDisplayDevices
import GaugePanel
@testable import GaugePanelFirmware

/// The firmware's command line: what each command answers and its exit status. Serialized:
/// `check`'s lines are read by pointing this process's standard output at a file for the
/// length of a call.
@Suite(.serialized) struct FirmwareCommandTests {
    /// Exit statuses as the host's: 0, 2 for usage and bad input.
    @Test func exitStatuses() {
        #expect(FirmwareCommand.main(["--version"]) == 0)
        #expect(FirmwareCommand.main([]) == 2)
        #expect(FirmwareCommand.main(["frobnicate"]) == 2)
        #expect(FirmwareCommand.main(["check"]) == 2)
        #expect(FirmwareCommand.main(["check", "/nonexistent/board.toml"]) == 2)
        #expect(FirmwareCommand.main(["run", "--board", "/nonexistent/board.toml"]) == 2)
    }

    /// The firmware's `run` reads `RunOptions.table(displays:)` (the host's RunCommand reads the same
    /// table): its usage and `run --help` list every option of it.
    @Test func runListsTheTablesOptions() {
        #expect(FirmwareCommand.main(["run", "--help"]) == 0)
        for option in RunOptions.table(displays: DisplayDevices.system.names) {
            #expect(FirmwareCommand.usage.contains(option.synopsis), "\(option.name)")
        }
        #expect(FirmwareCommand.usage.contains("run --board FILE [--display auto|drm|fbdev|offscreen]"))
        #expect(FirmwareCommand.main(["run", "--board", "b.toml", "--frames", "ten"]) == 2)
        #expect(FirmwareCommand.main(["run", "--board", "/nonexistent/board.toml", "--frames", "0"]) == 2)
    }

    /// `check` says OK for a good board (status 0); for a bad one it names the file, the line
    /// and the key (status 2), and one bad file among good ones fails the whole check.
    @Test func checkSaysOKOrNamesTheProblemInTheExitStatus() throws {
        let good = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("boards/headless.toml").path
        // The same board with one wrong value.
        var lines = try String(contentsOfFile: good, encoding: .utf8).components(separatedBy: "\n")
        let width = try #require(lines.firstIndex(of: "width = 800"))
        lines[width] = "width = \"wide\""
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("gaugepanel-firmware-check-\(getpid()).toml").path
        try lines.joined(separator: "\n").write(toFile: bad, atomically: true, encoding: .utf8)
        defer { unlink(bad) }
        let problem = "\(bad):\(width + 1): display.width: "

        let ok = Self.standardOutput { FirmwareCommand.main(["check", good]) }
        #expect(ok.status == 0)
        #expect(ok.lines.contains("\(good): OK"), "\(ok.lines)")

        let broken = Self.standardOutput { FirmwareCommand.main(["check", bad]) }
        #expect(broken.status == 2)
        #expect(broken.lines.contains { $0.hasPrefix(problem) && $0.contains("\"wide\"") }, "\(broken.lines)")
        #expect(!broken.lines.contains { $0.hasPrefix(bad) && !$0.hasPrefix(problem) }, "one problem, one line: \(broken.lines)")

        let both = Self.standardOutput { FirmwareCommand.main(["check", good, bad]) }
        #expect(both.status == 2)
        #expect(both.lines.contains("\(good): OK") && both.lines.contains { $0.hasPrefix(problem) }, "\(both.lines)")
    }

    /// Runs `body` with this process's standard output going to a file: its status and the
    /// lines written meanwhile, which are then written on to the real standard output (the
    /// test runner's own lines among them), so nothing goes missing.
    static func standardOutput(_ body: () -> Int32) -> (status: Int32, lines: [String]) {
        var template = Array("/tmp/gaugepanel-firmware-stdout-XXXXXX".utf8CString)
        let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        precondition(file >= 0, "mkstemp failed")
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        defer {
            close(file)
            unlink(path)
        }
        fflush(nil)
        let saved = dup(1)
        dup2(file, 1)
        let status = body()
        fflush(nil)
        dup2(saved, 1)
        close(saved)
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        _ = text.utf8CString.withUnsafeBufferPointer { write(1, $0.baseAddress, $0.count - 1) }
        return (status, text.split(separator: "\n").map(String.init))
    }
}
