/// Collects every issue found while reading one file, each located by the source locator.
final class Diagnostics {
    let file: String
    let locator: SourceLocator
    private(set) var issues: [ConfigIssue] = []
    /// The issues already reported: a board with thousands of them stays linear.
    private var reported: Set<ConfigIssue> = []
    /// Lines whose strings hold an escaped NUL, not yet reported by the key that reads them.
    private(set) var unreportedNULLines: Set<Int>

    init(file: String, locator: SourceLocator, nulLines: Set<Int> = []) {
        self.file = file; self.locator = locator; unreportedNULLines = nulLines
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
            let issue = ConfigIssue(file: file, line: line, path: key.isEmpty || key.count == source.count ? "syntax" : key,
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

/// The known key closest to a misspelt one (edit distance ≤ 2, or a prefix match).
func nearestKey(to key: String, in known: [String]) -> String? {
    // Every key starts with the empty one: suggesting any would be noise.
    guard !key.isEmpty else { return nil }
    var best: (key: String, distance: Int)?
    for k in known {
        let d = editDistance(key.lowercased(), k.lowercased())
        if best == nil || d < best!.distance { best = (k, d) }
    }
    guard let b = best else { return nil }
    let limit = Swift.max(1, Swift.min(3, key.count / 3 + 1))
    if b.distance <= limit { return b.key }
    return known.first { $0.hasPrefix(key) || key.hasPrefix($0) }
}

/// Levenshtein distance over Unicode scalars (keys are short).
func editDistance(_ a: String, _ b: String) -> Int {
    let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
    if x.isEmpty { return y.count }
    if y.isEmpty { return x.count }
    var previous = Array(0...y.count)
    var row = [Int](repeating: 0, count: y.count + 1)
    for i in 1...x.count {
        row[0] = i
        for j in 1...y.count {
            row[j] = Swift.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
        }
        swap(&previous, &row)
    }
    return previous[y.count]
}

private extension String {
    var trimmingBlanks: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}
