import Foundation
import Testing
import GaugeConfig

/// Each file in `Corpus/` has one problem, named by its first line:
/// `# expect: <line>: <key path>`. Loading it must fail with exactly that issue.
@Suite struct CorpusTests {
    static let files = TestFiles.files(in: TestFiles.corpus)

    @Test func corpusIsLargeEnough() { #expect(Self.files.count >= 20) }

    @Test(arguments: files.map(\.lastPathComponent))
    func brokenFileReportsItsProblem(_ name: String) throws {
        let url = TestFiles.corpus.appendingPathComponent(name)
        let bytes = [UInt8](try Data(contentsOf: url))
        let header = String(decoding: bytes.prefix(while: { $0 != 10 }), as: UTF8.self)
        let fields = header.dropFirst("# expect: ".count).split(separator: ":", maxSplits: 1)
        try #require(header.hasPrefix("# expect: ") && fields.count == 2, "\(name): no '# expect: line: path' header")
        let line = Int(fields[0]), path = fields[1].trimmingCharacters(in: .whitespaces)
        let file = "Corpus/" + name
        do {
            _ = try BoardConfiguration.parse(bytes, file: file)
            Issue.record("\(name) loaded, expected \(header)")
        } catch {
            #expect(error.issues.count == 1, "\(name): \(error.issues.map(\.description))")
            let issue = try #require(error.issues.first)
            #expect(issue.file == file)
            #expect(issue.line == line, "\(issue)")
            #expect(issue.path == path, "\(issue)")
            #expect(!issue.message.isEmpty)
            #expect(issue.description.hasPrefix("\(file):\(line ?? 0): \(path): "))
        }
    }

    /// The same file saved with Windows line ends (an editor on a laptop, a file copied
    /// from one): the same issue on the same line.
    @Test(arguments: files.map(\.lastPathComponent))
    func brokenFileWithCRLFLineEndsReportsTheSameLine(_ name: String) throws {
        let url = TestFiles.corpus.appendingPathComponent(name)
        let lf = [UInt8](try Data(contentsOf: url))
        var crlf: [UInt8] = []
        for b in lf {
            if b == 10 { crlf.append(13) }
            crlf.append(b)
        }
        func issues(_ bytes: [UInt8]) -> [String] {
            do {
                _ = try BoardConfiguration.parse(bytes, file: name)
                return []
            } catch { return error.issues.map(\.description) }
        }
        #expect(issues(crlf) == issues(lf))
    }
}
