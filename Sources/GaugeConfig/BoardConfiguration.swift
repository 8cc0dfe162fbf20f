import GaugeDecoders
import GaugeSystem
import GaugeDisplay
import GaugeRaster
import GaugeWidgets

/// Everything a board file says: the display, fonts, themes, sensors and their alarms,
/// input, the headless snapshot, and the dashboard built from its pages.
///
/// ```swift
/// let board = try BoardConfiguration.load(path: "dashboards/car.toml", displayOutputs: DisplayBackends.names,
///                                        sensorKinds: SensorKinds.all)   // throws(ConfigurationErrors)
/// var dash = board.dashboard          // initial values set, the active theme applied
/// dash.set("rpm", to: 4200)
/// ```
public struct BoardConfiguration: Sendable {
    /// The file it came from (as given), for messages.
    public var file: String
    public var display: DisplayConfiguration
    public var fonts: FontConfiguration
    public var themes: ThemeConfiguration
    public var sensors: [SensorConfiguration]
    public var input: InputConfiguration
    public var snapshot: SnapshotConfiguration?
    public var alarms: [AlarmConfiguration]
    /// `[alarms]`: the banner.
    public var alarmDisplay: AlarmDisplayConfiguration = AlarmDisplayConfiguration()
    /// `[[trigger]]`s, in file order.
    public var triggers: [TriggerConfiguration] = []
    /// `[backlight]`: brightness by a channel, sleep (nil: the backlight is left alone).
    public var backlight: BacklightConfiguration?
    /// The computed channels (`kind = "computed"`), each after the computed ones it reads.
    public var computed: [ComputedChannel] = []
    /// `[[counter]]`s, in file order: channels too.
    public var counters: [CounterConfiguration] = []
    /// GPIO lines driven by rules over channels (`[[output]]`), in file order.
    public var outputs: [OutputConfiguration] = []
    /// `[log]`: channels written as CSV while running (nil: no log).
    public var log: LogConfiguration?
    /// The buttons and switches: what a tap on each sends.
    public var controls: [ControlConfiguration] = []
    /// `[control]`: the panel driven and shown over MQTT (nil: not).
    public var remote: RemoteControlConfiguration?
    /// The pages, each widget at its channel's initial value, in the active theme.
    public var dashboard: Dashboard

    /// Every channel the sensors provide, in file order.
    public var channels: [ChannelConfiguration] { sensors.flatMap { $0.channels } }

    /// Channel → value at start-up (simulated waveforms at t = 0; others "no value", NaN).
    public var initialValues: [String: Double] {
        var out: [String: Double] = [:]
        for c in channels { out[c.name] = c.initialValue }
        return out
    }

    /// Reads and validates `path`. Throws every issue found (file, line, key path), never
    /// a partly loaded board. `displayOutputs`: the names `[display] output` may take —
    /// the display back-ends of the program (GaugeDisplayDevices' `DisplayBackends.names`),
    /// given by the caller because the configuration does not link the devices. `sensorKinds`:
    /// the kinds `[[sensor]] kind` may name (GaugeSensorKinds' `SensorKinds.all`), given by the
    /// caller because the configuration only describes sources and the kinds open them. The
    /// board and the files it names (DBC, recordings, CA and password files) are read through `system`.
    public static func load(
        path: String, displayOutputs: [String], sensorKinds: [SensorKind],
        system: any PanelSystem = LinuxSystem.standard
    ) throws(ConfigurationErrors) -> BoardConfiguration {
        let bytes: [UInt8]
        do { bytes = try system.readFile(path, limit: .max) } catch {
            throw ConfigurationErrors([ConfigIssue(file: path, line: nil, path: "", message: "cannot read: \(error.description)")])
        }
        return try parse(bytes, file: path, displayOutputs: displayOutputs, sensorKinds: sensorKinds, system: system)
    }

    /// Parses the bytes of a board file; `file` names it in messages.
    public static func parse(
        _ bytes: [UInt8], file: String, displayOutputs: [String], sensorKinds: [SensorKind],
        system: any PanelSystem = LinuxSystem.standard
    ) throws(ConfigurationErrors) -> BoardConfiguration {
        // TOML allows no NUL byte; refused here with its line, before toml++ sees the file.
        if let nul = bytes.firstIndex(of: 0) {
            throw ConfigurationErrors([
                ConfigIssue(
                    file: file, line: line(at: nul, in: bytes), path: "syntax",
                    message: "a NUL byte is not allowed in TOML")
            ])
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigurationErrors([
                ConfigIssue(
                    file: file, line: firstInvalidUTF8Line(bytes), path: "syntax",
                    message: "the file is not valid UTF-8")
            ])
        }
        return try parse(text, file: file, displayOutputs: displayOutputs, sensorKinds: sensorKinds, system: system)
    }

    public static func parse(
        _ text: String, file: String, displayOutputs: [String], sensorKinds: [SensorKind],
        system: any PanelSystem = LinuxSystem.standard
    ) throws(ConfigurationErrors) -> BoardConfiguration {
        let bytes = Array(text.utf8)
        if let nul = bytes.firstIndex(of: 0) {
            throw ConfigurationErrors([
                ConfigIssue(
                    file: file, line: line(at: nul, in: bytes), path: "syntax",
                    message: "a NUL byte is not allowed in TOML")
            ])
        }
        let root: TOMLTable
        var nulLines: Set<Int> = []
        do { root = try TOMLDocument.parse(bytes, nulLines: &nulLines) } catch {
            throw ConfigurationErrors([ConfigIssue(file: file, line: error.line, path: "syntax", message: error.message)])
        }
        let diagnostics = Diagnostics(file: file, locator: SourceLocator(bytes), nulLines: nulLines, system: system)
        let board = read(
            TableReader(root, path: .root, diagnostics: diagnostics), file: file, displayOutputs: displayOutputs,
            sensorKinds: sensorKinds)
        diagnostics.reportRemainingNULs(in: text)
        let issues = diagnostics.sortedIssues
        guard issues.isEmpty, let board else {
            throw ConfigurationErrors(
                issues.isEmpty
                    ? [ConfigIssue(file: file, line: nil, path: "", message: "invalid configuration")] : issues)
        }
        return board
    }

    private static func read(_ r: TableReader, file: String, displayOutputs: [String], sensorKinds: [SensorKind]) -> BoardConfiguration? {
        if r.value("display") == nil { r.report("display", "missing; expected a [display] table with width and height") }
        let display = DisplayConfiguration.read(r.table("display"), outputs: displayOutputs)
        let fonts = FontConfiguration.read(r.table("fonts"))
        let themes = ThemeConfiguration.read(r.table("theme"))
        var sensors: [SensorConfiguration] = []
        for s in r.tables("sensor") { if let sensor = SensorConfiguration.read(s, kinds: sensorKinds) { sensors.append(sensor) } }
        let outputs = readOutputs(r, sensors: sensors)
        let input = InputConfiguration.read(r.table("input"))
        let snapshot = SnapshotConfiguration.read(r.table("snapshot"))
        let alarmDisplay = AlarmDisplayConfiguration.read(r.table("alarms"))
        let pageReaders = r.tables("page")
        if pageReaders.isEmpty && r.value("page") == nil { r.report("page", "missing; expected at least one [[page]] with [[page.widget]] entries") }
        var pages: [DashboardPage] = []
        var ids: Set<String> = []
        var controlKeys: [[ControlKeys]] = []
        for p in pageReaders {
            var keys: [ControlKeys] = []
            if let page = PageBuilder.build(p, display: display, seenIds: &ids, controls: &keys) {
                pages.append(page)
                controlKeys.append(keys)
            }
        }
        let controls = resolveControls(controlKeys, pages: pages, sensors: sensors, outputs: outputs, r.diagnostics)
        let channelNames = sensors.flatMap { $0.channels }.map { $0.name }
        let computed = linkComputed(sensors.flatMap { $0.channels }, r.diagnostics)
        let read = sensors.flatMap { $0.channels }.filter { $0.expression == nil }.map { $0.name }
        let counters = r.tables("counter").compactMap { CounterConfiguration.read($0, channels: channelNames, read: read) }
        let log = LogConfiguration.read(r.table("log"), channels: channelNames + counters.map { $0.name })
        let triggers = r.tables("trigger").compactMap {
            TriggerConfiguration.read(
                $0, pages: pages.map { $0.name }, channels: channelNames + counters.map { $0.name }, sensors: sensors, outputs: outputs)
        }
        if log == nil, triggers.contains(where: { $0.actions.logging != nil }) {
            r.report("trigger", "a trigger with logging needs a [log] table (where to write)")
        }
        if alarmDisplay.sound == nil, triggers.contains(where: { $0.actions.sound != nil }) {
            r.report("trigger", "a trigger with sound needs [alarms] sound (the device to play on)")
        }
        let backlight = BacklightConfiguration.read(r.table("backlight"), channels: channelNames)
        let remote = r.table("control").flatMap { RemoteControlConfiguration.read($0, sensors: sensors) }
        r.finish()
        checkPageNames(pageReaders, r)
        checkChannels(r.tablesAsWritten("sensor"), pageReaders: pageReaders, r)
        var dashboard = Dashboard(width: display.width, height: display.height, background: themes.current.background, pages: pages)
        dashboard.apply(themes.current)
        ChartBuilder.addAlarmZones(sensors.flatMap { $0.channels }.compactMap { $0.alarm }, theme: themes.current, to: &dashboard)
        for c in sensors.flatMap({ $0.channels }) { dashboard.set(c.name, to: c.initialValue) }
        return BoardConfiguration(
            file: file, display: display, fonts: fonts, themes: themes, sensors: sensors, input: input,
            snapshot: snapshot, alarms: sensors.flatMap { $0.channels }.compactMap { $0.alarm }, alarmDisplay: alarmDisplay,
            triggers: triggers, backlight: backlight, computed: computed, counters: counters, outputs: outputs, log: log,
            controls: controls, remote: remote, dashboard: dashboard)
    }

    /// Each `[[output]]`, its name unique (the log and the kernel's consumer name say it).
    private static func readOutputs(_ r: TableReader, sensors: [SensorConfiguration]) -> [OutputConfiguration] {
        let channels = sensors.flatMap { $0.channels }
        let names = channels.map { $0.name }, alarmed = channels.filter { $0.alarm != nil }.map { $0.name }
        var outputs: [OutputConfiguration] = []
        for o in r.tables("output") {
            guard let output = OutputConfiguration.read(o, channels: names, alarmChannels: alarmed) else { continue }
            if outputs.contains(where: { $0.name == output.name }) {
                o.report("name", "duplicate output name \"\(output.name.escapingControls)\" (another [[output]] has it)")
                continue
            }
            outputs.append(output)
        }
        return outputs
    }

    /// Page names are unique: `--page`, `[snapshot]` and messages pick pages by name.
    private static func checkPageNames(_ pageReaders: [TableReader], _ r: TableReader) {
        var first: [String: KeyPath] = [:]
        for p in pageReaders {
            guard let name = p.table["name"]?.string else { continue }
            let path = p.path.appending("name")
            guard let earlier = first[name] else {
                first[name] = path
                continue
            }
            let line = r.diagnostics.locator.line(of: earlier).map { "line \($0)" } ?? earlier.display
            r.diagnostics.report(
                path,
                "duplicate page name \"\(name.escapingControls)\": \(line) names a page \"\(name.escapingControls)\" too (pages are picked by name, as --page does)"
            )
        }
    }

    /// Channel names are unique across sensors, and every widget's channel is provided.
    /// Reads the names straight from the tables, so a channel that failed to load for
    /// another reason still counts as provided (one problem, one message).
    private static func checkChannels(_ sensorReaders: [TableReader], pageReaders: [TableReader], _ r: TableReader) {
        var provided: [String] = []
        // Channels with an alarm: zones or thresholds of their own, or a Signal K server's.
        var alarmed: [String] = []
        for s in sensorReaders {
            for c in s.tablesAsWritten("channel") {
                guard let name = c.table["name"]?.string else { continue }
                if ["warning", "critical", "zone"].contains(where: { c.table[$0] != nil }) || s.table["kind"]?.string == "signalk" {
                    alarmed.append(name)
                }
                if provided.contains(name) {
                    r.diagnostics.report(
                        c.path.named(name).appending("name"), "duplicate channel \"\(name)\" (another channel already has this name)")
                }
                provided.append(name)
            }
        }
        // A counter is a channel too (its name is checked where it is read).
        provided += r.tablesAsWritten("counter").compactMap { $0.table["name"]?.string }
        for (p, page) in pageReaders.enumerated() {
            for (w, widget) in page.tables("widget").enumerated() {
                // A label's channel is already reported as a key that does not apply.
                guard widget.table["type"]?.string != "label" else { continue }
                let path = KeyPath.root.appending("page").appending(index: p).appending("widget")
                    .appending(index: w, name: widget.table["id"]?.string)
                // A chart's further channels (`also`) must be provided too.
                let also = (widget.table["also"]?.array ?? []).compactMap { $0.string }.map { ($0, "also") }
                let named = (widget.table["channel"]?.string).map { [($0, "channel")] } ?? []
                for (channel, key) in named + also where !channel.isEmpty && !provided.contains(channel) {
                    let near = NameSuggestion.nearest(to: channel, in: provided).map { " (did you mean \"\($0.escapingControls)\"?)" } ?? ""
                    r.diagnostics.report(path.appending(key), "no sensor provides channel \"\(channel)\"\(near)")
                }
                if widget.table["alarm_level"] != nil, let channel = named.first?.0, provided.contains(channel), !alarmed.contains(channel) {
                    r.diagnostics.report(
                        path.appending("alarm_level"), "channel \"\(channel)\" has no alarm (give that channel warning, critical or zones)")
                }
            }
        }
    }

    private static func line(at offset: Int, in bytes: [UInt8]) -> Int {
        bytes[..<offset].reduce(1) { $0 + ($1 == 10 ? 1 : 0) }
    }

    private static func firstInvalidUTF8Line(_ bytes: [UInt8]) -> Int {
        var start = 0
        for (i, b) in bytes.enumerated() where b == 10 {
            if String(validating: bytes[start..<i], as: UTF8.self) == nil { return line(at: start, in: bytes) }
            start = i + 1
        }
        return line(at: start, in: bytes)
    }
}
