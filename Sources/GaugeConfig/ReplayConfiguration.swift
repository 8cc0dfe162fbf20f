import GaugeSystem
import GaugeDisplay
import GaugeSensors

/// `kind = "replay"`: a recording made by `gaugepanel run --record FILE`, played back as a
/// sensor — a drive or a sail on the desk. `file` (relative to the board file),
/// `speed` (1 = as recorded, up to 1000× faster), `loop` (start again at the end;
/// default true). Channels read the recorded names through `source` (default: `name`).
/// The recording is read and checked when the board is, so a bad line is reported then.
public struct ReplayConfiguration: Sendable, Equatable {
    public var file: String
    public var speed: Double
    public var loop: Bool
    public var samples: [RecordedSample]

    public init(file: String, speed: Double = 1, loop: Bool = true, samples: [RecordedSample]) {
        self.file = file; self.speed = speed; self.loop = loop; self.samples = samples
    }

    public var source: ReplaySource { ReplaySource(samples: samples, loop: loop, speed: speed) }

    static func read(_ r: TableReader) -> ReplayConfiguration? {
        let speed = r.number("speed", 0.01...1000) ?? 1
        let loop = r.bool("loop") ?? true
        guard let name = r.string("file", required: true, maxLength: 4096) else { return nil }
        let path = resolve(name, besides: r.diagnostics.file)
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path) } catch {
            r.report("file", "cannot read the recording \(path): \(error.description) (make one with gaugepanel run --record FILE)")
            return nil
        }
        let samples: [RecordedSample]
        do { samples = try RecordingFormat.parse(String(decoding: bytes, as: UTF8.self)) } catch {
            r.report("file", "\(path):\(error.line): expected \"<ms> <name>=<value> [unit]\", got \"\(error.text.prefix(80).description.escapingControls)\"")
            return nil
        }
        if samples.isEmpty { r.report("file", "\(path): the recording holds no samples") }
        return ReplayConfiguration(file: path, speed: speed, loop: loop, samples: samples)
    }

    /// `name` as given when absolute, else beside the board file.
    static func resolve(_ name: String, besides board: String) -> String {
        guard !name.hasPrefix("/"), let slash = board.lastIndex(of: "/") else { return name }
        return String(board[...slash]) + name
    }
}
