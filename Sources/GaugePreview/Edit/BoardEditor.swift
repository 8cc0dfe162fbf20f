import CPanelSystem
import GaugeConfig
import GaugeSensorKinds
import GaugeSystem

/// The edits made through the page, for undo and redo: each is the file's bytes before
/// and after, so undoing puts back the file byte for byte. Only the preview's own writes
/// are undone: when the file on disk is no longer what an edit wrote (an editor saved it,
/// `git checkout`), undo and redo refuse and the history is dropped.
struct EditHistory {
    struct Step {
        var before: [UInt8]
        var after: [UInt8]
    }

    private(set) var undoable: [Step] = []
    private(set) var redoable: [Step] = []
    /// Enough for an afternoon of designing; the oldest steps go first.
    static let limit = 500

    mutating func record(_ step: Step) {
        undoable.append(step)
        if undoable.count > Self.limit { undoable.removeFirst() }
        redoable = []
    }

    mutating func clear() {
        undoable = []
        redoable = []
    }

    mutating func popUndo() -> Step? { undoable.popLast() }
    mutating func popRedo() -> Step? { redoable.popLast() }
    mutating func pushRedo(_ step: Step) { redoable.append(step) }
    mutating func pushUndo(_ step: Step) { undoable.append(step) }
}

/// Writes edits to the board file: on the file as it is on disk, only when the page saw
/// that very file (`base`, the version it shows), and only when the result loads — checked
/// by `BoardConfiguration.parse`, the code `gaugepanel check` runs, whose messages are the
/// refusal. The new file is written beside the old one and renamed over it.
extension PreviewSession {
    /// Applies `edit`. `base`: the version the page's picture of the file is; an older one
    /// is refused (another page or an editor changed the file since), so nothing newer is
    /// overwritten.
    public func apply(_ edit: BoardTextEdit, base: UInt64?, temporarySuffix: String) throws(BoardEditError) {
        let source = try current(base: base)
        let edited = try edit.apply(to: source)
        try check(edited)
        guard edited != source else { return }
        try write(edited, temporarySuffix: temporarySuffix)
        history.record(EditHistory.Step(before: source, after: edited))
    }

    /// Takes back the last edit: the file as it was before it, byte for byte.
    public func undo(base: UInt64?, temporarySuffix: String) throws(BoardEditError) {
        try replay(back: true, base: base, temporarySuffix: temporarySuffix)
    }

    /// Makes the last undone edit again.
    public func redo(base: UInt64?, temporarySuffix: String) throws(BoardEditError) {
        try replay(back: false, base: base, temporarySuffix: temporarySuffix)
    }

    /// Undo (`back`) or redo: only over the file the step left, else the history is dropped.
    private func replay(back: Bool, base: UInt64?, temporarySuffix: String) throws(BoardEditError) {
        let source = try current(base: base)
        guard let step = back ? history.popUndo() : history.popRedo() else { throw BoardEditError(back ? "nothing to undo" : "nothing to redo") }
        guard (back ? step.after : step.before) == source else {
            history.clear()
            throw BoardEditError(
                "the file was changed outside the page since that \(back ? "edit: undo" : "undo: redo") would lose that change, "
                    + "so the history is cleared")
        }
        try write(back ? step.before : step.after, temporarySuffix: temporarySuffix)
        if back { history.pushRedo(step) } else { history.pushUndo(step) }
    }

    public var canUndo: Bool { !history.undoable.isEmpty }
    public var canRedo: Bool { !history.redoable.isEmpty }

    /// The file's bytes now, when they are what the page has seen.
    private func current(base: UInt64?) throws(BoardEditError) -> [UInt8] {
        let source: [UInt8]
        do { source = try LinuxSystem.standard.readFile(path, limit: .max) } catch { throw BoardEditError(error.description) }
        if source != loadedBytes {
            // Saved by someone else and not yet seen by the watch: seen now.
            reload()
            throw BoardEditError("\(path) changed on disk since the page showed it; the page now shows the new file: make the change again")
        }
        if let base, base != version {
            throw BoardEditError(
                "the page showed version \(base) of \(path), the file is at version \(version) now: make the change again on the new one")
        }
        return source
    }

    /// Loads `bytes` as `check` would; its messages are the refusal.
    private func check(_ bytes: [UInt8]) throws(BoardEditError) {
        do { _ = try BoardConfiguration.parse(bytes, file: path, displayOutputs: displayOutputs, sensorKinds: SensorKinds.all) } catch {
            throw BoardEditError(error.description)
        }
    }

    private func write(_ bytes: [UInt8], temporarySuffix: String) throws(BoardEditError) {
        try Self.replaceAtomically(path, with: bytes, temporarySuffix: temporarySuffix)
        edits += 1
        reload()
    }

    /// Writes `bytes` to `path` so that readers see the old file or the new one, never part
    /// of one: a temporary file in the same folder, then rename(2) over the old name.
    static func replaceAtomically(_ path: String, with bytes: [UInt8], temporarySuffix: String) throws(BoardEditError) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = folder + "." + name + "." + temporarySuffix + ".tmp"
        do { try LinuxSystem.standard.writeFile(temporary, bytes, .replace) } catch { throw BoardEditError(error.description) }
        do { try SystemCall.rename(temporary, to: path) } catch {
            unlink(temporary)
            throw BoardEditError("cannot replace \(path) with \(temporary): \(error.description)")
        }
    }
}
