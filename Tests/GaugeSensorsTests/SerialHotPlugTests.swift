import Testing
import Foundation
import Glibc
import GaugeDecoders
import GaugeSystem
@testable import GaugeSensors

/// A serial device that appears after the panel started is opened as soon as its node
/// appears — inotify on its folder — not at the next retry, which backs off to 30 s.
@Suite final class SerialHotPlugTests {
    let folder: String

    init() {
        folder = NSTemporaryDirectory() + "gp-hotplug-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    @Test func aDeviceThatAppearsIsOpenedWithinHalfASecond() throws {
        let link = folder + "/ttyGP"
        let source = StreamSource(path: link, protocol: LineProtocolDecoder())
        #expect(source.service(now: 0) { _ in } == .openFailed(.noSuchFileOrDirectory))
        let watch = try #require(source.watchDescriptor, "the folder is watched while the device is absent")
        #expect(!waitReadable(watch, timeoutMs: 0))
        #expect(source.nextDeadline == 250_000_000, "the retry is a quarter second away")

        let device = try FakeSerialDevice(link: link)  // plugged in
        #expect(waitReadable(watch, timeoutMs: 500), "the node appearing is noticed within 0.5 s")
        source.folderChanged(now: 1_000)
        #expect(source.service(now: 1_000) { _ in } == .connected, "opened at once, not at the retry")
        #expect(source.watchDescriptor == nil, "no watch while open")
        var got: [Sample] = []
        device.send("rpm=900\n")
        #expect(waitReadable(source.fileDescriptor))
        source.service(now: 2_000) { got.append($0) }
        #expect(got == [Sample(name: "rpm", value: 900, unit: .none)])
    }

    /// /dev/serial/by-id does not exist before the first USB adapter: its parent is
    /// watched, then the folder itself once it appears.
    @Test func aFolderThatAppearsLaterIsWatchedInTurn() throws {
        let byID = folder + "/by-id"
        let link = byID + "/usb-adapter"
        let source = StreamSource(path: link, protocol: LineProtocolDecoder())
        #expect(source.service(now: 0) { _ in } == .openFailed(.noSuchFileOrDirectory))
        let parentWatch = try #require(source.watchDescriptor)
        #expect(mkdir(byID, 0o755) == 0)
        #expect(waitReadable(parentWatch, timeoutMs: 500))
        source.folderChanged(now: 10)
        #expect(source.service(now: 10) { _ in } == nil, "still absent: tried again, quietly")
        let watch = try #require(source.watchDescriptor)
        let device = try FakeSerialDevice(link: link)
        #expect(waitReadable(watch, timeoutMs: 500))
        source.folderChanged(now: 20)
        #expect(source.service(now: 20) { _ in } == .connected)
        _ = device
    }

    @Test func theFolderOfAPath() {
        #expect(LinuxSensorSystemCalls.folder(of: "/dev/serial/by-id/usb-x") == "/dev/serial/by-id")
        #expect(LinuxSensorSystemCalls.folder(of: "/dev/serial/by-id/") == "/dev/serial")
        #expect(LinuxSensorSystemCalls.folder(of: "/ttyS0") == "/")
        #expect(LinuxSensorSystemCalls.folder(of: "ttyS0") == ".")
        #expect(LinuxSensorSystemCalls.folder(of: "/") == "/")
    }
}
