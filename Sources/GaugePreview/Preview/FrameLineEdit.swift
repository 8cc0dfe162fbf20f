import GaugeRaster
import GaugeSystem

/// Why a widget's frame could not be written back.
public struct FrameEditError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Rewrites one `frame = [x, y, w, h]` line of a board's text: only the bracketed value
/// changes — the key, its indentation, the spacing around `=` and a trailing comment stay,
/// and every other byte of the file is the same.
public enum FrameLineEdit {
    /// `source` with the value on `line` (1-based) replaced by `frame`.
    public static func rewrite(_ source: [UInt8], line: Int, frame: IntRect) throws(FrameEditError) -> [UInt8] {
        var start = 0, number = 1
        while number < line {
            guard let lf = source[start...].firstIndex(of: 10) else { throw FrameEditError("line \(line) is past the end of the file") }
            start = lf + 1
            number += 1
        }
        let end = source[start...].firstIndex(of: 10) ?? source.count
        var i = start
        while i < end && (source[i] == 32 || source[i] == 9) { i += 1 }
        let key = Array("frame".utf8)
        guard end - i >= key.count, Array(source[i..<(i + key.count)]) == key else {
            throw FrameEditError("line \(line) does not start with frame =; edit it by hand")
        }
        i += key.count
        while i < end && (source[i] == 32 || source[i] == 9) { i += 1 }
        guard i < end, source[i] == 61 else { throw FrameEditError("line \(line): expected = after frame") }
        i += 1
        while i < end && (source[i] == 32 || source[i] == 9) { i += 1 }
        guard i < end, source[i] == 91 else { throw FrameEditError("line \(line): expected [ after frame =") }
        // The value holds numbers, commas and blanks: the first ] closes it.
        guard let close = source[i..<end].firstIndex(of: 93),
            source[(i + 1)..<close].allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == 44 || $0 == 32 || $0 == 9 || $0 == 45 || $0 == 43 || $0 == 95 })
        else { throw FrameEditError("line \(line): the frame is not [x, y, width, height] on one line; edit it by hand") }
        let value = Array("[\(frame.x0), \(frame.y0), \(frame.width), \(frame.height)]".utf8)
        return Array(source[..<i]) + value + Array(source[(close + 1)...])
    }

    /// Writes `bytes` to `path` so that readers see the old file or the new one, never part
    /// of one: a temporary file in the same folder, then rename(2) over the old name.
    public static func replaceAtomically(_ path: String, with bytes: [UInt8], temporarySuffix: String) throws(FrameEditError) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = folder + "." + name + "." + temporarySuffix + ".tmp"
        do { try LinuxSystem.standard.writeFile(temporary, bytes, .replace) } catch { throw FrameEditError(error.description) }
        do { try SystemCall.rename(temporary, to: path) } catch {
            throw FrameEditError("cannot replace \(path) with \(temporary): \(error.description)")
        }
    }
}
