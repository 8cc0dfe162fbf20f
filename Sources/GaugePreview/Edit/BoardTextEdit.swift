/// Why an edit of the board could not be made or written.
public struct BoardEditError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// One change of a board file as the smallest text edit that makes it: a value replaced
/// in place, a key line added or removed, a table added, removed, copied or moved. Every
/// byte the edit does not need to touch — comments, blank lines, key order, spacing,
/// other values' formatting, CRLF line ends — stays as it was, so a board kept in git
/// shows the diff a person would have written. Values are TOML text (`[0, 8000]`,
/// `"RPM"`), one line each; whether the result is a good board is for the caller to check
/// by loading it (`BoardEditor`).
public enum BoardTextEdit: Sendable, Equatable {
    /// `key = value` in the table at `table` (`page[0].widget[2]`, `theme.night`): the
    /// value replaced where it is, else a line added after the table's last key, else
    /// (a plain table that is not there) the table added at the end.
    case set(table: String, key: String, value: String)
    /// The key's line(s) removed.
    case remove(table: String, key: String)
    /// A `[[page.widget]]` with these keys, in this order, at the end of page `page`.
    case addWidget(page: Int, keys: [Pair])
    /// A table with its subtables (a widget; a page with its widgets), the comment lines
    /// just above it and one blank line that separated it, removed.
    case removeTable(String)
    /// A copy of widget `widget` with a new id and frame, after it or at the end of `toPage`.
    case duplicate(widget: String, toPage: Int?, id: String, frame: String)
    /// `[[page]]` with `name` after the last page, and its first widget (a page needs one).
    case addPage(name: String, widget: [Pair])
    /// Page `from` with its widgets moved to be page `to`.
    case movePage(from: Int, to: Int)
    /// A `[[sensor]]` with these keys and its first `[[sensor.channel]]`, after the last sensor.
    case addSensor(keys: [Pair], channel: [Pair])
    /// A `[[sensor.channel]]` at the end of sensor `sensor`.
    case addChannel(sensor: Int, keys: [Pair])
    /// Several edits as one (widgets aligned together): one write, one undo step; only
    /// the end result has to load, not each step on the way.
    indirect case batch([BoardTextEdit])

    public struct Pair: Sendable, Equatable {
        public var key: String
        public var value: String
        public init(_ key: String, _ value: String) {
            self.key = key
            self.value = value
        }
    }

    public func apply(to bytes: [UInt8]) throws(BoardEditError) -> [UInt8] {
        var text = BoardText(bytes)
        switch self {
        case .set(let table, let key, let value): try text.set(table, key, value)
        case .remove(let table, let key): try text.remove(table, key)
        case .addWidget(let page, let keys): try text.addWidget(page, keys)
        case .removeTable(let path): try text.removeTable(path)
        case .duplicate(let widget, let toPage, let id, let frame): try text.duplicate(widget, toPage, id, frame)
        case .addPage(let name, let widget): try text.addPage(name, widget)
        case .movePage(let from, let to): try text.movePage(from, to)
        case .addSensor(let keys, let channel): try text.addSensor(keys, channel)
        case .addChannel(let sensor, let keys): try text.addChannel(sensor, keys)
        case .batch(let edits):
            var bytes = text.bytes
            for edit in edits { bytes = try edit.apply(to: bytes) }
            return bytes
        }
        return text.bytes
    }
}

/// The edits over a `TOMLLayout`, each one splice of the bytes.
struct BoardText {
    private(set) var bytes: [UInt8]
    private var layout: TOMLLayout

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        layout = TOMLLayout(bytes)
    }

    private mutating func splice(_ range: Range<Int>, _ with: [UInt8]) {
        bytes.replaceSubrange(range, with: with)
        layout = TOMLLayout(bytes)
    }

    private func table(_ path: String) throws(BoardEditError) -> TOMLLayout.Table {
        guard let t = layout.table(path) else { throw BoardEditError("no table \(path) in the file") }
        return t
    }

    mutating func set(_ path: String, _ key: String, _ value: String) throws(BoardEditError) {
        try Self.checkValue(value)
        guard let table = layout.table(path) else {
            // A plain table that is not there yet (`[theme.night]`): added at the end.
            guard !path.isEmpty, !path.contains("["), path.split(separator: ".").allSatisfy({ $0.utf8.allSatisfy(TOMLLayout.isBareKeyByte) }) else {
                throw BoardEditError("no table \(path) in the file")
            }
            insertAfter(lastLine: layout.lines.count - 1, ["", "[\(path)]", "\(key) = \(value)"])
            return
        }
        if let k = table.keys.first(where: { $0.name == key }) {
            splice(k.value, Array(value.utf8))
            return
        }
        guard let last = table.lastLine else { throw BoardEditError("keys outside a table are not edited here") }
        let indent = table.keys.last.map { layout.indentation(of: $0.firstLine) } ?? layout.indentation(of: last)
        insertAfter(lastLine: last, [String(decoding: indent, as: UTF8.self) + "\(key) = \(value)"])
    }

    mutating func remove(_ path: String, _ key: String) throws(BoardEditError) {
        guard let k = try table(path).keys.first(where: { $0.name == key }) else { return }
        removeLines(k.firstLine...k.lastLine)
    }

    mutating func addWidget(_ page: Int, _ keys: [BoardTextEdit.Pair]) throws(BoardEditError) {
        for k in keys { try Self.checkValue(k.value) }
        let group = try self.group("page[\(page)]")
        let (headerIndent, keyIndent) = widgetIndentation(page: page)
        let lines = ["", headerIndent + "[[page.widget]]"] + keys.map { keyIndent + "\($0.key) = \($0.value)" }
        insertAfter(lastLine: group.upperBound, lines)
    }

    mutating func removeTable(_ path: String) throws(BoardEditError) {
        let group = try self.group(path)
        removeLines(withComments(group))
    }

    mutating func duplicate(_ path: String, _ toPage: Int?, _ id: String, _ frame: String) throws(BoardEditError) {
        try Self.checkValue(id)
        try Self.checkValue(frame)
        let group = try self.group(path)
        // The copy: the source's lines with `id` and `frame` replaced in them.
        var copy = Array(bytes[layout.lines[group.lowerBound].lowerBound..<layout.lines[group.upperBound].upperBound])
        let base = layout.lines[group.lowerBound].lowerBound
        let keys = try table(path).keys.filter { $0.name == "id" || $0.name == "frame" }.sorted { $0.value.lowerBound > $1.value.lowerBound }
        for k in keys {
            copy.replaceSubrange((k.value.lowerBound - base)..<(k.value.upperBound - base), with: Array((k.name == "id" ? id : frame).utf8))
        }
        let lines = copy.split(separator: 10, omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == 13 ? line.dropLast() : line, as: UTF8.self)
        }
        var target = group.upperBound
        if let toPage { target = try self.group("page[\(toPage)]").upperBound }
        insertAfter(lastLine: target, [""] + lines)
    }

    mutating func addPage(_ name: String, _ widget: [BoardTextEdit.Pair]) throws(BoardEditError) {
        let pages = layout.tables.filter { Self.isPage($0.path) }
        let indent = pages.first.flatMap { $0.header }.map { String(decoding: layout.indentation(of: $0), as: UTF8.self) } ?? ""
        let last = pages.last.flatMap { try? group($0.path).upperBound } ?? (layout.lines.count - 1)
        insertAfter(lastLine: last, ["", indent + "[[page]]", indent + "name = \(BoardJSON.string(name))"])
        if !widget.isEmpty { try addWidget(pages.count, widget) }
    }

    mutating func movePage(_ from: Int, _ to: Int) throws(BoardEditError) {
        let count = layout.tables.filter { Self.isPage($0.path) }.count
        guard (0..<count).contains(from), (0..<count).contains(to) else { throw BoardEditError("no page \(max(from, to)) to move") }
        guard from != to else { return }
        let block = withComments(try group("page[\(from)]"))
        let moved = block.map { String(decoding: bytes[layout.lines[$0]], as: UTF8.self) }
        removeLines(block)
        if to < count - 1 {
            // Before the page now at `to`, and before the comment lines that lead it.
            let start = withComments(try group("page[\(to)]")).lowerBound
            let offset = layout.lines[start].lowerBound
            splice(offset..<offset, Array((moved + [""]).joined(separator: String(decoding: layout.newline, as: UTF8.self)).utf8) + layout.newline)
        } else {
            insertAfter(lastLine: try group("page[\(count - 2)]").upperBound, [""] + moved)
        }
    }

    mutating func addSensor(_ keys: [BoardTextEdit.Pair], _ channel: [BoardTextEdit.Pair]) throws(BoardEditError) {
        for k in keys + channel { try Self.checkValue(k.value) }
        let sensors = layout.tables.filter { $0.path.hasPrefix("sensor[") && !$0.path.contains(".") }
        let indent = sensors.first.flatMap { $0.header }.map { String(decoding: layout.indentation(of: $0), as: UTF8.self) } ?? ""
        // After the last sensor; with none, before the first page (or at the end).
        if let last = sensors.last {
            insertAfter(lastLine: try group(last.path).upperBound, ["", indent + "[[sensor]]"] + keys.map { indent + "\($0.key) = \($0.value)" })
        } else if let first = layout.tables.first(where: { Self.isPage($0.path) }), let header = first.header {
            let start = withComments(header...header).lowerBound
            let nl = String(decoding: layout.newline, as: UTF8.self)
            let lines = ["[[sensor]]"] + keys.map { "\($0.key) = \($0.value)" } + ["", ""]
            let offset = layout.lines[start].lowerBound
            splice(offset..<offset, Array(lines.joined(separator: nl).utf8))
        } else {
            insertAfter(lastLine: layout.lines.count - 1, ["", "[[sensor]]"] + keys.map { "\($0.key) = \($0.value)" })
        }
        let index = sensors.count
        if !channel.isEmpty { try addChannel(index, channel) }
    }

    mutating func addChannel(_ sensor: Int, _ keys: [BoardTextEdit.Pair]) throws(BoardEditError) {
        for k in keys { try Self.checkValue(k.value) }
        let group = try self.group("sensor[\(sensor)]")
        let model = layout.tables.last { $0.path.hasPrefix("sensor[") && $0.path.contains(".channel[") && $0.header != nil }
        let header = model?.header.map { String(decoding: layout.indentation(of: $0), as: UTF8.self) } ?? "  "
        let key = model.flatMap { $0.keys.first }.map { String(decoding: layout.indentation(of: $0.firstLine), as: UTF8.self) } ?? header
        insertAfter(lastLine: group.upperBound, ["", header + "[[sensor.channel]]"] + keys.map { key + "\($0.key) = \($0.value)" })
    }

    // MARK: - Lines

    /// A table's lines with its subtables': its header to the last key of the last of them.
    private func group(_ path: String) throws(BoardEditError) -> ClosedRange<Int> {
        guard let i = layout.tables.firstIndex(where: { $0.path == path }), let header = layout.tables[i].header else {
            throw BoardEditError("no table \(path) in the file")
        }
        var last = layout.tables[i].lastLine ?? header
        var j = i + 1
        while j < layout.tables.count && layout.tables[j].path.hasPrefix(path + ".") {
            last = max(last, layout.tables[j].lastLine ?? last)
            j += 1
        }
        return header...last
    }

    /// The lines with the comment lines right above them (no blank line between).
    private func withComments(_ lines: ClosedRange<Int>) -> ClosedRange<Int> {
        var first = lines.lowerBound
        while first > 0 && layout.isComment(first - 1) { first -= 1 }
        return first...lines.upperBound
    }

    /// Removes whole lines and one blank line that separated them (the one before, else after).
    private mutating func removeLines(_ lines: ClosedRange<Int>) {
        var first = lines.lowerBound, last = lines.upperBound
        if first > 0 && layout.isBlank(first - 1) {
            first -= 1
        } else if last + 1 < layout.lines.count && layout.isBlank(last + 1) {
            last += 1
        }
        let end = last + 1 < layout.lines.count ? layout.lines[last + 1].lowerBound : bytes.count
        // The last line of a file without a final line feed: take the line feed before it.
        let start = end == bytes.count && first > 0 && bytes.last != 10 ? layout.lines[first - 1].upperBound : layout.lines[first].lowerBound
        splice(start..<end, [])
    }

    /// New lines after line `lastLine`, written with the file's line ends; a leading ""
    /// is the blank line before them, left out when that line is blank already.
    private mutating func insertAfter(lastLine: Int, _ lines: [String]) {
        let nl = String(decoding: layout.newline, as: UTF8.self)
        var body = lines
        if body.first == "" && (bytes.isEmpty || layout.isBlank(lastLine)) { body.removeFirst() }
        let at = layout.lines[lastLine].upperBound
        let text = bytes.isEmpty ? body.joined(separator: nl) + nl : nl + body.joined(separator: nl)
        splice(at..<at, Array(text.utf8))
    }

    /// The indentation of a widget header and its keys: the page's last widget's, else
    /// any widget's in the file, else two blanks under the page's own.
    private func widgetIndentation(page: Int) -> (String, String) {
        let widgets = layout.tables.filter { $0.path.hasPrefix("page[") && $0.path.contains(".widget[") && $0.header != nil }
        let model = widgets.last { $0.path.hasPrefix("page[\(page)].") } ?? widgets.last
        if let model, let header = model.header {
            let keyLine = model.keys.first?.firstLine ?? header
            return (String(decoding: layout.indentation(of: header), as: UTF8.self), String(decoding: layout.indentation(of: keyLine), as: UTF8.self))
        }
        return ("  ", "  ")
    }

    static func isPage(_ path: String) -> Bool {
        path.hasPrefix("page[") && !path.contains(".")
    }

    /// One line of TOML value text; what it means is checked by loading the result.
    static func checkValue(_ value: String) throws(BoardEditError) {
        guard !value.isEmpty, !value.utf8.contains(10), !value.utf8.contains(13) else {
            throw BoardEditError("a value is one line of TOML, e.g. 42, \"text\" or [0, 100]")
        }
    }
}
