import Testing
import GaugePanel

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
}
