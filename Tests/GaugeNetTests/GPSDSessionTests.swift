import Testing
import GaugeSensors
import GaugeSystem
import GaugeTestSupport
@testable import GaugeNet

/// gpsd over a stream source: the watch command on each connection, reports to samples,
/// no fix to "no value now".
@Suite struct GPSDSessionTests {
    final class Sockets: FakePanelSystem, SensorSystemCalls, @unchecked Sendable {
        var fd: Int32 = 20
        func openSerial(_ path: String, settings: SerialSettings) throws(Errno) -> Int32 { throw .noSuchFileOrDirectory }
        func connectTCP(_ address: NetworkAddress) throws(Errno) -> Int32 {
            fd += 1
            return fd
        }
        func connectResult(_ fd: Int32) throws(Errno) -> Bool { true }
    }

    @Test func watchesOnEachConnectionAndMarksNoFixStale() {
        let sys = Sockets()
        let source = StreamSource(
            transport: .tcp(NetworkAddress(host: "localhost", port: 2947)), protocol: GPSDSession(),
            backoff: Backoff(initial: 10, maximum: 10), system: sys)
        var got: [Sample] = []
        #expect(source.service(now: 0) { got.append($0) } == .connected)
        #expect(sys.written == [Array(#"?WATCH={"enable":true,"json":true}"#.utf8) + [10]])
        sys.reads = [.success(.bytes(Array((gpsdVersion + "\n" + gpsdTPVNew + "\n").utf8)))]
        source.service(now: 1) { got.append($0) }
        #expect(got.contains(Sample(name: "gps.speed", value: 5.14, unit: .metresPerSecond)))
        #expect(got.contains(Sample(name: "gps.course", value: 271.5, unit: .degrees)))
        #expect(got.contains { $0.name == "gps.altitude" && $0.isNoValue }, "a 2D fix has no altitude")
        got = []
        sys.reads = [.success(.bytes(Array((gpsdTPVNoFix + "\nnot json\n").utf8)))]
        source.service(now: 2) { got.append($0) }
        #expect(got.filter { $0.isNoValue }.map(\.name).contains("gps.speed"))
        #expect(source.droppedCount == 1)
        #expect(sys.written.count == 1, "the watch is sent once per connection")
        sys.reads = [.success(.endOfFile)]
        #expect(source.service(now: 3) { _ in } != nil)
        #expect(source.service(now: 13) { _ in } == .connected)
        #expect(sys.written.count == 2, "and again on the next one")
    }
}
