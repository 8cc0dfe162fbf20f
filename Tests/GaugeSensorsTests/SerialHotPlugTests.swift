import XCTest
import Foundation
import Glibc
import GaugeSystem
@testable import GaugeSensors

/// A serial device that appears after the panel started is opened as soon as its node
/// appears — inotify on its folder — not at the next retry, which backs off to 30 s.
final class SerialHotPlugTests: XCTestCase {
    var folder = ""

    override func setUp() {
        folder = NSTemporaryDirectory() + "gp-hotplug-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    func testADeviceThatAppearsIsOpenedWithinHalfASecond() throws {
        let link = folder + "/ttyGP"
        let source = StreamSource(path: link, protocol: LineProtocolDecoder())
        XCTAssertEqual(source.service(now: 0) { _ in }, .openFailed(.noSuchFileOrDirectory))
        let watch = try XCTUnwrap(source.watchDescriptor, "the folder is watched while the device is absent")
        XCTAssertFalse(waitReadable(watch, timeoutMs: 0))
        XCTAssertEqual(source.nextDeadline, 250_000_000, "the retry is a quarter second away")

        let device = try FakeSerialDevice(link: link)  // plugged in
        XCTAssertTrue(waitReadable(watch, timeoutMs: 500), "the node appearing is noticed within 0.5 s")
        source.folderChanged(now: 1_000)
        XCTAssertEqual(source.service(now: 1_000) { _ in }, .connected, "opened at once, not at the retry")
        XCTAssertNil(source.watchDescriptor, "no watch while open")
        var got: [Sample] = []
        device.send("rpm=900\n")
        XCTAssertTrue(waitReadable(source.fileDescriptor))
        source.service(now: 2_000) { got.append($0) }
        XCTAssertEqual(got, [Sample(name: "rpm", value: 900, unit: .none)])
    }

    /// /dev/serial/by-id does not exist before the first USB adapter: its parent is
    /// watched, then the folder itself once it appears.
    func testAFolderThatAppearsLaterIsWatchedInTurn() throws {
        let byID = folder + "/by-id"
        let link = byID + "/usb-adapter"
        let source = StreamSource(path: link, protocol: LineProtocolDecoder())
        XCTAssertEqual(source.service(now: 0) { _ in }, .openFailed(.noSuchFileOrDirectory))
        let parentWatch = try XCTUnwrap(source.watchDescriptor)
        XCTAssertEqual(mkdir(byID, 0o755), 0)
        XCTAssertTrue(waitReadable(parentWatch, timeoutMs: 500))
        source.folderChanged(now: 10)
        XCTAssertNil(source.service(now: 10) { _ in }, "still absent: tried again, quietly")
        let watch = try XCTUnwrap(source.watchDescriptor)
        let device = try FakeSerialDevice(link: link)
        XCTAssertTrue(waitReadable(watch, timeoutMs: 500))
        source.folderChanged(now: 20)
        XCTAssertEqual(source.service(now: 20) { _ in }, .connected)
        _ = device
    }

    func testTheFolderOfAPath() {
        XCTAssertEqual(LinuxSensorSystemCalls.folder(of: "/dev/serial/by-id/usb-x"), "/dev/serial/by-id")
        XCTAssertEqual(LinuxSensorSystemCalls.folder(of: "/dev/serial/by-id/"), "/dev/serial")
        XCTAssertEqual(LinuxSensorSystemCalls.folder(of: "/ttyS0"), "/")
        XCTAssertEqual(LinuxSensorSystemCalls.folder(of: "ttyS0"), ".")
        XCTAssertEqual(LinuxSensorSystemCalls.folder(of: "/"), "/")
    }
}
