import Foundation
import Testing
import GaugeConfig

/// Lines of keys (the source locator) and inputs that would crash toml++ (the guard).
@Suite struct LocatorAndGuardTests {
    @Test func dottedQuotedAndInlineKeysAreLocated() {
        let text = """
            "display".width = 320
            display.height = 10

            [[sensor]]
            kind = "simulated"
              [[sensor.channel]]
              name = "x"
              waveform = "step"
              values = [
                1,
                2,
              ]
              hold = -1

            [[page]]
              [[page.widget]]
              id = "a"
              type = "readout"
              channel = "x"
              frame = [0, 0, 10, 10]
              format = { decimals = 9 }
            """
        let issues = TestFiles.issues(text)
        #expect(
            issues.map(\.description) == [
                "test.toml:2: display.height: expected an integer in 16…4096, got 10",
                "test.toml:13: sensor[0].channel \"x\".hold: expected a number in 0.001…86400, got -1",
                "test.toml:21: page[0].widget \"a\".format.decimals: expected an integer in 0…6, got 9",
            ])
    }

    /// A `key = ` line inside a multi-line string is text, not a key.
    @Test func keysInMultilineStringsAreNotIndexed() {
        let text = TestFiles.minimal.replacingOccurrences(
            of: "  id = \"dial\"",
            with: """
                  title = \"\"\"
                range = 1
                \"\"\"
                  id = "dial"
                """
        ).replacingOccurrences(of: "range = [0, 100]", with: "range = [100, 0]")
        let issues = TestFiles.issues(text)
        #expect(issues.map(\.line) == [23])
    }

    /// Each of these reaches an assertion in toml++ if it is parsed; refused first.
    @Test(arguments: ["[=]\n", "[[#x]]\n", "[\n", "[ [x]]\n", "a = [1, }\n", "a = [\n  # c\n  }\n", "a = { b = [ } ] }\n"])
    func tomlAssertionsAreRefused(_ text: String) {
        let issues = TestFiles.issues(text)
        #expect(issues.count == 1 && issues.first?.path == "syntax", "\(issues)")
    }

    /// … while brackets and braces inside strings, comments and nested arrays pass.
    @Test func guardLetsValidTomlThrough() throws {
        let text = TestFiles.minimal
            .replacingOccurrences(of: "[[page]]", with: "[[page]] # [=\nname = \"[, }\"")
            .replacingOccurrences(of: "  id = \"dial\"", with: "  id = \"dial\"\n  title = '''\n[=\n}'''")
        _ = try BoardConfiguration.parse(text, file: "ok.toml")
    }

    @Test func documentationExampleLoads() throws {
        let doc = try String(contentsOf: TestFiles.repository.appendingPathComponent("docs/configuration.md"), encoding: .utf8)
        let blocks = doc.components(separatedBy: "```toml\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        try #require(blocks.count >= 1)
        let board = try BoardConfiguration.parse(blocks[0], file: "docs/configuration.md")
        #expect(board.dashboard.pages.first?.widgets.map(\.id) == ["rpm", "coolant"])
        #expect(board.alarms.count == 2)
    }
}
