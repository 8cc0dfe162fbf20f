import GaugeSensors

/// Resolves `#if`/`#elif`/`#else`/`#endif` by the settings: the board's, else the INI's
/// defaults (`#set`/`#unset`; a setting group's `DEFAULT` option sets nothing). Yields the
/// active lines with their section and line number.
struct INIPreprocessor {
    struct ActiveLine {
        var section: String
        var number: Int
        var text: ArraySlice<UInt8>
    }

    private struct Branch {
        var parentActive: Bool
        var taken: Bool
        var active: Bool
        var line: Int
    }

    /// The settings the board chose: they win over the file's `#set`/`#unset`.
    let chosen: [String]
    private(set) var symbols: [String]
    private(set) var known: [String] = []
    private var stack: [Branch] = []

    init(chosen: [String]) {
        self.chosen = chosen
        symbols = chosen
    }

    var active: Bool { stack.last?.active ?? true }

    /// Every active, non-empty, non-directive line, comments stripped.
    mutating func run(_ bytes: [UInt8]) throws(INIError) -> [ActiveLine] {
        var out: [ActiveLine] = []
        var section = ""
        for (i, raw) in INIText.lines(bytes).enumerated() {
            let line = INIText.stripComment(raw)
            guard !line.isEmpty else { continue }
            if line.first == UInt8(ascii: "#") {
                try directive(line, number: i + 1)
                continue
            }
            guard active else { continue }
            if line.first == UInt8(ascii: "["), line.last == UInt8(ascii: "]") {
                section = INIText.string(INIText.trim(line.dropFirst().dropLast()))
                continue
            }
            if section == "SettingGroups" { noteSettingGroup(line) }
            out.append(ActiveLine(section: section, number: i + 1, text: line))
        }
        if let open = stack.last { throw INIError(line: open.line, "#if without #endif") }
        return out
    }

    private mutating func directive(_ line: ArraySlice<UInt8>, number: Int) throws(INIError) {
        var words = line.dropFirst().split(whereSeparator: INIText.isSpace).map { INIText.string($0) }
        guard !words.isEmpty else { return }
        let keyword = words.removeFirst()
        let argument = words.first ?? ""
        switch keyword {
        case "if", "ifdef", "ifndef":
            let on = active && test(argument) != (keyword == "ifndef")
            stack.append(Branch(parentActive: active, taken: on, active: on, line: number))
        case "elif":
            guard var b = stack.popLast() else { throw INIError(line: number, "#elif without #if") }
            b.active = b.parentActive && !b.taken && test(argument)
            b.taken = b.taken || b.active
            stack.append(b)
        case "else":
            guard var b = stack.popLast() else { throw INIError(line: number, "#else without #if") }
            b.active = b.parentActive && !b.taken
            b.taken = true
            stack.append(b)
        case "endif":
            guard stack.popLast() != nil else { throw INIError(line: number, "#endif without #if") }
        case "set", "unset":
            note(argument)
            guard active, !chosen.contains(argument) else { return }
            symbols.removeAll { $0 == argument }
            if keyword == "set" { symbols.append(argument) }
        default:
            // `#define` lists (bit option names) and others say nothing about live data.
            break
        }
    }

    private mutating func test(_ argument: String) -> Bool {
        var name = Substring(argument)
        let negated = name.first == "!"
        if negated { name = name.dropFirst() }
        note(String(name))
        return symbols.contains(String(name)) != negated
    }

    private mutating func noteSettingGroup(_ line: ArraySlice<UInt8>) {
        guard let (key, value) = INIText.keyValue(line), key == "settingGroup" || key == "settingOption",
            let first = INIText.fields(value).first
        else { return }
        let name = INIText.string(first)
        if name != "DEFAULT" { note(name) }
    }

    private mutating func note(_ name: String) {
        if !name.isEmpty, !known.contains(name) { known.append(name) }
    }
}
