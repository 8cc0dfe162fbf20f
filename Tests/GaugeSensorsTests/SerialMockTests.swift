import XCTest
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

final class SerialMockTests: XCTestCase {
    func testENODEVClosesAndReportsChannels() {
        let sys = ScriptedSystem()
        sys.opens = [.success(7), .success(8)]
        sys.reads = [.success(.bytes(Array("a=1 b=2\n".utf8))), .failure(.operationNotSupportedByDevice)]
        let source = StreamSource(
            path: "/dev/x", protocol: LineProtocolDecoder(),
            backoff: Backoff(initial: 10, maximum: 40), system: sys)
        var got: [Sample] = []
        XCTAssertEqual(source.service(now: 0) { got.append($0) }, .connected)
        XCTAssertEqual(got.count, 2)
        XCTAssertEqual(source.service(now: 1) { got.append($0) }, .disconnected(channels: ["a", "b"]))
        XCTAssertEqual(sys.closed, [7])
        XCTAssertEqual(source.statistics.lastError, .operationNotSupportedByDevice)
        XCTAssertEqual(source.nextDeadline, 11)
        XCTAssertNil(source.service(now: 5) { got.append($0) })
        XCTAssertEqual(source.service(now: 11) { got.append($0) }, .connected)
        XCTAssertEqual(source.fileDescriptor, 8)
    }

    func testPartialLineIsForgottenOnReconnect() {
        let sys = ScriptedSystem()
        sys.opens = [.success(3), .success(4)]
        sys.reads = [.success(.bytes(Array("a=12".utf8))), .success(.endOfFile)]  // then hang-up
        let source = StreamSource(path: "/dev/x", protocol: LineProtocolDecoder(), system: sys)
        var got: [Sample] = []
        source.service(now: 0) { got.append($0) }
        XCTAssertEqual(source.service(now: 1) { got.append($0) }, .disconnected(channels: []))
        sys.reads = [.success(.bytes(Array("3\nb=1\n".utf8)))]
        source.service(now: Nanoseconds.perSecond) { got.append($0) }
        // "a=12" + "3" must not join into a=123 across a reconnect; "3" alone is junk.
        XCTAssertEqual(got, [Sample(name: "b", value: 1, unit: .none)])
        XCTAssertEqual(source.protocolState.statistics.unparsable, 1)
    }

    func testWriteErrorDisconnectsPolledProtocol() {
        let sys = ScriptedSystem()
        sys.opens = [.success(5)]
        sys.writeResult = .failure(.ioError)
        let source = StreamSource(path: "/dev/obd", protocol: ELM327Driver(), system: sys)
        XCTAssertEqual(source.service(now: 0) { _ in }, .disconnected(channels: []))
        XCTAssertEqual(sys.written, [Array("ATZ\r".utf8)])
        XCTAssertEqual(sys.closed, [5])
    }

    func testBackoffDoublesAndSaturates() {
        var b = Backoff(initial: 1, maximum: 5)
        XCTAssertEqual((0..<5).map { _ in b.next() }, [1, 2, 4, 5, 5])
        b.reset()
        XCTAssertEqual(b.next(), 1)
        var huge = Backoff(initial: .max / 2 + 1, maximum: .max)
        _ = huge.next()
        XCTAssertEqual(huge.next(), .max, "no overflow trap")
    }
}
