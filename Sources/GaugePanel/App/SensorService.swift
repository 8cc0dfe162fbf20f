import GaugeDecoders
import GaugeSystem
import GaugeConfig
import GaugeSensors

/// The board's sensors on the loop: polled sources (simulated, sysfs) on timers,
/// recordings on a timer for their next sample, serial lines, CAN and network sources by
/// their descriptors with a timer for their next deadline, and hot-plug by inotify.
/// Samples are recorded (`run --record`) as the source gave them, then routed to the
/// display service's state.
final class SensorService<Loop: LoopScheduler>: PanelService {
    /// What the loop holds for one serial line.
    struct LineRegistration {
        /// Its descriptor as registered and for what (writable while a TCP connect is in
        /// progress), so that a change re-registers it.
        var fd: Int32?
        var events: FileEvents = .readable
        /// While it is not open: its folder's inotify descriptor.
        var watch: Int32?
        /// Its next deadline (reopen, ELM327 poll, the journal's next line).
        var timer: TimerID?
        /// What the log has said of it: a line that keeps failing is said a few times an hour.
        var journal = SourceJournal()
        /// The opens the journal has heard of (a connection opened and lost in one pass of
        /// its source is reported as the loss alone).
        var opensHeard: UInt64 = 0
    }

    /// The current board's sources (replaced on a reload, between `stop` and `start`).
    var hub: SensorHub
    /// Per descriptor source, in `hub.descriptorSources`' order.
    private(set) var lines: [LineRegistration] = []
    private var pollTimers: [TimerID] = []
    /// Per recording, in `hub.replays`' order: the timer for its next sample.
    private var replayTimers: [TimerID?] = []
    /// Per sysfs source, in `hub.sysfs`' order: what the log has said of its files.
    private var sysfsJournals: [SourceJournal] = []
    private let display: DisplayService<Loop>
    private let recording: RecordingService<Loop>
    private let log: PanelLogger
    private var loop: Loop?
    private(set) var counts = Counts()

    /// Over the whole run, reloads included.
    struct Counts {
        var samples: UInt64 = 0
        /// Decoded samples no channel reads.
        var unread: UInt64 = 0
        /// Lines dropped by sources already stopped (the current ones count their own).
        var retiredDroppedLines: UInt64 = 0
        /// Decoded names no channel reads, already logged once.
        var unreadNames: Set<String> = []
    }

    init(_ hub: SensorHub, display: DisplayService<Loop>, recording: RecordingService<Loop>, log: PanelLogger) {
        self.hub = hub
        self.display = display
        self.recording = recording
        self.log = log
    }

    /// The serial, CAN and network sources (each driven by its descriptor).
    var descriptorSources: [any DescriptorSource] {
        get { hub.descriptorSources }
        set { hub.descriptorSources = newValue }
    }

    func start(on loop: Loop) {
        self.loop = loop
        lines = Array(repeating: LineRegistration(), count: hub.descriptorSources.count)
        replayTimers = Array(repeating: nil, count: hub.replays.count)
        sysfsJournals = Array(repeating: SourceJournal(), count: hub.sysfs.count)
        let now = loop.now
        for source in hub.simulated {
            source.poll(now: now) { take($0, now: now) }
            pollTimers.append(
                loop.scheduleRepeating(every: SensorHub.simulatedInterval) { [self] in
                    let t = self.loop?.now ?? 0
                    source.poll(now: t) { self.take($0, now: t) }
                })
        }
        for i in hub.replays.indices { pollReplay(i) }
        for i in hub.sysfs.indices {
            pollSysfs(i)
            pollTimers.append(loop.scheduleRepeating(every: SensorHub.sysfsInterval) { [self] in self.pollSysfs(i) })
        }
        for i in hub.descriptorSources.indices { serviceDescriptorSource(i) }
    }

    /// Cancels every timer, unregisters every descriptor and closes the lines.
    func stop() {
        guard let loop else { return }
        for t in pollTimers { loop.cancel(t) }
        pollTimers = []
        for t in replayTimers { if let t { loop.cancel(t) } }
        replayTimers = []
        for l in lines {
            if let t = l.timer { loop.cancel(t) }
            if let fd = l.fd { loop.unregister(fd: fd) }
            if let w = l.watch { loop.unregister(fd: w) }
        }
        lines = []
        for s in hub.descriptorSources { s.close(now: loop.now) }
        counts.retiredDroppedLines &+= droppedLines
        self.loop = nil
    }

    /// Sends each message through its sensor's line, written at once; one not taken (the
    /// broker not connected) is said and dropped: a tap is not sent late.
    func publish(_ messages: [PanelMessage]) {
        guard let loop else { return }
        for m in messages {
            let topic = m.message.topic, payload = String(decoding: m.message.payload, as: UTF8.self)
            guard m.sensor < hub.lineOfSensor.count, let i = hub.lineOfSensor[m.sensor] else { continue }
            let source = hub.descriptorSources[i]
            guard source.publish(m.message) else {
                // The panel's state is published again when the connection opens.
                if let origin = m.origin {
                    log.warn("publish", "\(origin): not sent to \(topic): \(source.kindName) \(source.path) is not connected", now: loop.now)
                }
                continue
            }
            if let origin = m.origin { log.info("\(origin): sent \"\(payload)\" to \(topic)") }
            serviceDescriptorSource(i)
        }
    }

    /// Lines the current sources dropped.
    var droppedLines: UInt64 { hub.descriptorSources.reduce(0) { $0 &+ $1.droppedCount } }

    /// `run --record` gets the sample as its source gave it; the state, each routed one.
    private func take(_ sample: Sample, now: UInt64) {
        recording.record(sample, now: now)
        accept(sample, now: now)
    }

    private func accept(_ sample: Sample, now: UInt64) {
        counts.samples &+= 1
        display.accept(sample, now: now)
    }

    /// Plays what is due of recording `i`, then sleeps until its next sample.
    private func pollReplay(_ i: Int) {
        guard let loop else { return }
        let now = loop.now
        let routes = hub.replays[i].routes
        hub.replays[i].source.poll(now: now) { sample in
            recording.record(sample, now: now)
            routes.route(sample) { accept($0, now: now) }
        }
        if let t = replayTimers[i] { loop.cancel(t) }
        replayTimers[i] = nil
        if let due = hub.replays[i].source.nextDeadline {
            replayTimers[i] = loop.schedule(at: max(due, now &+ 1)) { [self] in
                self.replayTimers[i] = nil
                self.pollReplay(i)
            }
        }
    }

    /// A decoded value no channel reads (a `source` typo shows "--" forever otherwise):
    /// counted, and said once per name for the first `unreadNamesSaid` names; then once
    /// that there are more (a stream of ever new names costs one more line, not one each).
    private func noteUnread(_ name: String, from path: String, kind: String) {
        counts.unread &+= 1
        guard counts.unreadNames.count <= Self.unreadNamesSaid, !counts.unreadNames.contains(name) else { return }
        counts.unreadNames.insert(name)
        if counts.unreadNames.count > Self.unreadNamesSaid {
            log.info("\(kind) \(path): more decoded names that no channel reads; counted in the run summary's unread_samples, not said")
            return
        }
        log.info("\(kind) \(path): decoded \"\(name)\", which no channel reads (a channel's source = \"\(name)\" would)")
    }

    /// How many names no channel reads are said one by one.
    static var unreadNamesSaid: Int { 16 }

    /// A file that cannot be read is said when it stops being readable, and when it is
    /// again; a file that keeps coming and going is said as the journal says a flapping
    /// line. Meanwhile its channel shows no value.
    private func pollSysfs(_ i: Int) {
        guard let loop else { return }
        let now = loop.now
        let before = hub.sysfs[i].unreadable
        let missing = hub.sysfs[i].poll(now: now) { take($0, now: now) }
        let lost = missing.filter { !before.contains($0) }
        let back = before.filter { !missing.contains($0) }
        let root = hub.sysfs[i].root
        if !lost.isEmpty {
            let files = lost.joined(separator: ", ")
            say(
                sysfsJournals[i].failed(
                    now: now, line: "cannot read \(files) under \(root) (shown as no value; read again every second)",
                    reason: "cannot read \(files)"), about: "sysfs")
        }
        if !back.isEmpty, missing.isEmpty {
            say(sysfsJournals[i].opened(now: now, line: "\(back.joined(separator: ", ")) readable again"), about: "sysfs")
        }
        say(sysfsJournals[i].due(now: now), about: "sysfs \(root)")
        if !missing.isEmpty { display.invalidate(missing) }
    }

    /// Logs a journal's line at its priority.
    private func say(_ line: SourceJournal.Line?, about what: String) {
        guard let line else { return }
        let text = what + ": " + line.text
        if line.isWarning { log.sink.log(.warning, text) } else { log.info(text) }
    }

    /// Each source and where it stands, for the run summary: `serial:/dev/ttyUSB0=open`.
    func sourceStates() -> [String] {
        func name(_ kind: String, _ path: String) -> String {
            kind + ":" + path.split(separator: " ", omittingEmptySubsequences: false).joined(separator: "%20")
        }
        var out: [String] = []
        // `can:can0=open,frames:1200,errors:0`: a CAN bus's error frames beside its state;
        // `tcp:host:10110=lost:hangup,failures:96`: failed opens and losses, when there were any.
        for s in hub.descriptorSources {
            var detail = s.summaryDetail
            if s.failureCount > 0 { detail += (detail.isEmpty ? "" : ",") + "failures:\(s.failureCount)" }
            out.append(name(s.kindName, s.path) + "=" + s.status.token + (detail.isEmpty ? "" : "," + detail))
        }
        for s in hub.sysfs {
            out.append(name("sysfs", s.root) + "=" + (s.unreadable.isEmpty ? "ok" : "unreadable:" + s.unreadable.joined(separator: ",")))
        }
        for (i, r) in hub.replays.enumerated() { out.append("replay:\(i)=" + (r.source.isFinished ? "ended" : "playing")) }
        if !hub.simulated.isEmpty { out.append("simulated=\(hub.simulated.count)") }
        return out
    }

    /// Reads what a serial line has, (re)opens it after backoff, and keeps its descriptor
    /// registered and its next deadline (reopen, ELM327 poll) on a timer.
    private func serviceDescriptorSource(_ i: Int) {
        guard let loop else { return }
        let source = hub.descriptorSources[i]
        let routes = hub.descriptorRoutes[i]
        let now = loop.now
        var noValue: [String] = []
        let event = source.service(now: now) { sample in
            // "No value now" (gpsd without a fix, an MQTT `unavailable`): its channels go stale.
            if sample.isNoValue {
                noValue.append(contentsOf: routes.channels(readingSource: sample.name))
                return
            }
            recording.record(sample, now: now)
            if !routes.route(sample, into: { accept($0, now: now) }), source.reportsUnreadNames {
                noteUnread(sample.name, from: source.path, kind: source.kindName)
            }
        }
        if !noValue.isEmpty { display.invalidate(noValue) }
        let messages = source.takeMessages()
        if !messages.isEmpty { display.receive(messages) }
        let what = "\(source.kindName) \(source.path)"
        if let event { journal(event, of: i, now: now, about: what) }
        for notice in source.takeNotices() { say(lines[i].journal.notice(notice), about: what) }
        for alarm in source.takeAlarms() { pass(alarm, routes: routes, sensor: hub.lineOfSensor.firstIndex(of: i)) }
        say(lines[i].journal.due(now: now, failures: source.failureCount), about: what)
        let after = source.fileDescriptor
        register(i, fd: after, events: source.wantsWritable ? [.readable, .writable] : .readable, loop: loop)
        watchFolder(of: i, loop: loop)
        scheduleDeadline(of: i, open: after != nil, now: now, loop: loop)
    }

    /// A source's zones go to the channels reading the name, its notifications to the state.
    private func pass(_ alarm: SourceAlarm, routes: SampleRoutes, sensor: Int?) {
        switch alarm {
        case .zones(let name, let zones):
            for channel in routes.channels(readingSource: name) { display.takeSourceZones(zones, of: channel) }
        case .notification(let key, let state, let message):
            display.takeNotification(key, state: state, message: message, sensor: sensor)
        }
    }

    /// Says what a line's connection change means, as its journal allows.
    private func journal(_ event: DescriptorSourceEvent, of i: Int, now: UInt64, about what: String) {
        let source = hub.descriptorSources[i]
        // Opened and lost before the loop came round (a server that accepts and closes at
        // once): the journal hears of the opening first, so it can tell a flapping source.
        if case .disconnected = event, source.openCount > lines[i].opensHeard {
            journal(.connected, of: i, now: now, about: what)
        }
        switch event {
        case .connected:
            lines[i].opensHeard = source.openCount
            if let sensor = hub.lineOfSensor.firstIndex(of: i) { display.connected(sensor: sensor) }
            say(lines[i].journal.opened(now: now, line: "connected" + (source.openCount > 1 ? " again" : "")), about: what)
        case .openFailed(let e):
            say(
                lines[i].journal.failed(
                    now: now, line: "cannot open: \(e.message) — \(source.openAdvice(e)); retrying quietly until it opens",
                    reason: "cannot open: \(e.message)", failures: source.failureCount), about: what)
        case .disconnected(let names, let moreNames):
            var why = "hung up", reason = "hung up"
            if case .lost(let e?) = source.status {
                reason = e.message
                why = e.message + (source.lossAdvice(e).map { " — " + $0 } ?? "")
            }
            say(
                lines[i].journal.failed(
                    now: now, line: "lost (\(why)); its channels show no value until it returns",
                    reason: "lost (\(reason))", failures: source.failureCount), about: what)
            let routes = hub.descriptorRoutes[i]
            display.invalidate(moreNames ? routes.allChannels : routes.channels(readingAny: names))
        }
    }

    /// Hot-plug: the device's folder watched while it is closed, opened as soon as it changes.
    private func watchFolder(of i: Int, loop: Loop) {
        let source = hub.descriptorSources[i]
        guard lines[i].watch != source.watchDescriptor else { return }
        if let b = lines[i].watch { loop.unregister(fd: b) }
        lines[i].watch = nil
        guard let w = source.watchDescriptor else { return }
        lines[i].watch = w
        loop.register(fd: w, events: .readable) { [self] _ in
            // Unregistered first: the source closes this descriptor and watches anew.
            loop.unregister(fd: w)
            self.lines[i].watch = nil
            self.hub.descriptorSources[i].folderChanged(now: loop.now)
            self.serviceDescriptorSource(i)
        }
    }

    /// A timer for line `i`'s next deadline (reopen, poll, timeout) or its journal's next line.
    private func scheduleDeadline(of i: Int, open: Bool, now: UInt64, loop: Loop) {
        if let t = lines[i].timer { loop.cancel(t) }
        lines[i].timer = nil
        var deadline = hub.descriptorSources[i].nextDeadline
        if let d = deadline, open, d <= now { deadline = nil }
        if let d = lines[i].journal.deadline { deadline = min(deadline ?? d, d) }
        guard let deadline else { return }
        lines[i].timer = loop.schedule(at: max(deadline, now &+ 1_000_000)) { [self] in
            self.lines[i].timer = nil
            self.serviceDescriptorSource(i)
        }
    }

    /// Keeps line `i`'s descriptor registered for what it waits for.
    private func register(_ i: Int, fd after: Int32?, events: FileEvents, loop: Loop) {
        guard lines[i].fd != after || (after != nil && lines[i].events != events) else { return }
        if let b = lines[i].fd { loop.unregister(fd: b) }
        lines[i].fd = nil
        if let a = after {
            lines[i].fd = a
            lines[i].events = events
            loop.register(fd: a, events: events) { [self] _ in self.serviceDescriptorSource(i) }
        }
    }
}
