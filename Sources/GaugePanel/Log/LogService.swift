import GaugeConfig
import GaugeDecoders
import GaugeSensors
import GaugeSystem

/// `[log]` on the loop: a CSV row every `interval` while logging is on (its `start`, then
/// triggers' `logging`) — the UTC time, a marker column (1 on the row after a
/// `log_marker` key), and each channel's value now, empty for none — appended to the
/// file, which is rotated (`path.1` …, `keep` of them) when it reaches `max_size`. A full
/// disk stops the log with one message; the panel runs on. Other write failures are said
/// (rate-limited) and the next row tries again.
final class LogService<Loop: LoopScheduler>: PanelService {
    private let configuration: LogConfiguration?
    private let headings: [String]
    private let display: DisplayService<Loop>
    private let system: any PanelSystem
    private let log: PanelLogger
    private var loop: Loop?
    private var timer: TimerID?
    private var size: Int64?
    private var markersWritten: UInt64 = 0
    private var stopped = false
    private(set) var rows: UInt64 = 0

    init(_ configuration: LogConfiguration?, units: [String: SensorUnit], display: DisplayService<Loop>, system: any PanelSystem, log: PanelLogger) {
        self.configuration = configuration
        headings = configuration?.channels.map { c in units[c].map { $0 == .none ? c : "\(c) (\($0.symbol))" } ?? c } ?? []
        self.display = display
        self.system = system
        self.log = log
    }

    func start(on loop: Loop) {
        guard let c = configuration else { return }
        self.loop = loop
        markersWritten = display.state.logMarkers
        timer = loop.scheduleRepeating(every: c.interval) { [self] in self.tick() }
        log.info(
            "log: \(c.channels.count) channels every \(Double(c.interval) / 1e9) s to \(c.path)\(display.state.logging ? "" : " once a trigger starts it")"
        )
    }

    func stop() {
        if let loop, let timer { loop.cancel(timer) }
        timer = nil
        loop = nil
    }

    private func tick() {
        guard let c = configuration, !stopped, let loop else { return }
        let state = display.state
        let marked = state.logMarkers != markersWritten
        guard state.logging || marked else { return }
        markersWritten = state.logMarkers
        var line = Self.timestamp(nanoseconds: system.realtimeNanoseconds()) + (marked ? ",1" : ",")
        for name in c.channels {
            let v = state.value(of: name, now: loop.now)
            line += v.isFinite ? ",\(v)" : ","
        }
        append(line + "\r\n", c, now: loop.now)
    }

    private func append(_ line: String, _ c: LogConfiguration, now: UInt64) {
        if size == nil { size = system.fileSize(c.path) }
        if (size ?? 0) >= c.maxSize { rotate(c) }
        var bytes = Array(line.utf8)
        if size ?? 0 == 0 { bytes = Array(("time,marker" + headings.map { "," + RecordingCSV.field($0) }.joined() + "\r\n").utf8) + bytes }
        do throws(FileError) {
            try system.writeFile(c.path, bytes, .append)
            size = (size ?? 0) + Int64(bytes.count)
            rows &+= 1
        } catch {
            if error.errno == .noSpaceLeft {
                stopped = true
                log.sink.log(.warning, "log: \(c.path): the disk is full; logging stopped (the panel runs on)")
            } else {
                size = nil
                log.warn("log", "log: \(error.description)", now: now)
            }
        }
    }

    /// path → path.1 → … → path.keep (the oldest replaced); with keep 0 the file starts again.
    private func rotate(_ c: LogConfiguration) {
        size = 0
        guard c.keep > 0 else {
            try? system.writeFile(c.path, [], .replace)
            return
        }
        for i in stride(from: c.keep - 1, through: 1, by: -1) { try? system.rename("\(c.path).\(i)", to: "\(c.path).\(i + 1)") }
        do throws(Errno) { try system.rename(c.path, to: c.path + ".1") } catch {
            log.warn("log-rotate", "log: cannot rotate \(c.path): \(error)", now: loop?.now ?? 0)
        }
    }

    /// UTC as ISO 8601 with milliseconds: 2026-12-06T10:17:31.250Z.
    static func timestamp(nanoseconds: UInt64) -> String {
        let ms = nanoseconds / 1_000_000
        let days = Int64(ms / 86_400_000), dayMs = ms % 86_400_000
        // Days since 1970-01-01 to a civil date (H. Hinnant's algorithm).
        let z = days + 719_468
        let era = z / 146_097, doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        func two(_ v: UInt64) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let frac = dayMs % 1000
        let millis = frac < 10 ? "00\(frac)" : frac < 100 ? "0\(frac)" : "\(frac)"
        return "\(y)-\(two(UInt64(m)))-\(two(UInt64(d)))T\(two(dayMs / 3_600_000)):\(two(dayMs / 60000 % 60)):\(two(dayMs / 1000 % 60)).\(millis)Z"
    }
}
