import GaugeConfig
import GaugeInput
import GaugeSensors

// Sensors and input devices on the loop: polled sources on timers, serial lines and
// evdev devices by their descriptors, hot-plug by inotify.
extension PanelRuntime {
    func startSensors() {
        let now = loop.now
        for source in sensors.simulated {
            source.poll(now: now) { record($0, now: now); accept($0, now: now) }
            sensorTimers.append(loop.scheduleRepeating(every: SensorHub.simulatedInterval) { [self] in
                let t = self.loop.now
                source.poll(now: t) { self.record($0, now: t); self.accept($0, now: t) }
            })
        }
        for i in sensors.replays.indices { pollReplay(i) }
        for i in sensors.sysfs.indices {
            pollSysfs(i)
            sensorTimers.append(loop.scheduleRepeating(every: SensorHub.sysfsInterval) { [self] in self.pollSysfs(i) })
        }
        for i in sensors.serial.indices { serviceSerial(i) }
    }

    func stopSensors() {
        for t in sensorTimers { loop.cancel(t) }
        sensorTimers = []
        for t in serialTimers.values { loop.cancel(t) }
        serialTimers = [:]
        for t in replayTimers.values { loop.cancel(t) }
        replayTimers = [:]
        for fd in sensorFDs { loop.unregister(fd: fd) }
        sensorFDs = []
        serialWatches = [:]
        serialRegistrations = [:]
        for s in sensors.serial { s.close(now: loop.now) }
        summary.droppedLines &+= sensors.serial.reduce(0) { $0 &+ $1.droppedCount }
    }

    /// Plays what is due of recording `i`, then sleeps until its next sample.
    private func pollReplay(_ i: Int) {
        let now = loop.now
        let routes = sensors.replays[i].routes
        sensors.replays[i].source.poll(now: now) { sample in
            record(sample, now: now)
            routes.route(sample) { accept($0, now: now) }
        }
        if let t = replayTimers.removeValue(forKey: i) { loop.cancel(t) }
        if let due = sensors.replays[i].source.nextDeadline {
            replayTimers[i] = loop.schedule(at: max(due, now &+ 1)) { [self] in
                self.replayTimers[i] = nil
                self.pollReplay(i)
            }
        }
    }

    /// `run --record`: every sample as its source gave it (before routing and processing).
    private func record(_ sample: Sample, now: UInt64) {
        recorder?.record(sample, now: now)
    }

    private func accept(_ sample: Sample, now: UInt64) {
        summary.samples &+= 1
        if state.accept(sample, now: now) { readingsChanged(at: now) }
    }

    /// A decoded value no channel reads (a `source` typo shows "--" forever otherwise):
    /// counted, and said once per name.
    private func noteUnread(_ name: String, from path: String, kind: String) {
        summary.unreadSamples &+= 1
        guard unreadNames.count < 64, unreadNames.insert(name).inserted else { return }
        info("\(kind) \(path): decoded \"\(name)\", which no channel reads (a channel's source = \"\(name)\" would)")
    }

    /// A file that cannot be read is said once, when it stops being readable, and once
    /// when it is again; meanwhile its channel shows no value.
    private func pollSysfs(_ i: Int) {
        let now = loop.now
        let before = sensors.sysfs[i].unreadable
        let missing = sensors.sysfs[i].poll(now: now) { record($0, now: now); accept($0, now: now) }
        let lost = missing.filter { !before.contains($0) }
        let back = before.filter { !missing.contains($0) }
        if !lost.isEmpty {
            log.sink.log(.warning, "sysfs: cannot read \(lost.joined(separator: ", ")) under \(sensors.sysfs[i].root) (shown as no value; read again every second)")
        }
        if !back.isEmpty { info("sysfs: \(back.joined(separator: ", ")) readable again") }
        if !missing.isEmpty {
            state.invalidate(missing)
            scheduler.invalidate()
        }
    }

    /// Each source and where it stands, for the run summary: `serial:/dev/ttyUSB0=open`.
    func sourceStates() -> [String] {
        func name(_ kind: String, _ path: String) -> String {
            kind + ":" + path.split(separator: " ", omittingEmptySubsequences: false).joined(separator: "%20")
        }
        var out: [String] = []
        // `can:can0=open,frames:1200,errors:0`: a CAN bus's error frames beside its state.
        for s in sensors.serial {
            let detail = s.summaryDetail
            out.append(name(s.kindName, s.path) + "=" + s.status.token + (detail.isEmpty ? "" : "," + detail))
        }
        for s in sensors.sysfs {
            out.append(name("sysfs", s.root) + "=" + (s.unreadable.isEmpty ? "ok" : "unreadable:" + s.unreadable.joined(separator: ",")))
        }
        for (i, r) in sensors.replays.enumerated() { out.append("replay:\(i)=" + (r.source.isFinished ? "ended" : "playing")) }
        if !sensors.simulated.isEmpty { out.append("simulated=\(sensors.simulated.count)") }
        return out
    }

    /// Reads what a serial line has, (re)opens it after backoff, and keeps its descriptor
    /// registered and its next deadline (reopen, ELM327 poll) on a timer.
    func serviceSerial(_ i: Int) {
        let source = sensors.serial[i]
        let routes = sensors.serialRoutes[i]
        let now = loop.now
        var noValue: [String] = []
        let event = source.service(now: now) { sample in
            // "No value now" (gpsd without a fix, an MQTT `unavailable`): its channels go stale.
            if sample.isNoValue {
                noValue.append(contentsOf: routes.channels(readingSource: sample.name))
                return
            }
            record(sample, now: now)
            if !routes.route(sample, into: { accept($0, now: now) }), source.reportsUnreadNames {
                noteUnread(sample.name, from: source.path, kind: source.kindName)
            }
        }
        if !noValue.isEmpty {
            state.invalidate(noValue)
            scheduler.invalidate()
        }
        let kind = source.kindName
        switch event {
        case .connected:
            info("\(kind) \(source.path): connected" + (source.openCount > 1 ? " again" : ""))
        case .openFailed(let e):
            log.sink.log(.warning, "\(kind) \(source.path): cannot open: \(e.message) — \(source.openAdvice(e)); retrying quietly until it opens")
        case .disconnected(let names, let moreNames):
            var why = "hung up"
            if case .lost(let e?) = source.status { why = e.message + (kind == "can" ? " — " + source.openAdvice(e) : "") }
            log.sink.log(.warning, "\(kind) \(source.path): lost (\(why)); its channels show no value until it returns")
            state.invalidate(moreNames ? routes.allChannels : routes.channels(readingAny: names))
            scheduler.invalidate()
        case nil: break
        }
        for notice in source.takeNotices() { log.sink.log(.warning, "\(kind) \(source.path): \(notice)") }
        let after = source.fileDescriptor
        let events: FileEvents = source.wantsWritable ? [.readable, .writable] : .readable
        let registered = serialRegistrations[i]
        if registered?.fd != after || registered?.events != events {
            if let b = registered?.fd { loop.unregister(fd: b); sensorFDs.removeAll { $0 == b } }
            serialRegistrations[i] = nil
            if let a = after {
                sensorFDs.append(a)
                serialRegistrations[i] = (a, events)
                loop.register(fd: a, events: events) { [self] _ in self.serviceSerial(i) }
            }
        }
        // Hot-plug: the device's folder watched while it is closed, opened as soon as it changes.
        if serialWatches[i] != source.watchDescriptor {
            if let b = serialWatches.removeValue(forKey: i) { loop.unregister(fd: b); sensorFDs.removeAll { $0 == b } }
            if let w = source.watchDescriptor {
                serialWatches[i] = w
                sensorFDs.append(w)
                loop.register(fd: w, events: .readable) { [self] _ in
                    // Unregistered first: the source closes this descriptor and watches anew.
                    self.loop.unregister(fd: w)
                    self.sensorFDs.removeAll { $0 == w }
                    self.serialWatches[i] = nil
                    self.sensors.serial[i].folderChanged(now: self.loop.now)
                    self.serviceSerial(i)
                }
            }
        }
        if let t = serialTimers.removeValue(forKey: i) { loop.cancel(t) }
        if let deadline = source.nextDeadline, after == nil || deadline > now {
            serialTimers[i] = loop.schedule(at: max(deadline, now &+ 1_000_000)) { [self] in
                self.serialTimers[i] = nil
                self.serviceSerial(i)
            }
        }
    }

    // MARK: Input

    func startInput() {
        let hub = InputHub(board.input, display: board.display, directory: options.inputDirectory)
        input = hub
        for p in hub.problems { info("input: \(p)") }
        if case .success(let fd) = hub.scanner.startWatching() {
            sensorFDs.append(fd)
            loop.register(fd: fd, events: .readable) { [self] _ in
                guard let hub = self.input else { return }
                self.applyScan(hub.scanner.handleWatchEvents())
            }
        }
        applyScan(hub.scanner.rescan())
    }

    func stopInput() {
        guard let hub = input else { return }
        for o in hub.opened.values { loop.unregister(fd: o.device.fd) }
        if let w = hub.scanner.watchFD { loop.unregister(fd: w); sensorFDs.removeAll { $0 == w } }
        if let t = inputTimer { loop.cancel(t); inputTimer = nil }
        for path in Array(hub.opened.keys) { hub.scanner.remove(path) }
        input = nil
    }

    private func applyScan(_ report: ScanReport) {
        guard let hub = input, !report.isEmpty else { return }
        let (added, removed, lines) = hub.apply(report)
        for fd in removed { loop.unregister(fd: fd) }
        for device in added {
            let path = device.path
            loop.register(fd: device.fd, events: .readable) { [self] _ in self.readInput(path) }
        }
        for l in lines { info(l) }
    }

    private func readInput(_ path: String) {
        guard let hub = input else { return }
        let fd = hub.opened[path]?.device.fd
        let (actions, gone) = hub.read(path: path)
        if gone, let fd { loop.unregister(fd: fd); info("input device lost: \(path)") }
        perform(actions)
        armGestureTimer()
    }

    /// A long press completes by time, not by an event: wake for it.
    private func armGestureTimer() {
        if let t = inputTimer { loop.cancel(t); inputTimer = nil }
        guard let hub = input, let deadline = hub.nextDeadline, deadline > 0 else { return }
        inputTimer = loop.schedule(at: UInt64(deadline) &* 1000) { [self] in
            self.inputTimer = nil
            guard let hub = self.input else { return }
            self.perform(hub.advance(to: Int64(self.loop.now / 1000)))
            self.armGestureTimer()
        }
    }
}
