import Foundation
import Testing
import GaugeConfig
import GaugeDisplay
import GaugeInput
import GaugeTestSupport
@testable import GaugePanel

/// Input devices through the `InputDevices` the runtime is given: a keyboard in the input
/// folder is opened at start, its key press (through the board's key map) turns the page,
/// and when it is unplugged its descriptor leaves the loop.
@Suite struct InputRuntimeTests {
    static let ms = PanelRuntimeTests.ms

    @Test func aKeyboardTurnsThePageAndIsDroppedWhenUnplugged() throws {
        let pty = try PanelRuntimeTests.Pty()
        let folder = NSTemporaryDirectory() + "gp-input-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/board.toml"
        try PanelRuntimeTests.board(device: pty.path).write(toFile: file, atomically: true, encoding: .utf8)
        let board = try BoardConfiguration.load(path: file)
        var options = RunOptions(boardPath: file)
        options.animates = false
        let keyboard = FakeInputDevice.keyboard("/dev/input/event3", fd: 40)
        let scanner = FakeInputScanner(devices: [keyboard])
        let loop = TestEventLoop(now: 5_000 * Self.ms)
        let runtime = try PanelRuntime(
            options: options, board: board, display: try OffscreenDisplay(width: 320, height: 240, format: .xrgb8888),
            loop: loop, devices: .testing, inputs: .fake(scanner), log: CapturedLines())
        runtime.start()
        loop.advance(by: 40 * Self.ms)
        #expect(Set(loop.registeredDescriptors).isSuperset(of: [40, scanner.watchDescriptor]))
        #expect(runtime.display.state.page == 0)

        // KEY_F5 pressed and released: the board's next_page.
        let f5 = try #require(FakeInputScanner.keyNames["KEY_F5"])
        keyboard.reads = [
            .events([
                .event(.key(f5, 1, at: 1)), .event(.report(at: 1)),
                .event(.key(f5, 0, at: 2)), .event(.report(at: 2)),
            ])
        ]
        #expect(loop.deliver(fd: 40))
        loop.advance(by: 40 * Self.ms)
        #expect(runtime.display.state.page == 1)

        // Unplugged: the folder's watch descriptor wakes the panel, the device is closed.
        scanner.plugged = [:]
        #expect(loop.deliver(fd: scanner.watchDescriptor))
        #expect(!loop.registeredDescriptors.contains(40))
        #expect(runtime.input.hub?.opened.isEmpty == true)
        _ = runtime.stop()
    }
}
