import Foundation
import GaugeConfig
import GaugeDisplay
import GaugeSystem
import GaugeTestSupport
import Testing

@testable import GaugePanel

/// The alarm sound through the whole panel on the test loop, over a fake PCM device played
/// in step with the loop's clock: silent while normal, the alarm's tone from the reading
/// that raises it, silent within a period of the trigger's acknowledgement, again when the
/// alarm comes back; a missing device is one line and the panel runs on.
@Suite struct SoundServiceTests {
    static let ms: UInt64 = 1_000_000

    static let board = """
        [display]
        width = 64
        height = 64
        output = "offscreen"
        [[sensor]]
        kind = "simulated"
          [[sensor.channel]]
          name = "coolant"
          waveform = "step"
          values = [50, 110, 110, 110]
          hold = 1
          critical = 100
        [alarms]
        banner = "none"
        sound = "/dev/snd/pcmC0D0p"
        volume = 50
        sound_alarm = "steady@1000"
        [[trigger]]
        alarm = "coolant"
        state = "alarm"
        for = 2
        acknowledge = true
        [[page]]
          [[page.widget]]
          id = "c"
          type = "readout"
          channel = "coolant"
          frame = [0, 0, 64, 64]
        """

    final class Run {
        let pcm = FakePCMSystemCalls()
        let loop = TestEventLoop(now: 1_000 * SoundServiceTests.ms)
        let runtime: PanelRuntime<TestEventLoop>
        let log = CapturedLines()

        init(board text: String = SoundServiceTests.board, rates: [UInt32] = [48000]) throws {
            pcm.devices["/dev/snd/pcmC0D0p"] = rates
            let board = try BoardConfiguration.parse(text, file: "/boards/sound.toml")
            let output = SoundService<TestEventLoop>.open(board.alarmDisplay.sound, calls: pcm, log: log)
            var options = RunOptions(boardPath: "/boards/sound.toml")
            options.animates = false
            options.inputDirectory = "/nonexistent-input"
            runtime = try PanelRuntime(
                options: options, board: board, display: try OffscreenDisplay(width: 64, height: 64, format: .xrgb8888),
                loop: loop, devices: .testing, inputs: .fake(), log: log, soundOutput: output)
        }

        /// The loop and the device for `ms` milliseconds, a millisecond at a time.
        func run(ms: Int) {
            for _ in 0..<ms {
                loop.advance(by: SoundServiceTests.ms)
                pcm.play(frames: 48)
                if pcm.room >= 960, loop.registeredDescriptors.contains(40) { _ = loop.deliver(fd: 40, .writable) }
            }
        }
    }

    /// (start, end) in ms of the stretches of `samples` louder than 64 (5 ms of quiet ends one).
    static func stretches(_ samples: [Int16]) -> [(Double, Double)] {
        var out: [(Double, Double)] = []
        var i = 0
        while i < samples.count {
            guard abs(Int32(samples[i])) > 64 else {
                i += 1
                continue
            }
            let start = i
            var last = i
            while i < samples.count && i - last <= 240 {
                if abs(Int32(samples[i])) > 64 { last = i }
                i += 1
            }
            out.append((Double(start) / 48, Double(last + 1) / 48))
        }
        return out
    }

    @Test func theAlarmSoundsUntilAcknowledgedAndAgainWhenItComesBack() throws {
        let r = try Run()
        r.runtime.start()
        r.run(ms: 7000)
        let heard = Self.stretches(r.pcm.played)
        // Twice (the step's cycle is 4 s): each 2 s of tone, then the acknowledgement's silence.
        try #require(heard.count == 2)
        for (start, end) in heard { #expect(end - start >= 1990 && end - start <= 2000 + 20) }  // a period at most
        #expect(abs(heard[1].0 - heard[0].0 - 4000) <= 20)
        let tone = Array(r.pcm.played[Int(heard[0].0 * 48) + 480..<Int(heard[0].1 * 48) - 480])
        #expect(abs(SoundClipTests.pitch(tone, rate: 48000) - 1000) < 1)
        #expect(abs(Int32(tone.map { abs(Int32($0)) }.max() ?? 0) - 16383) <= 80)
        #expect(r.runtime.sound.starts == 2 && r.pcm.drops >= 2 && r.runtime.sound.output?.underruns == 0)
        #expect(r.log.lines.contains { $0.contains("sound: /dev/snd/pcmC0D0p, 48000 Hz, 1 channel(s)") })
        _ = r.runtime.stop()
        #expect(r.pcm.closed.contains(40))
    }

    /// A key or a tap on the banner acknowledges as the trigger does: silent within a period.
    @Test func anAcknowledgementByInputSilencesAtOnce() throws {
        let r = try Run()
        r.runtime.start()
        r.run(ms: 1500)
        #expect(Self.stretches(Array(r.pcm.played.suffix(4800))).count == 1)  // sounding
        let drops = r.pcm.drops, acknowledged = r.pcm.played.count
        r.runtime.display.state.acknowledgeAlarms()
        r.runtime.display.invalidate()
        r.run(ms: 200)
        #expect(r.pcm.drops == drops + 1 && r.pcm.queued.isEmpty)
        // Silent from the next frame on (its refresh period), what was queued dropped.
        let after = r.pcm.played[acknowledged...].lastIndex { $0 != 0 }.map { $0 - acknowledged } ?? 0
        #expect(after <= 34 * 48, "sound \(after / 48) ms after the acknowledgement")
        #expect(!r.loop.registeredDescriptors.contains(40))  // not watched while silent
        _ = r.runtime.stop()
    }

    @Test func anUnderrunIsPreparedAgainAndCounted() throws {
        let r = try Run()
        r.runtime.start()
        r.run(ms: 1500)
        // The device plays on while the loop is away: the buffer runs dry.
        r.pcm.play(frames: 48000)
        r.run(ms: 100)
        #expect(r.runtime.sound.output?.underruns == 1)
        #expect(Self.stretches(Array(r.pcm.played.suffix(2400))).count == 1)  // playing again
        _ = r.runtime.stop()
        #expect(r.log.lines.contains { $0.contains("sound: 1 underrun(s)") })
    }

    @Test func aMissingDeviceIsOneLineAndThePanelRunsOn() throws {
        let r = try Run(board: Self.board.replacingOccurrences(of: "/dev/snd/pcmC0D0p", with: "/dev/snd/pcmC3D0p"))
        r.runtime.start()
        r.run(ms: 2000)
        let said = r.log.lines.filter { $0.contains("pcmC3D0p") }
        #expect(
            said == [
                "sound: cannot open /dev/snd/pcmC3D0p: no such device (is the sound driver loaded? `aplay -l` lists the cards) — the alarms make no sound"
            ])
        #expect(r.pcm.played.allSatisfy { $0 == 0 } && r.runtime.sound.output == nil)
        _ = r.runtime.stop()
    }

    @Test func aDeviceWithout48kHzPlaysAt44100() throws {
        let r = try Run(rates: [44100])
        #expect(r.pcm.calls.prefix(3) == ["hw 48000", "hw 44100", "sw"])
        #expect(r.runtime.sound.output?.hardware.rate == 44100)
    }
}
