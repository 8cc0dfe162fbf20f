import GaugeDisplay
import GaugeInput

/// `gaugepanel run --board FILE`: the options a command line gave (read by
/// `RunOptions.table(displays:)`, checked as they were set), and the run itself, with the same lines
/// and exit status whichever command line started it.
public struct RunRequest: Sendable {
    public var options: RunOptions
    /// The displays `--display` names and the panel opens, from the command line.
    public let devices: DisplayDevices
    /// The input devices the panel reads, from the command line.
    public let inputs: InputDevices

    public init(options: RunOptions, devices: DisplayDevices, inputs: InputDevices) {
        self.options = options
        self.devices = devices
        self.inputs = inputs
    }

    /// The options a command line gave (`ArgumentReader.read(RunOptions.table(displays:))`), checked.
    public init(_ given: RunOption.Given, devices: DisplayDevices, inputs: InputDevices) throws(CommandFailure) {
        options = try RunOptions(given)
        self.devices = devices
        self.inputs = inputs
    }

    /// Opens the board's panel and runs it until a signal, `duration` or `frames`; the
    /// summary line (`@@SUMMARY …`) on success. Opening fails with status 2 (bad input:
    /// the board file, a missing device — each line naming it and the fix), running with 1.
    /// `beside`: called with the opened panel before it runs, to add what serves on its
    /// loop (the host's `--preview`); a failure there stops it before it starts.
    public func run(
        log: any PanelLog,
        beside: (PanelRuntime<EventLoop>) throws(CommandFailure) -> Void = { _ throws(CommandFailure) in }
    ) throws(CommandFailure) -> String {
        let runtime: PanelRuntime<EventLoop>
        do { runtime = try PanelRuntime.open(options: options, devices: devices, inputs: inputs, log: log) } catch {
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
