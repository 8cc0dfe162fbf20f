import XCTest
@testable import GaugeCAN

final class CANFrameTests: XCTestCase {
    func parse(_ s: String) throws -> CandumpLine {
        do throws(CandumpError) { return try CandumpLine.parse(Array(s.utf8)) } catch { throw error }
    }

    func error(_ s: String) -> CandumpError? {
        do throws(CandumpError) {
            _ = try CandumpLine.parse(Array(s.utf8))
            return nil
        } catch { return error }
    }

    func testClassicStandardFrame() throws {
        let l = try parse("(1700000000.123456) can0 123#DEADBEEF\n")
        XCTAssertEqual(l.time, 1_700_000_000_123_456_000)
        XCTAssertEqual(l.interface, "can0")
        XCTAssertEqual(l.frame.id, 0x123)
        XCTAssertFalse(l.frame.isExtended)
        XCTAssertFalse(l.frame.isFD)
        XCTAssertFalse(l.frame.isRemote)
        XCTAssertEqual(l.frame.data, [0xDE, 0xAD, 0xBE, 0xEF])
        XCTAssertEqual(l.frame.length, 4)
    }

    func testExtendedEmptyDottedAndLowerCase() throws {
        var l = try parse("(0.5) vcan1 18DAF110#0241")
        XCTAssertEqual(l.frame.id, 0x18DA_F110)
        XCTAssertTrue(l.frame.isExtended)
        XCTAssertEqual(l.time, 500_000_000)
        l = try parse("(1.000000001) can0 7df#")
        XCTAssertEqual(l.frame.data, [])
        XCTAssertEqual(l.time, 1_000_000_001)
        l = try parse("(2) can0 001#de.ad.be.ef")
        XCTAssertEqual(l.frame.data, [0xDE, 0xAD, 0xBE, 0xEF])
        XCTAssertEqual(l.time, 2_000_000_000)
    }

    func testFDFrame() throws {
        let payload = String(repeating: "A5", count: 12)
        let l = try parse("(1.0) can1 123##1" + payload)
        XCTAssertTrue(l.frame.isFD)
        XCTAssertEqual(l.frame.fdFlags, 1)
        XCTAssertEqual(l.frame.data, [UInt8](repeating: 0xA5, count: 12))
        let big = try parse("(1.0) can1 1FFFFFFF##3" + String(repeating: "00", count: 64))
        XCTAssertEqual(big.frame.data.count, 64)
        XCTAssertEqual(
            error("(1.0) can1 123##1" + String(repeating: "00", count: 9)),
            .frame(.badLength(9, fd: true)), "9 bytes is no FD length")
        XCTAssertEqual(error("(1.0) can1 123##"), .badFlags)
    }

    func testRemoteFrames() throws {
        var l = try parse("(1.0) can0 123#R")
        XCTAssertTrue(l.frame.isRemote)
        XCTAssertEqual(l.frame.length, 0)
        l = try parse("(1.0) can0 12345678#R8")
        XCTAssertTrue(l.frame.isRemote)
        XCTAssertTrue(l.frame.isExtended)
        XCTAssertEqual(l.frame.length, 8)
        XCTAssertEqual(error("(1.0) can0 123#R9"), .badData)
    }

    func testErrors() {
        XCTAssertEqual(error("1.0 can0 123#00"), .missingTimestamp)
        XCTAssertEqual(error("(1.0x) can0 123#00"), .badTimestamp)
        XCTAssertEqual(error("(1.) can0 123#00"), .badTimestamp)
        XCTAssertEqual(error("(1.0123456789) can0 123#00"), .badTimestamp, "ten fraction digits")
        XCTAssertEqual(error("(99999999999) can0 123#00"), .badTimestamp, "seconds overflow")
        XCTAssertEqual(error("(1.0)"), .missingInterface)
        XCTAssertEqual(error("(1.0) can0"), .missingFrame)
        XCTAssertEqual(error("(1.0) can0 12300"), .missingHash)
        XCTAssertEqual(error("(1.0) can0 1234#00"), .badIdentifier)
        XCTAssertEqual(error("(1.0) can0 12G#00"), .badIdentifier)
        XCTAssertEqual(error("(1.0) can0 800#00"), .frame(.idOutOfRange(0x800, extended: false)))
        XCTAssertEqual(error("(1.0) can0 20000000#00"), .frame(.idOutOfRange(0x2000_0000, extended: true)))
        XCTAssertEqual(error("(1.0) can0 123#0"), .badData)
        XCTAssertEqual(error("(1.0) can0 123#000102030405060708"), .frame(.badLength(9, fd: false)))
        XCTAssertEqual(error("(1.0) can0 123#00 junk"), .trailingText)
        XCTAssertFalse(CandumpError.badData.message.isEmpty)
        XCTAssertEqual(CANFrameError.idOutOfRange(0x800, extended: false).message, "id 0x800 does not fit 11 bits")
    }

    func testFrameInitialiserChecks() {
        XCTAssertNoThrow(try CANFrame(id: 0x7FF, data: [1, 2, 3, 4, 5, 6, 7, 8]))
        XCTAssertThrowsError(try CANFrame(id: 0x123, data: [], fdFlags: 1))
        XCTAssertThrowsError(try CANFrame(id: 0x123, data: [], fd: true, fdFlags: 0x10))
        XCTAssertThrowsError(try CANFrame(remoteID: 0x123, length: 9))
        for n in 0...64 {
            XCTAssertEqual(
                (try? CANFrame(id: 1, data: [UInt8](repeating: 0, count: n), fd: true)) != nil,
                [0, 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 20, 24, 32, 48, 64].contains(n), "FD length \(n)")
        }
    }
}
