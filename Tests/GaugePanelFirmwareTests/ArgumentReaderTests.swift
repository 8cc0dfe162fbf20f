import Testing
import GaugeDisplay
import GaugeDisplayDevices
import GaugePanel
@testable import GaugePanelFirmware

/// The firmware's small command-line reader: the forms the host's ArgumentParser takes.
@Suite struct ArgumentReaderTests {
    @Test func valuesFlagsAndPositionals() throws {
        var r = ArgumentReader(["b.toml", "--set", "rpm=3000", "--out=/tmp/x.png", "--set=speed=-4", "--no-animation", "--time", "2.5"])
        #expect(try r.values("--set") == ["rpm=3000", "speed=-4"])
        #expect(try r.value("--out") == "/tmp/x.png")
        #expect(try r.double("--time") == 2.5)
        #expect(r.flag("animation", default: true) == false)
        #expect(r.flag("damage", default: true) == true)
        #expect(try r.finish() == ["b.toml"])
    }

    @Test func theLastValueWinsAndNegativeNumbersAreValues() throws {
        var r = ArgumentReader(["--duration", "-1", "--page", "a", "--page", "b"])
        #expect(try r.double("--duration") == -1)
        #expect(try r.value("--page") == "b")
    }

    @Test func mistakesAreUsageErrors() {
        var missing = ArgumentReader(["--board"])
        #expect(throws: ArgumentReader.UsageError.self) { try missing.value("--board") }
        var notNumber = ArgumentReader(["--frames", "ten"])
        #expect(throws: ArgumentReader.UsageError.self) { try notNumber.int64("--frames") }
        var unknown = ArgumentReader(["--frobnicate", "x"])
        #expect(throws: ArgumentReader.UsageError.self) { try unknown.finish() }
        var dashes = ArgumentReader(["--", "--odd-name.toml"])
        #expect((try? dashes.finish()) == ["--odd-name.toml"])
    }

    /// Exit statuses as the host's: 0, 2 for usage and bad input.
    @Test func exitStatuses() {
        #expect(FirmwareCommand.main(["--version"]) == 0)
        #expect(FirmwareCommand.main([]) == 2)
        #expect(FirmwareCommand.main(["frobnicate"]) == 2)
        #expect(FirmwareCommand.main(["check"]) == 2)
        #expect(FirmwareCommand.main(["check", "/nonexistent/board.toml"]) == 2)
        #expect(FirmwareCommand.main(["run", "--board", "/nonexistent/board.toml"]) == 2)
    }

    /// The firmware's `run` reads `RunOptions.table(displays:)` (the host's RunCommand reads the same
    /// table): its usage and `run --help` list every option of it.
    @Test func runListsTheTablesOptions() {
        #expect(FirmwareCommand.main(["run", "--help"]) == 0)
        for option in RunOptions.table(displays: DisplayDevices.system.names) {
            #expect(FirmwareCommand.usage.contains(option.synopsis), "\(option.name)")
        }
        #expect(FirmwareCommand.usage.contains("run --board FILE [--display auto|drm|fbdev|offscreen]"))
        #expect(FirmwareCommand.main(["run", "--board", "b.toml", "--frames", "ten"]) == 2)
        #expect(FirmwareCommand.main(["run", "--board", "/nonexistent/board.toml", "--frames", "0"]) == 2)
    }
}
