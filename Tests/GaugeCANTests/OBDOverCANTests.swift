import Testing
@testable import GaugeCAN
import GaugeDecoders

@Suite struct OBDOverCANTests {
    func frame(_ id: UInt32, _ data: [UInt8], extended: Bool = false) -> CANFrame {
        try! CANFrame(id: id, extended: extended, data: data)
    }

    @Test func requests() {
        let r = OBDOverCAN.request(.engineSpeed)
        #expect(r.id == 0x7DF)
        #expect(!r.isExtended)
        #expect(r.data == [0x02, 0x01, 0x0C, 0x55, 0x55, 0x55, 0x55, 0x55])
        let e = OBDOverCAN.request(.coolantTemperature, extended: true, padding: 0)
        #expect(e.id == 0x18DB_33F1)
        #expect(e.isExtended)
        #expect(e.data == [0x02, 0x01, 0x05, 0, 0, 0, 0, 0])
    }

    @Test func requestsByAddressing() {
        #expect(OBDOverCAN.request(.engineSpeed, ids: .standard) == OBDOverCAN.request(.engineSpeed))
        let e = OBDOverCAN.request(.engineSpeed, ids: .extended)
        #expect(e.id == 0x18DB_33F1)
        #expect(e.isExtended)
        #expect(e.data == [0x02, 0x01, 0x0C, 0x55, 0x55, 0x55, 0x55, 0x55])
        var poller = OBDPoller(pids: [.fuelLevel], pollHz: 5, ids: .extended)
        #expect(poller.next(now: 0) == (try! CANFrame(id: 0x18DB_33F1, extended: true, data: [0x02, 0x01, 0x2F, 0x55, 0x55, 0x55, 0x55, 0x55])))
        var standard = OBDPoller(pids: [.fuelLevel], pollHz: 5)
        #expect(standard.next(now: 0)?.id == 0x7DF)
    }

    @Test func answersFromEveryResponder() {
        // 0x1AF8 / 4 = 1726 rpm.
        for id in UInt32(0x7E8)...0x7EF {
            let f = frame(id, [0x04, 0x41, 0x0C, 0x1A, 0xF8, 0xAA, 0xAA, 0xAA])
            #expect(OBDOverCAN.responder(f) == UInt8(id - 0x7E8))
            #expect(OBDOverCAN.flowControlID(f) == id - 8)
            #expect(OBDOverCAN.parseSingleFrame(f) == .values([Sample(name: "engine.rpm", value: 1726, unit: .rpm)]))
        }
        let ext = frame(0x18DA_F110, [0x03, 0x41, 0x05, 0x7B, 0, 0, 0, 0], extended: true)
        #expect(OBDOverCAN.responder(ext) == 0x10)
        #expect(OBDOverCAN.flowControlID(ext) == 0x18DA_10F1)
        #expect(OBDOverCAN.parseSingleFrame(ext) == .values([Sample(name: "engine.coolant.temperature", value: 83, unit: .celsius)]))
        #expect(OBDOverCAN.parseSingleFrame(frame(0x7E7, [0x03, 0x41, 0x05, 0x7B])) == nil, "not a responder")
        #expect(OBDOverCAN.parseSingleFrame(frame(0x18DB_33F1, [0x03, 0x41, 0x05, 0x7B], extended: true)) == nil)
        #expect(OBDOverCAN.parseSingleFrame(frame(0x7E8, [0x10, 0x14, 0x49, 0x02])) == nil, "first frame: ISO-TP's job")
    }

    @Test func negativeAndOddAnswers() {
        #expect(OBDOverCAN.parseSingleFrame(frame(0x7E8, [0x03, 0x7F, 0x01, 0x12, 0, 0, 0, 0])) == .negative(service: 0x01, code: 0x12))
        #expect(OBDOverCAN.parse([0x7F, 0x01]) == .malformed)
        #expect(OBDOverCAN.parse([0x49, 0x02, 0x01]) == .notMode01(0x49))
        #expect(OBDOverCAN.parse([0x41, 0xA6, 1, 2, 3, 4]) == .unknownPID(0xA6))
        #expect(OBDOverCAN.parse([0x41, 0x0C, 0x1A]) == .malformed, "two data bytes due")
        #expect(OBDOverCAN.parse([0x41]) == .malformed)
        #expect(OBDOverCAN.parse([]) == .malformed)
        #expect(OBDOverCAN.parseSingleFrame(frame(0x7E8, [0x09, 0x41, 0x0D])) == .malformed)
        // Several PIDs in one answer: speed 50 km/h and throttle 255 → 100 %.
        #expect(
            OBDOverCAN.parse([0x41, 0x0D, 50, 0x11, 255])
                == .values([
                    Sample(name: "vehicle.speed", value: 50, unit: .kilometresPerHour),
                    Sample(name: "engine.throttle", value: 100, unit: .percent),
                ]))
    }

    /// A multi-frame answer through the ISO-TP receiver ends in the same parser.
    @Test func throughISOTP() {
        var r = ISOTPReceiver()
        let answer: [UInt8] = [0x41, 0x0C, 0x0F, 0xA0, 0x0D, 0x64, 0x05, 0x5A, 0x42, 0x36, 0xB0]
        #expect(r.receive([0x10, 11] + answer[0..<6], at: 0).count == 1)
        guard case .message(let m)? = r.receive([0x21] + answer[6...], at: 1).first else {
            Issue.record()
            return
        }
        #expect(
            OBDOverCAN.parse(m)
                == .values([
                    Sample(name: "engine.rpm", value: 1000, unit: .rpm),
                    Sample(name: "vehicle.speed", value: 100, unit: .kilometresPerHour),
                    Sample(name: "engine.coolant.temperature", value: 50, unit: .celsius),
                    Sample(name: "vehicle.voltage", value: 14, unit: .volts),
                ]))
    }
}
