/// What a command says when it cannot do its work: the lines for stderr, and the exit
/// status — 2 for bad input (a broken board file, a bad option, a missing device: one
/// line naming it and the fix), 1 when the run itself failed. Shared by the host's
/// command line and the firmware's, so both say the same and exit the same.
public struct CommandFailure: Error, Sendable {
    public var lines: [String]
    public var status: Int32
    /// Whether the lines carry the "gaugepanel: " prefix (board-file issues name their
    /// file first instead).
    public var prefixed: Bool

    public init(_ message: String, status: Int32 = 2) {
        lines = [message]
        self.status = status
        prefixed = true
    }

    public init(lines: [String], status: Int32 = 2, prefixed: Bool) {
        self.lines = lines
        self.status = status
        self.prefixed = prefixed
    }
}
