import Foundation
import Testing

/// scripts/install-service.sh in its two root-free modes: --dry-run and a staged
/// install (DESTDIR). Nothing here touches the real system.
@Suite struct InstallServiceScriptTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let script = repo.appendingPathComponent("scripts/install-service.sh").path

    struct Outcome {
        var status: Int32
        var output: String
        var errors: String
    }

    /// A temporary stage with a fake binary and board file.
    struct Fixture {
        let root: URL
        var stage: String { root.appendingPathComponent("stage").path }
        var binary: String { root.appendingPathComponent("gaugepanel").path }
        var board: String { root.appendingPathComponent("board.toml").path }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("gaugepanel-h4-install-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try "#!/bin/sh\necho fake\n".write(toFile: binary, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary)
            try "[display]\nkind = \"offscreen\"\n".write(toFile: board, atomically: true, encoding: .utf8)
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    func run(_ arguments: [String], destdir: String?, pathPrefix: String? = nil) throws -> Outcome {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = [Self.script] + arguments
        var env = ProcessInfo.processInfo.environment
        env["DESTDIR"] = destdir
        if let pathPrefix { env["PATH"] = pathPrefix + ":" + (env["PATH"] ?? "/usr/bin:/bin") }
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Outcome(
            status: p.terminationStatus, output: String(decoding: o, as: UTF8.self),
            errors: String(decoding: e, as: UTF8.self))
    }

    @Test func dryRunPrintsEveryActionAndChangesNothing() throws {
        let f = try Fixture()
        defer { f.remove() }
        let r = try run(["--dry-run", "--board", f.board, "--binary", f.binary], destdir: f.stage)
        #expect(r.status == 0, "\(r.errors)")
        #expect(r.output.contains("+ install -D -m 0755 \(f.binary) \(f.stage)/usr/local/bin/gaugepanel"))
        #expect(r.output.contains("+ install -D -m 0644 \(f.board) \(f.stage)/etc/gaugepanel/board.toml"))
        #expect(r.output.contains("+ write \(f.stage)/etc/systemd/system/gaugepanel.service"))
        #expect(r.output.contains("multi-user.target.wants/gaugepanel.service"))
        #expect(r.output.contains("dry run: nothing was changed"))
        #expect(!FileManager.default.fileExists(atPath: f.stage))
    }

    @Test func stagedInstallLaysOutBinaryBoardUnitUserAndEnablement() throws {
        let f = try Fixture()
        defer { f.remove() }
        let r = try run(["--board", f.board, "--binary", f.binary, "--prefix", "/usr"], destdir: f.stage)
        #expect(r.status == 0, "\(r.errors)")
        let fm = FileManager.default
        let bin = f.stage + "/usr/bin/gaugepanel"
        #expect(fm.isExecutableFile(atPath: bin))
        #expect(
            try String(contentsOfFile: f.stage + "/etc/gaugepanel/board.toml", encoding: .utf8)
                == String(contentsOfFile: f.board, encoding: .utf8))
        let unit = try String(contentsOfFile: f.stage + "/etc/systemd/system/gaugepanel.service", encoding: .utf8)
        #expect(unit.contains("ExecStart=/usr/bin/gaugepanel run --board /etc/gaugepanel/board.toml"))
        #expect(!unit.contains("@BINDIR@") && !unit.contains("@CONFDIR@"))
        let link = try fm.destinationOfSymbolicLink(
            atPath: f.stage + "/etc/systemd/system/multi-user.target.wants/gaugepanel.service")
        #expect(link == "/etc/systemd/system/gaugepanel.service")
        // A file a script installs is the admin's: /etc/sysusers.d, not the distribution's /usr/lib.
        let sysusers = try String(contentsOfFile: f.stage + "/etc/sysusers.d/gaugepanel.conf", encoding: .utf8)
        for g in ["video", "input", "dialout", "audio"] { #expect(sysusers.contains("m gaugepanel \(g)")) }
        #expect(!fm.fileExists(atPath: f.stage + "/usr/lib/sysusers.d/gaugepanel.conf"))
        // The backlight rule: group video may write bl_power and brightness.
        let rule = try String(contentsOfFile: f.stage + "/etc/udev/rules.d/70-gaugepanel-backlight.rules", encoding: .utf8)
        #expect(rule.contains("bl_power") && rule.contains("video"))
        if fm.isExecutableFile(atPath: "/usr/bin/systemd-analyze") || fm.isExecutableFile(atPath: "/bin/systemd-analyze") {
            #expect(r.output.contains("verified: systemd-analyze verify accepted"))
        }
    }

    @Test func reinstallKeepsTheEditedBoardAsPrevious() throws {
        let f = try Fixture()
        defer { f.remove() }
        #expect(try run(["--board", f.board, "--binary", f.binary, "--no-enable"], destdir: f.stage).status == 0)
        let installed = f.stage + "/etc/gaugepanel/board.toml"
        try "edited = true\n".write(toFile: installed, atomically: true, encoding: .utf8)
        let r = try run(["--board", f.board, "--binary", f.binary, "--no-enable"], destdir: f.stage)
        #expect(r.status == 0, "\(r.errors)")
        #expect(try String(contentsOfFile: installed + ".previous", encoding: .utf8) == "edited = true\n")
        #expect(!FileManager.default.fileExists(atPath: f.stage + "/etc/systemd/system/multi-user.target.wants"))
    }

    @Test func missingInputsFailWithTheFix() throws {
        let f = try Fixture()
        defer { f.remove() }
        let noBoard = try run(["--board", f.root.path + "/nope.toml", "--binary", f.binary], destdir: f.stage)
        #expect(noBoard.status != 0)
        #expect(noBoard.errors.contains("board file \(f.root.path)/nope.toml not found"))
        let noBinary = try run(["--board", f.board, "--binary", f.root.path + "/nope"], destdir: f.stage)
        #expect(noBinary.status != 0)
        #expect(noBinary.errors.contains("swift build -c release"))
        let unknown = try run(["--frobnicate"], destdir: f.stage)
        #expect(unknown.status != 0 && unknown.errors.contains("unknown argument: --frobnicate"))
        #expect(!FileManager.default.fileExists(atPath: f.stage))
    }

    /// A binary that would not start as the service starts it is refused before anything
    /// is installed, with the fix; one that starts is said to.
    @Test func aBinaryThatCannotStartOnItsOwnIsRefused() throws {
        let f = try Fixture()
        defer { f.remove() }
        let ok = try run(["--dry-run", "--board", f.board, "--binary", f.binary], destdir: f.stage)
        #expect(ok.status == 0 && ok.output.contains("checked: \(f.binary) starts on its own (fake)"))
        try "#!/bin/sh\necho 'error while loading shared libraries: libswiftCore.so' >&2\nexit 127\n"
            .write(toFile: f.binary, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: f.binary)
        let r = try run(["--board", f.board, "--binary", f.binary], destdir: f.stage)
        #expect(r.status != 0)
        #expect(
            r.errors.contains(
                "binary \(f.binary) does not start on its own (env -i \(f.binary) --version: error while loading shared libraries: libswiftCore.so)"))
        #expect(r.errors.contains("swift build -c release --static-swift-stdlib --product gaugepanel"))
        #expect(!FileManager.default.fileExists(atPath: f.stage))
    }

    /// A Pi 4/400/5 on 32-bit Raspberry Pi OS: a 64-bit kernel (uname -m aarch64) under a
    /// 32-bit userland (armhf). The 32-bit firmware starts there and is checked as this
    /// machine's; a 64-bit host build that cannot start is refused naming the firmware to take.
    @Test func aPiWithA64BitKernelAndA32BitUserlandTakesThe32BitFirmware() throws {
        let f = try Fixture()
        defer { f.remove() }
        let stubs = f.root.appendingPathComponent("stubs").path
        try FileManager.default.createDirectory(atPath: stubs, withIntermediateDirectories: true)
        func stub(_ name: String, _ body: String) throws {
            try "#!/bin/sh\n\(body)\n".write(toFile: stubs + "/" + name, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stubs + "/" + name)
        }
        try stub("uname", "[ \"$1\" = -m ] && echo aarch64 || echo Linux")
        try stub("dpkg", "echo armhf")
        try stub("getconf", "echo 32")
        try stub("file", "echo 'ELF 32-bit LSB executable, ARM, EABI5 version 1 (SYSV), statically linked'")
        let armv7 = try run(["--dry-run", "--board", f.board, "--binary", f.binary], destdir: nil, pathPrefix: stubs)
        #expect(armv7.status == 0, "\(armv7.errors)")
        #expect(armv7.output.contains("checked: \(f.binary) starts on its own (fake)"), "\(armv7.output)")
        #expect(armv7.output.contains("32-bit userland (armhf) on a 64-bit kernel: its firmware is out/firmware/gaugepanel-armv7"))
        #expect(armv7.output.contains("dry run: nothing was changed"))

        try stub("file", "echo 'ELF 64-bit LSB pie executable, ARM aarch64, version 1 (SYSV), dynamically linked'")
        try "#!/bin/sh\necho 'cannot execute: required file not found' >&2\nexit 127\n"
            .write(toFile: f.binary, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: f.binary)
        let host = try run(["--dry-run", "--board", f.board, "--binary", f.binary], destdir: nil, pathPrefix: stubs)
        #expect(host.status != 0)
        #expect(
            host.errors.contains(
                "this system's userland is 32-bit; take the firmware out/firmware/gaugepanel-armv7 (scripts/build-firmware.sh armv7)"),
            "\(host.errors)")
    }

    @Test func unitFileCarriesTheServiceContract() throws {
        let unit = try String(
            contentsOfFile: Self.repo.appendingPathComponent("scripts/systemd/gaugepanel.service").path,
            encoding: .utf8)
        let lines = Set(unit.split(separator: "\n").map(String.init))
        for required in [
            "Type=notify", "Restart=on-failure", "User=gaugepanel",
            "SupplementaryGroups=video input dialout audio", "NoNewPrivileges=yes", "ProtectSystem=strict",
            "ProtectHome=yes", "PrivateTmp=yes", "ExecReload=/bin/kill -HUP $MAINPID",
            "KillSignal=SIGTERM", "TimeoutStopSec=2", "DevicePolicy=closed",
            "DeviceAllow=char-drm rw", "DeviceAllow=char-fb rw", "DeviceAllow=char-input rw",
            "DeviceAllow=char-tty* rw", "ReadWritePaths=-/sys/class/backlight",
            // Bluetooth serial (rfcomm, major 216) is not a char-tty* device.
            "DeviceAllow=char-rfcomm rw",
            // GPIO outputs and the alarms' sound.
            "DeviceAllow=char-gpiochip rw", "DeviceAllow=char-alsa rw",
            // The panel's console as its controlling terminal (graphics mode as a user),
            // logs in the journal with their priority, a slow display waited for.
            "TTYPath=/dev/tty1", "StandardInput=tty", "StandardError=journal",
            // The console back in text mode with its keyboard after a killed panel.
            "TTYReset=yes",
            "SyslogIdentifier=gaugepanel", "TimeoutStartSec=180",
        ] {
            #expect(lines.contains(required), "missing \(required)")
        }
        #expect(lines.contains { $0.hasPrefix("WatchdogSec=") })
    }
}
