import GaugeConfig
import GaugeDisplay
import GaugeImages
import GaugeInput
import GaugeSystem
import GaugeSensorKinds

/// Why `gaugepanel run` could not start: each one line that names the file or device
/// and the fix (the command exits 2).
public enum RunError: Error, CustomStringConvertible {
    case configuration(ConfigurationErrors)
    case display(DisplayError)
    case loop(LoopError)
    /// An `[[output]]`'s GPIO chip or lines could not be had.
    case output(GPIOError)

    public var description: String {
        switch self {
        case .configuration(let e): return e.description
        case .display(let e): return e.description
        case .loop(let e): return e.description
        case .output(let e): return e.description
        }
    }
}

/// The panel as `gaugepanel run` starts it: the board file, its display (or the one
/// `--display` names), the real poll loop, the console, the input devices and the
/// service's environment.
extension PanelRuntime where Loop == EventLoop {
    public static func open(options: RunOptions, devices: DisplayDevices, inputs: InputDevices, log: any PanelLog) throws(RunError) -> PanelRuntime<
        EventLoop
    > {
        LoopSignals.holdRequestsUntilTheLoopTakesThem()
        let board: BoardConfiguration
        do { board = try BoardConfiguration.load(path: options.boardPath, displayOutputs: devices.names, sensorKinds: SensorKinds.all) } catch {
            throw .configuration(error)
        }
        // The outputs first: a line held elsewhere fails before the screen is taken.
        let outputLines: [GPIOOutputLines]
        do { outputLines = try OutputService<EventLoop>.open(board.outputs, calls: LinuxGPIOSystemCalls.gpio) } catch {
            throw .output(error)
        }
        // A missing sound device is one line; the panel runs on silent.
        let sound = SoundService<EventLoop>.open(board.alarmDisplay.sound, calls: LinuxPCMSystemCalls.pcm, log: log)
        do {
            return try open(board, options: options, outputLines: outputLines, sound: sound, devices: devices, inputs: inputs, log: log)
        } catch {
            for l in outputLines { l.release() }
            sound?.close()
            throw error
        }
    }

    private static func open(
        _ board: BoardConfiguration, options: RunOptions, outputLines: [GPIOOutputLines], sound: PCMOutput?, devices: DisplayDevices,
        inputs: InputDevices, log: any PanelLog
    ) throws(RunError) -> PanelRuntime<EventLoop> {
        let d = board.display
        let output = options.display ?? d.output
        let turned = d.rotation.swapsAxes
        let environment = serviceEnvironment()
        let notifier = SystemdNotifier(environment: environment)
        let wait = options.waitForDisplaySeconds ?? d.waitSeconds ?? DisplayWait.defaultSeconds(environment: environment)
        var settings = DisplaySettings(
            device: d.device, connector: d.connector, mode: d.mode, format: d.format,
            width: turned ? d.height : d.width, height: turned ? d.width : d.height, rotation: d.rotation)
        // The command line's overrides were checked as it was read (`RunOptions.table(displays:)`).
        for (key, text) in options.displaySettings { _ = settings.set(key, text) }
        let display: any Display
        do {
            display = try DisplayWait.open(
                waiting: wait,
                { [settings] () throws(DisplayError) -> any Display in
                    try devices.open(output, settings)
                },
                waiting: { error in
                    let seconds = wait == wait.rounded() ? String(Int(wait)) : String(wait)
                    let what = "waiting up to \(seconds) s for the display (\(error.description))"
                    log.log(.notice, what)
                    _ = notifier.notify(.status(what))
                })
        } catch { throw .display(error) }
        let loop: EventLoop
        do { loop = try EventLoop() } catch {
            display.close()
            throw .loop(error)
        }
        let console = options.consoleGraphics && display.coversTextConsole ? devices.consoleGraphics() : nil
        return try PanelRuntime(
            options: options, board: board, display: display, loop: loop, devices: devices, inputs: inputs, log: log,
            environment: environment, console: console, outputLines: outputLines, soundOutput: sound)
    }

    /// Runs until SIGTERM/SIGINT, `duration` or `maxFrames`; gives the screen back.
    public func run() throws(RunError) -> RunSummary {
        start()
        do { try loop.run() } catch {
            _ = stop()
            throw .loop(error)
        }
        return stop()
    }

    /// What systemd tells a `Type=notify` service.
    static func serviceEnvironment(_ system: any PanelSystem = LinuxSystem.standard) -> [String: String] {
        var env: [String: String] = [:]
        for key in ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"] {
            if let v = system.environment(key) { env[key] = v }
        }
        return env
    }
}
