import GaugeSystem
import Testing

/// LinuxSystem's whole-file reads: a failure is a FileError that names the path, the
/// operation and the system's reason.
@Suite struct LinuxSystemTests {
    @Test func aMissingFileIsAnOpenErrorNamingThePath() {
        let path = "/nonexistent-gaugepanel-dir/board.toml"
        do {
            _ = try LinuxSystem.standard.readFile(path, limit: 1 << 20)
            Issue.record("reading a missing file succeeded")
        } catch {
            #expect(error == FileError(.open, path: path, errno: .noSuchFileOrDirectory))
            #expect(error.description == "cannot open \(path): No such file or directory")
        }
    }

    @Test func aDirectoryOpensButIsAReadError() {
        #expect(throws: FileError(.read, path: "/", errno: .isDirectory)) { try LinuxSystem.standard.readFile("/", limit: 16) }
    }
}
