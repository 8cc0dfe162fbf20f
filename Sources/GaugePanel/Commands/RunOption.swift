/// One option of `gaugepanel run`: its name, the value it takes, its help line, and how it
/// sets `RunOptions` (checking the value's range). `RunOptions.table(displays:)` lists them all; both
/// command lines read them with `ArgumentReader.read(_:)` and print their help from it.
public struct RunOption: Sendable {
    public enum Kind: Sendable, Equatable {
        /// `--name VALUE`; the placeholder names the value in usage lines.
        case text(placeholder: String)
        /// `--name S`: a number (a word is a usage mistake; the setter checks the range).
        case number(placeholder: String)
        /// `--name N`: a whole number.
        case wholeNumber(placeholder: String)
        /// `--name`, and `--no-name` when negatable.
        case flag(negatable: Bool)
    }

    /// A value as read, of the option's kind.
    enum Value {
        case text(String), number(Double), wholeNumber(Int64), flag(Bool)
    }

    /// Without the dashes: `wait-for-display`.
    public let name: String
    public let kind: Kind
    public let help: String
    /// Must be given (`--board`).
    public let required: Bool
    let set: @Sendable (inout RunOptions, Value) throws(CommandFailure) -> Void

    public var dashed: String { "--" + name }

    /// `--board FILE`, `--[no-]damage`: how usage lines show it.
    public var synopsis: String {
        switch kind {
        case .text(let p), .number(let p), .wholeNumber(let p): return dashed + " " + p
        case .flag(let negatable): return negatable ? "--[no-]" + name : dashed
        }
    }

    static func text(
        _ name: String, _ placeholder: String, required: Bool = false, help: String,
        _ set: @escaping @Sendable (inout RunOptions, String) throws(CommandFailure) -> Void
    ) -> RunOption {
        RunOption(name: name, kind: .text(placeholder: placeholder), help: help, required: required) { o, v throws(CommandFailure) in
            if case .text(let s) = v { try set(&o, s) }
        }
    }

    static func number(
        _ name: String, _ placeholder: String, help: String,
        _ set: @escaping @Sendable (inout RunOptions, Double) throws(CommandFailure) -> Void
    ) -> RunOption {
        RunOption(name: name, kind: .number(placeholder: placeholder), help: help, required: false) { o, v throws(CommandFailure) in
            if case .number(let d) = v { try set(&o, d) }
        }
    }

    static func wholeNumber(
        _ name: String, _ placeholder: String, help: String,
        _ set: @escaping @Sendable (inout RunOptions, Int64) throws(CommandFailure) -> Void
    ) -> RunOption {
        RunOption(name: name, kind: .wholeNumber(placeholder: placeholder), help: help, required: false) { o, v throws(CommandFailure) in
            if case .wholeNumber(let n) = v { try set(&o, n) }
        }
    }

    static func flag(
        _ name: String, negatable: Bool, help: String,
        _ set: @escaping @Sendable (inout RunOptions, Bool) -> Void
    ) -> RunOption {
        RunOption(name: name, kind: .flag(negatable: negatable), help: help, required: false) { o, v in
            if case .flag(let b) = v { set(&o, b) }
        }
    }

    /// What a command line gave, read by `ArgumentReader.read(_:)`, in table order.
    public struct Given: Sendable {
        var values: [(RunOption, Value)]
    }
}

extension RunOption.Value: Sendable {}

extension ArgumentReader {
    /// Reads the options of `table` (the last of a repeated one wins). A usage mistake —
    /// a missing value, a word where a number goes, a required option not given — is a
    /// `UsageError`; the values' ranges are checked when they are set (`RunOptions(_:)`).
    public mutating func read(_ table: [RunOption]) throws(UsageError) -> RunOption.Given {
        var given = RunOption.Given(values: [])
        for option in table {
            let value: RunOption.Value?
            switch option.kind {
            case .text: value = try self.value(option.dashed).map { .text($0) }
            case .number: value = try double(option.dashed).map { .number($0) }
            case .wholeNumber: value = try int64(option.dashed).map { .wholeNumber($0) }
            case .flag(let negatable): value = flag(option.name, inversion: negatable).map { .flag($0) }
            }
            if let value {
                given.values.append((option, value))
            } else if option.required {
                throw UsageError(message: "missing expected argument '\(option.dashed) <\(option.name)>'")
            }
        }
        return given
    }
}

extension RunOptions {
    /// The options a command line gave, set in table order; a value out of range is one
    /// line and exit status 2.
    public init(_ given: RunOption.Given) throws(CommandFailure) {
        self.init(boardPath: "")
        for (option, value) in given.values { try option.set(&self, value) }
    }

    /// The usage line of `run` (for `--help` and usage errors), starting with `prefix`, then
    /// the options and `extra` words, wrapped at `width`, the lines after the first
    /// indented by `continuation` spaces.
    public static func usage(displays: [String], prefix: String = "run", extra: [String] = [], continuation: Int = 4, width: Int = 76) -> String {
        let table = table(displays: displays)
        let indent = String(repeating: " ", count: continuation)
        var lines: [String] = [], line = prefix
        for word in table.map({ $0.required ? $0.synopsis : "[" + $0.synopsis + "]" }) + extra {
            if line.count + 1 + word.count > width {
                lines.append(line)
                line = indent + word
            } else {
                line += " " + word
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// Each option's synopsis, then its help wrapped in a column to `width`, as `run
    /// --help` lists them.
    public static func help(displays: [String], width: Int = 79) -> String {
        let table = table(displays: displays)
        let column = (table.map { $0.synopsis.count }.max() ?? 0) + 4
        var lines: [String] = []
        for option in table {
            var line = "  " + option.synopsis + String(repeating: " ", count: column - 2 - option.synopsis.count)
            for word in option.help.split(separator: " ") {
                if line.count == column {
                    line += word
                } else if line.count + 1 + word.count > width {
                    lines.append(line)
                    line = String(repeating: " ", count: column) + word
                } else {
                    line += " " + word
                }
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
