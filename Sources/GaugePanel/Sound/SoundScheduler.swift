import GaugeConfig

/// Which alarm sound plays, and how far it is: the sound of the state the worst
/// unacknowledged alarm shows, from its start, and from the start again when that state
/// changes; nothing once every alarm is acknowledged or over. A sound that does not repeat
/// (a chime) ends by itself and stays quiet until the state changes. A trigger's sound
/// (`cue`) plays one cycle while no alarm sounds. Pure: the service feeds it the state and
/// takes its samples.
struct SoundScheduler {
    enum Change: Equatable { case none, start, stop }

    /// By state: alert, warn, alarm, emergency.
    let clips: [SoundClip]
    /// Silence rendered after a one-shot sound's end before it counts as over (the device's
    /// buffer: its last samples play out).
    let tail: Int64
    private(set) var playing: AlarmState?
    /// Frames rendered since the sound started.
    private(set) var position: Int64 = 0
    /// The state whose one-shot sound has ended.
    private var finished: AlarmState?
    /// A trigger's sound, played once while no alarm sounds.
    private(set) var cue: SoundClip?

    init(_ configuration: AlarmSoundConfiguration, rate: UInt32, channels: UInt32, tail: Int64) {
        clips = [AlarmState.alert, .warn, .alarm, .emergency].map {
            SoundClip(configuration.sound(for: $0), rate: rate, channels: channels, volume: configuration.volume)
        }
        self.tail = tail
    }

    func clip(for state: AlarmState) -> SoundClip? {
        guard state.isActive else { return nil }
        let i = Int(state.rawValue) - Int(AlarmState.alert.rawValue)
        return i >= 0 && i < clips.count ? clips[i] : nil
    }

    /// The state that should sound now (nil: none): whether to start, stop or go on.
    mutating func want(_ state: AlarmState?) -> Change {
        if state != finished { finished = nil }
        guard let state, state != finished, let clip = clip(for: state), clip.cycleFrames > 0 else {
            guard playing != nil else { return .none }
            playing = nil
            return .stop
        }
        if state == playing { return .none }
        playing = state
        cue = nil  // an alarm's sound takes the device
        position = 0
        return .start
    }

    /// A trigger's sound (a clip made `once`): from its start, unless an alarm's sound
    /// plays (which it would hide; it is dropped).
    mutating func cue(_ clip: SoundClip) -> Change {
        guard playing == nil, clip.cycleFrames > 0 else { return .none }
        cue = clip
        position = 0
        return .start
    }

    /// The next `count` frames into `buffer`; false when nothing plays (a one-shot sound
    /// has just ended: the device stops).
    mutating func next(_ count: Int, into buffer: inout [Int16]) -> Bool {
        if playing == nil, let c = cue {
            guard position < c.cycleFrames + tail else {
                cue = nil
                return false
            }
            c.render(from: position, count: count, into: &buffer)  // a clip made `once`: the tail is silence
            position += Int64(count)
            return true
        }
        guard let s = playing, let clip = clip(for: s) else { return false }
        if !clip.repeats && position >= clip.cycleFrames + tail {
            playing = nil
            finished = s
            return false
        }
        clip.render(from: position, count: count, into: &buffer)
        position += Int64(count)
        return true
    }
}

extension PanelState {
    /// The state whose sound plays at `now`: the worst shown by an alarm nobody has
    /// acknowledged (nil: none).
    func soundingAlarm(now: UInt64) -> AlarmState? {
        var worst: AlarmState?
        for m in alarms where m.isUnacknowledged {
            let s = m.shownState(at: now)
            if s.isActive && s > (worst ?? .normal) { worst = s }
        }
        return worst
    }
}
