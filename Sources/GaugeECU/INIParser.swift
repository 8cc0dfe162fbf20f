import GaugeSensors

extension ECUDefinition {
    /// Reads an INI's signature, commands and output channels, its conditional sections
    /// resolved by `settings` (and the file's defaults). Errors carry the line.
    public static func parse(_ bytes: [UInt8], settings: [String] = []) throws(INIError) -> ECUDefinition {
        var pre = INIPreprocessor(chosen: settings)
        let lines = try pre.run(bytes)
        for s in settings where !pre.known.contains(s) {
            let hint = NameSuggestion.nearest(to: s, in: pre.known).map { "; did you mean \"\($0)\"?" } ?? ""
            throw INIError(line: 0, "the INI has no setting \"\(s)\"\(hint) (it knows: \(pre.known.joined(separator: ", ")))")
        }
        var d = ECUDefinition()
        d.settings = pre.symbols
        d.knownSettings = pre.known
        var entries: [(name: String, value: ArraySlice<UInt8>, line: Int)] = []
        var blockSizeLine = 0
        var sawOutputChannels = false
        for l in lines {
            guard let (key, value) = INIText.keyValue(l.text) else { continue }
            switch l.section {
            case "MegaTune", "TunerStudio": try d.readIdentity(key, value, line: l.number)
            case "Constants": d.readConstant(key, value)
            case "OutputChannels":
                sawOutputChannels = true
                if key == "ochBlockSize" {
                    d.blockSize = try Self.integer(INIText.fields(value)[0], 1...65535, "ochBlockSize", line: l.number)
                    blockSizeLine = l.number
                } else if key == "ochGetCommand" {
                    d.realtimeCommand = try Self.command(value, line: l.number)
                } else {
                    entries.removeAll { $0.name == key }
                    entries.append((key, value, l.number))
                }
            default: break
            }
        }
        guard sawOutputChannels else { throw INIError(line: 0, "no [OutputChannels] section: is this a TunerStudio INI?") }
        guard blockSizeLine > 0 else { throw INIError(line: 0, "[OutputChannels] has no ochBlockSize") }
        try d.readChannels(entries)
        return d
    }

    private mutating func readIdentity(_ key: String, _ value: ArraySlice<UInt8>, line: Int) throws(INIError) {
        switch key {
        case "signature":
            var s = INIText.string(INIText.unquoted(INIText.fields(value)[0]))
            while s.last == " " { s.removeLast() }
            signature = s
        case "queryCommand": queryCommand = try Self.command(value, line: line).bytes(offset: 0, count: 0, bigEndian: true)
        case "versionInfo": versionInfo = try Self.command(value, line: line).bytes(offset: 0, count: 0, bigEndian: true)
        default: break
        }
    }

    private mutating func readConstant(_ key: String, _ value: ArraySlice<UInt8>) {
        switch key {
        case "endianness": bigEndian = INIText.string(value) != "little"
        case "messageEnvelopeFormat": prefersCRCFraming = INIText.string(value).hasPrefix("msEnvelope")
        default: break
        }
    }

    static func command(_ value: ArraySlice<UInt8>, line: Int) throws(INIError) -> CommandTemplate {
        do {
            return try CommandTemplate.parse(INIText.unquoted(INIText.fields(value)[0]))
        } catch {
            throw INIError(line: line, error.message)
        }
    }

    static func integer(_ field: ArraySlice<UInt8>, _ range: ClosedRange<Int>, _ what: String, line: Int) throws(INIError) -> Int {
        // Checked as a Double first: a huge offset must not trap on a 32-bit Int.
        guard let v = DecimalParser.parse(bytes: Array(field)), v == v.rounded(),
            v >= Double(range.lowerBound), v <= Double(range.upperBound)
        else {
            throw INIError(
                line: line, "\(what): expected a whole number in \(range.lowerBound)…\(range.upperBound), got \"\(INIText.string(field))\"")
        }
        return Int(v)
    }

    static func number(_ field: ArraySlice<UInt8>, _ what: String, line: Int) throws(INIError) -> Double {
        guard let v = DecimalParser.parse(bytes: Array(field)), v.isFinite else {
            throw INIError(line: line, "\(what): expected a number, got \"\(INIText.string(field))\"")
        }
        return v
    }
}
