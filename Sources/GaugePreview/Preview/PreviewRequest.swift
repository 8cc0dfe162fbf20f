import CPanelSystem
import CPreviewSocket
import GaugeLoop
import GaugePanel
import GaugeSystem

/// `gaugepanel preview BOARD [--listen ADDRESS:PORT]`: serves the board's preview page on
/// the loop until SIGINT or SIGTERM. A non-loopback address gets a token, printed once in
/// the URL and required on every request.
public struct PreviewRequest {
    public var file: String
    public var listen = "127.0.0.1:8480"
    /// A panel preset to make `file` from, when `file` is not there yet (`--from`).
    public var preset: String?
    /// The names `[display] output` may take (the command line's display back-ends).
    public var displayOutputs: [String]

    public init(file: String, displayOutputs: [String]) {
        self.file = file
        self.displayOutputs = displayOutputs
    }

    /// `ADDRESS:PORT` (IPv4, or localhost) → address, port, and whether the address is a
    /// loopback one.
    public static func parseListen(_ s: String) throws(CommandFailure) -> (address: String, port: UInt16, loopback: Bool) {
        guard let colon = s.lastIndex(of: ":"), let port = UInt16(s[s.index(after: colon)...]) else {
            throw CommandFailure("bad --listen '\(s)'; use ADDRESS:PORT, e.g. 127.0.0.1:8480")
        }
        let given = String(s[..<colon])
        let address = given == "localhost" ? "127.0.0.1" : given
        let kind = cpreview_is_loopback(address)
        guard kind >= 0 else { throw CommandFailure("bad --listen '\(s)': '\(address)' is not an IPv4 address (e.g. 127.0.0.1, 0.0.0.0)") }
        return (address, port, kind == 1)
    }

    /// 128 random bits as hex, from the kernel.
    static func randomToken() throws(CommandFailure) -> String {
        let bytes: [UInt8]
        do {
            let fd = try SystemCall.open("/dev/urandom", O_RDONLY | O_CLOEXEC)
            defer { SystemCall.close(fd) }
            bytes = try SystemCall.readAll(fd, limit: 16)
        } catch { throw CommandFailure("cannot read /dev/urandom for the token: \(error)") }
        guard bytes.count == 16 else { throw CommandFailure("cannot read 16 bytes from /dev/urandom for the token") }
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }

    /// Serves until a signal. `said` gets the URL (once, at start); `log` reloads, edits
    /// and the board's errors.
    public func run(said: (String) -> Void, log: @escaping (String) -> Void) throws(CommandFailure) {
        let (address, port, loopback) = try Self.parseListen(listen)
        let token = loopback ? nil : try Self.randomToken()
        if let preset {
            try BoardPreset.create(file, from: preset, displayOutputs: displayOutputs)
            said("\(file): a new board from \(preset)")
        }
        let session = PreviewSession(path: file, displayOutputs: displayOutputs)
        if !session.errors.isEmpty { log(session.errors.joined(separator: "\n")) }
        let loop: EventLoop
        do { loop = try EventLoop() } catch { throw CommandFailure("cannot start the loop: \(error)", status: 1) }
        defer { loop.close() }
        let server: PreviewServer
        do {
            server = try PreviewServer(
                loop: loop, system: LinuxPreviewSocketCalls(), source: .board(session), address: address, port: port,
                loopback: loopback, token: token, editable: true, log: log)
        } catch {
            throw Self.listenFailure(listen, address, error)
        }
        defer { server.close() }
        if let folder = getenv("GAUGEPANEL_PAGE_DIR") { server.pageFolder = String(cString: folder) }
        do { try server.watchFiles() } catch { log("cannot watch \(file) for saves (\(error.message)); reload the page by hand") }
        do { try loop.onSignals([SIGINT, SIGTERM]) { _ in loop.stop() } } catch {
            throw CommandFailure("cannot handle signals: \(error)", status: 1)
        }
        said("preview of \(file): " + Self.url(address, server.port, token))
        do { try loop.run() } catch { throw CommandFailure("the loop failed: \(error)", status: 1) }
        let s = server.statistics
        log("served \(s.requests) requests, \(s.malformed) malformed, \(s.refused) refused, \(session.edits) frames written")
    }

    /// Serves the running panel's screen, read-only, on its own loop (`run --preview`):
    /// the page redraws after each frame that changed the picture. The server lives as
    /// long as the panel (its frame callback holds it).
    public static func serveLive(
        _ runtime: PanelRuntime<EventLoop>, file: String, listen: String,
        said: (String) -> Void, log: @escaping (String) -> Void
    ) throws(CommandFailure) {
        let (address, port, loopback) = try parseListen(listen)
        let token = loopback ? nil : try randomToken()
        let live = LiveScreen(file: file) { runtime.screen }
        let server: PreviewServer
        do {
            server = try PreviewServer(
                loop: runtime.eventLoop, system: LinuxPreviewSocketCalls(), source: .live(live), address: address,
                port: port, loopback: loopback, token: token, editable: false, log: log)
        } catch { throw listenFailure(listen, address, error) }
        runtime.frameDrawn = { damage in
            if live.frameDrawn(damage) { server.versionChanged() }
        }
        said("preview of the panel (read-only): " + url(address, server.port, token))
    }

    /// `preview --live`: the designer on the running panel's loop, its pictures showing the
    /// board's own sources (the panel runs offscreen beside it); an edit or a save reloads
    /// the panel, so new sources and channels start at once.
    public static func serveDesigner(
        _ runtime: PanelRuntime<EventLoop>, file: String, listen: String, displayOutputs: [String],
        said: (String) -> Void, log: @escaping (String) -> Void
    ) throws(CommandFailure) {
        let (address, port, loopback) = try parseListen(listen)
        let token = loopback ? nil : try randomToken()
        let session = PreviewSession(path: file, displayOutputs: displayOutputs)
        session.liveValues = { runtime.channelValues }
        let server: PreviewServer
        do {
            server = try PreviewServer(
                loop: runtime.eventLoop, system: LinuxPreviewSocketCalls(), source: .board(session), address: address,
                port: port, loopback: loopback, token: token, editable: true, log: log)
        } catch { throw listenFailure(listen, address, error) }
        server.boardChanged = { runtime.reloadBoard() }
        if let folder = getenv("GAUGEPANEL_PAGE_DIR") { server.pageFolder = String(cString: folder) }
        do { try server.watchFiles() } catch { log("cannot watch \(file) for saves (\(error.message)); reload the page by hand") }
        // The server lives as long as the panel: the frame callback holds it.
        runtime.frameDrawn = { _ in _ = server }
        said("preview of \(file) with its live data: " + url(address, server.port, token))
    }

    static func url(_ address: String, _ port: UInt16, _ token: String?) -> String {
        let host = address == "0.0.0.0" ? "THIS-MACHINE" : address
        return "http://\(host):\(port)/" + (token.map { "?token=" + $0 } ?? "")
    }

    static func listenFailure(_ listen: String, _ address: String, _ error: Errno) -> CommandFailure {
        guard error.rawValue == EADDRINUSE else { return CommandFailure("cannot listen on \(listen): \(error.message)") }
        let port = (try? parseListen(listen).port) ?? 8480
        let suggestion =
            freePort(address, after: port).map { "pick another port, e.g. --listen \(address):\($0) (free now)" }
            ?? "pick another port, or 0 for any free one"
        return CommandFailure("cannot listen on \(listen): \(error.message) (\(suggestion))")
    }

    /// The first of the next 64 ports that can be listened on now (tried and closed at once).
    static func freePort(_ address: String, after port: UInt16) -> UInt16? {
        var p = port
        for _ in 0..<64 {
            p = p == UInt16.max ? 1024 : p + 1
            let fd = cpreview_listen(address, p, 1)
            if fd >= 0 {
                close(fd)
                return p
            }
        }
        return nil
    }
}
