import GaugeASCII

/// "Did you mean …?" for a misspelt name — a board's key, a channel, a style, a DBC file's
/// message or signal: one rule wherever a name is looked up.
public enum NameSuggestion {
    /// The known name closest to `name`: case-insensitive edit distance within about a
    /// third of its length (1…3), else a known name that is a prefix of it or has it as a
    /// prefix; nil when none is close.
    public static func nearest(to name: String, in known: [String]) -> String? {
        // Every name starts with the empty one: suggesting any would be noise.
        guard !name.isEmpty else { return nil }
        let target = name.asciiLowercased
        var best: (name: String, distance: Int)?
        for k in known {
            let d = editDistance(target, k.asciiLowercased)
            if best == nil || d < best!.distance { best = (k, d) }
        }
        guard let b = best else { return nil }
        let limit = Swift.max(1, Swift.min(3, name.count / 3 + 1))
        if b.distance <= limit { return b.name }
        return known.first { $0.hasPrefix(name) || name.hasPrefix($0) }
    }

    /// Levenshtein distance over Unicode scalars (names are short).
    static func editDistance(_ a: String, _ b: String) -> Int {
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
}
