/// The firmware's command-line reader: `--name value`, `--name=value`, flags, and
/// positional arguments — the little the firmware's commands need, where the host has
/// ArgumentParser. A usage mistake is a `UsageError` (exit status 2, as on the host).
struct ArgumentReader {
    private var arguments: [String]

    init(_ arguments: [String]) { self.arguments = arguments }

    struct UsageError: Error {
        var message: String
    }

    /// The value of `--name` (the last one given, as ArgumentParser takes it), or nil.
    mutating func value(_ name: String) throws(UsageError) -> String? {
        try values(name).last
    }

    /// Every value of a repeatable `--name`, in order.
    mutating func values(_ name: String) throws(UsageError) -> [String] {
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
    mutating func double(_ name: String) throws(UsageError) -> Double? {
        guard let s = try value(name) else { return nil }
        guard let d = Double(s) else { throw UsageError(message: "'\(name)' expects a number, got '\(s)'") }
        return d
    }

    mutating func int64(_ name: String) throws(UsageError) -> Int64? {
        guard let s = try value(name) else { return nil }
        guard let n = Int64(s) else { throw UsageError(message: "'\(name)' expects a whole number, got '\(s)'") }
        return n
    }

    /// `--name` → true, `--no-name` → false, neither → `default`.
    mutating func flag(_ name: String, default value: Bool, inversion: Bool = true) -> Bool {
        var result = value
        var i = 0
        while i < arguments.count, arguments[i] != "--" {
            if arguments[i] == "--" + name { result = true; arguments.remove(at: i) }
            else if inversion && arguments[i] == "--no-" + name { result = false; arguments.remove(at: i) }
            else { i += 1 }
        }
        return result
    }

    /// What is left: positional arguments; an unknown `--option` is a usage error.
    mutating func finish() throws(UsageError) -> [String] {
        var rest: [String] = []
        var afterDashes = false
        for a in arguments {
            if !afterDashes && a == "--" { afterDashes = true; continue }
            if !afterDashes && a.hasPrefix("-") && a.count > 1 { throw UsageError(message: "unknown option '\(a)'") }
            rest.append(a)
        }
        arguments = []
        return rest
    }
}
