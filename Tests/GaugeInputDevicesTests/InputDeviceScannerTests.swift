import Testing
import GaugeInput
@testable import GaugeInputDevices
#if canImport(Glibc)
    import Glibc
#endif

@Suite struct InputDeviceScannerTests {
    func system() -> FakeInputSystem {
        let sys = FakeInputSystem()
        sys.directories["/dev/input"] = ["by-id", "by-path", "event0", "event1", "event10", "event2", "mice", "eventX"]
        sys.nodes["/dev/input/event0"] = .keys("vc4-hdmi")
        sys.nodes["/dev/input/event1"] = .touchscreen("10-0038 generic ft5x06 (79)")
        sys.nodes["/dev/input/event2"] = .rotary("rotary@11")
        sys.nodes["/dev/input/event10"] = .keys("button@1b")
        return sys
    }

    @Test func scanOpensEventNodesInNumericOrder() {
        let sys = system()
        let scanner = InputDeviceScanner(calls: sys)
        let report = scanner.rescan()
        #expect(report.added.map(\.path) == ["/dev/input/event0", "/dev/input/event1", "/dev/input/event2", "/dev/input/event10"])
        #expect(report.removed.isEmpty && report.errors.isEmpty)
        #expect(scanner.openDevices.map(\.name) == ["vc4-hdmi", "10-0038 generic ft5x06 (79)", "rotary@11", "button@1b"])
        #expect(scanner.rescan().isEmpty)  // nothing changed
    }

    @Test func selectionByCapabilityAndName() throws {
        let scanner = InputDeviceScanner(calls: system())
        _ = scanner.rescan()
        #expect(scanner.devices(matching: .auto, for: .touch).map(\.path) == ["/dev/input/event1"])
        #expect(scanner.devices(matching: .auto, for: .encoder).map(\.path) == ["/dev/input/event2"])
        #expect(scanner.devices(matching: .auto, for: .keys).map(\.path) == ["/dev/input/event0", "/dev/input/event10"])
        #expect(scanner.devices(matching: DeviceSelector("FT5X06"), for: .touch).map(\.path) == ["/dev/input/event1"])
        // GPIO 17 is written in decimal; the overlay names the device in hex.
        #expect(scanner.devices(matching: DeviceSelector("rotary@17"), for: .encoder).map(\.path) == ["/dev/input/event2"])
        #expect(scanner.devices(matching: DeviceSelector(" /dev/input/event10 "), for: .keys).map(\.name) == ["button@1b"])
        #expect(scanner.devices(matching: DeviceSelector("none"), for: .keys).isEmpty)
        guard case .failure(let e) = scanner.device(matching: DeviceSelector("FT5406"), for: .touch, configured: "FT5406") else {
            Issue.record("FT5406 is not attached")
            return
        }
        #expect(e.description.contains("\"FT5406\"") && e.description.contains("gaugepanel devices"))
        #expect(try scanner.device(matching: .auto, for: .touch, configured: "auto").get().path == "/dev/input/event1")
    }

    @Test func permissionErrorsAreReportedAndRetried() {
        let sys = system()
        sys.openErrors["/dev/input/event1"] = EACCES
        let scanner = InputDeviceScanner(calls: sys)
        let first = scanner.rescan()
        #expect(first.errors.map(\.kind) == [.permissionDenied])
        #expect(first.errors[0].description.contains("/dev/input/event1") && first.errors[0].description.contains("group input"))
        #expect(!first.added.map(\.path).contains("/dev/input/event1"))
        // udev fixes the mode (IN_ATTRIB): the next scan opens it.
        sys.openErrors = [:]
        #expect(scanner.rescan().added.map(\.path) == ["/dev/input/event1"])
    }

    @Test func missingDirectoryIsAnError() {
        let scanner = InputDeviceScanner(directory: "/nonexistent", calls: FakeInputSystem())
        let report = scanner.rescan()
        #expect(report.errors.map(\.kind) == [.notFound] && report.errors[0].path == "/nonexistent")
        guard case .failure = scanner.startWatching() else {
            Issue.record("watching a missing directory fails")
            return
        }
    }

    @Test func hotPlugThroughInotify() throws {
        let sys = system()
        let scanner = InputDeviceScanner(calls: sys)
        _ = scanner.rescan()
        #expect(try scanner.startWatching().get() == FakeInputSystem.inotifyFD)
        #expect(scanner.watchFD == FakeInputSystem.inotifyFD)

        // Unplug the encoder, plug a keyboard.
        let oldEncoderFD = scanner.devices["/dev/input/event2"]!.fd
        sys.directories["/dev/input"] = ["event0", "event1", "event10", "event3"]
        sys.nodes["/dev/input/event2"] = nil
        sys.nodes["/dev/input/event3"] = .keys("USB keyboard")
        sys.inotifyBytes = [
            inotifyRecord("event2", mask: DirectoryChange.deleted)
                + inotifyRecord("event3", mask: DirectoryChange.created)
        ]
        let report = scanner.handleWatchEvents()
        #expect(report.removed == ["/dev/input/event2"])
        #expect(report.added.map(\.name) == ["USB keyboard"])
        #expect(sys.closed.contains(oldEncoderFD))
        #expect(sys.inotifyBytes.isEmpty)
    }

    @Test func nodeReplacedBetweenScansIsReopened() {
        let sys = system()
        let scanner = InputDeviceScanner(calls: sys)
        _ = scanner.rescan()
        let old = scanner.devices["/dev/input/event2"]!.fd
        _ = scanner.startWatching()
        sys.nodes["/dev/input/event2"] = .rotary("rotary@16")
        sys.inotifyBytes = [
            inotifyRecord("event2", mask: DirectoryChange.deleted),
            inotifyRecord("event2", mask: DirectoryChange.created),
        ]
        let report = scanner.handleWatchEvents()
        #expect(report.removed == ["/dev/input/event2"])
        #expect(report.added.map(\.name) == ["rotary@16"])
        #expect(scanner.devices["/dev/input/event2"]!.fd != old)
    }

    @Test func goneDeviceIsRemovedAndComesBack() {
        let sys = system()
        let scanner = InputDeviceScanner(calls: sys)
        _ = scanner.rescan()
        scanner.remove("/dev/input/event1")
        #expect(scanner.devices["/dev/input/event1"] == nil)
        #expect(scanner.rescan().added.map(\.path) == ["/dev/input/event1"])
    }

    @Test func inotifyParsingStopsAtTruncatedRecords() {
        let bytes = inotifyRecord("event7", mask: DirectoryChange.created) + inotifyRecord("event8", mask: DirectoryChange.deleted)
        #expect(
            DirectoryChange.parse(bytes) == [
                DirectoryChange(name: "event7", mask: DirectoryChange.created),
                DirectoryChange(name: "event8", mask: DirectoryChange.deleted),
            ])
        #expect(DirectoryChange.parse(Array(bytes.dropLast(3))).count == 1)
        var huge = inotifyRecord("x", mask: 0)
        huge[12] = 0xff
        huge[13] = 0xff
        huge[14] = 0xff
        huge[15] = 0xff  // len = 4 GiB
        #expect(DirectoryChange.parse(huge).isEmpty)
    }
}
