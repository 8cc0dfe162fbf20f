import XCTest
import GaugeSensors
@testable import GaugeCAN

final class OBDOverCANTests: XCTestCase {
    func frame(_ id: UInt32, _ data: [UInt8], extended: Bool = false) -> CANFrame {
        try! CANFrame(id: id, extended: extended, data: data)
    }

    func testRequests() {
        let r = OBDOverCAN.request(.engineSpeed)
        XCTAssertEqual(r.id, 0x7DF)
        XCTAssertFalse(r.isExtended)
        XCTAssertEqual(r.data, [0x02, 0x01, 0x0C, 0x55, 0x55, 0x55, 0x55, 0x55])
        let e = OBDOverCAN.request(.coolantTemperature, extended: true, padding: 0)
        XCTAssertEqual(e.id, 0x18DB_33F1)
        XCTAssertTrue(e.isExtended)
        XCTAssertEqual(e.data, [0x02, 0x01, 0x05, 0, 0, 0, 0, 0])
    }

    func testRequestsByAddressing() {
        XCTAssertEqual(OBDOverCAN.request(.engineSpeed, ids: .standard), OBDOverCAN.request(.engineSpeed))
        let e = OBDOverCAN.request(.engineSpeed, ids: .extended)
        XCTAssertEqual(e.id, 0x18DB_33F1)
        XCTAssertTrue(e.isExtended)
        XCTAssertEqual(e.data, [0x02, 0x01, 0x0C, 0x55, 0x55, 0x55, 0x55, 0x55])
        var poller = OBDPoller(pids: [.fuelLevel], pollHz: 5, ids: .extended)
        XCTAssertEqual(poller.next(now: 0), try! CANFrame(id: 0x18DB_33F1, extended: true, data: [0x02, 0x01, 0x2F, 0x55, 0x55, 0x55, 0x55, 0x55]))
        var standard = OBDPoller(pids: [.fuelLevel], pollHz: 5)
        XCTAssertEqual(standard.next(now: 0)?.id, 0x7DF)
    }

    func testAnswersFromEveryResponder() {
        // 0x1AF8 / 4 = 1726 rpm.
        for id in UInt32(0x7E8)...0x7EF {
            let f = frame(id, [0x04, 0x41, 0x0C, 0x1A, 0xF8, 0xAA, 0xAA, 0xAA])
            XCTAssertEqual(OBDOverCAN.responder(f), UInt8(id - 0x7E8))
            XCTAssertEqual(OBDOverCAN.flowControlID(f), id - 8)
            XCTAssertEqual(OBDOverCAN.parseSingleFrame(f), .values([Sample(name: "engine.rpm", value: 1726, unit: .rpm)]))
        }
        let ext = frame(0x18DA_F110, [0x03, 0x41, 0x05, 0x7B, 0, 0, 0, 0], extended: true)
        XCTAssertEqual(OBDOverCAN.responder(ext), 0x10)
        XCTAssertEqual(OBDOverCAN.flowControlID(ext), 0x18DA_10F1)
        XCTAssertEqual(
            OBDOverCAN.parseSingleFrame(ext),
            .values([Sample(name: "engine.coolant.temperature", value: 83, unit: .celsius)]))
        XCTAssertNil(OBDOverCAN.parseSingleFrame(frame(0x7E7, [0x03, 0x41, 0x05, 0x7B])), "not a responder")
        XCTAssertNil(OBDOverCAN.parseSingleFrame(frame(0x18DB_33F1, [0x03, 0x41, 0x05, 0x7B], extended: true)))
        XCTAssertNil(OBDOverCAN.parseSingleFrame(frame(0x7E8, [0x10, 0x14, 0x49, 0x02])), "first frame: ISO-TP's job")
    }

    func testNegativeAndOddAnswers() {
        XCTAssertEqual(
            OBDOverCAN.parseSingleFrame(frame(0x7E8, [0x03, 0x7F, 0x01, 0x12, 0, 0, 0, 0])),
            .negative(service: 0x01, code: 0x12))
        XCTAssertEqual(OBDOverCAN.parse([0x7F, 0x01]), .malformed)
        XCTAssertEqual(OBDOverCAN.parse([0x49, 0x02, 0x01]), .notMode01(0x49))
        XCTAssertEqual(OBDOverCAN.parse([0x41, 0xA6, 1, 2, 3, 4]), .unknownPID(0xA6))
        XCTAssertEqual(OBDOverCAN.parse([0x41, 0x0C, 0x1A]), .malformed, "two data bytes due")
        XCTAssertEqual(OBDOverCAN.parse([0x41]), .malformed)
        XCTAssertEqual(OBDOverCAN.parse([]), .malformed)
        XCTAssertEqual(OBDOverCAN.parseSingleFrame(frame(0x7E8, [0x09, 0x41, 0x0D])), .malformed)
        // Several PIDs in one answer: speed 50 km/h and throttle 255 → 100 %.
        XCTAssertEqual(
            OBDOverCAN.parse([0x41, 0x0D, 50, 0x11, 255]),
            .values([
                Sample(name: "vehicle.speed", value: 50, unit: .kilometresPerHour),
                Sample(name: "engine.throttle", value: 100, unit: .percent),
            ]))
    }

    /// A multi-frame answer through the ISO-TP receiver ends in the same parser.
    func testThroughISOTP() {
        var r = ISOTPReceiver()
        let answer: [UInt8] = [0x41, 0x0C, 0x0F, 0xA0, 0x0D, 0x64, 0x05, 0x5A, 0x42, 0x36, 0xB0]
        XCTAssertEqual(r.receive([0x10, 11] + answer[0..<6], at: 0).count, 1)
        guard case .message(let m)? = r.receive([0x21] + answer[6...], at: 1).first else { return XCTFail() }
        XCTAssertEqual(
            OBDOverCAN.parse(m),
            .values([
                Sample(name: "engine.rpm", value: 1000, unit: .rpm),
                Sample(name: "vehicle.speed", value: 100, unit: .kilometresPerHour),
                Sample(name: "engine.coolant.temperature", value: 50, unit: .celsius),
                Sample(name: "vehicle.voltage", value: 14, unit: .volts),
            ]))
    }
}
