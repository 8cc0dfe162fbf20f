import GaugeDecoders
import GaugeInput
import Foundation
import Testing
import GaugeConfig
import GaugeDisplay
import GaugeSensors
import GaugeSystem
import GaugeTestSupport
@testable import GaugePanel

/// A network stream source through the run loop, over scripted sockets: the loop polls
/// a connect in progress for writability (and only then), and a "no value now" sample
/// makes the channels reading that name stale at once.
@Suite struct StreamRuntimeTests {
    static let ms: UInt64 = 1_000_000

    final class Sockets: FakePanelSystem, SensorSystemCalls, @unchecked Sendable {
        var results: [Bool] = [false, true]
        func openSerial(_ path: String, settings: SerialSettings) throws(Errno) -> Int32 { throw .noSuchFileOrDirectory }
        func connectTCP(_ address: NetworkAddress) throws(Errno) -> Int32 { 900 }
        func connectResult(_ fd: Int32) throws(Errno) -> Bool { results.isEmpty ? true : results.removeFirst() }
    }

    /// The line protocol, where `name=?` says "no value now" for `name`.
    struct MarkingProtocol: StreamProtocol {
        var decoder = LineProtocolDecoder()
        mutating func receive(_ bytes: [UInt8], now: UInt64, into sink: (Sample) -> Void) {
            let text = String(decoding: bytes, as: UTF8.self)
            if text.hasSuffix("=?\n") {
                sink(.noValue(name: String(text.dropLast(3))))
                return
            }
            decoder.feed(bytes, into: sink)
        }
        var droppedCount: UInt64 { decoder.statistics.dropped }
        mutating func outgoing(now: UInt64) -> [UInt8]? { nil }
        var deadline: UInt64? { nil }
        mutating func connectionReset() { decoder.resetFraming() }
    }

    @Test func aConnectIsPolledForWritabilityAndNoValueMakesChannelsStale() throws {
        let folder = NSTemporaryDirectory() + "gp-stream-runtime-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder + "/input", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/board.toml"
        try PanelRuntimeTests.board(device: "/dev/gp-no-such-line").write(toFile: file, atomically: true, encoding: .utf8)
        let board = try BoardConfiguration.load(path: file)
        var options = RunOptions(boardPath: file)
        options.animates = false
        options.inputDirectory = folder + "/input"
        let loop = TestEventLoop(now: 5_000 * Self.ms)
        let display = try OffscreenDisplay(width: 320, height: 240, format: .xrgb8888)
        let log = CapturedLines()
        let runtime = try PanelRuntime(options: options, board: board, display: display, loop: loop, devices: .testing, inputs: .fake(), log: log)
        let sockets = Sockets()
        runtime.sensors.descriptorSources[0] = StreamSource(
            transport: .tcp(NetworkAddress(host: "127.0.0.1", port: 10110)),
            protocol: MarkingProtocol(), system: sockets)
        runtime.start()
        #expect(loop.registeredDescriptors.contains(900))
        #expect(loop.deliver(fd: 900, .writable), "a connect in progress is polled for writability")
        #expect(log.lines.contains { $0.contains("tcp 127.0.0.1:10110: connected") }, "\(log.lines)")
        #expect(!loop.deliver(fd: 900, .writable), "connected: readable only, no busy loop on writability")

        sockets.reads = [.success(.bytes(Array("engine.rpm=3000 coolant=92.5\n".utf8)))]
        #expect(loop.deliver(fd: 900))
        loop.advance(by: 40 * Self.ms)
        #expect(differingPixels(runtime.screen, try PanelRuntimeTests.rendered(board, ["rpm": 3000, "coolant": 92.5], page: 0)) == 0)

        sockets.reads = [.success(.bytes(Array("engine.rpm=?\n".utf8)))]
        #expect(loop.deliver(fd: 900))
        loop.advance(by: 40 * Self.ms)
        #expect(
            differingPixels(runtime.screen, try PanelRuntimeTests.rendered(board, ["coolant": 92.5], page: 0)) == 0,
            "rpm shows no value; coolant keeps its own")
        let summary = runtime.stop()
        #expect(summary.sources == ["tcp:127.0.0.1:10110=open"], "\(summary.sources)")
        #expect(summary.unreadSamples == 0)
    }
}
