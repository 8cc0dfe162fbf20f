/// A problem in a TunerStudio INI file, at its 1-based line (0: the file as a whole).
public struct INIError: Error, Sendable, Equatable {
    public var line: Int
    public var message: String

    public init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }

    /// `file:line: message`, as `check` prints it.
    public func described(file: String) -> String {
        line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)"
    }
}
