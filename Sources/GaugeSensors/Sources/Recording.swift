import GaugeDecoders
import GaugeSystem

/// A recorded sensor stream (`gaugepanel run --record`): one sample per line,
/// `<ms since start> <name>=<value>[ <unit>]`, names as the sources gave them (a decoder's
/// `depth.below.transducer`, a sysfs channel's own name); `#` comments and blank lines
/// ignored. A value without a unit is taken as already in the channel's unit.
///
///     # gaugepanel recording
///     0 engine.rpm=820 rpm
///     100 depth.below.transducer=8.4 m
///     150 load=0.42
public struct RecordedSample: Sendable, Equatable {
    public var milliseconds: UInt64
    public var name: String
    public var value: Double
    public var unit: SensorUnit
    public init(milliseconds: UInt64, name: String, value: Double, unit: SensorUnit = .none) {
        self.milliseconds = milliseconds
        self.name = name
        self.value = value
        self.unit = unit
    }
}

public enum RecordingFormat {
    public struct ParseError: Error, Sendable, Equatable {
        public var line: Int
        public var text: String
    }

    public static func line(_ s: RecordedSample) -> String {
        "\(s.milliseconds) \(s.name)=\(s.value)" + (s.unit == .none ? "" : " " + s.unit.configName) + "\n"
    }

    /// Parses a whole recording; the first bad line is a typed error naming its number.
    public static func parse(_ text: String) throws(ParseError) -> [RecordedSample] {
        var out: [RecordedSample] = []
        var number = 0
        // Split on bytes: in a Swift String "\r\n" is one Character, not two.
        for raw in text.utf8.split(separator: ASCII.lf, omittingEmptySubsequences: false) {
            number += 1
            var line = Array(raw)
            if line.last == ASCII.cr { line.removeLast() }
            while line.first == ASCII.space { line.removeFirst() }
            while line.last == ASCII.space { line.removeLast() }
            if line.isEmpty || line[0] == UInt8(ascii: "#") { continue }
            guard let sample = parseLine(line) else {
                throw ParseError(line: number, text: String(decoding: line, as: UTF8.self))
            }
            out.append(sample)
        }
        return out
    }

    static func parseLine(_ line: [UInt8]) -> RecordedSample? {
        guard let space = line.firstIndex(of: ASCII.space), space > 0, space <= 19,
            let equals = line[space...].firstIndex(of: ASCII.equals)
        else { return nil }
        var ms: UInt64 = 0
        for c in line[..<space] {
            guard c &- 48 < 10 else { return nil }
            ms = ms * 10 + UInt64(c - 48)
        }
        let name = line[(space + 1)..<equals]
        let valueEnd = line[(equals + 1)...].firstIndex(of: ASCII.space) ?? line.endIndex
        var unit = SensorUnit.none
        if valueEnd < line.endIndex {
            guard let u = SensorUnit(configName: String(decoding: line[(valueEnd + 1)...], as: UTF8.self)) else { return nil }
            unit = u
        }
        guard !name.isEmpty, name.allSatisfy({ ASCII.isNameByte($0) }),
            let value = DecimalParser.parse(bytes: Array(line[(equals + 1)..<valueEnd]))
        else { return nil }
        return RecordedSample(milliseconds: ms, name: String(decoding: name, as: UTF8.self), value: value, unit: unit)
    }
}

/// Plays a recording back against the run loop's clock, at its own pace or `speed`
/// times faster, optionally looping.
public struct ReplaySource: Sendable {
    public let samples: [RecordedSample]
    public var loop: Bool
    /// 1: as recorded; 10: ten times faster.
    public let speed: Double
    private var start: UInt64?
    private var index = 0
    private var lapOffset: UInt64 = 0

    /// Samples must be in time order (as recorded); they are sorted stably to be safe.
    public init(samples: [RecordedSample], loop: Bool = false, speed: Double = 1) {
        self.samples = samples.enumerated().sorted {
            ($0.element.milliseconds, $0.offset) < ($1.element.milliseconds, $1.offset)
        }.map { $0.element }
        self.loop = loop
        self.speed = speed.isFinite ? min(max(speed, 0.01), 1e6) : 1
    }

    /// Nanoseconds after the start of a lap at which a sample recorded at `ms` is due
    /// (saturating: a recording can name any 19-digit time).
    func offset(_ ms: UInt64) -> UInt64 {
        let ns = Double(ms) * 1e6 / speed
        return ns < 9.0e18 ? UInt64(ns) : 9_000_000_000_000_000_000
    }

    public var isFinished: Bool { !loop && index >= samples.count }

    /// Every sample played in the first `time` nanoseconds, with when it is due (what
    /// `render --time` feeds a chart); at most `limit` of the latest, laps included.
    public func played(untilNanoseconds time: UInt64, limit: Int = 1_000_000) -> [TimedSample] {
        guard !samples.isEmpty else { return [] }
        var out: [TimedSample] = []
        var lap: UInt64 = 0
        let lapLength = offset(samples[samples.count - 1].milliseconds &+ 1)
        while lap <= time {
            for s in samples {
                let due = lap &+ offset(s.milliseconds)
                guard due <= time else { break }
                out.append(TimedSample(time: due, sample: Sample(name: s.name, value: s.value, unit: s.unit)))
            }
            guard loop, lapLength > 0 else { break }
            lap &+= lapLength
            if out.count > 2 * limit { out.removeFirst(out.count - limit) }
        }
        return out.count > limit ? Array(out.suffix(limit)) : out
    }

    /// When the next sample is due (for the poll timeout).
    public var nextDeadline: UInt64? {
        guard let start, index < samples.count else { return start == nil ? 0 : nil }
        return start &+ lapOffset &+ offset(samples[index].milliseconds)
    }

    /// Emits every sample due by `now`; the first call defines time zero.
    public mutating func poll(now: UInt64, into sink: (Sample) -> Void) {
        if start == nil { start = now }
        guard let start, !samples.isEmpty else { return }
        while true {
            if index >= samples.count {
                guard loop else { return }
                // Next lap starts one millisecond after the last sample of this one.
                lapOffset &+= offset(samples[samples.count - 1].milliseconds &+ 1)
                index = 0
            }
            let due = start &+ lapOffset &+ offset(samples[index].milliseconds)
            guard due <= now else { return }
            sink(Sample(name: samples[index].name, value: samples[index].value, unit: samples[index].unit))
            index += 1
        }
    }
}

/// Records samples as they are accepted, buffered and appended to a file.
public struct Recorder: Sendable {
    public let path: String
    private var start: UInt64?
    private var pending: [UInt8] = []
    private let system: any SensorSystemCalls
    public private(set) var lastError: FileError?

    /// Creates (truncates) the file with a header line.
    public init(path: String, system: any SensorSystemCalls = LinuxSensorSystemCalls()) {
        self.path = path
        self.system = system
        do { try system.writeFile(path, Array("# gaugepanel recording\n".utf8), .replace) } catch { lastError = error }
    }

    public mutating func record(_ sample: Sample, now: UInt64) {
        if start == nil { start = now }
        let ms = now >= start! ? (now - start!) / Nanoseconds.perMillisecond : 0
        pending += Array(
            RecordingFormat.line(
                RecordedSample(
                    milliseconds: ms, name: sample.name,
                    value: sample.value, unit: sample.unit)
            ).utf8)
        if pending.count >= 4096 { flush() }
    }

    public mutating func flush() {
        guard !pending.isEmpty else { return }
        do { try system.writeFile(path, pending, .append) } catch { lastError = error }
        pending.removeAll(keepingCapacity: true)
    }
}
