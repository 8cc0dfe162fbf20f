import GaugeSystem
import Glibc
import Testing

/// SystemCall on a real pipe: a read tells bytes, nothing pending and the end of the
/// file apart, so a caller cannot take one for another.
@Suite struct SystemCallTests {
    /// A non-blocking pipe: (read end, write end).
    func nonBlockingPipe() throws -> (Int32, Int32) {
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        try #require(fcntl(fds[0], F_SETFL, O_NONBLOCK) == 0)
        return (fds[0], fds[1])
    }

    @Test func aPipesReadsAreBytesThenNothingPendingThenTheEndOfFile() throws {
        let (r, w) = try nonBlockingPipe()
        defer { SystemCall.close(r) }
        #expect(try SystemCall.read(r, max: 16) == .nothingPending)  // nothing written yet
        #expect(try SystemCall.write(w, Array("gauge".utf8)) == 5)
        #expect(try SystemCall.read(r, max: 3) == .bytes(Array("gau".utf8)))  // at most max
        #expect(try SystemCall.read(r, max: 16) == .bytes(Array("ge".utf8)))
        #expect(try SystemCall.read(r, max: 16) == .nothingPending)
        SystemCall.close(w)  // the writer hangs up
        #expect(try SystemCall.read(r, max: 16) == .endOfFile)
    }

    @Test func aReadOfNothingReadsNothing() throws {
        let (r, w) = try nonBlockingPipe()
        defer {
            SystemCall.close(r)
            SystemCall.close(w)
        }
        try SystemCall.writeAll(w, [1, 2, 3])
        #expect(try SystemCall.read(r, max: 0) == .nothingPending)
        #expect(try SystemCall.read(r, max: 16) == .bytes([1, 2, 3]))  // still there
    }

    @Test func anInvalidDescriptorAndAMissingFolderAreErrnos() {
        #expect(throws: Errno.badFileDescriptor) { try SystemCall.read(-1, max: 16) }
        #expect(throws: Errno.noSuchFileOrDirectory) { try SystemCall.listDirectory("/nonexistent-gaugepanel-dir") }
    }
}
