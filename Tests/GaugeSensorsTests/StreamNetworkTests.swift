import Testing
import GaugeDecoders
import GaugeSystem
import GaugeTestSupport
@testable import GaugeSensors

/// Scripted sockets: a TCP connect's progress, its result and UDP binds; reads, writes
/// and closes are `FakePanelSystem`'s.
final class SocketScript: FakePanelSystem, SensorSystemCalls, @unchecked Sendable {
    var connects: [Result<Int32, Errno>] = []
    /// Each `connectResult` answer in turn; once empty: still in progress.
    var results: [Result<Bool, Errno>] = []
    var binds: [Result<Int32, Errno>] = []
    var connectAddresses: [NetworkAddress] = []

    func openSerial(_ path: String, settings: SerialSettings) throws(Errno) -> Int32 { throw .noSuchFileOrDirectory }
    func connectTCP(_ address: NetworkAddress) throws(Errno) -> Int32 {
        connectAddresses.append(address)
        return try (connects.isEmpty ? .failure(.networkUnreachable) : connects.removeFirst()).get()
    }
    func connectResult(_ fd: Int32) throws(Errno) -> Bool {
        try (results.isEmpty ? .success(false) : results.removeFirst()).get()
    }
    func bindUDP(_ address: NetworkAddress) throws(Errno) -> Int32 {
        try (binds.isEmpty ? .failure(.addressInUse) : binds.removeFirst()).get()
    }
}

/// A protocol that gives up on its connection when sent "bye", with a notice, and says
/// "no value now" for a name sent as "name=?".
struct GivingUpProtocol: StreamProtocol {
    var decoder = LineProtocolDecoder()
    var notices: [String] = []
    var wantsReconnect = false
    mutating func receive(_ bytes: [UInt8], now: UInt64, into sink: (Sample) -> Void) {
        let text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("bye") {
            wantsReconnect = true
            notices.append("the peer said bye")
            return
        }
        if text.hasSuffix("=?\n") {
            sink(.noValue(name: String(text.dropLast(3))))
            return
        }
        decoder.feed(bytes, into: sink)
    }
    var droppedCount: UInt64 { decoder.statistics.dropped }
    mutating func outgoing(now: UInt64) -> [UInt8]? { nil }
    var deadline: UInt64? { nil }
    mutating func connectionReset() {
        wantsReconnect = false
        decoder.resetFraming()
    }
    mutating func takeNotices() -> [String] {
        defer { notices = [] }
        return notices
    }
}

@Suite struct StreamNetworkTests {
    static let s = Nanoseconds.perSecond
    static let address = NetworkAddress(host: "192.168.1.20", port: 10110)

    @Test func aConnectInProgressWaitsForWritabilityThenConnects() {
        let sys = SocketScript()
        sys.connects = [.success(9)]
        sys.results = [.success(false), .success(true)]
        sys.reads = [.success(.bytes(Array("a=1\n".utf8)))]
        let source = StreamSource(transport: .tcp(Self.address), protocol: LineProtocolDecoder(), system: sys)
        #expect(source.kindName == "tcp" && source.path == "192.168.1.20:10110")
        var got: [Sample] = []
        #expect(source.service(now: 100) { got.append($0) } == nil, "in progress: nothing to say yet")
        #expect(source.fileDescriptor == 9 && source.wantsWritable && source.status == .connecting)
        #expect(source.nextDeadline == 100 + StreamSource<LineProtocolDecoder>.connectTimeout)
        #expect(sys.reads.count == 1, "nothing is read before the connect ends")
        #expect(source.service(now: 200) { got.append($0) } == .connected)  // writable: connected
        #expect(!source.wantsWritable && source.status == .open && source.openCount == 1)
        #expect(got == [Sample(name: "a", value: 1, unit: .none)])
        #expect(source.nextDeadline == nil, "connected and idle: no timer")
    }

    @Test func aRefusedConnectIsSaidOnceThenRetriedQuietlyWithBackoff() {
        let sys = SocketScript()
        sys.connects = [.success(3), .success(4), .success(5)]
        sys.results = [.failure(.connectionRefused), .failure(.connectionRefused), .success(true)]
        let source = StreamSource(
            transport: .tcp(Self.address), protocol: NMEADecoder(),
            backoff: Backoff(initial: 10, maximum: 40), system: sys)
        #expect(source.service(now: 0) { _ in } == .openFailed(.connectionRefused))
        #expect(sys.closed == [3] && source.fileDescriptor == nil && !source.wantsWritable)
        #expect(source.status == .notOpen(.connectionRefused) && source.nextDeadline == 10)
        #expect(source.service(now: 5) { _ in } == nil && sys.connectAddresses.count == 1, "not before the backoff")
        #expect(source.service(now: 10) { _ in } == nil, "refused again: quiet")
        #expect(sys.closed == [3, 4] && source.nextDeadline == 30)
        #expect(source.service(now: 30) { _ in } == .connected)
        #expect(source.statistics.openFailures == 2)
        #expect(source.openAdvice(.connectionRefused).contains("nothing listens on 192.168.1.20:10110"))
    }

    @Test func aConnectThatNeverEndsTimesOut() {
        let sys = SocketScript()
        sys.connects = [.success(6), .success(7)]
        let source = StreamSource(
            transport: .tcp(Self.address), protocol: LineProtocolDecoder(),
            backoff: Backoff(initial: Self.s, maximum: 8 * Self.s), system: sys)
        #expect(source.service(now: 0) { _ in } == nil)
        let timeout = StreamSource<LineProtocolDecoder>.connectTimeout
        #expect(source.service(now: timeout - 1) { _ in } == nil && sys.closed.isEmpty)
        #expect(source.service(now: timeout) { _ in } == .openFailed(.timedOut))
        #expect(sys.closed == [6] && source.nextDeadline == timeout + Self.s)
        #expect(source.service(now: timeout + Self.s) { _ in } == nil && source.wantsWritable, "connecting again")
        #expect(source.service(now: 2 * timeout + Self.s) { _ in } == nil, "the same timeout: quiet")
        #expect(sys.closed == [6, 7])
    }

    @Test func aPeerClosingIsALossOfItsNames() {
        let sys = SocketScript()
        sys.connects = [.success(8), .success(9)]
        sys.results = [.success(true), .success(true)]
        sys.reads = [.success(.bytes(Array("a=1 b=2\n".utf8))), .success(.endOfFile)]
        let source = StreamSource(
            transport: .tcp(Self.address), protocol: LineProtocolDecoder(),
            backoff: Backoff(initial: 10, maximum: 40), system: sys)
        #expect(source.service(now: 0) { _ in } == .connected)
        #expect(source.service(now: 1) { _ in } == .disconnected(channels: ["a", "b"]))
        #expect(sys.closed == [8] && source.status == .lost(nil) && source.nextDeadline == 11)
        #expect(source.service(now: 11) { _ in } == .connected && source.openCount == 2)
    }

    @Test func theProtocolGivingUpReconnectsAndItsNoticesAreForwarded() {
        let sys = SocketScript()
        sys.connects = [.success(8), .success(9)]
        sys.results = [.success(true), .success(true)]
        sys.reads = [
            .success(.bytes(Array("a=1\n".utf8))), .success(.bytes(Array("a=?\n".utf8))),
            .success(.bytes(Array("bye\n".utf8))),
        ]
        let source = StreamSource(
            transport: .tcp(Self.address), protocol: GivingUpProtocol(),
            backoff: Backoff(initial: 10, maximum: 40), system: sys)
        var got: [Sample] = []
        #expect(source.service(now: 0) { got.append($0) } == .connected)
        #expect(source.service(now: 1) { got.append($0) } == nil)
        #expect(got.count == 2 && got[1].name == "a" && got[1].isNoValue)
        #expect(source.service(now: 2) { got.append($0) } == .disconnected(channels: ["a"]))
        #expect(source.status == .lost(.connectionAborted) && sys.closed == [8])
        #expect(source.takeNotices() == ["the peer said bye"] && source.takeNotices().isEmpty)
        #expect(source.service(now: 12) { got.append($0) } == .connected, "reopened after backoff")
    }

    @Test func eachUDPDatagramDecodesOnItsOwn() {
        let sys = SocketScript()
        sys.binds = [.success(4)]
        let rmc = "$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A"
        sys.reads = [
            .success(.bytes(Array("a=1".utf8))), .success(.endOfFile),  // an empty datagram
            .success(.bytes(Array("b=2\n".utf8))), .success(.bytes(Array("c=".utf8))),
            .success(.bytes(Array("3\n".utf8))),
        ]
        let source = StreamSource(transport: .udp(NetworkAddress(host: "0.0.0.0", port: 10110)), protocol: LineProtocolDecoder(), system: sys)
        var got: [Sample] = []
        #expect(source.service(now: 0) { got.append($0) } == .connected)
        #expect(source.kindName == "udp" && source.path == "0.0.0.0:10110" && !source.wantsWritable)
        #expect(got.map { $0.name } == ["a", "b"], "a datagram without a newline is a line; one never continues another")
        #expect(source.droppedCount == 2, "\"c=\" and \"3\" are each a bad line")
        #expect(source.statistics.datagrams == 4 && source.status == .open && sys.closed.isEmpty)
        sys.reads = [.success(.bytes(Array(rmc.utf8)))]
        let nmea = StreamSource(transport: .udp(NetworkAddress(host: "0.0.0.0", port: 10110)), protocol: NMEADecoder(), system: sys)
        sys.binds = [.success(5)]
        var fixes: [Sample] = []
        #expect(nmea.service(now: 0) { fixes.append($0) } == .connected)
        #expect(!fixes.isEmpty, "an NMEA sentence without CR LF in a datagram decodes")
        #expect(sys.written.isEmpty)
    }

    @Test func anELM327OverTCPIsResetOnceConnected() {
        let sys = SocketScript()
        sys.connects = [.success(12)]
        sys.results = [.success(false), .success(true)]
        let source = StreamProtocols.open("elm327", transport: .tcp(NetworkAddress(host: "192.168.0.10", port: 35000)))
        #expect(source?.kindName == "tcp")
        let elm = StreamSource(transport: .tcp(NetworkAddress(host: "192.168.0.10", port: 35000)), protocol: ELM327Driver(), system: sys)
        #expect(elm.service(now: 0) { _ in } == nil && sys.written.isEmpty, "nothing is written while connecting")
        #expect(elm.service(now: 1) { _ in } == .connected)
        #expect(sys.written == [Array("ATZ\r".utf8)])
    }

    @Test func aPortInUseIsSaidOnce() {
        let sys = SocketScript()
        let source = StreamSource(
            transport: .udp(NetworkAddress(host: "0.0.0.0", port: 10110)), protocol: LineProtocolDecoder(),
            backoff: Backoff(initial: 10, maximum: 40), system: sys)
        #expect(source.service(now: 0) { _ in } == .openFailed(.addressInUse))
        #expect(source.service(now: 10) { _ in } == nil && source.watchDescriptor == nil)
        #expect(source.openAdvice(.addressInUse).contains("0.0.0.0:10110"))
    }

    @Test func addressesParseOrSayWhy() throws {
        #expect(try NetworkAddress.parse("boat.local:2000", defaultPort: nil) == NetworkAddress(host: "boat.local", port: 2000))
        #expect(try NetworkAddress.parse("127.0.0.1", defaultPort: 2947) == NetworkAddress(host: "127.0.0.1", port: 2947))
        #expect(try NetworkAddress.parse("[fe80::1]:10110", defaultPort: nil) == NetworkAddress(host: "fe80::1", port: 10110))
        #expect(try NetworkAddress.parse("[::1]", defaultPort: 7) == NetworkAddress(host: "::1", port: 7))
        #expect(NetworkAddress(host: "::1", port: 7).description == "[::1]:7")
        func why(_ text: String, _ port: UInt16? = nil) -> String {
            do {
                _ = try NetworkAddress.parse(text, defaultPort: port)
                return ""
            } catch { return error.message }
        }
        #expect(why("").contains("empty"))
        #expect(why("host").contains("expected a port"))
        #expect(why("host:0").contains("1…65535"))
        #expect(why("host:65536").contains("1…65535"))
        #expect(why("host:12a").contains("1…65535"))
        #expect(why("fe80::1:80").contains("brackets"))
        #expect(why("[fe80::1").contains("\"]\""))
        #expect(why("[fe80::1]80").contains(":port"))
        #expect(why("[host]:80").contains("IPv6"))
        #expect(why("bad host:80").contains("host name"))
        #expect(why("-x:80").contains("host name"))
        #expect(why(String(repeating: "a", count: 254) + ":80").contains("253"))
    }
}
