import Testing
import GaugeDisplay
import GaugePanel

/// `gaugepanel run`'s options, declared once (`RunOptions.table(displays:)`) and read by both command
/// lines: every option sets its field, and a mistake says the same words on either.
@Suite struct RunOptionTableTests {
    func read(_ arguments: [String]) throws -> RunOptions {
        var reader = ArgumentReader(arguments)
        let given = try reader.read(RunOptions.table(displays: displayBackendNames))
        #expect(try reader.finish() == [])
        return try RunOptions(given)
    }

    func usageMistake(_ arguments: [String]) -> String? {
        var reader = ArgumentReader(arguments)
        do throws(ArgumentReader.UsageError) {
            _ = try reader.read(RunOptions.table(displays: displayBackendNames))
            _ = try reader.finish()
        } catch { return error.message }
        return nil
    }

    func failure(_ arguments: [String]) -> String? {
        var reader = ArgumentReader(arguments)
        guard let given = try? reader.read(RunOptions.table(displays: displayBackendNames)) else { return nil }
        do throws(CommandFailure) { _ = try RunOptions(given) } catch { return error.lines.joined(separator: "\n") }
        return nil
    }

    @Test func namesAreUniqueAndEachHasHelp() {
        let names = RunOptions.table(displays: displayBackendNames).map { $0.name }
        #expect(Set(names).count == names.count)
        #expect(
            names == [
                "board", "display", "device", "wait-for-display", "record", "connector", "mode", "snapshot",
                "snapshot-interval", "duration", "frames", "stats-interval", "input-directory", "tap", "damage",
                "animation", "unpaced", "console-graphics",
            ])
        for option in RunOptions.table(displays: displayBackendNames) {
            #expect(!option.help.isEmpty && !option.help.contains("\n"), "\(option.name)")
        }
        #expect(RunOptions.table(displays: displayBackendNames).filter { $0.required }.map { $0.name } == ["board"])
    }

    @Test func everyOptionSetsItsField() throws {
        let o = try read([
            "--board", "b.toml", "--display=offscreen", "--device", "/dev/fb1", "--wait-for-display", "2.5",
            "--record", "r.rec", "--connector", "DSI-1", "--mode", "800x480@60", "--snapshot", "s.png",
            "--snapshot-interval", "3", "--duration", "4", "--frames", "5", "--stats-interval", "6",
            "--input-directory", "/tmp/input", "--no-damage", "--no-animation", "--unpaced", "--no-console-graphics",
        ])
        #expect(o.boardPath == "b.toml" && o.display == "offscreen" && o.waitForDisplaySeconds == 2.5 && o.recordPath == "r.rec")
        #expect(o.displaySettings == [.device: "/dev/fb1", .connector: "DSI-1", .mode: "800x480@60"])
        #expect(o.snapshotPath == "s.png" && o.snapshotInterval == 3 && o.duration == 4 && o.maxFrames == 5 && o.statsInterval == 6)
        #expect(o.inputDirectory == "/tmp/input" && !o.tracksDamage && !o.animates && o.unpaced && !o.consoleGraphics)

        let defaults = try read(["--board", "b.toml"])
        #expect(defaults.display == nil && defaults.displaySettings.isEmpty && defaults.duration == nil && defaults.maxFrames == nil)
        #expect(
            defaults.inputDirectory == "/dev/input" && defaults.tracksDamage && defaults.animates && !defaults.unpaced
                && defaults.consoleGraphics)
        #expect(try read(["--board", "a", "--board", "b", "--no-damage", "--damage"]).boardPath == "b")
        #expect(try read(["--board", "a", "--no-damage", "--damage"]).tracksDamage)
    }

    @Test func mistakesSayTheSameWordsOnBothCommandLines() {
        #expect(usageMistake(["--display", "offscreen"]) == "missing expected argument '--board <board>'")
        #expect(usageMistake(["--board"]) == "missing value for '--board'")
        #expect(usageMistake(["--board", "b", "--frames", "ten"]) == "'--frames' expects a whole number, got 'ten'")
        #expect(usageMistake(["--board", "b", "--duration", "soon"]) == "'--duration' expects a number, got 'soon'")
        #expect(usageMistake(["--board", "b", "--no-unpaced"]) == "unknown option '--no-unpaced'")
        #expect(failure(["--board", "b", "--display", "spi"]) == "unknown display 'spi'; valid: auto, drm, fbdev, offscreen")
        #expect(failure(["--board", "b", "--duration", "-1"]) == "--duration must be a positive number of seconds, got -1.0")
        #expect(failure(["--board", "b", "--snapshot-interval", "0"]) == "--snapshot-interval must be a positive number of seconds, got 0.0")
        #expect(failure(["--board", "b", "--stats-interval", "inf"]) == "--stats-interval must be a positive number of seconds, got inf")
        #expect(failure(["--board", "b", "--frames", "0"]) == "--frames must be positive, got 0")
        #expect(failure(["--board", "b", "--wait-for-display", "601"]) == "--wait-for-display: expected 0…600 seconds, got 601.0")
        #expect(failure(["--board", "b", "--wait-for-display", "0"]) == nil)
    }

    @Test func usageAndHelpComeFromTheTable() {
        let usage = RunOptions.usage(displays: displayBackendNames, extra: ["[--preview <preview>]"])
        #expect(usage.hasPrefix("run --board FILE [--display auto|drm|fbdev|offscreen]"))
        #expect(usage.hasSuffix("[--preview <preview>]"))
        #expect(usage.split(separator: "\n").allSatisfy { $0.count <= 76 })
        let help = RunOptions.help(displays: displayBackendNames)
        #expect(help.split(separator: "\n").allSatisfy { $0.count <= 79 })
        for option in RunOptions.table(displays: displayBackendNames) {
            #expect(usage.contains(option.synopsis) && help.contains("  " + option.synopsis + " "))
        }
        #expect(help.contains("  --[no-]damage "))
    }
}
