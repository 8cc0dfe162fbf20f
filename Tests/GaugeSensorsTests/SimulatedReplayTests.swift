import Testing
import Foundation
@testable import GaugeSensors
import GaugeDecoders

@Suite struct SimulatedSourceTests {
    let s: UInt64 = 1_000_000_000

    @Test func waveformsAreDeterministicFunctionsOfTime() {
        let sine = Waveform.sine(centre: 10, amplitude: 5, period: 4 * s)
        #expect(abs(sine.value(at: 0) - 10) <= 1e-9)
        #expect(abs(sine.value(at: s) - 15) <= 1e-9)
        #expect(abs(sine.value(at: 3 * s) - 5) <= 1e-9)
        #expect(abs(sine.value(at: s / 2) - (10 + 5 * 0.7071067811865476)) <= 1e-9)
        let ramp = Waveform.ramp(from: 0, to: 100, period: 10 * s)
        #expect(ramp.value(at: 5 * s) == 50)
        #expect(ramp.value(at: 12 * s) == 20)
        let step = Waveform.step(values: [1, 2, 3], hold: s)
        #expect([0, s, 2 * s, 3 * s].map { step.value(at: $0) } == [1, 2, 3, 1])
        let noise = Waveform.noise(centre: 50, amplitude: 10, interval: s, seed: 9)
        #expect(noise.value(at: 100) == noise.value(at: s - 1), "held within an interval")
        #expect(noise.value(at: 0) != noise.value(at: s))
        var lo = Double.infinity, hi = -Double.infinity
        for i in 0..<10_000 {
            let v = noise.value(at: UInt64(i) * s)
            lo = min(lo, v)
            hi = max(hi, v)
        }
        #expect(lo >= 40)
        #expect(hi <= 60)
        #expect(lo < 41)
        #expect(hi > 59)
        let other = Waveform.noise(centre: 50, amplitude: 10, interval: s, seed: 10)
        #expect(noise.value(at: 0) != other.value(at: 0))
    }

    @Test func sineMatchesLibm() {
        for i in 0..<1000 {
            let x = Double(i) / 1000
            #expect(abs(Waveform.sin2pi(x) - sin(2 * .pi * x)) <= 1e-9)
        }
    }

    @Test func carDemoProducesItsChannels() {
        var names: [String] = []
        SimulatedSource.carDemo.poll(now: 3 * s) { names.append($0.name) }
        #expect(names.count == 5)
        #expect(names.contains("engine.rpm"))
    }
}

@Suite struct ReplayTests {
    let ms: UInt64 = 1_000_000

    @Test func parseAndReplayOnTime() throws {
        let text = "# gaugepanel recording\n0 engine.rpm=820\n\n100 engine.rpm=845.5\n100 speed=3\r\n250 engine.rpm=-1e2\n"
        let samples = try RecordingFormat.parse(text)
        #expect(samples.count == 4)
        var replay = ReplaySource(samples: samples)
        var got: [(UInt64, String, Double)] = []
        for t in stride(from: UInt64(1_000) * ms, through: 1_300 * ms, by: Int(50 * ms)) {
            replay.poll(now: t) { got.append((t, $0.name, $0.value)) }
        }
        #expect(got.map { $0.0 } == [1_000 * ms, 1_100 * ms, 1_100 * ms, 1_250 * ms])
        #expect(got.map { $0.2 } == [820, 845.5, 3, -100])
        #expect(replay.isFinished)
        #expect(replay.nextDeadline == nil)
    }

    @Test func loopingReplay() throws {
        var replay = ReplaySource(samples: try RecordingFormat.parse("0 a=1\n10 a=2\n"), loop: true)
        var values: [Double] = []
        for t in stride(from: UInt64(0), through: 40 * ms, by: Int(ms)) { replay.poll(now: t) { values.append($0.value) } }
        // Laps are 11 ms long (last sample + 1 ms): 0, 10, 11, 21, 22, 32, 33 ≤ 40 ms.
        #expect(values == [1, 2, 1, 2, 1, 2, 1])
        #expect(replay.nextDeadline != nil)
    }

    @Test func parseErrorsNameTheLine() {
        let e = #expect(throws: (any Error).self) { try RecordingFormat.parse("0 a=1\nbad\n") }
        if let e {
            #expect((e as? RecordingFormat.ParseError)?.line == 2)
        }
        for bad in ["x a=1", "1 a", "1 =3", "1 a=b", "-1 a=1", "1 a b=1"] {
            #expect(throws: (any Error).self, "\(bad)") { try RecordingFormat.parse(bad) }
        }
    }

    @Test func recordThenReplayRoundTrip() throws {
        let path = NSTemporaryDirectory() + "gauge-rec-\(getpid()).txt"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var recorder = Recorder(path: path)
        let values: [Double] = [0.1, 1e-7, 12345.678, -3, 1.0 / 3.0]
        for (i, v) in values.enumerated() {
            recorder.record(Sample(name: "v", value: v, unit: .none), now: 5_000 * ms + UInt64(i) * 20 * ms)
        }
        recorder.flush()
        #expect(recorder.lastError == nil)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("# gaugepanel recording\n0 v=0.1\n20 v=1e-07\n"))
        let parsed = try RecordingFormat.parse(text)
        #expect(parsed.map { $0.value } == values, "values round-trip exactly")
        #expect(parsed.map { $0.milliseconds } == [0, 20, 40, 60, 80])
    }

    @Test func unitsAreRecordedAndReplayed() throws {
        for u in SensorUnit.allCases {
            #expect(SensorUnit(configName: u.configName) == u, "\(u) writes a unit name it reads back")
        }
        let line = RecordingFormat.line(RecordedSample(milliseconds: 7, name: "depth.below.transducer", value: 8.4, unit: .metres))
        #expect(line == "7 depth.below.transducer=8.4 m\n")
        let parsed = try RecordingFormat.parse(line + "8 t=20 C\n9 x=1\n")
        #expect(parsed.map(\.unit) == [.metres, .celsius, .none])
        #expect(throws: (any Error).self) { try RecordingFormat.parse("1 a=1 furlongs\n") }
        var replay = ReplaySource(samples: parsed)
        var units: [SensorUnit] = []
        replay.poll(now: 0) { units.append($0.unit) }  // the first poll is time zero
        replay.poll(now: 1_000 * ms) { units.append($0.unit) }
        #expect(units == [.metres, .celsius, .none])
    }

    @Test func fasterReplay() throws {
        var replay = ReplaySource(samples: try RecordingFormat.parse("0 a=1\n1000 a=2\n2000 a=3\n"), speed: 10)
        var got: [(UInt64, Double)] = []
        for t in stride(from: UInt64(0), through: 250 * ms, by: Int(10 * ms)) { replay.poll(now: t) { got.append((t, $0.value)) } }
        #expect(got.map(\.0) == [0, 100 * ms, 200 * ms])  // a second recorded is 100 ms replayed
        #expect(got.map(\.1) == [1, 2, 3])
        // Times as large as the format allows stay in range (no overflow trap).
        var far = ReplaySource(samples: try RecordingFormat.parse("9999999999999999999 a=1\n"), loop: true, speed: 0.01)
        far.poll(now: 0) { _ in }
        #expect(far.nextDeadline != nil)
    }
}
