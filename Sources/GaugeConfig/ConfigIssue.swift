/// One problem in a configuration file, located by line and key path:
/// `dashboards/car.toml:42: page[1].widget "rpm".range: expected [min, max] with min < max, got [8000, 0]`.
public struct ConfigIssue: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    /// 1-based; nil when the key has no line of its own (a missing top-level section).
    public var line: Int?
    /// The key path as a user reads it (`page[1].widget "rpm".range`; `syntax` for TOML errors).
    public var path: String
    public var message: String

    public init(file: String, line: Int?, path: String, message: String) {
        self.file = file
        self.line = line
        self.path = path
        self.message = message
    }

    public var description: String {
        let location = line.map { "\(file):\($0)" } ?? file
        return path.isEmpty ? "\(location): \(message)" : "\(location): \(path): \(message)"
    }
}

/// Everything wrong with a file: loading never stops at the first problem and never
/// returns half a configuration.
public struct ConfigurationErrors: Error, Sendable, Equatable, CustomStringConvertible {
    public var issues: [ConfigIssue]
    public init(_ issues: [ConfigIssue]) { self.issues = issues }
    public var description: String { issues.map { $0.description }.joined(separator: "\n") }
}

/// Where a value sits in the document. Array elements may carry a name (a widget's id)
/// so messages say `widget "rpm"` rather than `widget[3]`.
struct KeyPath: Sendable, Equatable {
    enum Component: Sendable, Equatable {
        case key(String)
        case index(Int, name: String?)
    }
    var components: [Component] = []

    static let root = KeyPath()

    func appending(_ key: String) -> KeyPath { KeyPath(components: components + [.key(key)]) }
    func appending(index: Int, name: String? = nil) -> KeyPath {
        KeyPath(components: components + [.index(index, name: name)])
    }
    func named(_ name: String) -> KeyPath {
        guard case .index(let i, _)? = components.last else { return self }
        return KeyPath(components: components.dropLast() + [.index(i, name: name)])
    }

    /// `page[0].widget[2].range`: what the source locator indexes.
    var canonical: String {
        var s = ""
        for c in components {
            switch c {
            case .key(let k): s += s.isEmpty ? k : "." + k
            case .index(let i, _): s += "[\(i)]"
            }
        }
        return s
    }

    /// `page[0].widget "rpm".range`: what messages show. A key that is not bare (empty,
    /// with spaces or dots) is shown quoted, as the file has it, so it is never invisible.
    var display: String {
        var s = ""
        for c in components {
            switch c {
            case .key(let k):
                let shown = Self.isBare(k) ? k : "\"" + k.escapingControls + "\""
                s += s.isEmpty ? shown : "." + shown
            case .index(let i, let name): s += name.map { " \"\($0.escapingControls)\"" } ?? "[\(i)]"
            }
        }
        return s
    }

    /// A key TOML allows unquoted: A-Z a-z 0-9 _ -, at least one.
    static func isBare(_ key: String) -> Bool {
        !key.isEmpty
            && key.utf8.allSatisfy { c in
                (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) || c == 0x5F || c == 0x2D
            }
    }

    /// The path without its last component (the table a key sits in).
    var parent: KeyPath { KeyPath(components: Array(components.dropLast())) }
}
