import GaugeConfig
import GaugeDecoders
import Testing

@testable import GaugePanel

/// The alarm tones in integers: their pitch (by zero crossings), their peak (the volume),
/// their beeps and pauses, and the same samples every time; WAV files at the device's rate.
@Suite struct SoundClipTests {
    /// Upward zero crossings per second over `samples` at `rate`, interpolated.
    static func pitch(_ samples: [Int16], rate: Double) -> Double {
        var ups: [Double] = []
        for i in 1..<samples.count where samples[i - 1] < 0 && samples[i] >= 0 {
            ups.append(Double(i - 1) + Double(-Int32(samples[i - 1])) / Double(Int32(samples[i]) - Int32(samples[i - 1])))
        }
        guard let first = ups.first, let last = ups.last, ups.count > 1 else { return 0 }
        return Double(ups.count - 1) * rate / (last - first)
    }

    static func render(_ sound: AlarmSound, rate: UInt32 = 48000, channels: UInt32 = 1, volume: Int32 = 80, from: Int64 = 0, count: Int)
        -> [Int16]
    {
        var b: [Int16] = []
        SoundClip(sound, rate: rate, channels: channels, volume: volume).render(from: from, count: count, into: &b)
        return b
    }

    @Test(arguments: [(UInt32(48000), UInt32(1000)), (44100, 1000), (48000, 440), (44100, 3520), (48000, 7999)])
    func aSteadyToneHasItsPitch(rate: UInt32, hz: UInt32) {
        let s = Self.render(.tone(.steady, hertz: hz), rate: rate, count: Int(rate))
        #expect(abs(Self.pitch(s, rate: Double(rate)) - Double(hz)) < Double(hz) * 0.001)
    }

    @Test(arguments: [Int32(0), 1, 50, 80, 100])
    func theVolumeIsThePeak(volume: Int32) {
        let s = Self.render(.tone(.steady, hertz: 1000), volume: volume, count: 4800)
        let peak = s.map { abs(Int32($0)) }.max() ?? 0
        let expected = 32767 * volume / 100
        #expect(abs(peak - expected) <= max(expected / 200, 1))
    }

    @Test func stereoCarriesTheSameOnBothChannels() {
        let s = Self.render(.tone(.beep, hertz: 1000), channels: 2, count: 2000)
        #expect(s.count == 4000)
        #expect((0..<2000).allSatisfy { (i: Int) -> Bool in s[2 * i] == s[2 * i + 1] })
        #expect(s.contains { $0 != 0 })
    }

    @Test func beepsAndPausesByTheTone() {
        func sounding(_ sound: AlarmSound, ms: Int64) -> Bool {
            Self.render(sound, from: ms * 48, count: 48).contains { abs(Int32($0)) > 1000 }
        }
        let double = AlarmSound.tone(.double, hertz: 1000)
        #expect(sounding(double, ms: 50) && !sounding(double, ms: 180) && sounding(double, ms: 300) && !sounding(double, ms: 1500))
        #expect(sounding(double, ms: 3050))  // repeated every 3 s
        let fast = AlarmSound.tone(.fast, hertz: 1500)
        #expect(sounding(fast, ms: 50) && !sounding(fast, ms: 150) && sounding(fast, ms: 250))
        let chime = AlarmSound.tone(.chime, hertz: 880)
        #expect(sounding(chime, ms: 50) && !sounding(chime, ms: 450) && !sounding(chime, ms: 1050))  // once
        // The siren's second half is 1.5 × the pitch.
        let siren = Self.render(.tone(.siren, hertz: 800), count: 24000)
        #expect(abs(Self.pitch(Array(siren[600..<11400]), rate: 48000) - 800) < 2)
        #expect(abs(Self.pitch(Array(siren[12600..<23400]), rate: 48000) - 1200) < 2)
    }

    @Test func theSamplesAreTheSameEveryTime() {
        let a = Self.render(.tone(.siren, hertz: 800), from: 12345, count: 5000)
        let b = Self.render(.tone(.siren, hertz: 800), from: 12345, count: 5000)
        #expect(a == b)
        // Integers only: these sums are what every CPU makes.
        #expect(a.enumerated().reduce(Int64(0)) { $0 + Int64($1.offset + 1) * Int64($1.element) } == 635_132_500)
        #expect(a.reduce(Int64(0)) { $0 + Int64(abs(Int32($1))) } == 83_264_250)
    }

    @Test func aWAVFileAtTheDevicesRateAndVolume() {
        let file = WAVFile(rate: 24000, channels: 2, samples: [1000, -1000, 2000, -2000])
        let s = Self.render(.wave(path: "x.wav", file), rate: 48000, channels: 2, volume: 50, count: 5)
        #expect(s == [500, -500, 500, -500, 1000, -1000, 1000, -1000, 500, -500])  // 2 frames at twice the rate, repeated
        let mono = Self.render(.wave(path: "x.wav", file), rate: 48000, channels: 1, volume: 100, count: 2)
        #expect(mono == [0, 0])  // left and right mixed
    }
}
