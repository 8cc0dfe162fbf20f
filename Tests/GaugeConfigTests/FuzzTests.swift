import Foundation
import Testing
import GaugeConfig
import GaugeTestSupport

/// Mutated example files (byte edits, insertions, deletions, truncations): loading never
/// crashes and returns either a whole configuration or a non-empty list of issues.
@Suite struct FuzzTests {
    @Test func mutatedFilesNeverCrash() throws {
        // Valid examples and the broken corpus: mutations start from both sides of valid.
        let sources = try (TestFiles.files(in: TestFiles.dashboards) + TestFiles.files(in: TestFiles.corpus))
            .map { [UInt8](try Data(contentsOf: $0)) }
        try #require(!sources.isEmpty)
        // GAUGEPANEL_FUZZ_ITERATIONS / _SEED explore further than the 2,000 seeded cases.
        let environment = ProcessInfo.processInfo.environment
        let iterations = environment["GAUGEPANEL_FUZZ_ITERATIONS"].flatMap(Int.init) ?? 2000
        var rng = SplitMix(seed: environment["GAUGEPANEL_FUZZ_SEED"].flatMap(UInt64.init) ?? 0x6A55_E7CA_F1E5)
        let alphabet = Array("[]{}=,.\"'#\n -+0123456789eEinfa_xyz".utf8) + [0, 0xFF, 0xC3]
        var loaded = 0, refused = 0
        for _ in 0..<iterations {
            var bytes = sources[Int(rng.next() % UInt64(sources.count))]
            for _ in 0..<(1 + rng.next() % 4) {
                guard !bytes.isEmpty else { break }
                let at = Int(rng.next() % UInt64(bytes.count))
                switch rng.next() % 5 {
                case 0: bytes[at] = alphabet[Int(rng.next() % UInt64(alphabet.count))]
                case 1: bytes.insert(alphabet[Int(rng.next() % UInt64(alphabet.count))], at: at)
                case 2: bytes.remove(at: at)
                case 3: bytes.removeSubrange(at..<bytes.count)
                default: bytes[at] = UInt8(truncatingIfNeeded: rng.next())
                }
            }
            // GAUGEPANEL_FUZZ_DUMP=<path>: a crash leaves the input that caused it there.
            if let dump = environment["GAUGEPANEL_FUZZ_DUMP"] { _ = FileManager.default.createFile(atPath: dump, contents: Data(bytes)) }
            do {
                let board = try BoardConfiguration.parse(bytes, file: "fuzz.toml")
                #expect(!board.dashboard.pages.isEmpty)
                loaded += 1
            } catch {
                #expect(!error.issues.isEmpty)
                refused += 1
            }
        }
        #expect(loaded + refused == iterations)
        // Both outcomes happen, or the mutations are too gentle or too harsh to test anything.
        #expect(loaded > 0 && refused > 0, "loaded \(loaded), refused \(refused)")
    }
}
