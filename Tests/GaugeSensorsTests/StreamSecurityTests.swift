import Testing
import GaugeSystem
@testable import GaugeSensors

/// A scripted TLS session: each handshake step's answer in turn, reads and writes recorded.
final class ScriptedSecurity: StreamSecurity {
    var steps: [Result<Bool, StreamSecurityFailure>] = []
    var reads: [ReadResult] = []
    var written: [[UInt8]] = []
    var wantsWritable = false
    var hasPendingInput = false
    func handshake(fd: Int32) throws(StreamSecurityFailure) -> Bool {
        let step = steps.isEmpty ? .success(false) : steps.removeFirst()
        wantsWritable = false
        return try step.get()
    }
    func read(max: Int) throws(StreamSecurityFailure) -> ReadResult { reads.isEmpty ? .nothingPending : reads.removeFirst() }
    func write(_ bytes: [UInt8]) throws(StreamSecurityFailure) -> Int {
        written.append(bytes)
        return bytes.count
    }
}

final class ScriptedProvider: StreamSecurityProvider {
    var sessions: [ScriptedSecurity] = []
    var asked: [(String, String)] = []
    func session(host: String, caFile: String) throws(StreamSecurityFailure) -> any StreamSecurity {
        asked.append((host, caFile))
        return sessions.removeFirst()
    }
}

/// StreamSource over TLS through the seam: the handshake on the loop's polls, records
/// through the session, failures said once with their sentence. Serialized: the suite
/// sets the build's provider (no other suite uses TLS).
@Suite(.serialized) struct StreamSecurityTests {
    static let address = NetworkAddress(host: "broker.lan", port: 8883)

    @Test func withoutAProviderTLSFailsNamingTheHostBuild() {
        StreamSecurities.tls = nil
        let sys = SocketScript()
        sys.connects = [.success(5)]
        sys.results = [.success(true)]
        let source = StreamSource(transport: .tcp(Self.address), protocol: LineProtocolDecoder(), tlsCAFile: "/etc/ca.crt", system: sys)
        #expect(source.service(now: 0) { _ in } == .openFailed(.notSupported))
        #expect(sys.closed == [5] && source.fileDescriptor == nil)
        #expect(source.openAdvice(.notSupported).contains("host build"))
    }

    @Test func theHandshakeRunsOnThePollsThenRecordsGoThroughTheSession() {
        let provider = ScriptedProvider()
        let tls = ScriptedSecurity()
        tls.steps = [.success(false), .success(false), .success(true)]
        tls.reads = [.bytes(Array("a=".utf8)), .bytes(Array("1\n".utf8))]
        provider.sessions = [tls]
        StreamSecurities.tls = provider
        defer { StreamSecurities.tls = nil }
        let sys = SocketScript()
        sys.connects = [.success(7)]
        sys.results = [.success(true)]
        let source = StreamSource(transport: .tcp(Self.address), protocol: LineProtocolDecoder(), tlsCAFile: "/etc/ca.crt", system: sys)
        var got: [Sample] = []
        #expect(source.service(now: 0) { got.append($0) } == nil, "TCP connected, handshake started")
        #expect(provider.asked.count == 1 && provider.asked[0] == ("broker.lan", "/etc/ca.crt"))
        #expect(source.status == .connecting && !source.isConnected)
        #expect(source.nextDeadline == StreamSource<LineProtocolDecoder>.connectTimeout, "the handshake is bounded")
        tls.wantsWritable = true
        #expect(source.wantsWritable, "a handshake step waiting to send polls for writability")
        #expect(source.service(now: 1) { got.append($0) } == nil)
        #expect(source.service(now: 2) { got.append($0) } == .connected)
        #expect(source.isConnected && source.status == .open)
        // Two records, one line: read until the session has nothing pending (not on a short read).
        #expect(got == [Sample(name: "a", value: 1, unit: .none)])
        #expect(sys.reads.isEmpty && sys.written.isEmpty, "nothing read or written around TLS")
        tls.hasPendingInput = true
        #expect(source.nextDeadline == 0, "decrypted bytes held: service again at once")
    }

    @Test func aTLSFailureIsSaidOnceWithItsSentence() {
        let provider = ScriptedProvider()
        let failure = StreamSecurityFailure(errno: .protocolError, reason: "the broker's certificate is not trusted")
        let a = ScriptedSecurity(), b = ScriptedSecurity()
        a.steps = [.failure(failure)]
        b.steps = [.failure(failure)]
        provider.sessions = [a, b]
        StreamSecurities.tls = provider
        defer { StreamSecurities.tls = nil }
        let sys = SocketScript()
        sys.connects = [.success(3), .success(4)]
        sys.results = [.success(true), .success(true)]
        let source = StreamSource(
            transport: .tcp(Self.address), protocol: LineProtocolDecoder(),
            backoff: Backoff(initial: 10, maximum: 40), tlsCAFile: "ca.crt", system: sys)
        #expect(source.service(now: 0) { _ in } == .openFailed(.protocolError))
        #expect(source.openAdvice(.protocolError) == "the broker's certificate is not trusted")
        #expect(sys.closed == [3] && source.status == .notOpen(.protocolError))
        #expect(source.service(now: 10) { _ in } == nil, "the same failure again: quiet")
        #expect(sys.closed == [3, 4] && provider.asked.count == 2, "a new session per connection")
    }

    @Test func aHandshakeThatNeverEndsTimesOut() {
        let provider = ScriptedProvider()
        provider.sessions = [ScriptedSecurity()]
        StreamSecurities.tls = provider
        defer { StreamSecurities.tls = nil }
        let sys = SocketScript()
        sys.connects = [.success(6)]
        sys.results = [.success(true)]
        let source = StreamSource(transport: .tcp(Self.address), protocol: LineProtocolDecoder(), tlsCAFile: "ca.crt", system: sys)
        let timeout = StreamSource<LineProtocolDecoder>.connectTimeout
        #expect(source.service(now: 0) { _ in } == nil)
        #expect(source.service(now: timeout - 1) { _ in } == nil)
        #expect(source.service(now: timeout) { _ in } == .openFailed(.timedOut))
        #expect(source.openAdvice(.timedOut).contains("TLS handshake did not finish"))
    }
}
