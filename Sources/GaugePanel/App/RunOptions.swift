import GaugeDisplay
import GaugeImages

/// How `gaugepanel run` was asked to run, beyond what the board file says: what its
/// command line said, filled by `RunOptions.table(displays:)` (the options, declared once).
public struct RunOptions: Sendable {
    public var boardPath: String
    /// Overrides the board's `[display] output` (e.g. offscreen on a desk): a name in
    /// the command line's `DisplayDevices.names`.
    public var display: String?
    /// Override the board's `[display]` settings by key (`--device`, `--connector`,
    /// `--mode`), as text; the opened back-end reads those it declares.
    public var displaySettings: [DisplayKey: String] = [:]
    /// Redraw only what changed (off: every frame is drawn whole; the pixels are the same).
    public var tracksDamage = true
    /// Ease needles like physical ones (off: they jump to each value).
    public var animates = true
    /// Overrides the board's `[snapshot]` path and interval.
    public var snapshotPath: String?
    public var snapshotInterval: Double?
    /// Stop after this many seconds, or frames (measurements, tests); nil: until a signal.
    public var duration: Double?
    public var maxFrames: Int64?
    /// Draw as fast as possible instead of at the display's refresh (benchmarks).
    public var unpaced = false
    /// Switch the text console to graphics mode while drawing on DRM/fbdev.
    public var consoleGraphics = true
    /// Where evdev devices are found.
    public var inputDirectory = "/dev/input"
    /// Taps made as a touch screen's would be, at seconds after the start (headless tests,
    /// demos): x, y in the board's pixels.
    public var taps: [(x: Int32, y: Int32, seconds: Double)] = []
    /// Seconds to wait for a display that is not there yet (overrides `[display] wait`).
    public var waitForDisplaySeconds: Double?
    /// Record every sample the sources give to this file (replay it with kind = "replay").
    public var recordPath: String?
    /// Print a statistics line every this many seconds (nil: only at exit).
    public var statsInterval: Double?

    public init(boardPath: String) { self.boardPath = boardPath }
}

/// What a run did, printed at exit (and used by the figures in the README).
public struct RunSummary: Sendable, CustomStringConvertible {
    public var seconds: Double = 0
    public var frames: Int64 = 0
    public var wakeups: UInt64 = 0
    public var pixelsDrawn: Int64 = 0
    public var bytesCopied: Int64 = 0
    public var samples: UInt64 = 0
    public var droppedLines: UInt64 = 0
    /// Decoded samples that no channel reads (its name matches no channel's `source`).
    public var unreadSamples: UInt64 = 0
    public var cpuSeconds: Double = 0
    public var residentKilobytes: Int64 = 0
    /// Serial/sensor read → frame presented, in microseconds.
    public var latencyMaxMicroseconds: UInt64 = 0
    public var latencyMeanMicroseconds: UInt64 = 0
    public var latencySamples: UInt64 = 0
    /// Each sensor source and where it stands, as `kind:path=state` (`serial:/dev/ttyUSB0=open`).
    public var sources: [String] = []
    /// Each failover channel and the source it uses (`failover:speed=gps1.speed`).
    public var failover: [String] = []

    public var description: String {
        let s = max(seconds, 1e-9)
        func f(_ v: Double) -> String { String(Int64((v * 100).rounded())).padded(decimals: 2) }
        return "seconds=\(f(seconds)) frames=\(frames) wakeups=\(wakeups) wakeups_per_s=\(f(Double(wakeups) / s))"
            + " cpu_percent=\(f(cpuSeconds * 100 / s)) rss_kb=\(residentKilobytes) pixels_drawn=\(pixelsDrawn)"
            + " bytes_copied=\(bytesCopied) samples=\(samples) unread_samples=\(unreadSamples) dropped_lines=\(droppedLines)"
            + " latency_us_mean=\(latencyMeanMicroseconds) latency_us_max=\(latencyMaxMicroseconds) latency_n=\(latencySamples)"
            + sources.map { " " + $0 }.joined() + failover.map { " " + $0 }.joined()
    }
}

extension String {
    /// "1234" with 2 decimals → "12.34" (hundredths, without Foundation's formatting).
    func padded(decimals: Int) -> String {
        let negative = hasPrefix("-")
        var digits = negative ? String(dropFirst()) : self
        while digits.count <= decimals { digits = "0" + digits }
        let cut = digits.index(digits.endIndex, offsetBy: -decimals)
        return (negative ? "-" : "") + digits[..<cut] + "." + digits[cut...]
    }
}
