/// Finding a signal by `MESSAGE.SIGNAL` or by a name only one message uses, with a
/// did-you-mean for names that do not exist.
public struct DBCSignalReference: Sendable, Equatable {
    public var messageIndex: Int32
    public var signalIndex: Int32
}

public enum DBCLookupError: Error, Equatable, Sendable {
    case unknownMessage(String, suggestion: String?)
    case unknownSignal(String, suggestion: String?)
    /// The signal name is used by several messages: name it as `MESSAGE.SIGNAL`.
    case ambiguous(String, messages: [String])

    public var message: String {
        switch self {
        case .unknownMessage(let n, let s):
            return "no message " + n + (s.map { " (did you mean " + $0 + "?)" } ?? "")
        case .unknownSignal(let n, let s):
            return "no signal " + n + (s.map { " (did you mean " + $0 + "?)" } ?? "")
        case .ambiguous(let n, let messages):
            var text = "signal " + n + " is in several messages ("
            for (k, m) in messages.enumerated() { text += (k == 0 ? "" : ", ") + m + "." + n }
            return text + "): name one"
        }
    }
}

extension DBCFile {
    public func signal(named name: String) throws(DBCLookupError) -> DBCSignalReference {
        let bytes = Array(name.utf8)
        if let dot = bytes.firstIndex(of: UInt8(ascii: ".")) {
            let messageName = String(decoding: bytes[..<dot], as: UTF8.self)
            let signalName = String(decoding: bytes[(dot + 1)...], as: UTF8.self)
            guard let m = messages.firstIndex(where: { $0.name == messageName }) else {
                throw .unknownMessage(messageName, suggestion: nearestName(messageName, messages.map { $0.name }))
            }
            guard let s = messages[m].signals.firstIndex(where: { $0.name == signalName }) else {
                let known = messages[m].signals.map { messageName + "." + $0.name }
                throw .unknownSignal(name, suggestion: nearestName(name, known))
            }
            return DBCSignalReference(messageIndex: Int32(m), signalIndex: Int32(s))
        }
        var found: [DBCSignalReference] = []
        for (m, message) in messages.enumerated() {
            for (s, signal) in message.signals.enumerated() where signal.name == name {
                found.append(DBCSignalReference(messageIndex: Int32(m), signalIndex: Int32(s)))
            }
        }
        if found.count == 1 { return found[0] }
        if found.count > 1 {
            throw .ambiguous(name, messages: found.map { messages[Int($0.messageIndex)].name })
        }
        var known: [String] = []
        for message in messages { for s in message.signals { known.append(s.name) } }
        throw .unknownSignal(name, suggestion: nearestName(name, known))
    }

    public subscript(reference: DBCSignalReference) -> DBCSignal {
        messages[Int(reference.messageIndex)].signals[Int(reference.signalIndex)]
    }
}

/// The known name closest to `name` (case-insensitive edit distance within about a third
/// of its length), or nil.
public func nearestName(_ name: String, _ known: [String]) -> String? {
    guard !name.isEmpty else { return nil }
    let target = lowercased(name)
    var best: (name: String, distance: Int32)?
    for k in known {
        let d = editDistance(target, lowercased(k))
        if best == nil || d < best!.distance { best = (k, d) }
    }
    guard let b = best else { return nil }
    let limit = max(1, min(3, Int32(target.count) / 3 + 1))
    return b.distance <= limit ? b.name : nil
}

func lowercased(_ s: String) -> [UInt8] {
    s.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
}

/// Levenshtein distance over bytes (names are short ASCII).
func editDistance(_ x: [UInt8], _ y: [UInt8]) -> Int32 {
    if x.isEmpty { return Int32(y.count) }
    if y.isEmpty { return Int32(x.count) }
    var previous = (0...y.count).map { Int32($0) }
    var row = [Int32](repeating: 0, count: y.count + 1)
    for i in 1...x.count {
        row[0] = Int32(i)
        for j in 1...y.count {
            row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
        }
        swap(&previous, &row)
    }
    return previous[y.count]
}
