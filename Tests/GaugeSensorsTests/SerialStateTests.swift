import XCTest
import GaugeSystem
@testable import GaugeSensors

/// A serial line reports each change of its state once — an open failure is said once
/// and then retried quietly — and what it remembers of the names it was sent is bounded.
final class SerialStateTests: XCTestCase {
    func testAnOpenFailureIsReportedOnceThenRetriedQuietly() {
        let sys = ScriptedSystem()
        sys.opens = [
            .failure(.permissionDenied), .failure(.permissionDenied), .failure(.inappropriateIOCTLForDevice),
            .success(4), .failure(.permissionDenied),
        ]
        sys.reads = [.success(.endOfFile)]
        let source = StreamSource(
            path: "/dev/x", protocol: LineProtocolDecoder(),
            backoff: Backoff(initial: 1, maximum: 1), system: sys)
        XCTAssertEqual(source.status, .idle)
        XCTAssertEqual(source.service(now: 0) { _ in }, .openFailed(.permissionDenied))
        XCTAssertEqual(source.status, .notOpen(.permissionDenied))
        XCTAssertNil(source.service(now: 1) { _ in }, "the same failure again: quiet")
        XCTAssertEqual(source.service(now: 2) { _ in }, .openFailed(.inappropriateIOCTLForDevice), "another errno is news")
        XCTAssertEqual(source.service(now: 3) { _ in }, .disconnected(channels: []))  // opened, then hung up
        XCTAssertEqual(source.status, .lost(nil))
        XCTAssertEqual(source.service(now: 4) { _ in }, .openFailed(.permissionDenied), "after a success, said again")
        XCTAssertEqual(source.statistics.openFailures, 4)
    }

    func testAnAbsentDeviceAfterALossIsWhatTheLossSaid() {
        let sys = ScriptedSystem()
        sys.opens = [.success(3), .failure(.noSuchFileOrDirectory), .failure(.permissionDenied)]
        sys.reads = [.failure(.ioError)]
        let source = StreamSource(
            path: "/dev/x", protocol: LineProtocolDecoder(),
            backoff: Backoff(initial: 1, maximum: 1), system: sys)
        XCTAssertEqual(source.service(now: 0) { _ in }, .disconnected(channels: []))
        XCTAssertEqual(source.status, .lost(.ioError))
        XCTAssertEqual(source.status.token, "lost:errno-5")
        XCTAssertNil(source.service(now: 1) { _ in })
        XCTAssertEqual(source.service(now: 2) { _ in }, .openFailed(.permissionDenied))
    }

    /// A million distinct names on one line: the line keeps at most its capacity of them,
    /// and a loss then asks for every channel of the line to be marked.
    func testAMillionDistinctNamesKeepTheNameSetBounded() {
        let sys = ScriptedSystem()
        sys.opens = [.success(3)]
        let source = StreamSource(path: "/dev/x", protocol: LineProtocolDecoder(), system: sys)
        var chunk: [UInt8] = []
        var samples = 0
        source.service(now: 0) { _ in }
        for i in 0..<1_000_000 {
            chunk.append(contentsOf: "n\(i)=1\n".utf8)
            if chunk.count > 3_500 || i == 999_999 {
                sys.reads = [.success(.bytes(chunk))]
                chunk.removeAll(keepingCapacity: true)
                source.service(now: 1) { _ in samples += 1 }
            }
        }
        XCTAssertEqual(samples, 1_000_000)
        XCTAssertEqual(source.emittedNames.count, source.emittedNames.capacity)
        XCTAssertEqual(source.emittedNames.others, 1_000_000 - UInt64(source.emittedNames.capacity))
        sys.reads = [.success(.endOfFile)]
        guard case .disconnected(let names, let more)? = source.service(now: 2, into: { _ in }) else {
            return XCTFail("expected a disconnection")
        }
        XCTAssertEqual(names.count, source.emittedNames.capacity)
        XCTAssertTrue(more)
    }

    func testBoundedNameSetCountsWhatItDoesNotKeep() {
        var set = BoundedNameSet(capacity: 2)
        XCTAssertTrue(set.insert("a"))
        XCTAssertFalse(set.insert("a"))
        XCTAssertTrue(set.insert("b"))
        XCTAssertFalse(set.insert("c"))
        XCTAssertEqual(set.sorted, ["a", "b"])
        XCTAssertEqual(set.others, 1)
        XCTAssertTrue(set.overflowed && set.contains("b") && !set.contains("c"))
    }
}
