import GaugeSystem

/// Collects every issue found while reading one file, each located by the source locator.
final class Diagnostics {
    let file: String
    let locator: SourceLocator
    private(set) var issues: [ConfigIssue] = []
    /// The issues already reported: a board with thousands of them stays linear.
    private var reported: Set<ConfigIssue> = []
    /// Lines whose strings hold an escaped NUL, not yet reported by the key that reads them.
    private(set) var unreportedNULLines: Set<Int>

    /// Reads the files the board names (DBC, recordings, CA and password files).
    let system: any PanelSystem

    init(file: String, locator: SourceLocator, nulLines: Set<Int> = [], system: any PanelSystem) {
        self.file = file
        self.locator = locator
        unreportedNULLines = nulLines
        self.system = system
    }

    /// True (once per line) if the string at `path` holds an escaped NUL.
    func holdsNUL(_ path: KeyPath) -> Bool {
        guard !unreportedNULLines.isEmpty, let line = locator.line(of: path) else { return false }
        return unreportedNULLines.remove(line) != nil
    }

    /// Strings with a NUL that no key reader saw (a list of strings, a key map): one issue
    /// per line, named by the key that starts it.
    func reportRemainingNULs(in text: String) {
        guard !unreportedNULLines.isEmpty else { return }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for line in unreportedNULLines.sorted() {
            let source = line - 1 < lines.count ? lines[line - 1] : ""
            let key = source.split(separator: "=", maxSplits: 1).first.map { String($0).trimmingBlanks } ?? ""
            let issue = ConfigIssue(
                file: file, line: line, path: key.isEmpty || key.count == source.count ? "syntax" : key,
                message: Self.nulMessage)
            if reported.insert(issue).inserted { issues.append(issue) }
        }
        unreportedNULLines = []
    }

    static let nulMessage = "a string cannot hold NUL (\\u0000): it would be cut there; remove it"

    func report(_ path: KeyPath, _ message: String) {
        let issue = ConfigIssue(file: file, line: locator.line(of: path), path: path.display, message: message)
        if reported.insert(issue).inserted { issues.append(issue) }
    }

    /// In file order (issues without a line first), stable otherwise.
    var sortedIssues: [ConfigIssue] {
        issues.enumerated().sorted { a, b in
            let la = a.element.line ?? 0, lb = b.element.line ?? 0
            return la != lb ? la < lb : a.offset < b.offset
        }.map { $0.element }
    }
}

private extension String {
    var trimmingBlanks: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}
