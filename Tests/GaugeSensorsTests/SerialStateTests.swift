import Testing
import GaugeDecoders
import GaugeSystem
@testable import GaugeSensors

/// A serial line reports each change of its state once — an open failure is said once
/// and then retried quietly — and what it remembers of the names it was sent is bounded.
@Suite struct SerialStateTests {
    @Test func anOpenFailureIsReportedOnceThenRetriedQuietly() {
        let sys = ScriptedSystem()
        sys.opens = [
            .failure(.permissionDenied), .failure(.permissionDenied), .failure(.inappropriateIOCTLForDevice),
            .success(4), .failure(.permissionDenied),
        ]
        sys.reads = [.success(.endOfFile)]
        let source = StreamSource(
            path: "/dev/x", protocol: LineProtocolDecoder(),
            backoff: Backoff(initial: 1, maximum: 1), system: sys)
        #expect(source.status == .idle)
        #expect(source.service(now: 0) { _ in } == .openFailed(.permissionDenied))
        #expect(source.status == .notOpen(.permissionDenied))
        #expect(source.service(now: 1) { _ in } == nil, "the same failure again: quiet")
        #expect(source.service(now: 2) { _ in } == .openFailed(.inappropriateIOCTLForDevice), "another errno is news")
        #expect(source.service(now: 3) { _ in } == .disconnected(channels: []))  // opened, then hung up
        #expect(source.status == .lost(nil))
        #expect(source.service(now: 4) { _ in } == .openFailed(.permissionDenied), "after a success, said again")
        #expect(source.statistics.openFailures == 4)
    }

    @Test func anAbsentDeviceAfterALossIsWhatTheLossSaid() {
        let sys = ScriptedSystem()
        sys.opens = [.success(3), .failure(.noSuchFileOrDirectory), .failure(.permissionDenied)]
        sys.reads = [.failure(.ioError)]
        let source = StreamSource(
            path: "/dev/x", protocol: LineProtocolDecoder(),
            backoff: Backoff(initial: 1, maximum: 1), system: sys)
        #expect(source.service(now: 0) { _ in } == .disconnected(channels: []))
        #expect(source.status == .lost(.ioError))
        #expect(source.status.token == "lost:errno-5")
        #expect(source.service(now: 1) { _ in } == nil)
        #expect(source.service(now: 2) { _ in } == .openFailed(.permissionDenied))
    }

    /// A million distinct names on one line: the line keeps at most its capacity of them,
    /// and a loss then asks for every channel of the line to be marked.
    @Test func aMillionDistinctNamesKeepTheNameSetBounded() {
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
        #expect(samples == 1_000_000)
        #expect(source.emittedNames.count == source.emittedNames.capacity)
        #expect(source.emittedNames.others == 1_000_000 - UInt64(source.emittedNames.capacity))
        sys.reads = [.success(.endOfFile)]
        guard case .disconnected(let names, let more)? = source.service(now: 2, into: { _ in }) else {
            Issue.record("expected a disconnection")
            return
        }
        #expect(names.count == source.emittedNames.capacity)
        #expect(more)
    }

    @Test func boundedNameSetCountsWhatItDoesNotKeep() {
        var set = BoundedNameSet(capacity: 2)
        #expect(set.insert("a") == true)
        #expect(set.insert("a") == false)
        #expect(set.insert("b") == true)
        #expect(set.insert("c") == false)
        #expect(set.sorted == ["a", "b"])
        #expect(set.others == 1)
        #expect(set.overflowed && set.contains("b") && !set.contains("c"))
    }
}
