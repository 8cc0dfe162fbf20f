import XCTest
import Foundation
@testable import GaugeSensors

final class SimulatedSourceTests: XCTestCase {
    let s: UInt64 = 1_000_000_000

    func testWaveformsAreDeterministicFunctionsOfTime() {
        let sine = Waveform.sine(centre: 10, amplitude: 5, period: 4 * s)
        XCTAssertEqual(sine.value(at: 0), 10, accuracy: 1e-9)
        XCTAssertEqual(sine.value(at: s), 15, accuracy: 1e-9)
        XCTAssertEqual(sine.value(at: 3 * s), 5, accuracy: 1e-9)
        XCTAssertEqual(sine.value(at: s / 2), 10 + 5 * 0.7071067811865476, accuracy: 1e-9)
        let ramp = Waveform.ramp(from: 0, to: 100, period: 10 * s)
        XCTAssertEqual(ramp.value(at: 5 * s), 50)
        XCTAssertEqual(ramp.value(at: 12 * s), 20)
        let step = Waveform.step(values: [1, 2, 3], hold: s)
        XCTAssertEqual([0, s, 2 * s, 3 * s].map { step.value(at: $0) }, [1, 2, 3, 1])
        let noise = Waveform.noise(centre: 50, amplitude: 10, interval: s, seed: 9)
        XCTAssertEqual(noise.value(at: 100), noise.value(at: s - 1), "held within an interval")
        XCTAssertNotEqual(noise.value(at: 0), noise.value(at: s))
        var lo = Double.infinity, hi = -Double.infinity
        for i in 0..<10_000 {
            let v = noise.value(at: UInt64(i) * s)
            lo = min(lo, v)
            hi = max(hi, v)
        }
        XCTAssertGreaterThanOrEqual(lo, 40)
        XCTAssertLessThanOrEqual(hi, 60)
        XCTAssertLessThan(lo, 41)
        XCTAssertGreaterThan(hi, 59)
        let other = Waveform.noise(centre: 50, amplitude: 10, interval: s, seed: 10)
        XCTAssertNotEqual(noise.value(at: 0), other.value(at: 0))
    }

    func testSineMatchesLibm() {
        for i in 0..<1000 {
            let x = Double(i) / 1000
            XCTAssertEqual(Waveform.sin2pi(x), sin(2 * .pi * x), accuracy: 1e-9)
        }
    }

    func testCarDemoProducesItsChannels() {
        var names: [String] = []
        SimulatedSource.carDemo.poll(now: 3 * s) { names.append($0.name) }
        XCTAssertEqual(names.count, 5)
        XCTAssertTrue(names.contains("engine.rpm"))
    }
}

final class ReplayTests: XCTestCase {
    let ms: UInt64 = 1_000_000

    func testParseAndReplayOnTime() throws {
        let text = "# gaugepanel recording\n0 engine.rpm=820\n\n100 engine.rpm=845.5\n100 speed=3\r\n250 engine.rpm=-1e2\n"
        let samples = try RecordingFormat.parse(text)
        XCTAssertEqual(samples.count, 4)
        var replay = ReplaySource(samples: samples)
        var got: [(UInt64, String, Double)] = []
        for t in stride(from: UInt64(1_000) * ms, through: 1_300 * ms, by: Int(50 * ms)) {
            replay.poll(now: t) { got.append((t, $0.name, $0.value)) }
        }
        XCTAssertEqual(got.map { $0.0 }, [1_000 * ms, 1_100 * ms, 1_100 * ms, 1_250 * ms])
        XCTAssertEqual(got.map { $0.2 }, [820, 845.5, 3, -100])
        XCTAssertTrue(replay.isFinished)
        XCTAssertNil(replay.nextDeadline)
    }

    func testLoopingReplay() throws {
        var replay = ReplaySource(samples: try RecordingFormat.parse("0 a=1\n10 a=2\n"), loop: true)
        var values: [Double] = []
        for t in stride(from: UInt64(0), through: 40 * ms, by: Int(ms)) { replay.poll(now: t) { values.append($0.value) } }
        // Laps are 11 ms long (last sample + 1 ms): 0, 10, 11, 21, 22, 32, 33 ≤ 40 ms.
        XCTAssertEqual(values, [1, 2, 1, 2, 1, 2, 1])
        XCTAssertNotNil(replay.nextDeadline)
    }

    func testParseErrorsNameTheLine() {
        XCTAssertThrowsError(try RecordingFormat.parse("0 a=1\nbad\n")) { e in
            XCTAssertEqual((e as? RecordingFormat.ParseError)?.line, 2)
        }
        for bad in ["x a=1", "1 a", "1 =3", "1 a=b", "-1 a=1", "1 a b=1"] {
            XCTAssertThrowsError(try RecordingFormat.parse(bad), bad)
        }
    }

    func testRecordThenReplayRoundTrip() throws {
        let path = NSTemporaryDirectory() + "gauge-rec-\(getpid()).txt"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var recorder = Recorder(path: path)
        let values: [Double] = [0.1, 1e-7, 12345.678, -3, 1.0 / 3.0]
        for (i, v) in values.enumerated() {
            recorder.record(Sample(name: "v", value: v, unit: .none), now: 5_000 * ms + UInt64(i) * 20 * ms)
        }
        recorder.flush()
        XCTAssertNil(recorder.lastError)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("# gaugepanel recording\n0 v=0.1\n20 v=1e-07\n"))
        let parsed = try RecordingFormat.parse(text)
        XCTAssertEqual(parsed.map { $0.value }, values, "values round-trip exactly")
        XCTAssertEqual(parsed.map { $0.milliseconds }, [0, 20, 40, 60, 80])
    }

    func testUnitsAreRecordedAndReplayed() throws {
        for u in SensorUnit.allCases {
            XCTAssertEqual(SensorUnit(configName: u.configName), u, "\(u) writes a unit name it reads back")
        }
        let line = RecordingFormat.line(RecordedSample(milliseconds: 7, name: "depth.below.transducer", value: 8.4, unit: .metres))
        XCTAssertEqual(line, "7 depth.below.transducer=8.4 m\n")
        let parsed = try RecordingFormat.parse(line + "8 t=20 C\n9 x=1\n")
        XCTAssertEqual(parsed.map(\.unit), [.metres, .celsius, .none])
        XCTAssertThrowsError(try RecordingFormat.parse("1 a=1 furlongs\n"))
        var replay = ReplaySource(samples: parsed)
        var units: [SensorUnit] = []
        replay.poll(now: 0) { units.append($0.unit) }  // the first poll is time zero
        replay.poll(now: 1_000 * ms) { units.append($0.unit) }
        XCTAssertEqual(units, [.metres, .celsius, .none])
    }

    func testFasterReplay() throws {
        var replay = ReplaySource(samples: try RecordingFormat.parse("0 a=1\n1000 a=2\n2000 a=3\n"), speed: 10)
        var got: [(UInt64, Double)] = []
        for t in stride(from: UInt64(0), through: 250 * ms, by: Int(10 * ms)) { replay.poll(now: t) { got.append((t, $0.value)) } }
        XCTAssertEqual(got.map(\.0), [0, 100 * ms, 200 * ms])  // a second recorded is 100 ms replayed
        XCTAssertEqual(got.map(\.1), [1, 2, 3])
        // Times as large as the format allows stay in range (no overflow trap).
        var far = ReplaySource(samples: try RecordingFormat.parse("9999999999999999999 a=1\n"), loop: true, speed: 0.01)
        far.poll(now: 0) { _ in }
        XCTAssertNotNil(far.nextDeadline)
    }
}
