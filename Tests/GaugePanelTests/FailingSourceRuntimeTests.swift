import GaugeDecoders
import GaugeInput
import Foundation
import Testing
import GaugeConfig
import GaugeDisplay
import GaugeNet
import GaugeSensors
import GaugeSystem
import GaugeTestSupport
@testable import GaugePanel

/// Sources that fail the same way forever, through the run loop on fake time: the panel
/// keeps drawing, its log gets a few lines an hour for each, and the run summary counts.
@Suite struct FailingSourceRuntimeTests {
    static let ms: UInt64 = 1_000_000
    static let second = 1_000 * ms
    static let hour = 3_600 * second

    /// A broker that answers every CONNECT with "not authorized" (a wrong password_file).
    final class RefusingBroker: FakePanelSystem, SensorSystemCalls, @unchecked Sendable {
        var connects = 0
        private var answered = true
        func openSerial(_ path: String, settings: SerialSettings) throws(Errno) -> Int32 { throw .noSuchFileOrDirectory }
        func connectTCP(_ address: NetworkAddress) throws(Errno) -> Int32 {
            connects += 1
            answered = false
            return 900
        }
        func connectResult(_ fd: Int32) throws(Errno) -> Bool { true }
        override func read(_ fd: Int32, max: Int) throws(Errno) -> ReadResult {
            guard !answered else { return .nothingPending }
            answered = true
            return .bytes([0x20, 2, 0, 5])  // CONNACK, return code 5: not authorized
        }
    }

    /// A line that opens and fails again 10 ms later, every second (a server that accepts
    /// and closes, a USB adapter with a bad cable).
    final class FlappingLine: DescriptorSource {
        let path: String
        let kindName: String
        var fileDescriptor: Int32?
        var status = DescriptorSourceStatus.idle
        var openCount: UInt64 = 0
        var failureCount: UInt64 = 0
        var droppedCount: UInt64 { 0 }
        var watchDescriptor: Int32? { nil }
        private var due: UInt64 = 0
        var nextDeadline: UInt64? { due }

        init(kind: String, path: String) {
            kindName = kind
            self.path = path
        }

        func folderChanged(now: UInt64) {}
        func close(now: UInt64) { fileDescriptor = nil }

        func service(now: UInt64, into sink: (Sample) -> Void) -> DescriptorSourceEvent? {
            guard now >= due else { return nil }
            if fileDescriptor == nil {
                fileDescriptor = 901
                openCount += 1
                status = .open
                due = now + 10 * FailingSourceRuntimeTests.ms
                return .connected
            }
            fileDescriptor = nil
            failureCount += 1
            status = .lost(nil)
            due = now + FailingSourceRuntimeTests.second
            return .disconnected(channels: ["engine.rpm"])
        }
    }

    func runtime(_ name: String, log: CapturedLines) throws -> (PanelRuntime<TestEventLoop>, TestEventLoop, BoardConfiguration) {
        let folder = NSTemporaryDirectory() + "gp-\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder + "/input", withIntermediateDirectories: true)
        let file = folder + "/board.toml"
        try PanelRuntimeTests.board(device: "/dev/gp-no-such-line").write(toFile: file, atomically: true, encoding: .utf8)
        let board = try BoardConfiguration.load(path: file)
        var options = RunOptions(boardPath: file)
        options.animates = false
        options.inputDirectory = folder + "/input"
        let loop = TestEventLoop(now: 5_000 * Self.ms)
        let display = try OffscreenDisplay(width: 320, height: 240, format: .xrgb8888)
        let runtime = try PanelRuntime(
            options: options, board: board, display: display, loop: loop, devices: .testing,
            inputs: .fake(), log: log)
        try? FileManager.default.removeItem(atPath: folder)
        return (runtime, loop, board)
    }

    @Test(arguments: ["serial", "tcp", "udp", "mqtt", "gpsd", "can"])
    func aLineThatFlapsForHoursIsSaidAFewTimesAnHour(kind: String) throws {
        let log = CapturedLines()
        let (runtime, loop, board) = try runtime("flapping-\(kind)", log: log)
        let line = FlappingLine(kind: kind, path: "flapper")
        runtime.sensors.descriptorSources[0] = line
        runtime.start()
        loop.advance(by: Self.hour)
        let said = { log.lines.filter { $0.hasPrefix("\(kind) flapper: ") } }
        #expect(line.failureCount >= 3_500, "it flapped once a second (\(line.failureCount))")
        #expect(said().count <= 9, "\(said())")
        #expect(said().filter { $0.contains("keeps failing") }.count == 1)
        let firstHour = said().count
        loop.advance(by: 5 * Self.hour)
        #expect(said().count - firstHour <= 5, "hourly after the first hour: \(said().suffix(4))")
        // The panel kept drawing: nothing is shown for the flapping channel.
        #expect(differingPixels(runtime.screen, try PanelRuntimeTests.rendered(board, [:], page: 0)) == 0)
        let summary = runtime.stop()
        #expect(
            summary.sources == ["\(kind):flapper=open,failures:\(line.failureCount)"]
                || summary.sources == ["\(kind):flapper=lost:hangup,failures:\(line.failureCount)"], "\(summary.sources)")
    }

    /// 10,000 refused logins (the session waits 5 s, doubling to a minute, between them):
    /// the refusal said once, the loss once, then a line an hour.
    @Test func tenThousandRefusedLoginsAreSaidOnce() throws {
        let log = CapturedLines()
        let (runtime, loop, _) = try runtime("refused", log: log)
        let broker = RefusingBroker()
        let session = MQTTSession(.init(clientID: "gp", channels: [.init(name: "engine.rpm", filter: "car/rpm")]))
        runtime.sensors.descriptorSources[0] = StreamSource(
            transport: .tcp(NetworkAddress(host: "127.0.0.1", port: 1883)),
            protocol: session, backoff: .network, system: broker)
        runtime.start()
        let start = loop.now
        while broker.connects < 10_000 { loop.advance(by: 30 * Self.second) }
        let hours = (loop.now - start) / Self.hour
        let said = log.lines.filter { $0.hasPrefix("mqtt 127.0.0.1:1883: ") }
        #expect(said.filter { $0.contains("the broker refused the connection: not authorized") }.count == 1, "\(said.prefix(6))")
        // Connected, lost, the refusal, connected again and the flapping said once, the
        // growing intervals, then a line an hour.
        #expect(said.count <= 10 + Int(hours), "\(said.count) lines in \(hours) hours: \(said.prefix(8))")
        #expect(said.filter { $0.contains("keeps failing") }.count == 1, "\(said.prefix(8))")
        let summary = runtime.stop()
        #expect(summary.sources.first?.hasSuffix(",failures:\(broker.connects)") == true, "\(summary.sources)")
    }
}
