import ArgumentParser
import Glibc

/// Output for commands: results on stdout, one-line errors on stderr.
enum Console {
    static func error(_ message: String, prefixed: Bool = true) {
        let line = (prefixed ? "gaugepanel: " : "") + message + "\n"
        var bytes = Array(line.utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
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
