import Testing
import GaugeDecoders
import GaugeTestSupport
@testable import GaugeCAN

/// Frames computed by hand from canboat's field definitions (resolution, size, sign).
@Suite struct NMEA2000Tests {
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

    @Test func header() {
        let pdu2 = NMEA2000Header(id: 0x09F8_0102)
        #expect(pdu2 == NMEA2000Header(priority: 2, pgn: 129025, source: 2, destination: 255))
        #expect(!pdu2.isPDU1)
        #expect(pdu2.id == 0x09F8_0102)
        let pdu1 = NMEA2000Header(id: 0x18EA_2301)
        #expect(pdu1 == NMEA2000Header(priority: 6, pgn: 59904, source: 1, destination: 0x23))
        #expect(pdu1.isPDU1)
        #expect(pdu1.id == 0x18EA_2301)
        #expect(NMEA2000Header(id: 0x0DF1_0D05).pgn == 127245, "data page 1")
        var rng = SplitMix(seed: 2000)
        for _ in 0..<1000 {
            let id = UInt32(truncatingIfNeeded: rng.next()) & 0x1FFF_FFFF
            #expect(NMEA2000Header(id: id).id == id)
        }
    }

    @Test func depth() {
        // 12.34 m below the transducer; offset +0.5 m (to the surface), then −0.3 m (to the keel).
        var v = values([frame(128267, [0x01] + le32(1234) + le16(500) + [0xFF])])
        #expect(abs(v["depth.below.transducer"]! - 12.34) <= 1e-12)
        #expect(abs(v["depth"]! - 12.84) <= 1e-12)
        v = values([frame(128267, [0x01] + le32(1234) + le16(-300) + [0xFF])])
        #expect(abs(v["depth.below.keel"]! - 12.04) <= 1e-12)
        v = values([frame(128267, [0x01] + le32(1234) + [0xFF, 0x7F, 0xFF])])
        #expect(Array(v.keys) == ["depth.below.transducer"], "offset not available")
        #expect(values([frame(128267, [0x01, 0xFF, 0xFF, 0xFF, 0xFF] + le16(500) + [0xFF])]) == [:])
    }

    @Test func speedThroughWater() {
        let v = values([frame(128259, [0x00] + le16(514) + [0xFF, 0xFF, 0x00, 0xFF, 0xFF])])
        #expect(abs(v["speed.water"]! - (5.14 * 3600 / 1852)) <= 1e-12)
        #expect(v["speed.ground"] == nil)
    }

    @Test func heading() {
        // Magnetic 1.5708 rad, deviation not available, variation −0.0524 rad (west).
        var v = values([frame(127250, [0x00] + le16(15708) + [0xFF, 0x7F] + le16(-524) + [0xFD])])
        let rad = 180 / Double.pi
        #expect(abs(v["heading.magnetic"]! - (1.5708 * rad)) <= 1e-9)
        #expect(abs(v["heading.true"]! - ((1.5708 - 0.0524) * rad)) <= 1e-9)
        #expect(abs(v["magnetic.variation"]! - (-0.0524 * rad)) <= 1e-9)
        // True reference: the heading is already true.
        v = values([frame(127250, [0x00] + le16(31416) + [0xFF, 0x7F, 0xFF, 0x7F, 0xFC])])
        #expect(abs(v["heading.true"]! - (3.1416 * rad)) <= 1e-9)
        #expect(v.count == 1)
    }

    @Test func wind() {
        // 10 m/s apparent at 4.7124 rad (270°): 90° on the port bow.
        var v = values([frame(130306, [0x00] + le16(1000) + le16(47124) + [0xFA, 0xFF, 0xFF])])
        #expect(abs(v["wind.speed.apparent"]! - (10 * 3600 / 1852)) <= 1e-9)
        #expect(abs(v["wind.angle.apparent"]! - (4.7124 * 180 / Double.pi - 360)) <= 1e-9)
        v = values([frame(130306, [0x00] + le16(250) + le16(5236) + [0xFB, 0xFF, 0xFF])])
        #expect(abs(v["wind.speed.true"]! - (2.5 * 3600 / 1852)) <= 1e-9)
        #expect(abs(v["wind.angle.true"]! - (0.5236 * 180 / Double.pi)) <= 1e-9)
        v = values([frame(130306, [0x00] + le16(250) + le16(5236) + [0xF8, 0xFF, 0xFF])])
        #expect(v["wind.direction.true"] != nil)
        #expect(v["wind.speed.ground"] != nil)
    }

    @Test func cogSogAndPosition() {
        var v = values([frame(129026, [0x00, 0xFC] + le16(31416) + le16(257) + [0xFF, 0xFF])])
        #expect(abs(v["course.ground"]! - (3.1416 * 180 / Double.pi)) <= 1e-9)
        #expect(abs(v["speed.ground"]! - (2.57 * 3600 / 1852)) <= 1e-9)
        v = values([frame(129026, [0x00, 0xFD] + le16(100) + [0xFF, 0xFF, 0xFF, 0xFF])])
        #expect(Array(v.keys) == ["course.ground.magnetic"])
        // 60.1234567° N, 24.9876543° W.
        v = values([frame(129025, le32(601_234_567) + le32(-249_876_543))])
        #expect(abs(v["position.latitude"]! - 60.1234567) <= 1e-12)
        #expect(abs(v["position.longitude"]! - -24.9876543) <= 1e-12)
        #expect(values([frame(129025, le32(0x7FFF_FFFF) + le32(0x7FFF_FFFF))]) == [:])
    }

    @Test func engineRapidAndInstances() {
        // Instance 1 (starboard), 1800 rpm, boost and trim not available.
        var v = values([frame(127488, [0x01] + le16(7200) + [0xFF, 0xFF, 0x7F, 0xFF, 0xFF])])
        #expect(v == ["engine.2.rpm": 1800])
        v = values([frame(127488, [0x00] + le16(3000) + le16(1500) + [0x0A, 0xFF, 0xFF])])
        #expect(v == ["engine.rpm": 750, "engine.boost.pressure": 150, "engine.trim": 10])
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
        #expect(m.count == 26)
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

    @Test func engineDynamicThroughFastPackets() {
        let frames = fastPacketFrames(engineDynamicMessage(instance: 0), sequence: 3).map { frame(127489, $0) }
        #expect(frames.count == 4)
        let v = values(frames)
        #expect(abs(v["engine.oil.pressure"]! - 450) <= 1e-9)
        #expect(abs(v["engine.oil.temperature"]! - 89.95) <= 1e-9)
        #expect(abs(v["engine.coolant.temperature"]! - 85) <= 1e-9)
        #expect(abs(v["engine.alternator.voltage"]! - 14.2) <= 1e-12)
        #expect(v["engine.fuel.pressure"] == 350)
        #expect(v["engine.load"] == 45)
        #expect(v.count == 6)
    }

    @Test func fastPacketInterleavedSourcesAndErrors() {
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
        #expect(done == [engineDynamicMessage(instance: 0), engineDynamicMessage(instance: 1)])
        #expect(asm.runsInProgress == 0)
        // A lost frame drops the run; the next frame is an orphan.
        #expect(asm.add(ha, a[0]) == nil)
        #expect(asm.add(ha, a[2]) == nil)
        #expect(asm.statistics.outOfOrder == 1)
        #expect(asm.add(ha, a[3]) == nil)
        #expect(asm.statistics.orphans == 1)
        // Another run's sequence counter does not continue this one.
        let other = fastPacketFrames(engineDynamicMessage(instance: 0), sequence: 2)
        #expect(asm.add(ha, a[0]) == nil)
        #expect(asm.add(ha, other[1]) == nil)
        #expect(asm.statistics.outOfOrder == 2)
        // A new frame 0 replaces an unfinished run.
        #expect(asm.add(ha, a[0]) == nil)
        #expect(asm.add(ha, a[1]) == nil)
        #expect(asm.add(ha, other[0]) == nil)
        #expect(asm.statistics.abandoned == 1)
        #expect(asm.add(ha, other[1]) == nil)
        #expect(asm.add(ha, other[2]) == nil)
        #expect(asm.add(ha, other[3]) == engineDynamicMessage(instance: 0))
        // Too many runs at once push out the oldest.
        for s in UInt8(0)..<17 { _ = asm.add(NMEA2000Header(priority: 2, pgn: 127489, source: s), a[0]) }
        #expect(asm.runsInProgress == 16)
        #expect(asm.add(ha, [0x00, 0]) == nil, "length 0")
        #expect(asm.add(ha, [0x00, 224]) == nil, "longer than 223")
        #expect(asm.add(ha, []) == nil)
        #expect(asm.statistics.malformed == 3)
        // A message that fits frame 0 completes at once.
        #expect(asm.add(ha, [0x00, 3, 7, 8, 9, 0xFF, 0xFF, 0xFF]) == [7, 8, 9])
    }

    @Test func fluidBatteryTemperature() {
        // Fuel tank 1 at 75 %, 200 L.
        var v = values([frame(127505, [0x01] + le16(18750) + le32(2000) + [0xFF])])
        #expect(abs(v["tank.fuel.1.level"]! - 75) <= 1e-12)
        #expect(abs(v["tank.fuel.1.capacity"]! - 200) <= 1e-12)
        v = values([frame(127505, [0x52] + le16(0x7FFF) + le32(0xFFFF_FFFF) + [0xFF])])
        #expect(v == [:], "black water tank 2: nothing available")
        v = values([frame(127508, [0x00] + le16(1285) + le16(-52) + [0xFF, 0xFF, 0x00])])
        #expect(abs(v["battery.0.voltage"]! - 12.85) <= 1e-12)
        #expect(abs(v["battery.0.current"]! - -5.2) <= 1e-12)
        #expect(v["battery.0.temperature"] == nil)
        v = values([frame(130312, [0x00, 0x00, 0x00] + le16(29115) + [0xFF, 0xFF, 0xFF])])
        #expect(abs(v["water.temperature"]! - 18) <= 1e-9)
        v = values([frame(130316, [0x00, 0x02, 0x01, 0xE2, 0x82, 0x04, 0xFF, 0xFF])])
        #expect(abs(v["temperature.outside.2"]! - 22.5) <= 1e-9)
        v = values([frame(130312, [0x00, 0x01, 0x00] + le16(29115) + [0xFF, 0xFF, 0xFF])])
        #expect(v["temperature.sea.1"] != nil)
        #expect(values([frame(130316, [0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])]) == [:])
    }

    /// canboat: unsigned fields use all ones for "not available" (and the two values below
    /// for out of range and reserved); signed fields use the most positive value
    /// (0x7FFF…), since all ones is −1. Instances of all ones name no device.
    @Test func notAvailableGivesNothing() {
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
            #expect(NMEA2000PGNs.decode(pgn, data) { samples.append($0) })
            #expect(samples == [], "PGN \(pgn) \(data)")
            seen.insert(pgn)
        }
        #expect(seen == NMEA2000PGNs.supported)
        // All ones in a signed field is −1, a value.
        var samples: [Sample] = []
        _ = NMEA2000PGNs.decode(127508, [0x00, 0xFF, 0xFF] + naS16 + na16 + [0]) { samples.append($0) }
        #expect(samples == [Sample(name: "battery.0.voltage", value: -0.01, unit: .volts)])
    }

    @Test func statistics() {
        var d = NMEA2000Decoder()
        #expect(d.feed(try! CANFrame(id: 0x123, data: [1])) == [])
        #expect(d.feed(frame(59904, [0, 0xEE, 0])) == [])
        #expect(d.feed(frame(128267, [0x01] + le32(1234) + le16(500) + [0xFF])).count == 2)
        #expect(d.statistics.unparsable == 1)
        #expect(d.statistics.unknownSentence == 1)
        #expect(d.statistics.accepted == 1)
        #expect(d.statistics.samples == 2)
    }
}
