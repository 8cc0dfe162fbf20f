import GaugeInput
import Foundation
import Testing
import GaugeConfig
import GaugeDisplay
import GaugeImages
import GaugeTestSupport
@testable import GaugePanel

/// The runtime's own calls beside the loop's and the devices' go through the system it is
/// given (`PanelSystem`): the snapshot's file and its rename into place, the heap given back
/// after the first frame and after each snapshot.
@Suite struct RuntimeSystemTests {
    @Test func snapshotsAndTheHeapGoThroughTheGivenSystem() throws {
        let pty = try PanelRuntimeTests.Pty()
        let folder = NSTemporaryDirectory() + "gp-runtime-system-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder + "/input", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/board.toml"
        try PanelRuntimeTests.board(device: pty.path).write(toFile: file, atomically: true, encoding: .utf8)
        let board = try BoardConfiguration.load(path: file)
        var options = RunOptions(boardPath: file)
        options.animates = false
        options.inputDirectory = folder + "/input"
        options.snapshotPath = "/panel/shot.png"
        let system = FakePanelSystem()
        let loop = TestEventLoop(now: 5_000 * PanelRuntimeTests.ms)
        let runtime = try PanelRuntime(
            options: options, board: board, display: try OffscreenDisplay(width: 320, height: 240, format: .xrgb8888),
            loop: loop, devices: .testing, inputs: .fake(), log: CapturedLines(), system: system)
        runtime.start()
        loop.advance(by: 40 * PanelRuntimeTests.ms)
        #expect(runtime.summary.frames == 1 && system.heapReleases == 1)

        #expect(loop.deliver(signal: LoopSignals.user1))
        let png = try #require(system.files["/panel/shot.png"], "the snapshot written through the given system")
        #expect(system.files["/panel/shot.png.tmp"] == nil, "renamed into place")
        #expect(png == (try PNG.encode(runtime.screen)))
        #expect(system.heapReleases == 2)
        #expect(!FileManager.default.fileExists(atPath: "/panel/shot.png"))
        _ = runtime.stop()
    }
}
