import XCTest
import GaugeSensors
import GaugeTestSupport
@testable import GaugeCAN

/// Frames computed by hand from canboat's field definitions (resolution, size, sign).
final class NMEA2000Tests: XCTestCase {
    func frame(_ pgn: UInt32, _ data: [UInt8], source: UInt8 = 0x23, priority: UInt8 = 2) -> CANFrame {
        try! CANFrame(id: NMEA2000Header(priority: priority, pgn: pgn, source: source).id, extended: true, data: data)
    }

    func le16(_ v: Int32) -> [UInt8] { [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8)] }
    func le32(_ v: Int64) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * Int64($0))) } }

    func values(_ frames: [CANFrame]) -> [String: Double] {
        var d = NMEA2000Decoder()
        var out: [String: Double] = [:]
        for f in frames { for s in d.feed(f) { out[s.name] = s.value } }
        return out
    }

    func testHeader() {
        let pdu2 = NMEA2000Header(id: 0x09F8_0102)
        XCTAssertEqual(pdu2, NMEA2000Header(priority: 2, pgn: 129025, source: 2, destination: 255))
        XCTAssertFalse(pdu2.isPDU1)
        XCTAssertEqual(pdu2.id, 0x09F8_0102)
        let pdu1 = NMEA2000Header(id: 0x18EA_2301)
        XCTAssertEqual(pdu1, NMEA2000Header(priority: 6, pgn: 59904, source: 1, destination: 0x23))
        XCTAssertTrue(pdu1.isPDU1)
        XCTAssertEqual(pdu1.id, 0x18EA_2301)
        XCTAssertEqual(NMEA2000Header(id: 0x0DF1_0D05).pgn, 127245, "data page 1")
        var rng = SplitMix(seed: 2000)
        for _ in 0..<1000 {
            let id = UInt32(truncatingIfNeeded: rng.next()) & 0x1FFF_FFFF
            XCTAssertEqual(NMEA2000Header(id: id).id, id)
        }
    }

    func testDepth() {
        // 12.34 m below the transducer; offset +0.5 m (to the surface), then −0.3 m (to the keel).
        var v = values([frame(128267, [0x01] + le32(1234) + le16(500) + [0xFF])])
        XCTAssertEqual(v["depth.below.transducer"]!, 12.34, accuracy: 1e-12)
        XCTAssertEqual(v["depth"]!, 12.84, accuracy: 1e-12)
        v = values([frame(128267, [0x01] + le32(1234) + le16(-300) + [0xFF])])
        XCTAssertEqual(v["depth.below.keel"]!, 12.04, accuracy: 1e-12)
        v = values([frame(128267, [0x01] + le32(1234) + [0xFF, 0x7F, 0xFF])])
        XCTAssertEqual(Array(v.keys), ["depth.below.transducer"], "offset not available")
        XCTAssertEqual(values([frame(128267, [0x01, 0xFF, 0xFF, 0xFF, 0xFF] + le16(500) + [0xFF])]), [:])
    }

    func testSpeedThroughWater() {
        let v = values([frame(128259, [0x00] + le16(514) + [0xFF, 0xFF, 0x00, 0xFF, 0xFF])])
        XCTAssertEqual(v["speed.water"]!, 5.14 * 3600 / 1852, accuracy: 1e-12)
        XCTAssertNil(v["speed.ground"])
    }

    func testHeading() {
        // Magnetic 1.5708 rad, deviation not available, variation −0.0524 rad (west).
        var v = values([frame(127250, [0x00] + le16(15708) + [0xFF, 0x7F] + le16(-524) + [0xFD])])
        let rad = 180 / Double.pi
        XCTAssertEqual(v["heading.magnetic"]!, 1.5708 * rad, accuracy: 1e-9)
        XCTAssertEqual(v["heading.true"]!, (1.5708 - 0.0524) * rad, accuracy: 1e-9)
        XCTAssertEqual(v["magnetic.variation"]!, -0.0524 * rad, accuracy: 1e-9)
        // True reference: the heading is already true.
        v = values([frame(127250, [0x00] + le16(31416) + [0xFF, 0x7F, 0xFF, 0x7F, 0xFC])])
        XCTAssertEqual(v["heading.true"]!, 3.1416 * rad, accuracy: 1e-9)
        XCTAssertEqual(v.count, 1)
    }

    func testWind() {
        // 10 m/s apparent at 4.7124 rad (270°): 90° on the port bow.
        var v = values([frame(130306, [0x00] + le16(1000) + le16(47124) + [0xFA, 0xFF, 0xFF])])
        XCTAssertEqual(v["wind.speed.apparent"]!, 10 * 3600 / 1852, accuracy: 1e-9)
        XCTAssertEqual(v["wind.angle.apparent"]!, 4.7124 * 180 / Double.pi - 360, accuracy: 1e-9)
        v = values([frame(130306, [0x00] + le16(250) + le16(5236) + [0xFB, 0xFF, 0xFF])])
        XCTAssertEqual(v["wind.speed.true"]!, 2.5 * 3600 / 1852, accuracy: 1e-9)
        XCTAssertEqual(v["wind.angle.true"]!, 0.5236 * 180 / Double.pi, accuracy: 1e-9)
        v = values([frame(130306, [0x00] + le16(250) + le16(5236) + [0xF8, 0xFF, 0xFF])])
        XCTAssertNotNil(v["wind.direction.true"])
        XCTAssertNotNil(v["wind.speed.ground"])
    }

    func testCogSogAndPosition() {
        var v = values([frame(129026, [0x00, 0xFC] + le16(31416) + le16(257) + [0xFF, 0xFF])])
        XCTAssertEqual(v["course.ground"]!, 3.1416 * 180 / Double.pi, accuracy: 1e-9)
        XCTAssertEqual(v["speed.ground"]!, 2.57 * 3600 / 1852, accuracy: 1e-9)
        v = values([frame(129026, [0x00, 0xFD] + le16(100) + [0xFF, 0xFF, 0xFF, 0xFF])])
        XCTAssertEqual(Array(v.keys), ["course.ground.magnetic"])
        // 60.1234567° N, 24.9876543° W.
        v = values([frame(129025, le32(601_234_567) + le32(-249_876_543))])
        XCTAssertEqual(v["position.latitude"]!, 60.1234567, accuracy: 1e-12)
        XCTAssertEqual(v["position.longitude"]!, -24.9876543, accuracy: 1e-12)
        XCTAssertEqual(values([frame(129025, le32(0x7FFF_FFFF) + le32(0x7FFF_FFFF))]), [:])
    }

    func testEngineRapidAndInstances() {
        // Instance 1 (starboard), 1800 rpm, boost and trim not available.
        var v = values([frame(127488, [0x01] + le16(7200) + [0xFF, 0xFF, 0x7F, 0xFF, 0xFF])])
        XCTAssertEqual(v, ["engine.2.rpm": 1800])
        v = values([frame(127488, [0x00] + le16(3000) + le16(1500) + [0x0A, 0xFF, 0xFF])])
        XCTAssertEqual(v, ["engine.rpm": 750, "engine.boost.pressure": 150, "engine.trim": 10])
    }

    /// 127489 is 26 bytes: four fast-packet frames.
    func engineDynamicMessage(instance: UInt8) -> [UInt8] {
        var m: [UInt8] = [instance]
        m += le16(4500)  // oil pressure: 4500 hPa = 450 kPa
        m += le16(3631)  // oil temperature: 363.1 K
        m += le16(35815)  // coolant: 358.15 K = 85 °C
        m += le16(1420)  // alternator: 14.2 V
        m += [0xFF, 0x7F]  // fuel rate: not available
        m += [0xFF, 0xFF, 0xFF, 0xFF]  // engine hours: not available
        m += [0xFF, 0xFF]  // coolant pressure: not available
        m += le16(350)  // fuel pressure: 350 kPa
        m += [0xFF, 0x00, 0x00, 0x00, 0x00]
        m += [45, 0x7F]  // load 45 %, torque not available
        XCTAssertEqual(m.count, 26)
        return m
    }

    func fastPacketFrames(_ m: [UInt8], sequence: UInt8) -> [[UInt8]] {
        var frames: [[UInt8]] = [[sequence << 5, UInt8(m.count)] + m[0..<6]]
        var offset = 6, counter: UInt8 = 1
        while offset < m.count {
            var f = [sequence << 5 | counter] + m[offset..<min(offset + 7, m.count)]
            while f.count < 8 { f.append(0xFF) }
            frames.append(f)
            offset += 7
            counter += 1
        }
        return frames
    }

    func testEngineDynamicThroughFastPackets() {
        let frames = fastPacketFrames(engineDynamicMessage(instance: 0), sequence: 3).map { frame(127489, $0) }
        XCTAssertEqual(frames.count, 4)
        let v = values(frames)
        XCTAssertEqual(v["engine.oil.pressure"]!, 450, accuracy: 1e-9)
        XCTAssertEqual(v["engine.oil.temperature"]!, 89.95, accuracy: 1e-9)
        XCTAssertEqual(v["engine.coolant.temperature"]!, 85, accuracy: 1e-9)
        XCTAssertEqual(v["engine.alternator.voltage"]!, 14.2, accuracy: 1e-12)
        XCTAssertEqual(v["engine.fuel.pressure"], 350)
        XCTAssertEqual(v["engine.load"], 45)
        XCTAssertEqual(v.count, 6)
    }

    func testFastPacketInterleavedSourcesAndErrors() {
        let a = fastPacketFrames(engineDynamicMessage(instance: 0), sequence: 1)
        let b = fastPacketFrames(engineDynamicMessage(instance: 1), sequence: 1)
        var asm = FastPacketAssembler()
        let ha = NMEA2000Header(priority: 2, pgn: 127489, source: 10)
        let hb = NMEA2000Header(priority: 2, pgn: 127489, source: 11)
        var done: [[UInt8]] = []
        for k in 0..<4 {
            if let m = asm.add(ha, a[k]) { done.append(m) }
            if let m = asm.add(hb, b[k]) { done.append(m) }
        }
        XCTAssertEqual(done, [engineDynamicMessage(instance: 0), engineDynamicMessage(instance: 1)])
        XCTAssertEqual(asm.runsInProgress, 0)
        // A lost frame drops the run; the next frame is an orphan.
        XCTAssertNil(asm.add(ha, a[0]))
        XCTAssertNil(asm.add(ha, a[2]))
        XCTAssertEqual(asm.statistics.outOfOrder, 1)
        XCTAssertNil(asm.add(ha, a[3]))
        XCTAssertEqual(asm.statistics.orphans, 1)
        // Another run's sequence counter does not continue this one.
        let other = fastPacketFrames(engineDynamicMessage(instance: 0), sequence: 2)
        XCTAssertNil(asm.add(ha, a[0]))
        XCTAssertNil(asm.add(ha, other[1]))
        XCTAssertEqual(asm.statistics.outOfOrder, 2)
        // A new frame 0 replaces an unfinished run.
        XCTAssertNil(asm.add(ha, a[0]))
        XCTAssertNil(asm.add(ha, a[1]))
        XCTAssertNil(asm.add(ha, other[0]))
        XCTAssertEqual(asm.statistics.abandoned, 1)
        XCTAssertNil(asm.add(ha, other[1]))
        XCTAssertNil(asm.add(ha, other[2]))
        XCTAssertEqual(asm.add(ha, other[3]), engineDynamicMessage(instance: 0))
        // Too many runs at once push out the oldest.
        for s in UInt8(0)..<17 { _ = asm.add(NMEA2000Header(priority: 2, pgn: 127489, source: s), a[0]) }
        XCTAssertEqual(asm.runsInProgress, 16)
        XCTAssertNil(asm.add(ha, [0x00, 0]), "length 0")
        XCTAssertNil(asm.add(ha, [0x00, 224]), "longer than 223")
        XCTAssertNil(asm.add(ha, []))
        XCTAssertEqual(asm.statistics.malformed, 3)
        // A message that fits frame 0 completes at once.
        XCTAssertEqual(asm.add(ha, [0x00, 3, 7, 8, 9, 0xFF, 0xFF, 0xFF]), [7, 8, 9])
    }

    func testFluidBatteryTemperature() {
        // Fuel tank 1 at 75 %, 200 L.
        var v = values([frame(127505, [0x01] + le16(18750) + le32(2000) + [0xFF])])
        XCTAssertEqual(v["tank.fuel.1.level"]!, 75, accuracy: 1e-12)
        XCTAssertEqual(v["tank.fuel.1.capacity"]!, 200, accuracy: 1e-12)
        v = values([frame(127505, [0x52] + le16(0x7FFF) + le32(0xFFFF_FFFF) + [0xFF])])
        XCTAssertEqual(v, [:], "black water tank 2: nothing available")
        v = values([frame(127508, [0x00] + le16(1285) + le16(-52) + [0xFF, 0xFF, 0x00])])
        XCTAssertEqual(v["battery.0.voltage"]!, 12.85, accuracy: 1e-12)
        XCTAssertEqual(v["battery.0.current"]!, -5.2, accuracy: 1e-12)
        XCTAssertNil(v["battery.0.temperature"])
        v = values([frame(130312, [0x00, 0x00, 0x00] + le16(29115) + [0xFF, 0xFF, 0xFF])])
        XCTAssertEqual(v["water.temperature"]!, 18, accuracy: 1e-9)
        v = values([frame(130316, [0x00, 0x02, 0x01, 0xE2, 0x82, 0x04, 0xFF, 0xFF])])
        XCTAssertEqual(v["temperature.outside.2"]!, 22.5, accuracy: 1e-9)
        v = values([frame(130312, [0x00, 0x01, 0x00] + le16(29115) + [0xFF, 0xFF, 0xFF])])
        XCTAssertNotNil(v["temperature.sea.1"])
        XCTAssertEqual(values([frame(130316, [0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])]), [:])
    }

    /// canboat: unsigned fields use all ones for "not available" (and the two values below
    /// for out of range and reserved); signed fields use the most positive value
    /// (0x7FFF…), since all ones is −1. Instances of all ones name no device.
    func testNotAvailableGivesNothing() {
        let na16: [UInt8] = [0xFF, 0xFF], naS16: [UInt8] = [0xFF, 0x7F], naS32: [UInt8] = [0xFF, 0xFF, 0xFF, 0x7F]
        let cases: [(UInt32, [UInt8])] = [
            (128267, [0x00, 0xFF, 0xFF, 0xFF, 0xFF] + naS16 + [0xFF]),
            (128259, [0x00] + na16 + na16 + [0xFF, 0xFF, 0xFF]),
            (127250, [0x00] + na16 + naS16 + naS16 + [0xFD]),
            (130306, [0x00] + na16 + na16 + [0xFA, 0xFF, 0xFF]),
            (130306, [0x00] + le16(100) + le16(100) + [0xFF, 0xFF, 0xFF]),
            (129026, [0x00, 0xFC] + na16 + na16 + na16),
            (129025, naS32 + naS32),
            (127488, [0xFF] + le16(7200) + le16(100) + [0x05, 0xFF, 0xFF]),
            (127488, [0x00] + na16 + na16 + [0x7F, 0xFF, 0xFF]),
            (127488, [0x00, 0xFE, 0xFF, 0xFD, 0xFF, 0x7E, 0xFF, 0xFF]),
            (127505, [0x01] + naS16 + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF]),
            (127505, [0x0F] + le16(100) + le32(100) + [0xFF]),
            (127508, [0x00] + naS16 + naS16 + na16 + [0x00]),
            (127508, [0xFF] + le16(1285) + le16(10) + le16(29000) + [0x00]),
            (130312, [0x00, 0x00, 0x00] + na16 + na16 + [0xFF]),
            (130312, [0x00, 0xFF, 0x00] + le16(29115) + na16 + [0xFF]),
            (130316, [0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF] + na16),
            (
                127489,
                [0x00] + na16 + na16 + na16 + naS16 + naS16 + [0xFF, 0xFF, 0xFF, 0xFF] + na16 + na16
                    + [0xFF, 0, 0, 0, 0, 0x7F, 0x7F]
            ),
        ]
        var seen = Set<UInt32>()
        for (pgn, data) in cases {
            var samples: [Sample] = []
            XCTAssertTrue(NMEA2000PGNs.decode(pgn, data) { samples.append($0) })
            XCTAssertEqual(samples, [], "PGN \(pgn) \(data)")
            seen.insert(pgn)
        }
        XCTAssertEqual(seen, NMEA2000PGNs.supported)
        // All ones in a signed field is −1, a value.
        var samples: [Sample] = []
        _ = NMEA2000PGNs.decode(127508, [0x00, 0xFF, 0xFF] + naS16 + na16 + [0]) { samples.append($0) }
        XCTAssertEqual(samples, [Sample(name: "battery.0.voltage", value: -0.01, unit: .volts)])
    }

    func testStatistics() {
        var d = NMEA2000Decoder()
        XCTAssertEqual(d.feed(try! CANFrame(id: 0x123, data: [1])), [])
        XCTAssertEqual(d.feed(frame(59904, [0, 0xEE, 0])), [])
        XCTAssertEqual(d.feed(frame(128267, [0x01] + le32(1234) + le16(500) + [0xFF])).count, 2)
        XCTAssertEqual(d.statistics.unparsable, 1)
        XCTAssertEqual(d.statistics.unknownSentence, 1)
        XCTAssertEqual(d.statistics.accepted, 1)
        XCTAssertEqual(d.statistics.samples, 2)
    }
}
