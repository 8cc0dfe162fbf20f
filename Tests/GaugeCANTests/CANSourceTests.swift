import Testing
import GaugeDecoders
import GaugeSystem
import GaugeSensors
import GaugeTestSupport
@testable import GaugeCAN

/// A scripted SocketCAN: what `openCAN` answers, the frames `readCAN` gives, the frames
/// sent; closes are `FakePanelSystem`'s.
final class ScriptedCAN: FakePanelSystem, SensorSystemCalls, @unchecked Sendable {
    var opens: [Result<Int32, Errno>] = []
    var frames: [Result<CANRawFrame?, Errno>] = []
    var sent: [CANRawFrame] = []
    var options: [CANSocketOptions] = []

    func openSerial(_ path: String, settings: SerialSettings) throws(Errno) -> Int32 { throw .noSuchFileOrDirectory }
    func openCAN(_ interface: String, options: CANSocketOptions) throws(Errno) -> Int32 {
        self.options.append(options)
        return try (opens.isEmpty ? .failure(.operationNotSupportedByDevice) : opens.removeFirst()).get()
    }
    func readCAN(_ fd: Int32) throws(Errno) -> CANRawFrame? {
        try (frames.isEmpty ? .success(nil) : frames.removeFirst()).get()
    }
    func writeCAN(_ fd: Int32, _ frame: CANRawFrame) throws(Errno) { sent.append(frame) }
}

@Suite struct CANSourceTests {
    static let dbcText = """
        BO_ 1512 ENGINE: 8 ECU
         SG_ RPM : 0|16@1+ (1,0) [0|16000] "rpm" Dash
         SG_ MODE M : 16|8@1+ (1,0) [0|255] "" Dash
         SG_ OIL m1 : 24|8@1+ (10,0) [0|2550] "kPa" Dash
         SG_ FUEL m2 : 24|8@1+ (0.5,0) [0|100] "%" Dash
        BO_ 2566913790 BODY: 8 ECU
         SG_ VOLTS : 0|16@1+ (0.001,0) [0|30] "V" Dash
        VAL_ 1512 MODE 1 "oil" 2 "fuel" ;
        """
    static let dbc: DBCFile = try! DBCFile.parse(Array(dbcText.utf8))
    let ENETDOWN = Errno(100)

    func raw(_ id: UInt32, _ data: [UInt8], extended: Bool = false) -> CANRawFrame {
        CANRawFrame(canID: id | (extended ? CANRawFrame.extendedFlag : 0), data: data)
    }

    @Test func dbcFramesBecomeSamplesWithMultiplexing() {
        let sys = ScriptedCAN()
        sys.opens = [.success(5)]
        sys.frames = [
            .success(raw(0x5E8, [0xB8, 0x0B, 1, 30, 0, 0, 0, 0])),  // 3000 rpm, mode 1: oil 300 kPa
            .success(raw(0x5E8, [0xB8, 0x0B, 2, 90, 0, 0, 0, 0])),  // mode 2: fuel 45 %
            .success(raw(0x18FF_FEFE, [0x39, 0x30], extended: true)),  // 12.345 V
            .success(raw(0x123, [1, 2])),
        ]  // in no message
        let source = CANSource(interface: "can0", protocol: .dbc(Self.dbc), system: sys)
        var got: [Sample] = []
        #expect(source.service(now: 0) { got.append($0) } == .connected)
        #expect(got.map(\.name) == ["ENGINE.RPM", "ENGINE.MODE", "ENGINE.OIL", "ENGINE.RPM", "ENGINE.MODE", "ENGINE.FUEL", "BODY.VOLTS"])
        #expect(got[2] == Sample(name: "ENGINE.OIL", value: 300, unit: .kilopascal))
        #expect(got[5] == Sample(name: "ENGINE.FUEL", value: 45, unit: .percent))
        #expect(abs(got[6].value - 12.345) <= 1e-9)
        #expect(source.decoder.statistics.unknown == 1)
        #expect(source.statistics.frames == 4)
        #expect(source.status == .open)
        #expect(source.kindName == "can")
    }

    @Test func kernelFiltersForEachProtocol() {
        #expect(
            CANProtocol.dbc(Self.dbc).filters == [
                CANFilter(id: 0x5E8, mask: 0x7FF | 0x8000_0000 | 0x4000_0000),
                CANFilter(id: 0x18FF_FEFE | 0x8000_0000, mask: 0x1FFF_FFFF | 0x8000_0000 | 0x4000_0000),
            ])
        #expect(
            CANProtocol.obd2(pids: [.engineSpeed], pollHz: 10).filters == [
                CANFilter(id: 0x7E8, mask: 0x7F8 | 0x8000_0000 | 0x4000_0000)
            ], "11-bit answers only")
        #expect(
            CANProtocol.obd2(pids: [.engineSpeed], pollHz: 10, ids: .extended).filters == [
                CANFilter(id: 0x18DA_F100 | 0x8000_0000, mask: 0x1FFF_FF00 | 0x8000_0000 | 0x4000_0000)
            ], "29-bit answers only")
        let n2k = CANProtocol.nmea2000.filters
        // 128267 (water depth, PDU2 0x1F50B): data page, PF and PS; 127250 heading likewise.
        #expect(n2k.contains(CANFilter(id: 128267 << 8 | 0x8000_0000, mask: 0x3_FFFF << 8 | 0x8000_0000 | 0x4000_0000)))
        #expect(n2k.count == NMEA2000PGNs.supported.count)
        let sys = ScriptedCAN()
        sys.opens = [.success(3)]
        let source = CANSource(interface: "can0", protocol: .dbc(Self.dbc), system: sys)
        source.service(now: 0) { _ in }
        #expect(sys.options == [CANSocketOptions(filters: CANProtocol.dbc(Self.dbc).filters, fdFrames: true, errorMask: 0x1FFF_FFFF)])
    }

    /// A vanished interface is looked for again at least every second, however long it
    /// was gone: the delays grow from 0.25 s and stop at 1 s.
    @Test func aVanishedInterfaceIsAskedForEverySecondAtMost() {
        var backoff = CANSource.reopenBackoff
        let delays = (0..<8).map { _ in backoff.next() }
        #expect(delays == [250, 500, 1000, 1000, 1000, 1000, 1000, 1000].map { UInt64($0) * 1_000_000 })
    }

    @Test func interfaceDownGoesStaleAndReopensWithBackoff() {
        let sys = ScriptedCAN()
        sys.opens = [.failure(ENETDOWN), .failure(ENETDOWN), .success(4), .success(6)]
        let source = CANSource(interface: "can0", protocol: .dbc(Self.dbc), backoff: Backoff(initial: 10, maximum: 40), system: sys)
        var got: [Sample] = []
        #expect(source.service(now: 0) { got.append($0) } == .openFailed(ENETDOWN))
        #expect(source.status == .notOpen(ENETDOWN))
        #expect(source.nextDeadline == 10)
        #expect(source.service(now: 5) { got.append($0) } == nil, "not before the backoff")
        #expect(source.service(now: 10) { got.append($0) } == nil, "the same failure again is quiet")
        #expect(source.nextDeadline == 30)
        sys.frames = [.success(raw(0x5E8, [0x20, 0x03, 0, 0, 0, 0, 0, 0])), .failure(.operationNotSupportedByDevice)]
        #expect(
            source.service(now: 30) { got.append($0) } == .disconnected(channels: ["ENGINE.MODE", "ENGINE.RPM"]),
            "opened, read one frame, then the interface vanished")
        #expect(got.first == Sample(name: "ENGINE.RPM", value: 800, unit: .rpm))
        #expect(source.status == .lost(.operationNotSupportedByDevice))
        #expect(sys.closed == [4])
        #expect(source.nextDeadline == 70, "a connection that did not hold keeps backing off")
        #expect(source.service(now: 70) { got.append($0) } == .connected)
        #expect(source.fileDescriptor == 6)
        #expect(source.openCount == 2)
        // One that held for the settle time starts the backoff again when it is lost.
        let later = 70 + SourceJournal.settleTime
        sys.frames = [.failure(.operationNotSupportedByDevice)]
        #expect(source.service(now: later) { got.append($0) } == .disconnected(channels: ["ENGINE.MODE", "ENGINE.RPM"]))
        #expect(source.nextDeadline == later + 10, "backoff starts again after a connection that held")
        #expect(
            Errno(100).canOpenAdvice("can0")
                == "the interface is down: `sudo ip link set can0 up type can bitrate 500000` (or the systemd-networkd file in scripts/systemd)")
    }

    /// A socket bound to an interface that is down opens, and its first read says ENETDOWN:
    /// a failure to open (said once, retried at the backoff's first step), not a connection
    /// made and lost at every retry; and after a loss, reopening failing for the same reason
    /// is not said again.
    @Test func anInterfaceThatIsDownIsAnOpenFailureSaidOnce() {
        let sys = ScriptedCAN()
        sys.opens = [.success(3), .success(5), .success(7), .success(9), .success(11)]
        sys.frames = [.failure(ENETDOWN), .failure(ENETDOWN)]
        let source = CANSource(interface: "can0", protocol: .dbc(Self.dbc), backoff: Backoff(initial: 10, maximum: 40), system: sys)
        #expect(source.service(now: 0) { _ in } == .openFailed(ENETDOWN))
        #expect(source.status == .notOpen(ENETDOWN))
        #expect(source.fileDescriptor == nil)
        #expect(sys.closed == [3])
        #expect(source.nextDeadline == 10)
        #expect(source.service(now: 10) { _ in } == nil, "the same failure again is quiet")
        #expect(source.nextDeadline == 20, "retried at the first step: up is seen soon")
        #expect(source.openCount == 0)
        #expect(source.service(now: 20) { _ in } == .connected, "up: nothing pending is a socket that works")
        #expect(source.fileDescriptor == 7)
        #expect(source.openCount == 1)
        sys.frames = [.failure(ENETDOWN), .failure(ENETDOWN)]
        #expect(source.service(now: 40) { _ in } == .disconnected(channels: []), "down again: lost, said once")
        #expect(source.nextDeadline == 60, "lost before it held: the backoff goes on growing")
        #expect(source.service(now: 60) { _ in } == nil, "reopening fails for the reason the loss gave: not said again")
        #expect(source.status == .notOpen(ENETDOWN))
        #expect(source.service(now: 70) { _ in } == .connected)
        #expect(source.openCount == 2)
        #expect(sys.closed == [3, 5, 7, 9])
    }

    @Test func errorFramesAreCountedNotDecoded() {
        let sys = ScriptedCAN()
        sys.opens = [.success(3)]
        sys.frames = [
            .success(CANRawFrame(canID: CANRawFrame.errorFlag | 0x04, data: [0, 0x10, 0, 0, 0, 0, 0, 0])),
            .success(CANRawFrame(canID: CANRawFrame.errorFlag | 0x40, data: [0, 0, 0, 0, 0, 0, 0, 0])),
        ]
        let source = CANSource(interface: "can0", protocol: .dbc(Self.dbc), system: sys)
        var got: [Sample] = []
        source.service(now: 0) { got.append($0) }
        #expect(got.isEmpty)
        #expect(source.statistics.errorFrames == 2)
        #expect(source.statistics.busOff == 1)
        #expect(source.summaryDetail == "frames:2,errors:2,bus-off:1")
    }

    @Test func obdPollingRoundRobinMultiFrameAndGiveUp() {
        let sys = ScriptedCAN()
        sys.opens = [.success(3)]
        let hz = 10.0, tick: UInt64 = 100_000_000
        let source = CANSource(interface: "can0", protocol: .obd2(pids: [.engineSpeed, .coolantTemperature, .fuelLevel], pollHz: hz), system: sys)
        var got: [Sample] = []
        source.service(now: 0) { got.append($0) }
        #expect(sys.sent.map { $0.data[2] } == [0x0C], "first request at once")
        #expect(sys.sent[0] == CANRawFrame(canID: 0x7DF, data: [0x02, 0x01, 0x0C, 0x55, 0x55, 0x55, 0x55, 0x55]))
        #expect(source.nextDeadline == tick)
        // The answer to 0C as ISO-TP: a first frame, flow control from us, a consecutive frame.
        sys.frames = [.success(raw(0x7E8, [0x10, 0x08, 0x41, 0x0C, 0x1A, 0xF8, 0x05, 0x7B]))]
        source.service(now: 10) { got.append($0) }
        #expect(sys.sent.last?.canID == 0x7E0, "flow control to the responder's physical id")
        #expect(sys.sent.last?.data.first == 0x30)
        sys.frames = [.success(raw(0x7E8, [0x21, 0x2F, 0x80, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA]))]
        source.service(now: 20) { got.append($0) }
        #expect(
            got == [
                Sample(name: "engine.rpm", value: 1726, unit: .rpm),
                Sample(name: "engine.coolant.temperature", value: 83, unit: .celsius),
                Sample(name: "fuel.level", value: Double(0x80) * 100 / 255, unit: .percent),
            ])
        // 05 next; the ECU refuses it: given up at once, said once.
        source.service(now: tick) { _ in }
        #expect(sys.sent.last?.data[2] == 0x05)
        sys.frames = [.success(raw(0x7E8, [0x03, 0x7F, 0x01, 0x12, 0, 0, 0, 0]))]
        source.service(now: tick + 1) { _ in }
        #expect(
            source.takeNotices() == ["OBD-II PID 0x05 (engine.coolant.temperature): the ECU refused it (negative response 0x12); not asked for again"]
        )
        #expect(source.takeNotices() == [])
        // 2F and 0C in turn; 2F never answers and is given up after five requests.
        var asked: [UInt8] = []
        for k in 2...12 {
            let before = sys.sent.count
            source.service(now: UInt64(k) * tick) { _ in }
            if sys.sent.count > before { asked.append(sys.sent.last!.data[2]) }
            if asked.last == 0x0C {
                sys.frames = [.success(raw(0x7E8, [0x04, 0x41, 0x0C, 0x1A, 0xF8, 0, 0, 0]))]
                source.service(now: UInt64(k) * tick + 1) { _ in }
            }
        }
        #expect(Array(asked.prefix(10)) == [0x2F, 0x0C, 0x2F, 0x0C, 0x2F, 0x0C, 0x2F, 0x0C, 0x2F, 0x0C])
        #expect(asked.last == 0x0C)
        #expect(source.takeNotices() == ["OBD-II PID 0x2F (fuel.level): no answer to 5 requests; not asked for again"])
        #expect(source.poller?.active == [.engineSpeed])
    }

    /// ISO 15765-4 with 29-bit ids: requests on 0x18DB33F1, a multi-frame answer from ECU
    /// 0x10 (0x18DAF110) gets its flow control on 0x18DA10F1, a single frame from ECU 0x18
    /// answers too, and a refusal gives the PID up, as with 11-bit ids.
    @Test func obdPollingWith29BitIdentifiers() {
        let sys = ScriptedCAN()
        sys.opens = [.success(3)]
        let tick: UInt64 = 100_000_000
        let source = CANSource(
            interface: "can0", protocol: .obd2(pids: [.engineSpeed, .vehicleSpeed, .coolantTemperature], pollHz: 10, ids: .extended), system: sys)
        #expect(source.poller?.ids == .extended)
        var got: [Sample] = []
        source.service(now: 0) { got.append($0) }
        #expect(sys.options.first?.filters == [.extended(0x18DA_F100, mask: 0x1FFF_FF00)])
        #expect(sys.sent == [raw(0x18DB_33F1, [0x02, 0x01, 0x0C, 0x55, 0x55, 0x55, 0x55, 0x55], extended: true)])
        // 0C, 0D and 05 in one answer of 8 bytes: first frame, flow control, consecutive frame.
        sys.frames = [.success(raw(0x18DA_F110, [0x10, 0x08, 0x41, 0x0C, 0x1A, 0xF8, 0x0D, 0x32], extended: true))]
        source.service(now: 10) { got.append($0) }
        #expect(sys.sent.last?.canID == 0x18DA_10F1 | CANRawFrame.extendedFlag, "flow control to the ECU's physical 29-bit id")
        #expect(sys.sent.last?.data.first == 0x30, "clear to send")
        #expect(got.isEmpty, "nothing before the last consecutive frame")
        sys.frames = [.success(raw(0x18DA_F110, [0x21, 0x05, 0x7B, 0xAA, 0xAA, 0xAA, 0xAA, 0xAA], extended: true))]
        source.service(now: 20) { got.append($0) }
        #expect(
            got == [
                Sample(name: "engine.rpm", value: 1726, unit: .rpm),
                Sample(name: "vehicle.speed", value: 50, unit: .kilometresPerHour),
                Sample(name: "engine.coolant.temperature", value: 83, unit: .celsius),
            ])
        #expect(source.poller?.outstanding == nil, "the answer carried the PID asked for")
        // The next PID, 0D, from another ECU (0x18) in a single frame.
        source.service(now: tick) { _ in }
        #expect(sys.sent.last == raw(0x18DB_33F1, [0x02, 0x01, 0x0D, 0x55, 0x55, 0x55, 0x55, 0x55], extended: true))
        got = []
        sys.frames = [.success(raw(0x18DA_F118, [0x03, 0x41, 0x0D, 0x64, 0, 0, 0, 0], extended: true))]
        source.service(now: tick + 1) { got.append($0) }
        #expect(got == [Sample(name: "vehicle.speed", value: 100, unit: .kilometresPerHour)])
        // 05 refused by 0x18DAF110: given up, said once.
        source.service(now: 2 * tick) { _ in }
        #expect(sys.sent.last?.data[2] == 0x05)
        sys.frames = [.success(raw(0x18DA_F110, [0x03, 0x7F, 0x01, 0x12, 0, 0, 0, 0], extended: true))]
        source.service(now: 2 * tick + 1) { _ in }
        #expect(
            source.takeNotices() == ["OBD-II PID 0x05 (engine.coolant.temperature): the ECU refused it (negative response 0x12); not asked for again"]
        )
        #expect(source.poller?.active == [.engineSpeed, .vehicleSpeed])
    }

    @Test func nmea2000FramesGiveThe0183Names() {
        let sys = ScriptedCAN()
        sys.opens = [.success(3)]
        // PGN 128267 water depth from source 0x23, priority 3: 12.34 m, offset +0.5 m.
        let id = NMEA2000Header(priority: 3, pgn: 128267, source: 0x23).id
        sys.frames = [.success(raw(id, [0x01, 0xD2, 0x04, 0, 0, 0xF4, 0x01, 0xFF], extended: true))]
        let source = CANSource(interface: "can0", protocol: .nmea2000, system: sys)
        var got: [String: Double] = [:]
        source.service(now: 0) { got[$0.name] = $0.value }
        #expect(abs((got["depth.below.transducer"] ?? 0) - 12.34) <= 1e-9)
        #expect(abs((got["depth"] ?? 0) - 12.84) <= 1e-9)
        let k = id | CANRawFrame.extendedFlag
        #expect(CANProtocol.nmea2000.filters.contains { k & $0.mask == $0.id & $0.mask }, "the kernel filter lets it through")
        #expect(
            !(CANProtocol.nmea2000.filters.contains { (0x0CF0_0400 | CANRawFrame.extendedFlag) & $0.mask == $0.id & $0.mask }),
            "a J1939 engine frame does not")
    }

    /// A fast packet's frames before its last give no sample yet but are NMEA 2000: not
    /// counted as unknown (which the run summary reports as dropped); a PGN the decoder
    /// does not map is.
    @Test func fastPacketFramesAreNotUnknown() throws {
        var decoder = CANDecoder(.nmea2000)
        // PGN 127489 (engine dynamic) from source 0x24 in four frames, coolant 25 °C.
        let frames: [[UInt8]] = [
            [0x20, 0x1A, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xED], [0x21, 0x8A, 0xFF, 0x7F, 0xFF, 0x7F, 0xFF, 0xFF],
            [0x22, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], [0x23, 0x00, 0x00, 0x00, 0x00, 0x7F, 0x7F, 0xFF],
        ]
        var names: [String] = []
        for data in frames {
            decoder.feed(try CANFrame(id: 0x09F2_0124, extended: true, data: data), now: 0) { names.append($0.name) }
        }
        #expect(names.contains("engine.coolant.temperature"), "\(names)")
        decoder.feed(try CANFrame(id: NMEA2000Header(priority: 3, pgn: 65_280, source: 0x24).id, extended: true, data: [1, 2]), now: 0) { _ in }
        #expect(decoder.statistics.frames == 5)
        #expect(decoder.statistics.decoded == 1)
        #expect(decoder.statistics.unknown == 1)
    }

    /// The run asks whether unread names are reported from inside `service`'s sink (as
    /// PanelRuntime does for each sample no channel reads): that read must not touch state
    /// `service` is modifying (it was an exclusivity violation: Fatal access conflict).
    @Test func unreadNamesAskedFromInsideTheSink() {
        let sys = ScriptedCAN()
        sys.opens = [.success(3)]
        let id = NMEA2000Header(priority: 3, pgn: 128267, source: 0x23).id
        sys.frames = [.success(raw(id, [0x01, 0xD2, 0x04, 0, 0, 0xF4, 0x01, 0xFF], extended: true))]
        let source = CANSource(interface: "can0", protocol: .nmea2000, system: sys)
        var reported: [Bool] = []
        source.service(now: 0) { _ in reported.append(source.reportsUnreadNames) }
        #expect(reported == [true, true])
        let dbc = CANSource(interface: "can0", protocol: .dbc(Self.dbc), system: ScriptedCAN())
        #expect(!dbc.reportsUnreadNames)
    }

    @Test func aKeptDBCHoldsTheSignalsReadAndTheirMultiplexer() {
        let kept = Self.dbc.keeping(["ENGINE.OIL"])
        #expect(kept.messages.map(\.name) == ["ENGINE"])
        #expect(kept.messages[0].signals.map(\.name) == ["MODE", "OIL"])
        #expect(CANProtocol.dbc(kept).filters == [.standard(0x5E8)])
        var decoder = CANDecoder(.dbc(kept))
        var got: [Sample] = []
        decoder.feed(try! CANFrame(id: 0x5E8, data: [0xB8, 0x0B, 1, 30, 0, 0, 0, 0]), now: 0) { got.append($0) }
        #expect(got.map(\.name) == ["ENGINE.MODE", "ENGINE.OIL"])
        #expect(Self.dbc.keeping([]).messages == [])
    }

    @Test func candumpFramesRoundTripThroughRaw() throws {
        let f = try CandumpLine.parse(Array("(1.0) can0 18FEF100#0102".utf8)).frame
        #expect(CANFrame(f.raw) == f)
        #expect(CANFrame(CANRawFrame(canID: CANRawFrame.errorFlag | 1)) == nil)
    }
}

@Suite struct DBCListingTests {
    @Test func listingNamesSignalsAsChannelsSourceThem() {
        #expect(
            CANSourceTests.dbc.signalListing == [
                "0x5E8 ENGINE: 8 bytes, multiplexed",
                "  ENGINE.RPM   rpm  0…16000",
                "  ENGINE.MODE       0…255  (multiplexer)  values: 1 oil, 2 fuel",
                "  ENGINE.OIL   kPa  0…2550  (when the multiplexer is 1)",
                "  ENGINE.FUEL  %    0…100  (when the multiplexer is 2)",
                "0x18FFFEFE (29-bit) BODY: 8 bytes",
                "  BODY.VOLTS  V  0…30",
            ])
    }
}
