import GaugeConfig
import GaugeDecoders
import GaugeRaster

/// One alarm state's sound at a device's rate and channel count, rendered frame by frame
/// from its start in integers (the renderer's fixed-point sine; no libm): every CPU makes
/// the same samples. A tone is a pattern of beeps within a cycle (the pause included); a
/// WAV file is taken at the device's rate by nearest sample, mono spread to both channels,
/// stereo mixed down for a mono device. The volume scales the samples (a tone's peak is
/// 32767 × volume / 100).
struct SoundClip {
    /// A beep of a pattern: from `start` for `length` (ms), at the pitch × `ratio` / 2.
    struct Beep {
        var start: Int64
        var length: Int64
        var ratio: Int64
    }

    let sound: AlarmSound
    let rate: UInt32
    let channels: UInt32
    let volume: Int32
    /// Frames of one cycle.
    let cycleFrames: Int64
    let repeats: Bool
    private let beeps: [Beep]
    private let hertz: Int64
    private let fades: Bool
    /// No ramps: a steady tone's cycles join without a dip.
    private let joins: Bool

    /// `once`: one cycle, then silence, whatever the sound (a trigger's cue).
    init(_ sound: AlarmSound, rate: UInt32, channels: UInt32, volume: Int32, once: Bool = false) {
        self.sound = sound
        self.rate = max(rate, 1)
        self.channels = min(max(channels, 1), 2)
        self.volume = min(max(volume, 0), 100)
        let r = Int64(self.rate)
        switch sound {
        case .none:
            (beeps, hertz, fades, joins, repeats, cycleFrames) = ([], 0, false, false, false, 0)
        case .tone(let tone, let hz):
            let (pattern, cycleMs) = Self.pattern(tone)
            beeps = pattern.map { Beep(start: $0.start * r / 1000, length: $0.length * r / 1000, ratio: $0.ratio) }
            (hertz, fades, joins, repeats, cycleFrames) = (Int64(hz), tone == .chime, tone == .steady, tone.repeats && !once, cycleMs * r / 1000)
        case .wave(_, let file):
            (beeps, hertz, fades, joins, repeats) = ([], 0, false, false, !once)
            cycleFrames = Int64(file.frames) * r / Int64(max(file.rate, 1))
        }
    }

    /// The beeps of a tone (ms; ratio 2 is the pitch) and its cycle (ms).
    static func pattern(_ tone: AlarmTone) -> ([Beep], Int64) {
        switch tone {
        case .chime: return ([Beep(start: 0, length: 400, ratio: 2)], 400)
        case .beep: return ([Beep(start: 0, length: 150, ratio: 2)], 1000)
        case .double: return ([Beep(start: 0, length: 120, ratio: 2), Beep(start: 240, length: 120, ratio: 2)], 3000)
        case .fast: return ([Beep(start: 0, length: 100, ratio: 2)], 200)
        case .siren: return ([Beep(start: 0, length: 250, ratio: 2), Beep(start: 250, length: 250, ratio: 3)], 500)
        // A whole number of periods a cycle at any whole pitch: seamless from cycle to cycle.
        case .steady: return ([Beep(start: 0, length: 1000, ratio: 2)], 1000)
        }
    }

    /// The peak of a full-scale tone at this volume.
    var peak: Int64 { 32767 * Int64(volume) / 100 }

    /// `count` frames from frame `from` (counted from the start), interleaved, into
    /// `buffer` (resized to fit). Past the end of a sound that does not repeat: silence.
    func render(from: Int64, count: Int, into buffer: inout [Int16]) {
        let n = count * Int(channels)
        if buffer.count != n { buffer = [Int16](repeating: 0, count: n) }
        for i in 0..<count {
            let frame = from + Int64(i)
            let (left, right) = sample(at: frame)
            if channels == 2 {
                buffer[2 * i] = left
                buffer[2 * i + 1] = right
            } else {
                buffer[i] = Int16(truncatingIfNeeded: (Int32(left) + Int32(right)) / 2)
            }
        }
    }

    private func sample(at frame: Int64) -> (Int16, Int16) {
        guard cycleFrames > 0, frame >= 0, repeats || frame < cycleFrames else { return (0, 0) }
        let p = frame % cycleFrames
        switch sound {
        case .none: return (0, 0)
        case .tone: return toneSample(at: p)
        case .wave(_, let file): return waveSample(file, at: p)
        }
    }

    private func toneSample(at p: Int64) -> (Int16, Int16) {
        guard let b = beeps.first(where: { p >= $0.start && p < $0.start + $0.length }) else { return (0, 0) }
        let t = p - b.start
        let r = Int64(rate)
        // The phase from the beep's start exactly, as a fraction of a turn: no drift.
        let cycles = (t * hertz * b.ratio / 2) % r
        let angle = Angle(raw: Int32(truncatingIfNeeded: cycles * 65536 / r))
        // 5 ms ramps in and out (no clicks); a chime fades out over its length.
        let ramp = max(r / 200, 1)
        var envelope = joins ? Int64(Trig.one) : min(Int64(Trig.one), Int64(Trig.one) * min(t, b.length - t) / ramp)
        if fades { envelope = envelope * (b.length - t) / max(b.length, 1) }
        let v = Int64(Trig.sin(angle)) * peak / Int64(Trig.one) * envelope / Int64(Trig.one)
        let s = Int16(truncatingIfNeeded: min(max(v, -32767), 32767))
        return (s, s)
    }

    private func waveSample(_ file: WAVFile, at p: Int64) -> (Int16, Int16) {
        let f = Int(min(p * Int64(file.rate) / Int64(rate), Int64(max(file.frames - 1, 0))))
        let c = Int(file.channels)
        guard f * c + c - 1 < file.samples.count else { return (0, 0) }
        let l = Int64(file.samples[f * c]) * Int64(volume) / 100
        let r = Int64(file.samples[f * c + c - 1]) * Int64(volume) / 100
        return (Int16(truncatingIfNeeded: l), Int16(truncatingIfNeeded: r))
    }
}
