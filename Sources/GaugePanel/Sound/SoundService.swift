import GaugeConfig
import GaugeSystem

/// The alarms' sound on the loop, like the outputs: the state that sounds is decided at
/// every reading taken and every frame (an acknowledgement, a delay ending, escalation);
/// a new sound starts at once, filling the device's buffer; the device's descriptor is
/// watched for room only while something plays, each wake writing what fits (non-blocking,
/// a period at a time; an underrun is prepared again and counted). Silence is a DROP: what
/// is queued goes at once. Nothing here redraws.
final class SoundService<Loop: LoopScheduler>: PanelService {
    let output: PCMOutput?
    private(set) var scheduler: SoundScheduler?
    private let display: DisplayService<Loop>
    private let log: PanelLogger
    private var loop: Loop?
    private var watching = false
    private var buffer: [Int16] = []
    /// Frames rendered and not yet taken by the device, from `pendingOffset`.
    private var pendingFrames = 0
    private var pendingOffset = 0
    /// Frames the device took, and sounds started (tests, the log).
    private(set) var framesWritten: UInt64 = 0
    private(set) var starts: UInt32 = 0

    /// `[alarms] volume`, for the triggers' sounds.
    private let volume: Int32

    init(_ configuration: AlarmSoundConfiguration?, output: PCMOutput?, display: DisplayService<Loop>, log: PanelLogger) {
        self.output = output
        volume = configuration?.volume ?? 80
        if let configuration, let hw = output?.hardware {
            scheduler = SoundScheduler(configuration, rate: hw.rate, channels: hw.channels, tail: Int64(hw.bufferFrames))
        }
        self.display = display
        self.log = log
    }

    /// The device `[alarms] sound` names, opened; a missing or unusable one is one line
    /// naming it and the fix, and the panel runs on silent (nil).
    static func open(_ configuration: AlarmSoundConfiguration?, calls: any PCMSystemCalls, log: any PanelLog) -> PCMOutput? {
        guard let configuration else { return nil }
        do {
            let path = try PCMOutput.path(for: configuration.device, system: calls)
            return try PCMOutput.open(path, calls: calls)
        } catch {
            log.log(.warning, "\(error.description) — the alarms make no sound")
            return nil
        }
    }

    func start(on loop: Loop) {
        guard scheduler != nil, let o = output else { return }
        self.loop = loop
        display.readingsTaken.append { [self] now in self.evaluate(now: now) }
        let hw = o.hardware
        log.info(
            "sound: \(o.path), \(hw.rate) Hz, \(hw.channels) channel(s), periods of \(hw.periodFrames) frames, \(hw.bufferFrames) buffered")
        evaluate(now: loop.now)
    }

    func stop() {
        guard let o = output else { return }
        if watching, let loop { loop.unregister(fd: o.fd) }
        watching = false
        if loop != nil, o.underruns > 0 { log.info("sound: \(o.underruns) underrun(s)") }
        o.close()
        loop = nil
        scheduler = nil
    }

    /// Asks which state sounds now; starts or silences the device when that changed.
    func evaluate(now: UInt64) {
        guard loop != nil, var s = scheduler, let o = output else { return }
        var change = s.want(display.state.soundingAlarm(now: now))
        for sound in display.state.takeSounds() {
            let clip = SoundClip(sound, rate: o.hardware.rate, channels: o.hardware.channels, volume: volume, once: true)
            if s.cue(clip) == .start { change = .start }
        }
        scheduler = s
        switch change {
        case .none: return
        case .stop: silence()
        case .start:
            o.stop()
            pendingFrames = 0
            starts &+= 1
            fill()
        }
    }

    /// Silent at once (DROP) and no longer watched.
    private func silence() {
        guard let o = output else { return }
        o.stop()
        pendingFrames = 0
        if watching, let loop { loop.unregister(fd: o.fd) }
        watching = false
    }

    /// Writes periods until the device's buffer is full, then waits for room.
    func fill() {
        guard let o = output, scheduler != nil else { return }
        let period = Int(o.hardware.periodFrames), channels = Int(o.hardware.channels)
        for _ in 0...Int(o.hardware.bufferFrames) / max(period, 1) {
            if pendingFrames == 0 {
                guard scheduler?.next(period, into: &buffer) == true else { return silence() }
                (pendingFrames, pendingOffset) = (period, 0)
            }
            let n: UInt32
            do {
                let chunk = pendingOffset == 0 ? buffer : Array(buffer[(pendingOffset * channels)...])
                n = try o.write(chunk, frames: UInt32(pendingFrames))
            } catch {
                log.warn("sound", "sound: \(o.path): \(error.description)", now: loop?.now ?? 0)
                return silence()
            }
            if n == 0 { break }
            pendingOffset += Int(n)
            pendingFrames -= min(Int(n), pendingFrames)
            framesWritten &+= UInt64(n)
        }
        watch()
    }

    private func watch() {
        guard !watching, let loop, let o = output else { return }
        watching = true
        // POLLERR is also an underrun (the stream stopped): the write says which (EPIPE is
        // prepared again; ENODEV, a device gone, silences the sound).
        loop.register(fd: o.fd, events: .writable) { [self] events in
            if events.contains(.invalid) {
                self.log.warn("sound", "sound: \(o.path) is closed; silent", now: self.loop?.now ?? 0)
                self.silence()
            } else {
                self.fill()
            }
        }
    }
}
