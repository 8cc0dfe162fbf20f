import Testing
import GaugeConfig

/// Strings reach the configuration whole or not at all: an escaped NUL would cut one short
/// wherever it becomes a C string (`"v\u0000x"` as `"v"`), so such strings are refused by
/// key; names with control characters are refused like any other bad name.
@Suite struct StringIntegrityTests {
    static func board(
        channel: String = "v", page: String = "p", id: String = "a", text: String = "hi",
        keys: String = ""
    ) -> String {
        """
        [display]
        width = 320
        height = 240
        [input]
        keys = { \(keys.isEmpty ? "KEY_A = \"next_page\"" : keys) }
        [[sensor]]
        kind = "simulated"
          [[sensor.channel]]
          name = "\(channel)"
          waveform = "sine"
        [[page]]
        name = "\(page)"
          [[page.widget]]
          id = "\(id)"
          type = "label"
          text = "\(text)"
          frame = [0, 0, 100, 30]
          [[page.widget]]
          id = "r"
          type = "readout"
          channel = "v"
          frame = [0, 40, 100, 30]
        """
    }

    @Test func theBaseBoardLoads() {
        #expect(TestFiles.issues(Self.board()).isEmpty)
    }

    @Test func anEscapedNULIsRefusedByKeyNotCut() {
        let nul = "a string cannot hold NUL (\\u0000): it would be cut there; remove it"
        #expect(
            TestFiles.issues(Self.board(channel: #"v\u0000x"#)).map(\.description).contains(
                "test.toml:9: sensor[0].channel[0].name: \(nul)"))
        #expect(
            TestFiles.issues(Self.board(text: #"hi\U00000000there"#)).map(\.description) == [
                "test.toml:16: page[0].widget \"a\".text: \(nul)"
            ])
        #expect(
            TestFiles.issues(Self.board(id: #"a\u0000b"#)).map(\.description) == [
                "test.toml:14: page[0].widget[0].id: \(nul)"
            ])
        // A string no key reader sees whole (a value of the key map) is named by its line's key.
        #expect(
            TestFiles.issues(Self.board(keys: #"KEY_A = "next_page\u0000x""#)).map(\.description) == [
                "test.toml:5: keys: \(nul)"
            ])
    }

    @Test func anEscapedBackslashBeforeU0000IsText() {
        // `\\u0000` is a backslash followed by "u0000": nothing is cut.
        #expect(TestFiles.issues(Self.board(text: #"c:\\u0000"#)).isEmpty)
        #expect(TestFiles.issues(Self.board(text: #"\u0001"#)).isEmpty)  // label text may hold it
    }

    @Test func namesWithControlCharactersAreRefused() {
        #expect(
            TestFiles.issues(Self.board(page: #"p\u0001"#)).map(\.description) == [
                #"test.toml:12: page[0].name: expected a name without control characters, got "p\u{1}""#
            ])
        #expect(
            TestFiles.issues(Self.board(id: #"a\tb"#)).map(\.description) == [
                #"test.toml:14: page[0].widget[0].id: expected a name without control characters, got "a\u{9}b""#
            ])
        #expect(
            TestFiles.issues(Self.board(channel: #"v\u007F"#)).map(\.description).contains(
                #"test.toml:9: sensor[0].channel "v\u{7f}".name: expected letters, digits, '.', '_' or '-' (like "engine.rpm"), got "v\u{7f}""#))
    }
}
