import GaugeSystem
import GaugeDisplay
import GaugeDisplayDevices
import GaugeTestSupport
import Glibc
import Testing

/// A fake /sys/class/backlight in a temp dir: `rpi` (max 255, with actual_brightness and
/// bl_power) and `acpi_video0` (max 10, neither).
struct FakeBacklightTree {
    let directory: String, root: String
    init() throws {
        directory = makeTemporaryDirectory()
        root = directory + "/backlight"
        mkdir(root, 0o755)
        for (name, files) in [
            ("rpi", ["max_brightness": "255", "brightness": "100", "actual_brightness": "100", "bl_power": "0"]),
            ("acpi_video0", ["max_brightness": "10", "brightness": "3"]),
        ] {
            mkdir("\(root)/\(name)", 0o755)
            for (f, v) in files { try LinuxSystem.standard.writeFile("\(root)/\(name)/\(f)", Array("\(v)\n".utf8), .replace) }
        }
    }
    func value(_ device: String, _ file: String) throws -> String {
        String(decoding: try LinuxSystem.standard.readFile("\(root)/\(device)/\(file)", limit: .max), as: UTF8.self)
    }
    /// Two levels of plain files: unlink them, then the directories.
    func remove() {
        let list = { (path: String) in (try? LinuxSystem.standard.listDirectory(path)) ?? [] }
        for d in list(root) where d != "." && d != ".." {
            for f in list("\(root)/\(d)") where f != "." && f != ".." { unlink("\(root)/\(d)/\(f)") }
            rmdir("\(root)/\(d)")
        }
        rmdir(root)
        rmdir(directory)
    }
}

@Suite struct BacklightTests {
    @Test func listsAndReadsTheFakeTree() throws {
        let t = try FakeBacklightTree()
        defer { t.remove() }
        let b = Backlights(root: t.root)
        #expect(b.names() == ["acpi_video0", "rpi"])
        #expect(try b.device(nil) == "acpi_video0")
        #expect(try b.state("rpi") == BacklightState(name: "rpi", brightness: 100, maxBrightness: 255, actualBrightness: 100, poweredOn: true))
        #expect(try b.state("acpi_video0").summary == "acpi_video0: brightness 3/10 (30%)")
        #expect(try b.state("rpi").summary == "rpi: brightness 100/255 (39%), actual 100, power on")
    }

    @Test func setsBrightnessByValueAndPercent() throws {
        let t = try FakeBacklightTree()
        defer { t.remove() }
        let b = Backlights(root: t.root)
        try b.setBrightness("rpi", to: 255)
        #expect(try t.value("rpi", "brightness") == "255\n")
        try b.setBrightness("rpi", to: 7)  // shorter than before: nothing left over
        #expect(try t.value("rpi", "brightness") == "7\n")
        try b.setBrightness("rpi", percent: 50)
        #expect(try b.state("rpi").brightness == 128)
        try b.setBrightness("acpi_video0", percent: 100)
        #expect(try b.state("acpi_video0").brightness == 10)
        try b.setBrightness("acpi_video0", percent: 0)
        #expect(try b.state("acpi_video0").percent == 0)
        #expect(throws: BacklightError.outOfRange(value: 256, max: 255)) { try b.setBrightness("rpi", to: 256) }
        #expect(throws: BacklightError.outOfRange(value: -1, max: 255)) { try b.setBrightness("rpi", to: -1) }
        #expect(throws: BacklightError.percentOutOfRange(101)) { try b.setBrightness("rpi", percent: 101) }
    }

    @Test func powerGoesThroughBlPower() throws {
        let t = try FakeBacklightTree()
        defer { t.remove() }
        let b = Backlights(root: t.root)
        try b.setPower("rpi", on: false)
        #expect(try t.value("rpi", "bl_power") == "4\n")
        #expect(try b.state("rpi").poweredOn == false)
        #expect(try b.state("rpi").brightness == 100)  // kept for when it comes back on
        try b.setPower("rpi", on: true)
        #expect(try b.state("rpi").poweredOn == true)
        #expect(throws: BacklightError.noPowerControl(device: "acpi_video0")) { try b.setPower("acpi_video0", on: false) }
        // Nothing is created in the tree.
        #expect(access("\(t.root)/acpi_video0/bl_power", F_OK) != 0)
    }

    @Test func errorsAreOneLineAndNameTheFix() throws {
        let t = try FakeBacklightTree()
        defer { t.remove() }
        let b = Backlights(root: t.root)
        #expect(throws: BacklightError.noSuchDevice(name: "lcd", available: ["acpi_video0", "rpi"])) { try b.device("lcd") }
        #expect(throws: BacklightError.noBacklight(root: t.root + "/none")) { try Backlights(root: t.root + "/none").device(nil) }
        try LinuxSystem.standard.writeFile("\(t.root)/rpi/brightness", Array("bright\n".utf8), .replace)
        #expect(throws: BacklightError.badValue(path: "\(t.root)/rpi/brightness", text: "bright")) { try b.state("rpi") }
        #expect(throws: BacklightError.unreadable(path: "\(t.root)/x/max_brightness", errno: .noSuchFileOrDirectory)) { try b.state("x") }
        // Permission: the mapping of errno (tests may run as root, where chmod doesn't bite).
        let p = "/sys/class/backlight/rpi/brightness"
        for e in [Errno.permissionDenied, .notPermitted, .readOnlyFileSystem] {
            #expect(BacklightError.write(path: p, errno: e) == .notWritable(path: p))
        }
        #expect(BacklightError.write(path: p, errno: .invalidArgument) == .writeFailed(path: p, errno: .invalidArgument))
        let text = BacklightError.notWritable(path: p).description
        #expect(text.hasPrefix("\(p): permission denied") && text.contains("udev rule") && text.contains("group video"))
        for e: BacklightError in [
            .notWritable(path: p), .noBacklight(root: "/sys"), .noSuchDevice(name: "a", available: []),
            .outOfRange(value: 9, max: 5), .percentOutOfRange(120), .noPowerControl(device: "a"),
            .unreadable(path: p, errno: .ioError), .writeFailed(path: p, errno: .ioError),
        ] {
            #expect(!e.description.contains("\n"))
        }
    }

    @Test func notWritableWhenTheFileRefusesWrites() throws {
        guard geteuid() != 0 else { return }  // root writes anyway
        let t = try FakeBacklightTree()
        defer { t.remove() }
        chmod("\(t.root)/rpi/brightness", 0o444)
        #expect(throws: BacklightError.notWritable(path: "\(t.root)/rpi/brightness")) {
            try Backlights(root: t.root).setBrightness("rpi", to: 1)
        }
    }

    @Test func goesThroughThePanelSystemOnly() throws {
        let sys = FakePanelSystem()
        sys.directories["/bl"] = ["rpi"]
        sys.files["/bl/rpi/max_brightness"] = Array("255\n".utf8)
        sys.files["/bl/rpi/brightness"] = Array("100\n".utf8)
        let b = Backlights(root: "/bl", system: sys)
        #expect(try b.state("rpi") == BacklightState(name: "rpi", brightness: 100, maxBrightness: 255))
        try b.setBrightness("rpi", percent: 50)
        #expect(sys.files["/bl/rpi/brightness"] == Array("128\n".utf8))
        #expect(throws: BacklightError.noPowerControl(device: "rpi")) { try b.setPower("rpi", on: false) }
    }
}
