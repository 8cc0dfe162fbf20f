import GaugeConfig
import GaugeSensors
import GaugeCAN

/// What a `kind = "replay"` sensor plays: a recording made by `gaugepanel run --record FILE`, played back as a
/// sensor — a drive or a sail on the desk. `file` (relative to the board file),
/// `speed` (1 = as recorded, up to 1000× faster), `loop` (start again at the end;
/// default true). Channels read the recorded names through `source` (default: `name`).
/// The recording is read and checked when the board is, so a bad line is reported then.
///
/// `format = "candump"`: a `candump -l` log instead, decoded through `protocol` (and
/// `dbc`) as a `kind = "can"` sensor would decode the bus, at the log's own pace: a CAN
/// board runs on a desk without an interface. OBD-II logs give the answers they hold.
public struct ReplayConfiguration: Sendable, Equatable {
    public var file: String
    public var speed: Double
    public var loop: Bool
    public var samples: [RecordedSample]
    /// `format = "candump"`: the protocol the log is decoded with.
    var canKeys: CANProtocolKeys?
    /// `format = "candump"`: the log, until the channels are known (`decodeCandump`).
    var candumpText: String?

    public init(file: String, speed: Double = 1, loop: Bool = true, samples: [RecordedSample]) {
        self.file = file
        self.speed = speed
        self.loop = loop
        self.samples = samples
    }

    public var source: ReplaySource { ReplaySource(samples: samples, loop: loop, speed: speed) }

    static func read(_ r: TableReader) -> ReplayConfiguration? {
        let speed = r.number("speed", 0.01...1000) ?? 1
        let loop = r.bool("loop") ?? true
        let format = r.choice("format", ["recording", "candump"]) ?? "recording"
        let canKeys = format == "candump" ? CANProtocolKeys.read(r, polling: false) : nil
        guard let name = r.string("file", required: true, maxLength: 4096) else { return nil }
        let path = r.resolve(name)
        let bytes: [UInt8]
        do { bytes = try r.system.readFile(path, limit: .max) } catch {
            r.report("file", "cannot read the recording \(path): \(error.description) (make one with gaugepanel run --record FILE)")
            return nil
        }
        if format == "candump" {
            guard let canKeys else { return nil }
            var config = ReplayConfiguration(file: path, speed: speed, loop: loop, samples: [])
            config.canKeys = canKeys
            config.candumpText = String(decoding: bytes, as: UTF8.self)
            return config
        }
        let samples: [RecordedSample]
        do { samples = try RecordingFormat.parse(String(decoding: bytes, as: UTF8.self)) } catch {
            r.report(
                "file",
                "\(path):\(error.line): expected \"<ms> <name>=<value> [unit]\", got \"\(error.text.prefix(80).description.escapingControls)\"")
            return nil
        }
        if samples.isEmpty { r.report("file", "\(path): the recording holds no samples") }
        return ReplayConfiguration(file: path, speed: speed, loop: loop, samples: samples)
    }

    /// The candump log decoded, once the channels are known: only what they read is kept
    /// (a DBC's other messages are not decoded at all). False when a line is bad.
    mutating func decodeCandump(channels: [ChannelConfiguration], _ r: TableReader) -> Bool {
        guard let text = candumpText, let keys = canKeys else { return true }
        candumpText = nil
        guard let decoded = Self.candumpSamples(text, keys: keys, channels: channels, path: file, r) else { return false }
        let read = channels.map { $0.sourceName }
        samples = decoded.filter { read.contains($0.name) }
        if samples.isEmpty { r.report("file", "\(file): no frame of the log gives a value the channels read through protocol \"\(keys.name)\"") }
        return true
    }

    /// A candump log's frames through the protocol's decoder, timed from its first line.
    static func candumpSamples(
        _ text: String, keys: CANProtocolKeys, channels: [ChannelConfiguration], path: String,
        _ r: TableReader
    ) -> [RecordedSample]? {
        // OBD-II: the answers the log holds, whichever PIDs were asked for.
        let canProtocol: CANProtocol = keys.name == "obd2" ? .obd2(pids: OBDPID.all, pollHz: 1) : keys.canProtocol(channels: channels)
        var decoder = CANDecoder(canProtocol)
        var out: [RecordedSample] = []
        var first: UInt64?
        var number = 0
        for raw in text.utf8.split(separator: 10, omittingEmptySubsequences: false) {
            number += 1
            var line = Array(raw)
            while let last = line.last, last == 13 || last == 32 { line.removeLast() }
            while line.first == 32 { line.removeFirst() }
            if line.isEmpty || line[0] == UInt8(ascii: "#") { continue }
            let parsed: CandumpLine
            do { parsed = try CandumpLine.parse(line) } catch {
                r.report(
                    "file",
                    "\(path):\(number): \(error.message), got \"\(String(decoding: line.prefix(80), as: UTF8.self).escapingControls)\" (expected candump -l lines like \"(1700000000.000000) can0 123#DEADBEEF\")"
                )
                return nil
            }
            let start = first ?? parsed.time
            first = start
            let ms = parsed.time >= start ? (parsed.time - start) / 1_000_000 : 0
            decoder.feed(parsed.frame, now: parsed.time) { s in
                out.append(RecordedSample(milliseconds: ms, name: s.name, value: s.value, unit: s.unit))
            }
        }
        return out
    }
}
