import GaugeDecoders

/// A built-in alarm tone (`sound_warn = "double"`); its pitch may be given (`"beep@1200"`).
public enum AlarmTone: String, Sendable, Equatable {
    /// One 0.4 s tone fading out; once.
    case chime
    /// A 0.15 s beep every second.
    case beep
    /// Two 0.12 s beeps every 3 s.
    case double
    /// 0.1 s beeps 0.1 s apart.
    case fast
    /// Alternating between the pitch and 1.5 × it every 0.25 s.
    case siren
    /// One tone without a pause.
    case steady

    /// Its pitch when none is given, in Hz.
    public var defaultHertz: UInt32 {
        switch self {
        case .chime: 880
        case .beep, .double, .steady: 1000
        case .fast: 1500
        case .siren: 800
        }
    }

    /// Repeats until acknowledged (a chime sounds once).
    public var repeats: Bool { self != .chime }
}

/// What an alarm state plays.
public enum AlarmSound: Sendable, Equatable {
    case none
    case tone(AlarmTone, hertz: UInt32)
    /// A WAV file (16-bit PCM), played back to back until acknowledged; `path` as resolved.
    case wave(path: String, WAVFile)
}

/// `[alarms] sound`, `volume` and `sound_<state>`: the device the alarms play on and what
/// each state plays (the worst unacknowledged alarm's, until acknowledged).
public struct AlarmSoundConfiguration: Sendable, Equatable {
    /// "default" (hw:0,0), "hw:CARD,DEV" or a device path, as written.
    public var device: String
    /// 0…100, applied to the samples.
    public var volume: Int32 = 80
    /// By state: alert, warn, alarm, emergency.
    public var sounds: [AlarmSound] = AlarmSoundConfiguration.defaults

    public static let defaults: [AlarmSound] = [
        .tone(.chime, hertz: 880), .tone(.double, hertz: 1000), .tone(.fast, hertz: 1500), .tone(.siren, hertz: 800),
    ]
    static let states: [AlarmState] = [.alert, .warn, .alarm, .emergency]

    public init(device: String, volume: Int32 = 80, sounds: [AlarmSound] = AlarmSoundConfiguration.defaults) {
        self.device = device
        self.volume = volume
        self.sounds = sounds
    }

    /// What `state` plays (nothing below alert).
    public func sound(for state: AlarmState) -> AlarmSound {
        guard let i = Self.states.firstIndex(of: state), i < sounds.count else { return .none }
        return sounds[i]
    }

    /// Reads the sound keys of `[alarms]` (nil without `sound`: the panel is silent).
    static func read(_ r: TableReader) -> AlarmSoundConfiguration? {
        let device = r.string("sound", maxLength: 4096)
        let volume = r.integer("volume", 0...100)
        var sounds = defaults
        var given: [String] = []
        for (i, state) in states.enumerated() {
            let key = "sound_" + state.name
            guard let text = r.string(key, maxLength: 4096) else { continue }
            given.append(key)
            if let s = readSound(text, key: key, r) { sounds[i] = s }
        }
        guard let device else {
            if volume != nil || !given.isEmpty {
                r.report("sound", "missing; \(given.first ?? "volume") needs the device to play on, like sound = \"default\"")
            }
            return nil
        }
        if device.isEmpty { r.report("sound", "expected \"default\", \"hw:CARD,DEV\" or a device path, got an empty string") }
        return AlarmSoundConfiguration(device: device, volume: Int32(volume ?? 80), sounds: sounds)
    }

    /// A tone's name (with "@HZ": its pitch, 100…8000), "none", or a WAV file's path.
    static func readSound(_ text: String, key: String, _ r: TableReader) -> AlarmSound? {
        if text == "none" { return AlarmSound.none }
        let at = text.firstIndex(of: "@")
        if let tone = AlarmTone(rawValue: String(text[..<(at ?? text.endIndex)])) {
            guard let at else { return .tone(tone, hertz: tone.defaultHertz) }
            guard let hz = UInt32(text[text.index(after: at)...]), hz >= 100 && hz <= 8000 else {
                r.report(key, "expected a pitch of 100…8000 Hz after \"@\", like \"\(tone.rawValue)@1000\", got \"\(text.escapingControls)\"")
                return nil
            }
            return .tone(tone, hertz: hz)
        }
        guard text.hasSuffix(".wav") || text.hasSuffix(".WAV") || text.contains("/") else {
            r.report(
                key,
                "expected one of \"chime\", \"beep\", \"double\", \"fast\", \"siren\", \"steady\", \"none\" or a WAV file's path, got \"\(text.escapingControls)\""
            )
            return nil
        }
        let path = r.resolve(text)
        let bytes: [UInt8]
        do { bytes = try r.system.readFile(path, limit: WAVFile.maxDataBytes + 65536) } catch {
            r.report(key, "cannot read the WAV file \(path): \(error.description)")
            return nil
        }
        do { return .wave(path: path, try WAVFile.parse(bytes)) } catch {
            r.report(key, "\(path): \(error.message)")
            return nil
        }
    }
}
