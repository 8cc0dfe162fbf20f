import Testing
import GaugeDecoders
import GaugeSensors
@testable import GaugeNet

/// Discovery (`GET /signalk`): the answer read to its Content-Length, the stream's
/// address and path taken from `endpoints.v1.signalk-ws`, and whether the connection
/// stays open for the upgrade; what is not usable says why.
@Suite struct SignalKDiscoveryTests {
    static func answer(_ status: String = "200 OK", headers: String = "", body: String) -> [UInt8] {
        Array("HTTP/1.1 \(status)\r\nContent-Length: \(body.utf8.count)\r\n\(headers)\r\n\(body)".utf8)
    }
    static let body =
        #"{"endpoints":{"v1":{"version":"1.7.0","signalk-http":"http://boat:3000/signalk/v1/api/","#
        + #""signalk-ws":"ws://boat:3000/signalk/v1/stream"}},"server":{"id":"signalk-server-node"}}"#

    @Test func theAnnouncedStreamOnAConnectionKeptOrClosed() {
        let bytes = Self.answer(body: Self.body)
        var d = SignalKDiscovery()
        #expect(d.feed(Array(bytes[..<40])) == nil)  // fed in two parts
        #expect(
            d.feed(Array(bytes[40...]))
                == SignalKDiscovery.Answer(address: "boat:3000", streamPath: "/signalk/v1/stream", problem: nil, keepsConnection: true))
        var closing = SignalKDiscovery()
        #expect(closing.feed(Self.answer(headers: "Connection: close\r\n", body: Self.body))?.keepsConnection == false)
        var old = SignalKDiscovery()
        #expect(old.feed(Array("HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\n{}".utf8))?.keepsConnection == false)
        #expect(
            SignalKDiscovery.request(host: "boat:3000") == Array("GET /signalk HTTP/1.1\r\nHost: boat:3000\r\nAccept: application/json\r\n\r\n".utf8))
    }

    @Test func whatIsNotUsableSaysWhy() {
        func problem(_ bytes: [UInt8]) -> String? {
            var d = SignalKDiscovery()
            return d.feed(bytes)?.problem
        }
        #expect(problem(Self.answer("404 Not Found", body: "no")) == "it answered HTTP/1.1 404 Not Found")
        #expect(problem(Array("SSH-2.0-OpenSSH\r\n\r\n".utf8)) == "its answer is not HTTP")
        #expect(problem(Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)) == "its answer has no Content-Length within 16 KB")
        #expect(problem(Self.answer(body: "{")) == "its answer is not JSON")
        #expect(problem(Self.answer(body: #"{"endpoints":{}}"#)) == "its answer names no endpoints.v1.signalk-ws")
        #expect(
            problem(Self.answer(body: #"{"endpoints":{"v1":{"signalk-ws":"http://boat/s"}}}"#))
                == "it announces http://boat/s, not a ws:// or wss:// stream")
        var secure = SignalKDiscovery()
        #expect(secure.feed(Self.answer(body: #"{"endpoints":{"v1":{"signalk-ws":"wss://boat:3443/s"}}}"#))?.streamPath == "/s")
        #expect(problem(Self.answer(body: #"{"endpoints":{"v1":{"signalk-ws":"ws:///s"}}}"#)) == "it announces ws:///s, which names no host")
        var d = SignalKDiscovery()
        #expect(d.feed([UInt8](repeating: 65, count: SignalKDiscovery.answerLimit + 1))?.problem == "its answer has no end within 16 KB")
    }

    /// A server that closes after discovery's answer: the session asks for a fresh
    /// connection and upgrades there; one whose discovery fails takes the usual path, said once.
    @Test func sessionUpgradesWhereDiscoveryPoints() {
        var s = SignalKSession(host: "boat:3000", paths: ["a.b"])
        #expect(s.outgoing(now: 0) == SignalKDiscovery.request(host: "boat:3000"))
        let body = #"{"endpoints":{"v1":{"signalk-ws":"ws://boat:3000/sk/stream?x=1"}}}"#
        s.receive(Self.answer(headers: "Connection: close\r\n", body: body), now: 1) { _ in }
        #expect(s.wantsFreshConnection && !s.wantsReconnect && s.takeNotices().isEmpty)
        s.connectionReset()
        let upgrade = String(decoding: s.outgoing(now: 2) ?? [], as: UTF8.self)
        #expect(upgrade.hasPrefix("GET /sk/stream?x=1&subscribe=none&sendMeta=all HTTP/1.1\r\n"))
        var failing = SignalKSession(host: "boat:3000", paths: ["a.b"])
        _ = failing.outgoing(now: 0)
        failing.receive(Self.answer("404 Not Found", headers: "Connection: close\r\n", body: ""), now: 1) { _ in }
        #expect(failing.takeNotices() == ["discovery (GET /signalk) failed: it answered HTTP/1.1 404 Not Found; using /signalk/v1/stream"])
        failing.connectionReset()
        #expect(String(decoding: failing.outgoing(now: 2) ?? [], as: UTF8.self).hasPrefix("GET /signalk/v1/stream?subscribe=none&sendMeta=all "))
    }

    /// A token goes with discovery and the upgrade; a refusal (401, 403) is said with its
    /// fix, which depends on whether a token was sent.
    @Test func aLoginIsSentAndItsRefusalSaysTheFix() {
        var s = SignalKSession(host: "boat:3000", paths: ["a.b"], token: "abc.def")
        #expect(String(decoding: s.outgoing(now: 0) ?? [], as: UTF8.self).contains("\r\nAuthorization: Bearer abc.def\r\n\r\n"))
        s.receive(Self.answer("401 Unauthorized", headers: "Connection: close\r\n", body: ""), now: 1) { _ in }
        #expect(s.wantsReconnect)
        let h = WebSocketHandshake(host: "boat:3000", path: "/s", key: [UInt8](repeating: 1, count: 16), headers: ["Authorization: Bearer x"])
        #expect(String(decoding: h.request, as: UTF8.self).hasSuffix("Sec-WebSocket-Version: 13\r\nAuthorization: Bearer x\r\n\r\n"))
        let refused = WebSocketHandshakeError.refused(status: "HTTP/1.1 401 Unauthorized")
        #expect(SignalKSession.explain(refused, token: false).contains("the server wants a login: write an access token"))
        #expect(SignalKSession.explain(refused, token: true).contains("the server refused the token (expired or revoked?)"))
        #expect(SignalKSession.explain(.refused(status: "HTTP/1.1 500 Oops"), token: true) == "the WebSocket upgrade was refused: HTTP/1.1 500 Oops")
        #expect(
            SignalKSession.explain(.refused(status: "it answered HTTP/1.1 403 Forbidden"), token: false)
                .hasPrefix("discovery (GET /signalk) was refused: HTTP/1.1 403 Forbidden: the server wants a login"))
    }

    /// Over a stream source: the server closes after discovery's answer, and the source
    /// opens a fresh connection at once with no connection event and no failure counted.
    @Test func aFreshConnectionIsQuiet() {
        let sys = SignalKTests.Sockets()
        let source = StreamSource(
            transport: .tcp(NetworkAddress(host: "boat", port: 3000)), protocol: SignalKSession(host: "boat:3000", paths: ["a.b"]),
            backoff: Backoff(initial: 10, maximum: 10), system: sys)
        #expect(source.service(now: 0) { _ in } == .connected && sys.fd == 21)
        sys.reads = [.success(.bytes(Self.answer(headers: "Connection: close\r\n", body: Self.body)))]
        #expect(source.service(now: 1) { _ in } == nil)
        #expect(sys.closed == [21] && sys.fd == 22 && source.failureCount == 0 && source.isConnected)
        #expect(String(decoding: sys.written.last ?? [], as: UTF8.self).hasPrefix("GET /signalk/v1/stream?subscribe=none&sendMeta=all "))
    }

    /// `*` stands for one whole element; a pattern's channel follows its first path.
    @Test func wildcardsFollowTheFirstPathToReport() {
        #expect(SignalKPaths.isPattern("propulsion.*.revolutions") && !SignalKPaths.isPattern("propulsion.port.revolutions"))
        #expect(!SignalKPaths.isPattern("propulsion.p*.revolutions") && !SignalKPaths.isPattern("propulsion..*"))
        #expect(SignalKPaths.matches("propulsion.port.revolutions", pattern: "propulsion.*.revolutions"))
        #expect(!SignalKPaths.matches("propulsion.port.engine.revolutions", pattern: "propulsion.*.revolutions"))
        #expect(!SignalKPaths.matches("propulsion.port.temperature", pattern: "propulsion.*.revolutions"))
        #expect(SignalKPaths.unit(of: "propulsion.*.revolutions") == .hertz)
    }

    /// An acknowledgement goes to the server as a PUT on the open stream; an error answer
    /// is said once.
    @Test func anAcknowledgementIsPutAndARefusalSaidOnce() {
        #expect(
            SignalKMessage.put(path: "notifications.mob.method", value: Array("[]".utf8), requestID: "gaugepanel-1")
                == Array(#"{"context":"vessels.self","requestId":"gaugepanel-1","put":{"path":"notifications.mob.method","value":[]}}"#.utf8))
        var closed = SignalKSession(host: "boat:3000", paths: ["a.b"])
        let sent = closed.publish(TopicMessage(topic: "notifications.mob.method", payload: Array("[]".utf8)))
        #expect(!sent, "not before the stream is open")
        let answer = try? SignalKMessage.read(
            Array(#"{"requestId":"gaugepanel-1","state":"COMPLETED","statusCode":405,"message":"no handler"}"#.utf8))
        #expect(answer?.requestID == "gaugepanel-1" && answer?.statusCode == 405 && answer?.statusMessage == "no handler")
    }
}
