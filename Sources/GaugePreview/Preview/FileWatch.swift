import CPreviewSocket
import GaugeLoop
import GaugeSystem

/// Watches files for saves through inotify on their folders (editors often save by
/// renaming a new file over the old one, which a watch on the file itself would lose) and
/// calls `changed` with the paths saved: at once when a file was closed after writing or
/// renamed into place (a save that is complete), after `settle` of quiet for other events
/// (a writer that never closes; an editor's save is several events).
public final class FileWatch {
    private let loop: any LoopScheduler
    private let fd: Int32
    private var folders: [Int32: String] = [:]
    private var files: Set<String> = []
    private var pending: Set<String> = []
    private var timer: TimerID?
    private var complete = false
    private let changed: ([String]) -> Void
    public var settle: UInt64 = 50_000_000
    /// inotify(7): IN_CLOSE_WRITE, IN_MOVED_TO (kernel ABI).
    static let completeSave: UInt32 = 0x08 | 0x80

    public init(loop: any LoopScheduler, changed: @escaping ([String]) -> Void) throws(Errno) {
        self.loop = loop
        self.changed = changed
        fd = cpreview_inotify_init()
        guard fd >= 0 else { throw Errno.current }
        loop.register(fd: fd, events: .readable) { _ in self.drain() }
    }

    /// Watches exactly `paths` from now on.
    public func watch(_ paths: [String]) {
        files = Set(paths)
        let wanted = Set(paths.map(Self.folder))
        for (wd, folder) in folders where !wanted.contains(folder) {
            _ = cpreview_inotify_unwatch(fd, wd)
            folders[wd] = nil
        }
        for folder in wanted where !folders.values.contains(folder) {
            let wd = cpreview_inotify_watch_folder(fd, folder)
            if wd >= 0 { folders[wd] = folder }
        }
    }

    public func close() {
        loop.unregister(fd: fd)
        SystemCall.close(fd)
        if let timer { loop.cancel(timer) }
    }

    private func drain() {
        while true {
            let bytes: [UInt8]
            do {
                guard case .bytes(let b) = try SystemCall.read(fd, max: 65536) else { break }
                bytes = b
            } catch { break }
            for (wd, mask, name) in Self.events(bytes) {
                guard let folder = folders[wd] else { continue }
                let path = (folder == "." ? "" : folder == "/" ? "/" : folder + "/") + name
                let watched = files.contains(path) ? path : files.contains("./" + path) ? "./" + path : nil
                guard let watched else { continue }
                pending.insert(watched)
                if mask & Self.completeSave != 0 { complete = true }
            }
        }
        guard !pending.isEmpty else { return }
        if let timer { loop.cancel(timer) }
        // Complete: in the next loop pass, so the events read together make one reload.
        timer = loop.schedule(after: complete ? 0 : settle) {
            self.complete = false
            self.timer = nil
            let saved = self.pending.sorted()
            self.pending = []
            self.changed(saved)
        }
    }

    /// `struct inotify_event { int wd; u32 mask, cookie, len; char name[len]; }` records
    /// (host byte order; the name NUL-padded) → (watch, mask, name).
    static func events(_ b: [UInt8]) -> [(Int32, UInt32, String)] {
        var out: [(Int32, UInt32, String)] = []
        var i = 0
        func u32(_ at: Int) -> UInt32 {
            UInt32(b[at]) | UInt32(b[at + 1]) << 8 | UInt32(b[at + 2]) << 16 | UInt32(b[at + 3]) << 24
        }
        while i + 16 <= b.count {
            let wd = Int32(bitPattern: u32(i)), length = Int(u32(i + 12))
            guard length <= b.count - i - 16 else { break }
            let name = b[(i + 16)..<(i + 16 + length)].prefix { $0 != 0 }
            out.append((wd, u32(i + 4), String(decoding: name, as: UTF8.self)))
            i += 16 + length
        }
        return out
    }

    /// The folder part of a path ("." for a bare name).
    static func folder(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
