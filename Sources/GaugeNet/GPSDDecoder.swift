import GaugeSensors

/// What a network decoder says about a channel: a value, or that it has none now.
public enum NetReading: Sendable, Equatable {
    case sample(Sample)
    /// The source says this channel has no value now (no fix, `unavailable`): mark it
    /// stale at once rather than show its last value or zero.
    case stale(String)
}

/// gpsd's JSON protocol (gpsd_json(5)) after `?WATCH={"enable":true,"json":true}`: one
/// JSON object per line. TPV and SKY reports become readings; VERSION, DEVICES, DEVICE,
/// WATCH and the other classes are accepted and ignored.
///
/// Channels (names in `GPSDDecoder.Channel`):
/// | channel | from | unit |
/// | --- | --- | --- |
/// | `gps.mode` | TPV `mode` (0 unknown, 1 no fix, 2 2D, 3 3D) | none |
/// | `gps.time` | TPV `time` (ISO 8601, UTC) as seconds since 1970 | none |
/// | `gps.latitude`, `gps.longitude` | TPV `lat`, `lon` | degrees |
/// | `gps.speed` | TPV `speed` (over ground) | m/s (channels convert to knots, km/h) |
/// | `gps.course` | TPV `track` (true) | degrees |
/// | `gps.altitude` | TPV `altMSL`, else `alt` (older gpsd's MSL altitude; `altHAE` is not used) | metres |
/// | `gps.climb` | TPV `climb` | m/s |
/// | `gps.error.speed` | TPV `eps` (95 %) | m/s |
/// | `gps.error.longitude`, `gps.error.latitude`, `gps.error.altitude` | TPV `epx`, `epy`, `epv` (95 %) | metres |
/// | `gps.satellites` | SKY `uSat`, else the count of `satellites` with `"used":true` | none |
/// | `gps.satellites.visible` | SKY `nSat`, else the count of `satellites` | none |
///
/// A TPV with mode < 2 (no fix) makes every position, speed, course, altitude, climb
/// and error channel stale; mode 2 makes the altitude, climb and vertical error stale.
/// A field missing from a TPV with a fix produces nothing (the channel's time-to-live
/// decides). Lines longer than `maxLineLength` are dropped whole.
public struct GPSDDecoder: Sendable {
    public enum Channel {
        public static let mode = "gps.mode"
        public static let time = "gps.time"
        public static let latitude = "gps.latitude"
        public static let longitude = "gps.longitude"
        public static let speed = "gps.speed"
        public static let course = "gps.course"
        public static let altitude = "gps.altitude"
        public static let climb = "gps.climb"
        public static let speedError = "gps.error.speed"
        public static let longitudeError = "gps.error.longitude"
        public static let latitudeError = "gps.error.latitude"
        public static let altitudeError = "gps.error.altitude"
        public static let satellitesUsed = "gps.satellites"
        public static let satellitesVisible = "gps.satellites.visible"
    }

    /// The command that turns the JSON stream on (send after connecting).
    public static let watchCommand: [UInt8] = Array(#"?WATCH={"enable":true,"json":true}"#.utf8) + [10]

    public let maxLineLength: Int
    /// `accepted`: TPV and SKY reports used; `unparsable`: lines that are not JSON objects,
    /// TPVs without a mode; `unknownSentence`: classes this decoder ignores (VERSION...).
    public private(set) var statistics = DecoderStatistics()
    private var lines: LineSplitter

    public init(maxLineLength: Int = 8192) {
        self.maxLineLength = max(maxLineLength, 64)
        lines = LineSplitter(maxLineLength: self.maxLineLength)
    }

    /// Forgets a partial line (after reconnecting).
    public mutating func resetFraming() { lines.reset() }

    public mutating func feed<C: Collection>(_ bytes: C, into sink: (NetReading) -> Void) where C.Element == UInt8 {
        var splitter = lines
        lines = LineSplitter(maxLineLength: 1)
        defer { lines = splitter }
        statistics.bytes &+= UInt64(bytes.count)
        splitter.feed(bytes) { line in
            decodeLine(line, sink)
        } overlong: {
            statistics.overlong &+= 1
        }
    }

    /// Collects the readings (tests and small callers).
    public mutating func feed<C: Collection>(_ bytes: C) -> [NetReading] where C.Element == UInt8 {
        var out: [NetReading] = []
        feed(bytes) { out.append($0) }
        return out
    }

    /// One line (without its newline).
    public mutating func decodeLine(_ line: UnsafeBufferPointer<UInt8>, _ sink: (NetReading) -> Void) {
        var end = line.count
        while end > 0, PayloadReader.isSpace(line[end - 1]) { end -= 1 }
        var start = 0
        while start < end, PayloadReader.isSpace(line[start]) { start += 1 }
        if start == end {
            statistics.emptyLines &+= 1
            return
        }
        var r = GPSDReport()
        do throws(JSONError) {
            try JSONScanner.scan(
                UnsafeBufferPointer(rebasing: line[start..<end]),
                limits: JSONScanner.Limits(maxBytes: maxLineLength, maxDepth: 8)
            ) { path, item in
                r.take(path, item)
            }
        } catch {
            statistics.unparsable &+= 1
            return
        }
        guard r.isObject, let cls = r.reportClass else {
            statistics.unparsable &+= 1
            return
        }
        var emitted: UInt64 = 0
        let emit: (NetReading) -> Void = { reading in
            if case .sample = reading { emitted &+= 1 }
            sink(reading)
        }
        switch cls {
        case "TPV":
            guard let mode = r.mode, mode >= 0, mode <= 3, mode == mode.rounded() else {
                statistics.unparsable &+= 1
                return
            }
            r.emitTPV(mode: mode, emit)
        case "SKY":
            r.emitSKY(emit)
        default:
            statistics.unknownSentence &+= 1
            return
        }
        statistics.accepted &+= 1
        statistics.samples &+= emitted
    }
}

/// The fields of one report that the decoder uses.
struct GPSDReport {
    var isObject = false
    var reportClass: String?
    var mode: Double?
    var time: Double?
    var lat: Double?, lon: Double?, altMSL: Double?, alt: Double?
    var speed: Double?, track: Double?, climb: Double?
    var eps: Double?, epx: Double?, epy: Double?, epv: Double?
    var uSat: Double?, nSat: Double?
    var satellites = 0, used = 0
    var sawSatellites = false

    mutating func take(_ path: UnsafeBufferPointer<UInt8>, _ item: JSONItem) {
        if path.isEmpty {
            isObject = item == .object
            return
        }
        if case .number(let v) = item {
            if is_(path, "mode") {
                mode = v
            } else if is_(path, "lat") {
                lat = v
            } else if is_(path, "lon") {
                lon = v
            } else if is_(path, "altMSL") {
                altMSL = v
            } else if is_(path, "alt") {
                alt = v
            } else if is_(path, "speed") {
                speed = v
            } else if is_(path, "track") {
                track = v
            } else if is_(path, "climb") {
                climb = v
            } else if is_(path, "eps") {
                eps = v
            } else if is_(path, "epx") {
                epx = v
            } else if is_(path, "epy") {
                epy = v
            } else if is_(path, "epv") {
                epv = v
            } else if is_(path, "uSat") {
                uSat = v
            } else if is_(path, "nSat") {
                nSat = v
            }
            return
        }
        switch item {
        case .string(let s):
            if is_(path, "class") { reportClass = s } else if is_(path, "time") { time = ISO8601.seconds(s) }
        case .array:
            if is_(path, "satellites") { sawSatellites = true }
        case .object:
            if is_(path, "satellites[]") { satellites += 1 }
        case .bool(let b):
            if b, is_(path, "satellites[].used") { used += 1 }
        default:
            break
        }
    }

    func emitTPV(mode: Double, _ emit: (NetReading) -> Void) {
        typealias C = GPSDDecoder.Channel
        emit(.sample(Sample(name: C.mode, value: mode, unit: .none)))
        if let time { emit(.sample(Sample(name: C.time, value: time, unit: .none))) }
        let fix = mode >= 2, fix3D = mode >= 3
        func put(_ name: String, _ v: Double?, _ unit: SensorUnit, _ valid: Bool) {
            if !valid { emit(.stale(name)) } else if let v, v.isFinite { emit(.sample(Sample(name: name, value: v, unit: unit))) }
        }
        put(C.latitude, lat, .degrees, fix)
        put(C.longitude, lon, .degrees, fix)
        put(C.speed, speed, .metresPerSecond, fix)
        put(C.course, track, .degrees, fix)
        put(C.altitude, altMSL ?? alt, .metres, fix3D)
        put(C.climb, climb, .metresPerSecond, fix3D)
        put(C.speedError, eps, .metresPerSecond, fix)
        put(C.longitudeError, epx, .metres, fix)
        put(C.latitudeError, epy, .metres, fix)
        put(C.altitudeError, epv, .metres, fix3D)
    }

    func emitSKY(_ emit: (NetReading) -> Void) {
        typealias C = GPSDDecoder.Channel
        if let u = uSat ?? (sawSatellites ? Double(used) : nil) {
            emit(.sample(Sample(name: C.satellitesUsed, value: u, unit: .none)))
        }
        if let n = nSat ?? (sawSatellites ? Double(satellites) : nil) {
            emit(.sample(Sample(name: C.satellitesVisible, value: n, unit: .none)))
        }
    }

    func is_(_ path: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        JSONScanner.equal(path, UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }
}

/// `YYYY-MM-DDTHH:MM:SS[.fraction]Z` → seconds since 1970-01-01T00:00:00Z.
enum ISO8601 {
    static func seconds(_ text: String) -> Double? {
        var copy = text
        return copy.withUTF8 { parse($0) }
    }

    static func parse(_ b: UnsafeBufferPointer<UInt8>) -> Double? {
        guard b.count >= 20, b[b.count - 1] == UInt8(ascii: "Z") else { return nil }
        func num(_ at: Int, _ n: Int) -> Int64? {
            var v: Int64 = 0
            var k = 0
            while k < n {
                let d = b[at + k] &- 48
                guard d < 10 else { return nil }
                v = v * 10 + Int64(d)
                k += 1
            }
            return v
        }
        guard b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"),
            b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
            let y = num(0, 4), let mo = num(5, 2), let d = num(8, 2),
            let h = num(11, 2), let mi = num(14, 2), let s = num(17, 2),
            mo >= 1, mo <= 12, d >= 1, d <= 31, h < 24, mi < 60, s < 61
        else { return nil }
        var fraction = 0.0
        if b.count > 20 {
            guard b[19] == UInt8(ascii: "."), b.count > 21 else { return nil }
            var scale = 0.1
            var k = 20
            while k < b.count - 1 {
                let digit = b[k] &- 48
                guard digit < 10 else { return nil }
                fraction += Double(digit) * scale
                scale /= 10
                k += 1
            }
        }
        // Days from civil (Howard Hinnant's algorithm).
        let yy = mo <= 2 ? y - 1 : y
        let era = yy / 400
        let yoe = yy - era * 400
        let mp = (mo + 9) % 12
        let doy = (153 * mp + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        return Double(days * 86_400 + h * 3600 + mi * 60 + s) + fraction
    }
}

/// Splits a byte stream into lines (LF; a CR before it stays in the line). A line longer
/// than `maxLineLength` is dropped whole, up to its newline.
public struct LineSplitter: Sendable {
    public let maxLineLength: Int
    private var line: [UInt8] = []
    private var discarding = false

    public init(maxLineLength: Int) {
        self.maxLineLength = max(maxLineLength, 1)
    }

    public mutating func reset() {
        line.removeAll(keepingCapacity: true)
        discarding = false
    }

    public mutating func feed<C: Collection>(
        _ bytes: C, line emit: (UnsafeBufferPointer<UInt8>) -> Void,
        overlong: () -> Void
    ) where C.Element == UInt8 {
        for b in bytes {
            if b == 10 {
                if !discarding { line.withUnsafeBufferPointer { emit($0) } }
                discarding = false
                line.removeAll(keepingCapacity: true)
                continue
            }
            if discarding { continue }
            if line.count >= maxLineLength {
                overlong()
                discarding = true
                line.removeAll(keepingCapacity: true)
                continue
            }
            line.append(b)
        }
    }
}
