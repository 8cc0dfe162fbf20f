import Testing
import GaugeDecoders
import GaugeSystem
import GaugeTestSupport
@testable import GaugeSensors

/// Scripted system calls: proves the serial source depends on nothing but `SensorSystemCalls`.
/// Reads, writes and closes are `FakePanelSystem`'s.
final class ScriptedSystem: FakePanelSystem, SensorSystemCalls, @unchecked Sendable {
    var opens: [Result<Int32, Errno>] = []
    var writeResult: Result<Int, Errno>?

    func openSerial(_ path: String, settings: SerialSettings) throws(Errno) -> Int32 {
        try (opens.isEmpty ? .failure(.noSuchFileOrDirectory) : opens.removeFirst()).get()
    }
    override func write(_ fd: Int32, _ bytes: [UInt8]) throws(Errno) -> Int {
        _ = try super.write(fd, bytes)
        return try (writeResult ?? .success(bytes.count)).get()
    }
}

@Suite struct SerialMockTests {
    @Test func enodevClosesAndReportsChannels() {
        let sys = ScriptedSystem()
        sys.opens = [.success(7), .success(8)]
        sys.reads = [.success(.bytes(Array("a=1 b=2\n".utf8))), .failure(.operationNotSupportedByDevice)]
        let source = StreamSource(
            path: "/dev/x", protocol: LineProtocolDecoder(),
            backoff: Backoff(initial: 10, maximum: 40), system: sys)
        var got: [Sample] = []
        #expect(source.service(now: 0) { got.append($0) } == .connected)
        #expect(got.count == 2)
        #expect(source.service(now: 1) { got.append($0) } == .disconnected(channels: ["a", "b"]))
        #expect(sys.closed == [7])
        #expect(source.statistics.lastError == .operationNotSupportedByDevice)
        #expect(source.nextDeadline == 11)
        #expect(source.service(now: 5) { got.append($0) } == nil)
        #expect(source.service(now: 11) { got.append($0) } == .connected)
        #expect(source.fileDescriptor == 8)
    }

    @Test func partialLineIsForgottenOnReconnect() {
        let sys = ScriptedSystem()
        sys.opens = [.success(3), .success(4)]
        sys.reads = [.success(.bytes(Array("a=12".utf8))), .success(.endOfFile)]  // then hang-up
        let source = StreamSource(path: "/dev/x", protocol: LineProtocolDecoder(), system: sys)
        var got: [Sample] = []
        source.service(now: 0) { got.append($0) }
        #expect(source.service(now: 1) { got.append($0) } == .disconnected(channels: []))
        sys.reads = [.success(.bytes(Array("3\nb=1\n".utf8)))]
        source.service(now: Nanoseconds.perSecond) { got.append($0) }
        // "a=12" + "3" must not join into a=123 across a reconnect; "3" alone is junk.
        #expect(got == [Sample(name: "b", value: 1, unit: .none)])
        #expect(source.protocolState.statistics.unparsable == 1)
    }

    @Test func writeErrorDisconnectsPolledProtocol() {
        let sys = ScriptedSystem()
        sys.opens = [.success(5)]
        sys.writeResult = .failure(.ioError)
        let source = StreamSource(path: "/dev/obd", protocol: ELM327Driver(), system: sys)
        #expect(source.service(now: 0) { _ in } == .disconnected(channels: []))
        #expect(sys.written == [Array("ATZ\r".utf8)])
        #expect(sys.closed == [5])
    }

    @Test func backoffDoublesAndSaturates() {
        var b = Backoff(initial: 1, maximum: 5)
        #expect((0..<5).map { _ in b.next() } == [1, 2, 4, 5, 5])
        b.reset()
        #expect(b.next() == 1)
        var huge = Backoff(initial: .max / 2 + 1, maximum: .max)
        _ = huge.next()
        #expect(huge.next() == .max, "no overflow trap")
    }
}
