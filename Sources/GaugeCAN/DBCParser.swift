/// DBC text → `DBCFile`.
///
/// Read: `BO_` messages and their `SG_` signals (simple multiplexing: `M` and `mN`),
/// `VAL_` value tables, `BA_ "GenMsgCycleTime" BO_`, `SIG_VALTYPE_` (IEEE floats).
/// Skipped: `VERSION`, `NS_`, `BS_`, `BU_`, `CM_`, `BA_DEF_`, `BA_DEF_DEF_`, `VAL_TABLE_`,
/// the other `;`-terminated statements and `BO_TX_BU_`; `VECTOR__INDEPENDENT_SIG_MSG`
/// (a tool's holder for unused signals) is left out with its signals.
/// Every error names its line; nothing is half-loaded.
extension DBCFile {
    public static func parse<C: Collection>(_ text: C) throws(DBCError) -> DBCFile where C.Element == UInt8 {
        var parser = DBCParser(tokens: try DBCTokenizer.tokens(Array(text)))
        return try parser.parse()
    }
}

struct DBCParser {
    static let skippedUntilSemicolon: Set<String> = [
        "CM_", "BA_DEF_", "BA_DEF_DEF_", "VAL_TABLE_", "BO_TX_BU_", "EV_", "ENVVAR_DATA_", "SGTYPE_",
        "SGTYPE_VAL_", "SIG_GROUP_", "SIG_TYPE_REF_", "BA_DEF_REL_", "BA_REL_", "BA_DEF_DEF_REL_",
        "BA_DEF_SGTYPE_", "BA_SGTYPE_", "SG_MUL_VAL_", "CAT_DEF_", "CAT_", "FILTER", "BU_SG_REL_",
        "BU_EV_REL_", "BU_BO_REL_", "SIGTYPE_VALTYPE_", "ENVVAR_DTYPE_",
    ]
    static let skippedLine: Set<String> = ["VERSION", "BS_", "BU_"]
    /// `VECTOR__INDEPENDENT_SIG_MSG`'s id (0x40000000 with the extended bit).
    static let independentSignalsID: UInt32 = 0xC000_0000

    var tokens: [DBCToken]
    var i = 0
    var messages: [DBCMessage] = []
    /// Index of the message the following `SG_` lines belong to.
    var current: Int?
    /// Whether the current message is one left out (its signals are skipped too).
    var skippingMessage = false
    /// Inside a `;`-terminated statement, which may continue on the next lines.
    var allowLineBreaks = false
    /// Statements that name messages and signals, applied once every message is read.
    var valueTables: [(line: Int32, id: UInt32, signal: String, names: [DBCValueName])] = []
    var cycleTimes: [(line: Int32, id: UInt32, ms: UInt32)] = []
    var valueTypes: [(line: Int32, id: UInt32, signal: String, type: DBCSignal.ValueType)] = []

    init(tokens: [DBCToken]) {
        self.tokens = tokens
    }

    mutating func parse() throws(DBCError) -> DBCFile {
        while i < tokens.count {
            let t = tokens[i]
            guard t.startsLine, t.kind == .identifier else {
                throw DBCError(line: t.line, message: "expected a keyword at the start of the line, found " + t.describe)
            }
            i += 1
            if t.text != "SG_" {
                current = nil
                skippingMessage = false
            }
            switch t.text {
            case "BO_": try message(t)
            case "SG_": try signal(t)
            case "NS_":
                // The symbol list: indented names under `NS_ :`.
                while i < tokens.count, !tokens[i].startsLine || tokens[i].indented { i += 1 }
            case "VAL_":
                allowLineBreaks = true
                try values(t)
                allowLineBreaks = false
            case "BA_":
                allowLineBreaks = true
                try attribute(t)
                allowLineBreaks = false
            case "SIG_VALTYPE_":
                allowLineBreaks = true
                try valueType(t)
                allowLineBreaks = false
            default:
                if Self.skippedLine.contains(t.text) {
                    skipLine()
                } else if Self.skippedUntilSemicolon.contains(t.text) {
                    try skipStatement(t)
                } else {
                    throw DBCError(line: t.line, message: "unknown statement " + t.describe)
                }
            }
        }
        try applyLateStatements()
        return DBCFile(messages: messages)
    }

    // MARK: messages and signals

    mutating func message(_ keyword: DBCToken) throws(DBCError) {
        let rawID = try integer(UInt64(UInt32.max), "message id", after: keyword)
        let name = try identifier("message name", after: keyword)
        try punctuation(":", after: "the message name", keyword)
        let length = try integer(64, "DLC (0…64 bytes)", after: keyword)
        var transmitter = ""
        if i < tokens.count, !tokens[i].startsLine, tokens[i].kind == .identifier {
            transmitter = tokens[i].text
            i += 1
        }
        try endOfLine(keyword)
        if name == "VECTOR__INDEPENDENT_SIG_MSG" {
            skippingMessage = true
            return
        }
        let extended = rawID & 0x8000_0000 != 0
        let id = UInt32(rawID & 0x7FFF_FFFF)
        guard id <= (extended ? CANFrame.maxExtendedID : CANFrame.maxStandardID) else {
            throw DBCError(
                line: keyword.line,
                message: "message " + name + ": id 0x" + hexString(UInt64(id))
                    + " does not fit " + (extended ? "29" : "11") + " bits")
        }
        if let other = messages.first(where: { $0.id == id && $0.isExtended == extended }) {
            throw DBCError(
                line: keyword.line,
                message: "message " + name + " has the id of " + other.name
                    + " (line " + String(other.line) + ")")
        }
        if let other = messages.first(where: { $0.name == name }) {
            throw DBCError(line: keyword.line, message: "message name " + name + " is used on line " + String(other.line) + " too")
        }
        messages.append(
            DBCMessage(
                id: id, isExtended: extended, name: name, length: UInt8(length),
                transmitter: transmitter, signals: [], cycleTimeMilliseconds: nil, line: keyword.line))
        current = messages.count - 1
    }

    /// `SG_ name [M|mN] : start|length@order sign (factor,offset) [min|max] "unit" receivers`
    mutating func signal(_ keyword: DBCToken) throws(DBCError) {
        if skippingMessage {
            skipLine()
            return
        }
        guard let index = current else {
            throw DBCError(line: keyword.line, message: "SG_ outside a message (it must follow a BO_ line)")
        }
        let name = try identifier("signal name", after: keyword)
        var multiplex = DBCSignal.Multiplex.none
        if i < tokens.count, !tokens[i].startsLine, tokens[i].kind == .identifier {
            multiplex = try multiplexIndicator(tokens[i], signal: name)
            i += 1
        }
        try punctuation(":", after: "signal " + name, keyword)
        let layout = try signalLayout(name, keyword)
        let scaling = try signalScaling(keyword)
        let unitToken = try next("unit string", keyword)
        guard unitToken.kind == .string else {
            throw DBCError(line: unitToken.line, message: "signal " + name + ": expected a quoted unit, found " + unitToken.describe)
        }
        let receivers = try signalReceivers(name)
        let message = messages[index]
        guard layout.bytesNeeded <= Int32(message.length) else {
            throw DBCError(
                line: keyword.line,
                message: "signal " + name + " (start bit " + String(layout.startBit) + ", "
                    + String(layout.length) + " bits, " + (layout.byteOrder == .intel ? "Intel" : "Motorola") + ") needs "
                    + String(layout.bytesNeeded) + " bytes; message " + message.name + " has "
                    + String(message.length))
        }
        if let other = message.signals.first(where: { $0.name == name }) {
            throw DBCError(
                line: keyword.line,
                message: "signal " + name + " is defined twice in " + message.name
                    + " (line " + String(other.line) + ")")
        }
        if multiplex == .multiplexer, let other = message.multiplexer {
            throw DBCError(
                line: keyword.line,
                message: "message " + message.name + " has a multiplexer already ("
                    + other.name + "): several multiplexers are not supported")
        }
        messages[index].signals.append(
            DBCSignal(
                name: name, layout: layout, factor: scaling.factor, offset: scaling.offset, minimum: scaling.minimum, maximum: scaling.maximum,
                unit: unitToken.text, receivers: receivers, multiplex: multiplex, valueType: .integer,
                valueNames: [], line: keyword.line))
    }

    /// `start|length@order sign`.
    mutating func signalLayout(_ name: String, _ keyword: DBCToken) throws(DBCError) -> SignalLayout {
        let start = try integer(511, "start bit", after: keyword)
        try punctuation("|", after: "the start bit", keyword)
        let length = try integer(64, "length", after: keyword)
        try punctuation("@", after: "the length", keyword)
        let order = try integer(1, "byte order (@0 Motorola or @1 Intel)", after: keyword)
        let signed: Bool
        switch try next("sign (+ or -)", keyword) {
        case let t where t.kind == .punctuation && t.text == "+": signed = false
        case let t where t.kind == .punctuation && t.text == "-": signed = true
        case let t: throw DBCError(line: t.line, message: "signal " + name + ": expected + or - after the byte order, found " + t.describe)
        }
        do throws(SignalLayoutError) {
            return try SignalLayout(
                startBit: UInt16(start), length: UInt8(length),
                byteOrder: order == 1 ? .intel : .motorola, isSigned: signed)
        } catch {
            throw DBCError(line: keyword.line, message: "signal " + name + ": " + error.message)
        }
    }

    /// `(factor,offset) [min|max]`.
    mutating func signalScaling(_ keyword: DBCToken) throws(DBCError) -> (factor: Double, offset: Double, minimum: Double, maximum: Double) {
        try punctuation("(", after: "the sign", keyword)
        let factor = try number("factor", after: keyword)
        try punctuation(",", after: "the factor", keyword)
        let offset = try number("offset", after: keyword)
        try punctuation(")", after: "the offset", keyword)
        try punctuation("[", after: "(factor,offset)", keyword)
        let minimum = try number("minimum", after: keyword)
        try punctuation("|", after: "the minimum", keyword)
        let maximum = try number("maximum", after: keyword)
        try punctuation("]", after: "the maximum", keyword)
        return (factor, offset, minimum, maximum)
    }

    /// The receiving nodes to the end of the line, separated by commas.
    mutating func signalReceivers(_ name: String) throws(DBCError) -> [String] {
        var receivers: [String] = []
        while i < tokens.count, !tokens[i].startsLine {
            let t = tokens[i]
            i += 1
            if t.kind == .identifier {
                receivers.append(t.text)
                continue
            }
            if t.kind == .punctuation && t.text == "," { continue }
            throw DBCError(line: t.line, message: "signal " + name + ": expected receiver names, found " + t.describe)
        }
        return receivers
    }

    func multiplexIndicator(_ t: DBCToken, signal: String) throws(DBCError) -> DBCSignal.Multiplex {
        if t.text == "M" { return .multiplexer }
        let b = Array(t.text.utf8)
        if b.count >= 2, b[0] == UInt8(ascii: "m") {
            if b.last == UInt8(ascii: "M") {
                throw DBCError(
                    line: t.line,
                    message: "signal " + signal + ": " + t.text
                        + " (a multiplexed multiplexer) needs extended multiplexing, which is not supported")
            }
            var v: UInt64 = 0
            for c in b.dropFirst() {
                guard DBCTokenizer.isDigit(c), v < 100_000_000 else {
                    throw DBCError(line: t.line, message: "signal " + signal + ": bad multiplexer indicator " + t.describe)
                }
                v = v * 10 + UInt64(c - 48)
            }
            return .multiplexed(v)
        }
        throw DBCError(line: t.line, message: "signal " + signal + ": expected ':', M or mN after the name, found " + t.describe)
    }

    // MARK: statements naming messages and signals

    /// `VAL_ <id> <signal> (<value> "<text>")* ;` (a `VAL_` for an environment variable is skipped).
    mutating func values(_ keyword: DBCToken) throws(DBCError) {
        guard i < tokens.count, tokens[i].kind == .number else {
            try skipStatement(keyword)
            return
        }
        let id = try integer(UInt64(UInt32.max), "message id", after: keyword)
        let signal = try identifier("signal name", after: keyword)
        var names: [DBCValueName] = []
        while true {
            let t = try next("value or ';'", keyword)
            if t.kind == .punctuation && t.text == ";" { break }
            guard t.kind == .number, let v = Self.parseInt64(t.text) else {
                throw DBCError(line: t.line, message: "VAL_ " + signal + ": expected an integer value or ';', found " + t.describe)
            }
            let text = try next("value text", keyword)
            guard text.kind == .string else {
                throw DBCError(line: text.line, message: "VAL_ " + signal + ": expected quoted text after " + t.text)
            }
            names.append(DBCValueName(value: v, text: text.text))
        }
        valueTables.append((keyword.line, UInt32(id), signal, names))
    }

    /// `BA_ "GenMsgCycleTime" BO_ <id> <ms>;` is kept; other attributes are skipped.
    mutating func attribute(_ keyword: DBCToken) throws(DBCError) {
        guard i + 2 < tokens.count, tokens[i].kind == .string, tokens[i].text == "GenMsgCycleTime",
            tokens[i + 1].text == "BO_"
        else {
            try skipStatement(keyword)
            return
        }
        i += 2
        let id = try integer(UInt64(UInt32.max), "message id", after: keyword)
        let ms = try integer(UInt64(UInt32.max), "cycle time (ms)", after: keyword)
        try punctuation(";", after: "the cycle time", keyword)
        cycleTimes.append((keyword.line, UInt32(id), UInt32(ms)))
    }

    /// `SIG_VALTYPE_ <id> <signal> : <0|1|2>;`
    mutating func valueType(_ keyword: DBCToken) throws(DBCError) {
        let id = try integer(UInt64(UInt32.max), "message id", after: keyword)
        let signal = try identifier("signal name", after: keyword)
        if i < tokens.count, tokens[i].text == ":" { i += 1 }
        let code = try integer(2, "value type (0 integer, 1 float, 2 double)", after: keyword)
        try punctuation(";", after: "the value type", keyword)
        let type: DBCSignal.ValueType = code == 1 ? .float32 : code == 2 ? .float64 : .integer
        valueTypes.append((keyword.line, UInt32(id), signal, type))
    }

    mutating func applyLateStatements() throws(DBCError) {
        for v in valueTables {
            guard let (m, s) = try locate(v.id, v.signal, line: v.line, statement: "VAL_") else { continue }
            messages[m].signals[s].valueNames = v.names
        }
        for c in cycleTimes {
            guard let m = messageIndex(c.id) else { continue }
            messages[m].cycleTimeMilliseconds = c.ms
        }
        for v in valueTypes {
            guard let (m, s) = try locate(v.id, v.signal, line: v.line, statement: "SIG_VALTYPE_") else { continue }
            let length = messages[m].signals[s].layout.length
            guard v.type == .integer || (v.type == .float32 && length == 32) || (v.type == .float64 && length == 64) else {
                throw DBCError(
                    line: v.line,
                    message: "SIG_VALTYPE_ " + v.signal + ": a " + (v.type == .float32 ? "float" : "double")
                        + " needs " + (v.type == .float32 ? "32" : "64") + " bits, the signal has " + String(length))
            }
            messages[m].signals[s].valueType = v.type
        }
        for message in messages {
            for s in message.signals where s.multiplex != .none && s.multiplex != .multiplexer && message.multiplexer == nil {
                throw DBCError(
                    line: s.line,
                    message: "signal " + s.name + " is multiplexed but message " + message.name
                        + " has no multiplexer (M)")
            }
        }
    }

    func messageIndex(_ rawID: UInt32) -> Int? {
        let extended = rawID & 0x8000_0000 != 0
        let id = rawID & 0x7FFF_FFFF
        return messages.firstIndex { $0.id == id && $0.isExtended == extended }
    }

    /// Signals of a left-out message (`VECTOR__INDEPENDENT_SIG_MSG`) are not found and not an error.
    func locate(_ rawID: UInt32, _ signal: String, line: Int32, statement: String) throws(DBCError) -> (Int, Int)? {
        if rawID == Self.independentSignalsID { return nil }
        guard let m = messageIndex(rawID) else {
            throw DBCError(line: line, message: statement + " names message id " + String(rawID) + ", which no BO_ defines")
        }
        guard let s = messages[m].signals.firstIndex(where: { $0.name == signal }) else {
            throw DBCError(
                line: line,
                message: statement + " names signal " + signal + ", which message "
                    + messages[m].name + " does not have")
        }
        return (m, s)
    }
}
