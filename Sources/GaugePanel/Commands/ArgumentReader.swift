/// A command-line reader: `--name value`, `--name=value`, flags, and positional
/// arguments. The firmware reads its commands with it (it has no ArgumentParser), and
/// both command lines read `run`'s options with it (`read(_:)`, `RunOptions.table(displays:)`).
/// A usage mistake is a `UsageError` (exit status 2, as on the host).
public struct ArgumentReader {
    private var arguments: [String]

    public init(_ arguments: [String]) { self.arguments = arguments }

    public struct UsageError: Error, Sendable {
        public var message: String
        public init(message: String) { self.message = message }
    }

    /// The value of `--name` (the last one given, as ArgumentParser takes it), or nil.
    public mutating func value(_ name: String) throws(UsageError) -> String? {
        try values(name).last
    }

    /// Every value of a repeatable `--name`, in order.
    public mutating func values(_ name: String) throws(UsageError) -> [String] {
        var all: [String] = []
        // Walk left to right so the order on the line is kept.
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            if a == "--" { break }
            if a == name {
                guard i + 1 < arguments.count, !arguments[i + 1].hasPrefix("--") else { throw UsageError(message: "missing value for '\(name)'") }
                all.append(arguments[i + 1])
                arguments.removeSubrange(i...(i + 1))
            } else if a.hasPrefix(name + "=") {
                all.append(String(a.dropFirst(name.count + 1)))
                arguments.remove(at: i)
            } else {
                i += 1
            }
        }
        return all
    }

    /// A number (finite or not: the requests check ranges and say so).
    public mutating func double(_ name: String) throws(UsageError) -> Double? {
        guard let s = try value(name) else { return nil }
        guard let d = Double(s) else { throw UsageError(message: "'\(name)' expects a number, got '\(s)'") }
        return d
    }

    public mutating func int64(_ name: String) throws(UsageError) -> Int64? {
        guard let s = try value(name) else { return nil }
        guard let n = Int64(s) else { throw UsageError(message: "'\(name)' expects a whole number, got '\(s)'") }
        return n
    }

    /// `--name` → true, `--no-name` → false, neither → `default`.
    public mutating func flag(_ name: String, default value: Bool, inversion: Bool = true) -> Bool {
        flag(name, inversion: inversion) ?? value
    }

    /// `--name` → true, `--no-name` → false (the last given wins), neither → nil.
    public mutating func flag(_ name: String, inversion: Bool) -> Bool? {
        var result: Bool? = nil
        var i = 0
        while i < arguments.count, arguments[i] != "--" {
            if arguments[i] == "--" + name {
                result = true
                arguments.remove(at: i)
            } else if inversion && arguments[i] == "--no-" + name {
                result = false
                arguments.remove(at: i)
            } else {
                i += 1
            }
        }
        return result
    }

    /// What is left: positional arguments; an unknown `--option` is a usage error.
    public mutating func finish() throws(UsageError) -> [String] {
        var rest: [String] = []
        var afterDashes = false
        for a in arguments {
            if !afterDashes && a == "--" {
                afterDashes = true
                continue
            }
            if !afterDashes && a.hasPrefix("-") && a.count > 1 { throw UsageError(message: "unknown option '\(a)'") }
            rest.append(a)
        }
        arguments = []
        return rest
    }
}
