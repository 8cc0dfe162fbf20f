import Foundation
import Testing
@testable import GaugeConfig
import GaugeTestSupport

/// The TOML layer on its own (toml++ through the C shim): values and lines as written, and
/// random or mutated input that ends in a table or an error — never a trap.
@Suite struct TOMLDocumentTests {
    @Test func valuesAndLinesComeThrough() throws {
        let text = """
            title = "a\\u0000b"
            n = 9223372036854775807
            x = 1.0
            ok = true
            when = 1979-05-27T07:32:00-08:00
            day = 1979-05-27
            at = 07:32:00.5
            [t]
            list = [1, 2.5, "s", [true]]
            inline = { k = "v" }
            [[arr]]
            a = 1
            [[arr]]
            a = 2
            """
        let root = try TOMLDocument.parse(Array(text.utf8))
        #expect(root.keys == ["arr", "at", "day", "n", "ok", "t", "title", "when", "x"])
        // Strings come whole; the accessor reads them up to a NUL, as the loader always has.
        guard case .string(let whole)? = root["title"]?.value else {
            Issue.record("title")
            return
        }
        #expect(Array(whole.utf8) == [97, 0, 98] && root["title"]?.string == "a")
        #expect(root["n"]?.int == Int.max && root["n"]?.double == nil)
        #expect(root["x"]?.double == 1.0 && root["x"]?.int == nil)
        #expect(root["ok"]?.bool == true)
        #expect(root["when"]?.typeName == "date-time" && root["day"]?.typeName == "date" && root["at"]?.typeName == "time")
        if case .date(.dateTime, let d)? = root["when"]?.value {
            #expect(d.year == 1979 && d.month == 5 && d.day == 27 && d.hour == 7 && d.has_offset && d.offset_minutes == -480)
        } else {
            Issue.record("when")
        }
        if case .date(.time, let t)? = root["at"]?.value { #expect(t.nanosecond == 500_000_000) } else { Issue.record("at") }
        let table = try #require(root["t"]?.table)
        #expect(root["t"]?.line == 8 && table["list"]?.line == 9 && table["inline"]?.line == 10)
        #expect(table["list"]?.array.map { $0.map(\.typeName) } == ["integer", "floating-point number", "string", "array"])
        #expect(table["inline"]?.table?["k"]?.string == "v")
        let arr = try #require(root["arr"]?.array)
        #expect(arr.map(\.line) == [11, 13] && arr.compactMap { $0.table?["a"]?.int } == [1, 2])
    }

    @Test func errorsSayWhatAndWhere() {
        func error(_ text: String) -> TOMLDocument.ParseError? {
            do {
                _ = try TOMLDocument.parse(Array(text.utf8))
                return nil
            } catch { return error }
        }
        #expect(
            error("a = 1\na = 2\n").map { "\($0.line):\($0.column): \($0.message)" }
                == "2:5: Error while parsing key-value pair: cannot redefine existing integer 'a'")
        #expect(error("a = 1\nb = [1,,2]\n")?.line == 2)
        #expect(error("x = 9223372036854775808")?.message.contains("not representable") == true)
        #expect(error("[=]\n")?.message == "expected a table name after '[' (letters, digits, '_', '-' or a quoted name)")
        #expect(error("a = \"\u{0}\"")?.line == 1)  // a raw NUL byte is toml++'s error here (the loader refuses it first)
        #expect(error("a = \"\\u0000\"") == nil)  // an escaped one is a string
    }

    /// Mutated corpus and example files and random token soup: `parse` returns a table or an
    /// error with a message and a line inside the text — never a trap (toml++'s assertions
    /// are kept away by TOMLGuard). GAUGEPANEL_FUZZ_ITERATIONS / _SEED explore further.
    @Test func randomAndMutatedInputNeverTraps() throws {
        let sources = try
            (TestFiles.files(in: TestFiles.dashboards) + TestFiles.files(in: TestFiles.corpus)
            + TestFiles.files(in: TestFiles.repository.appendingPathComponent("boards")))
            .map { [UInt8](try Data(contentsOf: $0)) }
        try #require(sources.count >= 40)
        let environment = ProcessInfo.processInfo.environment
        let iterations = environment["GAUGEPANEL_FUZZ_ITERATIONS"].flatMap(Int.init) ?? 3000
        var rng = SplitMix(seed: environment["GAUGEPANEL_FUZZ_SEED"].flatMap(UInt64.init) ?? 0x70A1_5EED)
        let tokens: [[UInt8]] =
            [
                "[", "]", "[[", "]]", "{", "}", "=", ",", ".", "\"", "'", "\"\"\"", "'''", "#", "\n", "\r\n",
                " ", "\t", "\\", "\\u0000", "\\U0010FFFF", "\\uD800", "a", "b.c", "1", "-0", "1e400", "0x1F",
                "inf", "nan", "true", "1979-05-27", "T07:32:00", "Z", "+01:00", "_", "é", "\u{0}",
            ].map { Array($0.utf8) }
            + [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xEF, 0xBB, 0xBF]]
        var parsed = 0, refused = 0
        for n in 0..<iterations {
            var bytes: [UInt8]
            if n % 4 == 3 {  // token soup
                bytes = []
                for _ in 0..<(rng.next() % 60) { bytes += tokens[Int(rng.next() % UInt64(tokens.count))] }
            } else {  // a file with a few edits
                bytes = sources[Int(rng.next() % UInt64(sources.count))]
                for _ in 0..<(1 + rng.next() % 6) {
                    guard !bytes.isEmpty else { break }
                    let at = Int(rng.next() % UInt64(bytes.count))
                    let token = tokens[Int(rng.next() % UInt64(tokens.count))]
                    switch rng.next() % 5 {
                    case 0: bytes.replaceSubrange(at..<Swift.min(bytes.count, at + token.count), with: token)
                    case 1: bytes.insert(contentsOf: token, at: at)
                    case 2: bytes.removeSubrange(at..<Swift.min(bytes.count, at + 1 + Int(rng.next() % 8)))
                    case 3: bytes.removeSubrange(at..<bytes.count)
                    default: bytes[at] = UInt8(truncatingIfNeeded: rng.next())
                    }
                }
            }
            let lines = bytes.reduce(1) { $0 + ($1 == 10 ? 1 : 0) }
            do {
                let root = try TOMLDocument.parse(bytes)
                #expect(Self.linesWithin(root, 1...lines), "lines outside 1…\(lines): \(String(decoding: bytes, as: UTF8.self))")
                parsed += 1
            } catch {
                #expect(
                    !error.message.isEmpty && (1...lines).contains(error.line),
                    "\(error.line): \(error.message): \(String(decoding: bytes, as: UTF8.self))")
                refused += 1
            }
        }
        #expect(parsed > iterations / 20 && refused > iterations / 20, "parsed \(parsed), refused \(refused)")
    }

    /// Every value's line lies in the text (tables made implicitly by a dotted header may have none: 0).
    private static func linesWithin(_ table: TOMLTable, _ lines: ClosedRange<Int>) -> Bool {
        table.entries.allSatisfy { linesWithin($0.node, lines) }
    }
    private static func linesWithin(_ node: TOMLNode, _ lines: ClosedRange<Int>) -> Bool {
        switch node.value {
        case .table(let t): return (node.line == 0 || lines.contains(node.line)) && linesWithin(t, lines)
        case .array(let a): return lines.contains(node.line) && a.allSatisfy { linesWithin($0, lines) }
        default: return lines.contains(node.line)
        }
    }
}
