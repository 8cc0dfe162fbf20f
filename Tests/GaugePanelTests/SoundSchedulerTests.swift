import GaugeConfig
import Testing

@testable import GaugePanel

/// Which sound plays: the worst unacknowledged state's, from its start; again from the
/// start when the state changes; a one-shot chime once; nothing once acknowledged or over.
@Suite struct SoundSchedulerTests {
    static func scheduler() -> SoundScheduler {
        SoundScheduler(AlarmSoundConfiguration(device: "default"), rate: 48000, channels: 1, tail: 1920)
    }

    @Test func theStateStartsStopsAndRestartsItsSound() {
        var s = Self.scheduler()
        var b: [Int16] = []
        #expect(s.want(nil) == .none && !s.next(480, into: &b))
        #expect(s.want(.normal) == .none)
        #expect(s.want(.warn) == .start && s.playing == .warn)
        #expect(s.next(480, into: &b) && s.next(480, into: &b) && s.position == 960)
        #expect(s.want(.warn) == .none && s.position == 960)  // the same state goes on
        #expect(s.want(.alarm) == .start && s.playing == .alarm && s.position == 0)  // worse: its own, from the start
        #expect(s.want(nil) == .stop && s.playing == nil && !s.next(480, into: &b))
        #expect(s.want(nil) == .none)
    }

    @Test func repeatingSoundsGoOnUntilStopped() {
        var s = Self.scheduler()
        var b: [Int16] = []
        _ = s.want(.warn)
        for _ in 0..<(48000 * 10 / 480) { #expect(s.next(480, into: &b)) }  // 10 s: three cycles and more
        #expect(s.playing == .warn)
    }

    @Test func aChimeSoundsOnceThenStaysQuietUntilTheStateChanges() {
        var s = Self.scheduler()
        var b: [Int16] = []
        #expect(s.want(.alert) == .start)
        var periods = 0
        while s.next(480, into: &b) { periods += 1 }
        // 0.4 s of chime, then the device's buffer of silence so that it plays out.
        #expect(periods == (19200 + 1920) / 480)
        #expect(s.playing == nil && s.want(.alert) == .none)
        #expect(s.want(nil) == .none && s.want(.alert) == .start)  // ended and back: once more
    }

    @Test func noneIsSilence() {
        var c = AlarmSoundConfiguration(device: "default")
        c.sounds[1] = .none
        var s = SoundScheduler(c, rate: 48000, channels: 1, tail: 1920)
        #expect(s.want(.warn) == .none)
        #expect(s.want(.alarm) == .start && s.want(.warn) == .stop)
    }
}
