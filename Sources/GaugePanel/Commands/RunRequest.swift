import GaugeDisplay

/// `gaugepanel run --board FILE`: the options as given on a command line, checked into
/// `RunOptions` with the same messages whichever command line read them.
public struct RunRequest: Sendable {
    public var board: String
    public var display: String?
    public var device: String?
    public var waitForDisplay: Double?
    public var record: String?
    public var connector: String?
    public var mode: String?
    public var snapshot: String?
    public var snapshotInterval: Double?
    public var duration: Double?
    public var frames: Int64?
    public var statsInterval: Double?
    public var inputDirectory = "/dev/input"
    public var damage = true
    public var animation = true
    public var unpaced = false
    public var consoleGraphics = true
    /// The displays `--display` names and the panel opens, from the command line.
    public let devices: DisplayDevices

    public init(board: String, devices: DisplayDevices) {
        self.board = board
        self.devices = devices
    }

    /// The checked options; a bad value is one line and exit status 2.
    public func options() throws(CommandFailure) -> RunOptions {
        var options = RunOptions(boardPath: board)
        if let display {
            guard devices.names.contains(display) else {
                throw CommandFailure(DisplayError.unknownBackend(name: display, known: devices.names).description)
            }
            options.display = display
        }
        for (name, v) in [("--duration", duration), ("--snapshot-interval", snapshotInterval), ("--stats-interval", statsInterval)] {
            if let v, !(v.isFinite && v > 0) { throw CommandFailure("\(name) must be a positive number of seconds, got \(v)") }
        }
        if let frames, frames <= 0 { throw CommandFailure("--frames must be positive, got \(frames)") }
        options.device = device
        options.connector = connector
        options.recordPath = record
        if let w = waitForDisplay {
            guard w.isFinite, w >= 0, w <= 600 else { throw CommandFailure("--wait-for-display: expected 0…600 seconds, got \(w)") }
            options.waitForDisplaySeconds = w
        }
        options.mode = mode
        options.snapshotPath = snapshot
        options.snapshotInterval = snapshotInterval
        options.duration = duration
        options.maxFrames = frames
        options.statsInterval = statsInterval
        options.inputDirectory = inputDirectory
        options.tracksDamage = damage
        options.animates = animation
        options.unpaced = unpaced
        options.consoleGraphics = consoleGraphics
        return options
    }

    /// Opens the board's panel and runs it until a signal, `duration` or `frames`; the
    /// summary line (`@@SUMMARY …`) on success. Opening fails with status 2 (bad input:
    /// the board file, a missing device — each line naming it and the fix), running with 1.
    /// `beside`: called with the opened panel before it runs, to add what serves on its
    /// loop (the host's `--preview`); a failure there stops it before it starts.
    public func run(log: any PanelLog,
                    beside: (PanelRuntime<EventLoop>) throws(CommandFailure) -> Void = { _ throws(CommandFailure) in }) throws(CommandFailure) -> String {
        let options = try options()
        let runtime: PanelRuntime<EventLoop>
        do { runtime = try PanelRuntime.open(options: options, devices: devices, log: log) } catch {
            throw CommandFailure(lines: error.description.split(separator: "\n").map { String($0) }, status: 2, prefixed: true)
        }
        do { try beside(runtime) } catch {
            _ = runtime.stop()
            throw error
        }
        let summary: RunSummary
        do { summary = try runtime.run() } catch { throw CommandFailure(error.description, status: 1) }
        return "@@SUMMARY \(summary)"
    }
}
