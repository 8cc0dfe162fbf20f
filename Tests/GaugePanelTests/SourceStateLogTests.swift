import GaugeTestSupport
import GaugeInput
import Foundation
import Testing
import GaugeConfig
import GaugeDisplay
import GaugeSensors
import GaugeSystem
@testable import GaugePanel

/// Every change of a source's state is one log line at its priority — opened, could not
/// open (once, with errno's words and the fix), lost, back — and the run summary lists
/// each source's state.
@Suite struct SourceStateLogTests {
    static let ms: UInt64 = 1_000_000

    func runtime(device: String, folder: String, log: CapturedLines) throws -> (PanelRuntime<TestEventLoop>, TestEventLoop) {
        try FileManager.default.createDirectory(atPath: folder + "/input", withIntermediateDirectories: true)
        let file = folder + "/board.toml"
        try PanelRuntimeTests.board(device: device).write(toFile: file, atomically: true, encoding: .utf8)
        var options = RunOptions(boardPath: file)
        options.animates = false
        options.inputDirectory = folder + "/input"
        let loop = TestEventLoop(now: 5_000 * Self.ms)
        let runtime = try PanelRuntime(
            options: options, board: try BoardConfiguration.load(path: file),
            display: try OffscreenDisplay(width: 320, height: 240, format: .xrgb8888),
            loop: loop, devices: .testing, inputs: .fake(), log: log)
        return (runtime, loop)
    }

    static func folder(_ name: String) -> String {
        NSTemporaryDirectory() + "gp-\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    @Test(arguments: ["/dev/null", "/", "/nonexistent/ttyUSB9"])
    func aDeviceThatCannotBeOpenedIsSaidOnce(device: String) throws {
        let folder = Self.folder("unopened")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let log = CapturedLines()
        let (runtime, loop) = try runtime(device: device, folder: folder, log: log)
        runtime.start()
        loop.advance(by: 10 * 60_000 * Self.ms)  // ten minutes of retries
        let said = log.lines.enumerated().filter { $0.element.contains("serial \(device): cannot open") }
        #expect(said.count == 1, "\(log.lines)")
        if let (i, line) = said.first {
            #expect(log.levels[i] == .warning)
            let e: Errno = device == "/dev/null" ? .inappropriateIOCTLForDevice : device == "/" ? .isDirectory : .noSuchFileOrDirectory
            #expect(line.contains(e.message) && line.contains(e.serialOpenAdvice))
        }
        // Ten minutes of retries (backing off to 30 s): summed up at 1, 3 and 7 minutes.
        let still = log.lines.filter { $0.hasPrefix("serial \(device): still failing: ") }
        #expect(still.count == 3 && log.lines.filter { $0.hasPrefix("serial \(device): ") }.count == 4, "\(log.lines)")
        let summary = runtime.stop()
        let errno = device == "/dev/null" ? 25 : device == "/" ? 21 : 2
        let failures = try #require(runtime.sensors.descriptorSources.first?.failureCount)
        #expect(failures > 10)
        #expect(summary.sources == ["serial:\(device)=not-open:errno-\(errno),failures:\(failures)"])
        #expect(summary.description.hasSuffix(" serial:\(device)=not-open:errno-\(errno),failures:\(failures)"))
    }

    @Test func aLineLostAndBackIsSaidEachTime() throws {
        let folder = Self.folder("lost")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let link = folder + "/ttyGP"
        var pty: PanelRuntimeTests.Pty? = try PanelRuntimeTests.Pty()
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: pty!.path)
        let log = CapturedLines()
        let (runtime, loop) = try runtime(device: link, folder: folder, log: log)
        runtime.start()
        loop.advance(by: 40 * Self.ms)
        #expect(log.lines.filter { $0 == "serial \(link): connected" }.count == 1)
        #expect(runtime.currentSummary().sources == ["serial:\(link)=open"])

        // Unplugged: the master goes, the line hangs up.
        let fd = try #require(runtime.sensors.descriptorSources.first?.fileDescriptor)
        pty = nil
        try FileManager.default.removeItem(atPath: link)
        #expect(loop.deliver(fd: fd))
        let lost = log.lines.enumerated().filter { $0.element.hasPrefix("serial \(link): lost") }
        #expect(lost.count == 1 && lost.first.map { log.levels[$0.offset] } == .warning, "\(log.lines)")
        loop.advance(by: 5_000 * Self.ms)
        #expect(!log.lines.contains { $0.contains("cannot open") }, "an absent device after a loss is what 'lost' said")
        #expect(runtime.currentSummary().sources.first?.hasPrefix("serial:\(link)=not-open:errno-2") == true)

        // Plugged back in.
        let again = try PanelRuntimeTests.Pty()
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: again.path)
        loop.advance(by: 30_000 * Self.ms)
        #expect(log.lines.filter { $0 == "serial \(link): connected again" }.count == 1, "\(log.lines)")
        let failures = try #require(runtime.sensors.descriptorSources.first?.failureCount)
        #expect(runtime.stop().sources == ["serial:\(link)=open,failures:\(failures)"])
    }

    /// The device appears long after start, when the retry has backed off to seconds: its
    /// folder's inotify descriptor wakes the loop and the line opens without waiting.
    @Test func aDeviceThatAppearsLaterIsOpenedAtOnce() throws {
        let folder = Self.folder("hotplug")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let link = folder + "/ttyGP"
        let log = CapturedLines()
        let (runtime, loop) = try runtime(device: link, folder: folder, log: log)
        runtime.start()
        loop.advance(by: 20_000 * Self.ms)  // the retries are 16 s apart by now
        let watch = try #require(runtime.sensors.lines[0].watch)
        #expect(runtime.sensors.descriptorSources.first?.fileDescriptor == nil)

        let pty = try PanelRuntimeTests.Pty()
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: pty.path)
        var p = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
        #expect(poll(&p, 1, 500) == 1, "the link appearing is noticed within 0.5 s")
        #expect(loop.deliver(fd: watch))
        #expect(log.lines.contains("serial \(link): connected"), "\(log.lines)")
        let fd = try #require(runtime.sensors.descriptorSources.first?.fileDescriptor)
        #expect(runtime.sensors.lines[0].watch == nil && !loop.registeredDescriptors.contains(watch) || watch == fd)
        pty.write("engine.rpm=2000\n")
        #expect(loop.deliver(fd: fd))
        #expect(runtime.currentSummary().samples == 1)
        _ = runtime.stop()
    }
}
