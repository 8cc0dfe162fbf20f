import GaugeDecoders

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
                throw .unknownMessage(messageName, suggestion: NameSuggestion.nearest(to: messageName, in: messages.map { $0.name }))
            }
            guard let s = messages[m].signals.firstIndex(where: { $0.name == signalName }) else {
                let known = messages[m].signals.map { messageName + "." + $0.name }
                throw .unknownSignal(name, suggestion: NameSuggestion.nearest(to: name, in: known))
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
        throw .unknownSignal(name, suggestion: NameSuggestion.nearest(to: name, in: known))
    }

    public subscript(reference: DBCSignalReference) -> DBCSignal {
        messages[Int(reference.messageIndex)].signals[Int(reference.signalIndex)]
    }
}
