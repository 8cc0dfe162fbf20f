import CPanelSystem
import GaugeLoop
import GaugeRaster
import GaugeSystem

/// What a preview shows: a board file, drawn as `render` draws it and edited through the
/// page, or the running panel's screen (read-only).
public enum PreviewSource {
    case board(PreviewSession)
    case live(LiveScreen)
}

/// `gaugepanel preview`: the page, the board as JSON and its pictures over HTTP, on the
/// loop, for one board file that is watched for saves — or, for `run --preview`, the
/// panel's screen, redrawn in the page after each frame that changed it.
///
/// - `GET /` the page; `GET /board` the board (`?after=N`: held until the version passes
///   N, at most `waitLimit`); `GET /frame.png?page=&theme=&set=name=value&stale=name` a
///   picture; `POST /frame` (`id=…&frame=x,y,w,h`, form-encoded) a widget moved.
/// - Only its own page and pictures: no path reads a file. A non-loopback address needs the
///   token (`?token=` or `X-GaugePanel-Token`); on loopback the Host must be a loopback
///   name (a DNS-rebinding page cannot reach it), and a POST needs the page's own header
///   (`X-GaugePanel: 1`, which another origin cannot send without a preflight it never
///   gets) and, when the browser sends one, the page's own Origin.
public final class PreviewServer {
    public let source: PreviewSource
    public let editable: Bool
    public let token: String?
    public var waitLimit: UInt64 = 20_000_000_000
    /// A folder to serve the page's files from instead of the built-in copy
    /// (`GAUGEPANEL_PAGE_DIR`, for working on the page; see `PreviewPage`).
    public var pageFolder: String?
    /// Told when the board file changed (a save, an edit): `preview --live` reloads the
    /// running panel so its sources follow the file.
    public var boardChanged: (() -> Void)?
    let loop: any LoopScheduler
    private let loopback: Bool
    var server: HTTPServer?
    /// MQTT discoveries under way (each answers its held request when it ends).
    var discoveries: [MQTTDiscovery] = []
    private var watch: FileWatch?
    private var waiting: [HTTPServer.ConnectionID] = []
    let log: (String) -> Void
    /// Why the last picture or edit failed (tests and the log).
    public internal(set) var lastFailure: String?

    /// `editable` only counts for a board: the live screen is never edited.
    public init(
        loop: any LoopScheduler, system: any PreviewSocketCalls, source: PreviewSource,
        address: String, port: UInt16, loopback: Bool, token: String?, editable: Bool,
        log: @escaping (String) -> Void
    ) throws(Errno) {
        self.loop = loop
        self.source = source
        self.loopback = loopback
        if case .live = source { self.editable = false } else { self.editable = editable }
        self.token = token
        self.log = log
        server = try HTTPServer(loop: loop, system: system, address: address, port: port) { request, id in
            self.handle(request, id)
        }
    }

    public var port: UInt16 { server?.port ?? 0 }
    public var statistics: HTTPServer.Statistics { server?.statistics ?? HTTPServer.Statistics() }

    /// The version the page compares with: a reload, or a frame that changed the screen.
    public var version: UInt64 {
        switch source {
        case .board(let s): return s.version
        case .live(let l): return l.version
        }
    }

    func json() -> String {
        switch source {
        case .board(let s): return BoardJSON.encode(s, editable: editable)
        case .live(let l): return l.json()
        }
    }

    /// Redraws on saves of the board and the files it reads.
    public func watchFiles() throws(Errno) {
        guard case .board(let session) = source else { return }
        let w = try FileWatch(loop: loop) { saved in self.filesSaved(session, saved) }
        w.watch(session.watchedFiles)
        watch = w
    }

    public func close() {
        for d in discoveries { d.finish("the preview stopped") }
        discoveries = []
        server?.close()
        watch?.close()
        server = nil
        watch = nil
    }

    func filesSaved(_ session: PreviewSession, _ saved: [String]) {
        let others = saved.contains { $0 != session.path }
        if others { session.dropFonts() }
        guard session.reload(onlyIfChanged: !others) else { return }
        boardChanged?()
        log(
            session.errors.isEmpty
                ? "\(session.path): reloaded (version \(session.version))"
                : "\(session.path): \(session.errors.count) error(s), showing the last good board:\n" + session.errors.joined(separator: "\n"))
        versionChanged()
    }

    /// Answers every page waiting for a new version.
    public func versionChanged() {
        if !waiting.isEmpty {
            let json = HTTPResponse.json(json())
            for id in waiting { server?.respond(id, json) }
            waiting = []
        }
        // After the answers: the pages fetch their pictures while the watch is updated.
        if case .board(let session) = source { watch?.watch(session.watchedFiles) }
    }

    func handle(_ request: HTTPRequest, _ id: HTTPServer.ConnectionID) -> HTTPResponse? {
        if let refusal = refusal(request) { return refusal }
        switch (request.method, request.path) {
        case ("GET", "/"), ("GET", "/index.html"):
            return HTTPResponse(contentType: "text/html; charset=utf-8", body: Array(PreviewPage.current(folder: pageFolder).utf8))
        case ("GET", "/board"):
            if let after = request.queryValue("after"), let n = UInt64(after), n == version {
                waiting.append(id)
                loop.schedule(after: waitLimit) {
                    guard self.waiting.contains(id) else { return }
                    self.waiting.removeAll { $0 == id }
                    self.server?.respond(id, .json(self.json()))
                }
                return nil
            }
            return .json(json())
        case ("GET", "/frame.png"):
            return picture(request)
        case ("POST", "/frame"):
            return moveWidget(request)
        case ("POST", "/edit"), ("POST", "/undo"), ("POST", "/redo"):
            return editBoard(request)
        case ("GET", "/kinds"):
            return .json(KindsJSON.encoded)
        case ("GET", "/dbc"):
            return dbcFiles(request)
        case ("GET", "/machine"):
            return machine(request)
        case ("POST", "/mqtt-discover"):
            discoveries.removeAll { $0.isFinished }
            return discoverMQTT(request, id)
        case (_, "/"), (_, "/index.html"), (_, "/board"), (_, "/frame.png"), (_, "/frame"), (_, "/edit"), (_, "/undo"), (_, "/redo"), (_, "/kinds"),
            (_, "/dbc"), (_, "/mqtt-discover"), (_, "/machine"):
            return .text(.methodNotAllowed, "\(request.method) is not served at \(request.path)")
        default:
            return .text(
                .notFound,
                "no \(request.path) here: the preview serves /, /board, /kinds, /dbc, /machine, /frame.png and POST /frame, /edit, /undo, /redo, /mqtt-discover"
            )
        }
    }

    private func refusal(_ request: HTTPRequest) -> HTTPResponse? {
        if let token {
            let given = request.header("x-gaugepanel-token") ?? request.queryValue("token") ?? ""
            guard Self.sameBytes(given, token) else { return .text(.forbidden, "missing or wrong token; open the URL gaugepanel preview printed") }
        } else if loopback {
            guard let host = request.header("host"), Self.isLoopbackHost(host) else {
                return .text(.forbidden, "the preview answers only to a loopback Host (127.0.0.1, localhost)")
            }
        }
        if request.method == "POST" {
            guard request.header("x-gaugepanel") == "1" else { return .text(.forbidden, "POST only from the preview page") }
            if let origin = request.header("origin"), let host = request.header("host"), origin != "http://" + host {
                return .text(.forbidden, "POST only from the preview page's origin")
            }
        }
        return nil
    }

    private func picture(_ request: HTTPRequest) -> HTTPResponse {
        let session: PreviewSession
        switch source {
        case .board(let s): session = s
        case .live(let live):
            do { return HTTPResponse(contentType: "image/png", body: try live.png()) } catch {
                return .text(.internalError, "cannot encode the screen: \(error)")
            }
        }
        var view = PreviewSession.View()
        view.page = request.queryValue("page")
        view.theme = request.queryValue("theme")
        view.assignments = request.queryValues("set")
        view.stale = request.queryValues("stale")
        do {
            return HTTPResponse(contentType: "image/png", body: try session.png(view))
        } catch {
            lastFailure = error.lines.joined(separator: "\n")
            return .text(session.board == nil ? .conflict : .badRequest, error.lines.joined(separator: "\n"))
        }
    }

    private func moveWidget(_ request: HTTPRequest) -> HTTPResponse {
        guard editable, case .board(let session) = source else {
            return .text(.forbidden, "editing is off (gaugepanel run --preview is read-only)")
        }
        let form = HTTPRequestParser.formItems(request.body)
        guard let id = form.first(where: { $0.name == "id" })?.value, !id.isEmpty,
            let f = form.first(where: { $0.name == "frame" })?.value
        else {
            return .text(.badRequest, "expected id=WIDGET&frame=x,y,width,height")
        }
        let numbers = f.split(separator: ",").map { Int32($0.trimmingCharacters(in: " ")) }
        guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let w = numbers[2], let h = numbers[3],
            (-100_000...100_000).contains(x), (-100_000...100_000).contains(y), (1...100_000).contains(w), (1...100_000).contains(h)
        else {
            return .text(.badRequest, "expected frame=x,y,width,height (whole pixels, width and height at least 1), got \"\(f)\"")
        }
        do {
            let base = form.first(where: { $0.name == "base" }).flatMap { UInt64($0.value) }
            try session.moveWidget(id, to: IntRect(x: x, y: y, width: w, height: h), temporarySuffix: "preview-\(getpid())", base: base)
        } catch {
            lastFailure = error.message
            return .text(.conflict, error.message)
        }
        log("\(session.path): widget \"\(id)\" frame = [\(x), \(y), \(w), \(h)]")
        versionChanged()
        return .json(json())
    }

    /// Compares every byte, however early they differ (no timing hint about the token).
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var diff = UInt8(x.count == y.count ? 0 : 1)
        for i in 0..<min(x.count, y.count) { diff |= x[i] ^ y[i] }
        return diff == 0
    }

    static func isLoopbackHost(_ host: String) -> Bool {
        var name = Substring(host)
        if name.hasPrefix("[") { return name.hasPrefix("[::1]") }
        if let colon = name.lastIndex(of: ":") { name = name[..<colon] }
        if name == "localhost" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { p in UInt8(p) != nil }
    }
}

extension Substring {
    func trimmingCharacters(in set: String) -> Substring {
        var s = self
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return s
    }
}

extension HTTPRequestParser {
    /// `a=1&b=2` form fields (a POST body), percent-decoded; bad ones are left out.
    public static func formItems(_ body: [UInt8]) -> [HTTPRequest.QueryItem] {
        body.split(separator: 38).compactMap { pair in
            let eq = pair.firstIndex(of: 61)
            guard let name = percentDecoded(pair[..<(eq ?? pair.endIndex)], plusIsSpace: true),
                let value = percentDecoded(eq.map { pair[($0 + 1)...] } ?? [], plusIsSpace: true)
            else { return nil }
            return HTTPRequest.QueryItem(name, value)
        }
    }
}
