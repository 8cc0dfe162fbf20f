import GaugeConfig
import GaugeDecoders
import GaugeSensorKinds
import GaugeTestSupport
import Testing

/// `[alarms] sound`, `volume` and `sound_<state>`: the defaults, tones with a pitch, WAV files
/// read as the board loads (a broken one an error naming it), and what is refused.
@Suite struct AlarmSoundConfigurationTests {
    static func board(_ alarms: String) -> String {
        AlarmConfigTests.board(channel: "  critical = 8", extra: "[alarms]\n" + alarms)
    }

    static func load(_ alarms: String, files: [String: [UInt8]] = [:]) throws(ConfigurationErrors) -> BoardConfiguration {
        let system = FakePanelSystem()
        system.files = files
        return try BoardConfiguration.parse(
            board(alarms), file: "/boards/b.toml", displayOutputs: testDisplayOutputs, sensorKinds: SensorKinds.all, system: system)
    }

    static func messages(_ alarms: String, files: [String: [UInt8]] = [:]) -> [String] {
        do {
            _ = try load(alarms, files: files)
            return []
        } catch { return error.issues.map { "\($0.path): \($0.message)" } }
    }

    @Test func withoutSoundThePanelIsSilent() throws {
        #expect(try Self.load("banner = \"top\"").alarmDisplay.sound == nil)
    }

    @Test func theDefaultsPerState() throws {
        let s = try #require(try Self.load("sound = \"default\"").alarmDisplay.sound)
        #expect(s.device == "default" && s.volume == 80)
        #expect(s.sound(for: .alert) == .tone(.chime, hertz: 880))
        #expect(s.sound(for: .warn) == .tone(.double, hertz: 1000))
        #expect(s.sound(for: .alarm) == .tone(.fast, hertz: 1500))
        #expect(s.sound(for: .emergency) == .tone(.siren, hertz: 800))
        #expect(s.sound(for: .normal) == .none)
    }

    @Test func tonesPitchesNoneAndWAVFiles() throws {
        let wav: [UInt8] = WAVBytes.mono([100, -100, 200])
        let s = try #require(
            try Self.load(
                """
                sound = "hw:1,0"
                volume = 35
                sound_alert = "none"
                sound_warn = "beep@1200"
                sound_alarm = "sounds/horn.wav"
                sound_emergency = "steady"
                """, files: ["/boards/sounds/horn.wav": wav]
            ).alarmDisplay.sound)
        #expect(s.device == "hw:1,0" && s.volume == 35)
        #expect(s.sound(for: .alert) == .none && s.sound(for: .warn) == .tone(.beep, hertz: 1200))
        #expect(s.sound(for: .alarm) == .wave(path: "/boards/sounds/horn.wav", WAVFile(rate: 8000, channels: 1, samples: [100, -100, 200])))
        #expect(s.sound(for: .emergency) == .tone(.steady, hertz: 1000))
    }

    @Test func whatIsRefused() {
        #expect(Self.messages("volume = 50") == ["alarms.sound: missing; volume needs the device to play on, like sound = \"default\""])
        #expect(Self.messages("sound_warn = \"beep\"") == ["alarms.sound: missing; sound_warn needs the device to play on, like sound = \"default\""])
        #expect(Self.messages("sound = \"default\"\nvolume = 101").first?.hasPrefix("alarms.volume:") == true)
        #expect(Self.messages("sound = \"default\"\nsound_warn = \"beep@50\"").first?.contains("100…8000 Hz") == true)
        #expect(Self.messages("sound = \"default\"\nsound_warn = \"bleep\"").first?.contains("expected one of \"chime\"") == true)
        #expect(
            Self.messages("sound = \"default\"\nsound_alarm = \"gone.wav\"")
                == ["alarms.sound_alarm: cannot read the WAV file /boards/gone.wav: cannot open /boards/gone.wav: No such file or directory"]
        )
        #expect(
            Self.messages("sound = \"default\"\nsound_alarm = \"bad.wav\"", files: ["/boards/bad.wav": Array("RIFFxxxxWAVEfmt ".utf8)])
                == ["alarms.sound_alarm: /boards/bad.wav: no fmt chunk"])
    }
}

/// A mono 8 kHz WAV file's bytes.
enum WAVBytes {
    static func mono(_ samples: [Int16]) -> [UInt8] {
        let data = samples.flatMap { [UInt8(UInt16(bitPattern: $0) & 0xFF), UInt8(UInt16(bitPattern: $0) >> 8)] }
        let n = UInt32(data.count)
        let fmt: [UInt8] = [1, 0, 1, 0, 0x40, 0x1F, 0, 0, 0x80, 0x3E, 0, 0, 2, 0, 16, 0]
        func le32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
        let body = Array("WAVEfmt ".utf8) + le32(16) + fmt + Array("data".utf8) + le32(n) + data
        return Array("RIFF".utf8) + le32(UInt32(body.count)) + body
    }
}
