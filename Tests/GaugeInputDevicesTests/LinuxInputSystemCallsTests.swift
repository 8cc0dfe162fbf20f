import Testing
import GaugeInput
@testable import GaugeInputDevices
import GaugeSystem
#if canImport(Glibc)
    import Glibc
#endif

/// The real system calls against a temporary directory: listing, inotify, and libevdev
/// refusing files that are not input devices.
@Suite struct LinuxInputSystemCallsTests {
    func temporaryDirectory() throws -> String {
        var template = Array("/tmp/gaugeinput-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        try #require(made != nil)
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func touch(_ path: String, mode: mode_t = 0o644) {
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, mode)
        if fd >= 0 { close(fd) }
    }

    func remove(_ dir: String, _ names: [String]) {
        for n in names { unlink(dir + "/" + n) }
        rmdir(dir)
    }

    @Test func inotifyReportsCreateAndDelete() throws {
        let dir = try temporaryDirectory()
        defer { remove(dir, ["event5"]) }
        let sys = LinuxInputSystemCalls()
        let fd = try sys.watchDirectory(dir)
        defer { sys.close(fd) }
        #expect(try sys.read(fd, max: 4096) == .nothingPending)  // non-blocking: nothing yet
        touch(dir + "/event5")
        unlink(dir + "/event5")
        guard case .bytes(let bytes) = try sys.read(fd, max: 4096) else {
            Issue.record("inotify must report the changes")
            return
        }
        let changes = DirectoryChange.parse(bytes)
        #expect(changes.contains { $0.name == "event5" && $0.mask & DirectoryChange.created != 0 })
        #expect(changes.contains { $0.name == "event5" && $0.isDeletion })
    }

    @Test func scannerReportsFilesThatAreNotEvdevDevices() throws {
        let dir = try temporaryDirectory()
        defer { remove(dir, ["event0", "mice"]) }
        touch(dir + "/event0")
        touch(dir + "/mice")
        let scanner = InputDeviceScanner(directory: dir)
        let report = scanner.rescan()
        #expect(report.added.isEmpty)
        #expect(report.errors.map(\.kind) == [.notEvdev])
        #expect(report.errors.first?.path == dir + "/event0")
    }

    @Test func openErrorsNameTheDevice() throws {
        guard case .failure(let missing) = EvdevDevice.open("/nonexistent/event9") else {
            Issue.record("opening a missing node must fail")
            return
        }
        #expect(missing.kind == .notFound && missing.description.hasPrefix("/nonexistent/event9:"))
        // Root ignores file modes, so the permission case is only checkable as a user.
        if geteuid() != 0 {
            let dir = try temporaryDirectory()
            defer { remove(dir, ["event3"]) }
            touch(dir + "/event3", mode: 0)
            guard case .failure(let denied) = EvdevDevice.open(dir + "/event3") else {
                Issue.record("mode 000 must be refused")
                return
            }
            #expect(denied.kind == .permissionDenied && denied.description.contains("group input"))
        }
    }
}
