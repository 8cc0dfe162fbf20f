import CPanelSystem

/// `POST /edit`, `POST /undo`, `POST /redo`: the designer's changes of the board file.
///
/// A form (`application/x-www-form-urlencoded`): `base=VERSION` (the version the page
/// shows; an older one is refused) and `op=` one of
/// - `set` / `remove`: `key=K` (and `value=TOML`) in the table named by `widget=ID`,
///   `page=N` or `table=` (`display`, `fonts`, `theme`, `theme.day`, `theme.night`,
///   `input`, `snapshot`, `sensor[N]`, `sensor[N].channel[M]`);
/// - `add-widget`: `page=N`, then `key=K&value=TOML` pairs in the order they are written;
/// - `delete-widget`: `widget=ID`; `duplicate`: `widget=ID&id=NEW&frame=[x, y, w, h]`
///   (and `to-page=N` for a copy on another page);
/// - `frames`: `widget=ID&frame=[x, y, w, h]` pairs, written as one edit (align, distribute);
/// - `add-page`: `name=NAME` and its first widget's `key=K&value=TOML` pairs;
/// - `add-sensor`: its `key=K&value=TOML` pairs and its first channel's `ckey=K&cvalue=TOML`;
///   `add-channel`: `sensor=N` and pairs; `delete-sensor`: `sensor=N`; `delete-channel`:
///   `sensor=N&channel=M`; `delete-page`: `page=N`; `move-page`: `page=N&to=M`.
/// Values are TOML text checked by loading the edited file; keys are bare TOML keys.
/// The answer is the board's JSON, or 409 with `check`'s lines when the result would not
/// load (nothing written).
extension PreviewServer {
    func editBoard(_ request: HTTPRequest) -> HTTPResponse {
        guard editable, case .board(let session) = source else {
            return .text(.forbidden, "editing is off (gaugepanel run --preview is read-only)")
        }
        let form = Form(HTTPRequestParser.formItems(request.body))
        let base = form["base"].flatMap { UInt64($0) }
        let suffix = "preview-\(getpid())"
        do {
            switch request.path {
            case "/undo": try session.undo(base: base, temporarySuffix: suffix)
            case "/redo": try session.redo(base: base, temporarySuffix: suffix)
            default: try session.apply(try Self.edit(form, session), base: base, temporarySuffix: suffix)
            }
        } catch {
            lastFailure = error.message
            // A refusal because the file moved on: the page learns the new version too.
            versionChanged()
            return .text(.conflict, error.message)
        }
        let what: String = request.path == "/edit" ? (form["op"] ?? "edit") : String(request.path.dropFirst())
        log("\(session.path): \(what) (version \(session.version))")
        boardChanged?()
        versionChanged()
        return .json(json())
    }

    /// The form's fields in order; the first of a name wins where one is meant.
    struct Form {
        let items: [HTTPRequest.QueryItem]
        init(_ items: [HTTPRequest.QueryItem]) { self.items = items }
        subscript(_ name: String) -> String? { items.first { $0.name == name }?.value }
    }

    static func edit(_ form: Form, _ session: PreviewSession) throws(BoardEditError) -> BoardTextEdit {
        switch form["op"] ?? "" {
        case "set":
            return .set(table: try table(form, session), key: try key(form["key"]), value: form["value"] ?? "")
        case "remove":
            return .remove(table: try table(form, session), key: try key(form["key"]))
        case "add-widget":
            return .addWidget(page: try number(form["page"], "page"), keys: try pairs(form))
        case "delete-widget":
            return .removeTable(try session.widgetTable(form["widget"] ?? ""))
        case "duplicate":
            let to = try form["to-page"].map { p throws(BoardEditError) in try number(p, "to-page") }
            return .duplicate(
                widget: try session.widgetTable(form["widget"] ?? ""), toPage: to,
                id: BoardJSON.string(try name(form["id"], "id")), frame: form["frame"] ?? "")
        case "add-page":
            return .addPage(name: try name(form["name"], "name"), widget: try pairs(form))
        case "delete-page":
            return .removeTable("page[\(try number(form["page"], "page"))]")
        case "move-page":
            return .movePage(from: try number(form["page"], "page"), to: try number(form["to"], "to"))
        case "frames":
            return .batch(try frames(form, session))
        case "add-sensor":
            return .addSensor(keys: try pairs(form), channel: try pairs(form, "ckey", "cvalue"))
        case "add-channel":
            return .addChannel(sensor: try number(form["sensor"], "sensor"), keys: try pairs(form))
        case "delete-sensor":
            return .removeTable("sensor[\(try number(form["sensor"], "sensor"))]")
        case "delete-channel":
            return .removeTable("sensor[\(try number(form["sensor"], "sensor"))].channel[\(try number(form["channel"], "channel"))]")
        case let op:
            throw BoardEditError(
                "unknown op \"\(op)\": set, remove, frames, add-widget, delete-widget, duplicate, add-page, delete-page, move-page, "
                    + "add-sensor, add-channel, delete-sensor, delete-channel")
        }
    }

    /// The table a `set` or `remove` is about: a widget by id, a page by index, or one of
    /// the board's own tables by name.
    static func table(_ form: Form, _ session: PreviewSession) throws(BoardEditError) -> String {
        if let id = form["widget"] { return try session.widgetTable(id) }
        if let page = form["page"] { return "page[\(try number(page, "page"))]" }
        guard let t = form["table"], isBoardTable(t) else {
            throw BoardEditError(
                "expected widget=ID, page=N or table=display|fonts|theme|theme.day|theme.night|input|snapshot|sensor[N]|sensor[N].channel[M]")
        }
        return t
    }

    static func isBoardTable(_ t: String) -> Bool {
        if ["display", "fonts", "theme", "theme.day", "theme.night", "input", "snapshot"].contains(t) { return true }
        let parts = t.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, indexed(parts[0], "sensor") else { return false }
        return parts.count == 1 || indexed(parts[1], "channel")
    }

    private static func indexed(_ part: Substring, _ name: String) -> Bool {
        guard part.hasPrefix(name + "["), part.hasSuffix("]") else { return false }
        let digits = part.dropFirst(name.count + 1).dropLast()
        return !digits.isEmpty && digits.count <= 4 && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    static func key(_ k: String?) throws(BoardEditError) -> String {
        guard let k, !k.isEmpty, k.utf8.count <= 64, k.utf8.allSatisfy(TOMLLayout.isBareKeyByte) else {
            throw BoardEditError("expected key= a bare TOML key (letters, digits, _ and -)")
        }
        return k
    }

    static func number(_ s: String?, _ what: String) throws(BoardEditError) -> Int {
        guard let s, let n = Int(s), (0...9999).contains(n) else { throw BoardEditError("expected \(what)= a number 0…9999") }
        return n
    }

    /// A name the page typed (an id, a page's name): one line, not empty, at most 64 bytes.
    static func name(_ s: String?, _ what: String) throws(BoardEditError) -> String {
        guard let s, !s.isEmpty, s.utf8.count <= 64, !s.unicodeScalars.contains(where: { $0.value < 0x20 }) else {
            throw BoardEditError("expected \(what)= one line of 1…64 bytes")
        }
        return s
    }

    /// `widget=ID&frame=[x, y, w, h]` pairs: several widgets moved at once.
    static func frames(_ form: Form, _ session: PreviewSession) throws(BoardEditError) -> [BoardTextEdit] {
        var out: [BoardTextEdit] = []
        var pending: String?
        for item in form.items {
            if item.name == "widget" {
                pending = try session.widgetTable(item.value)
            } else if item.name == "frame", let table = pending {
                out.append(.set(table: table, key: "frame", value: item.value))
                pending = nil
            }
        }
        guard !out.isEmpty, out.count <= 256 else { throw BoardEditError("expected widget=ID&frame=[x, y, w, h] pairs") }
        return out
    }

    /// `key=K&value=V` pairs in order (`ckey`/`cvalue`: a new sensor's channel's).
    static func pairs(_ form: Form, _ keyName: String = "key", _ valueName: String = "value") throws(BoardEditError) -> [BoardTextEdit.Pair] {
        var out: [BoardTextEdit.Pair] = []
        var pending: String?
        for item in form.items {
            if item.name == keyName {
                pending = try key(item.value)
            } else if item.name == valueName, let k = pending {
                out.append(BoardTextEdit.Pair(k, item.value))
                pending = nil
            }
        }
        guard !out.isEmpty, pending == nil, Set(out.map(\.key)).count == out.count else {
            throw BoardEditError("expected key=K&value=V pairs, each key once")
        }
        return out
    }
}
