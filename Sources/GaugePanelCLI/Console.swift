import ArgumentParser
import GaugePanel
import Glibc

/// Output for commands: results on stdout, one-line errors on stderr — as errors
/// (priority 3) in the journal when the service's stderr is the journal's stream.
enum Console {
    static let toJournal = JournalStream.stderrIsJournal()

    static func error(_ message: String, prefixed: Bool = true) {
        let line = (toJournal ? "<3>" : "") + (prefixed ? "gaugepanel: " : "") + message + "\n"
        var bytes = Array(line.utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }
}

extension Console {
    /// A shared command's failure on stderr, and its exit status.
    static func report(_ failure: CommandFailure) -> ExitCode {
        for line in failure.lines { error(line, prefixed: failure.prefixed) }
        return ExitCode(failure.status)
    }
}

/// Exit codes shared by the commands (compare's "differ" is 1).
extension ExitCode {
    /// Bad input: unknown scene or format, unreadable or unwritable file, bad image.
    static let badInput = ExitCode(2)
}

/// Prints `message` on stderr and returns the bad-input exit code, for `throw fail(...)`.
func fail(_ message: String) -> ExitCode {
    Console.error(message)
    return .badInput
}
