import Testing
@testable import GaugeCAN

@Suite struct CANFrameTests {
    func parse(_ s: String) throws -> CandumpLine {
        do throws(CandumpError) { return try CandumpLine.parse(Array(s.utf8)) } catch { throw error }
    }

    func error(_ s: String) -> CandumpError? {
        do throws(CandumpError) {
            _ = try CandumpLine.parse(Array(s.utf8))
            return nil
        } catch { return error }
    }

    @Test func classicStandardFrame() throws {
        let l = try parse("(1700000000.123456) can0 123#DEADBEEF\n")
        #expect(l.time == 1_700_000_000_123_456_000)
        #expect(l.interface == "can0")
        #expect(l.frame.id == 0x123)
        #expect(!l.frame.isExtended)
        #expect(!l.frame.isFD)
        #expect(!l.frame.isRemote)
        #expect(l.frame.data == [0xDE, 0xAD, 0xBE, 0xEF])
        #expect(l.frame.length == 4)
    }

    @Test func extendedEmptyDottedAndLowerCase() throws {
        var l = try parse("(0.5) vcan1 18DAF110#0241")
        #expect(l.frame.id == 0x18DA_F110)
        #expect(l.frame.isExtended)
        #expect(l.time == 500_000_000)
        l = try parse("(1.000000001) can0 7df#")
        #expect(l.frame.data == [])
        #expect(l.time == 1_000_000_001)
        l = try parse("(2) can0 001#de.ad.be.ef")
        #expect(l.frame.data == [0xDE, 0xAD, 0xBE, 0xEF])
        #expect(l.time == 2_000_000_000)
    }

    @Test func fdFrame() throws {
        let payload = String(repeating: "A5", count: 12)
        let l = try parse("(1.0) can1 123##1" + payload)
        #expect(l.frame.isFD)
        #expect(l.frame.fdFlags == 1)
        #expect(l.frame.data == [UInt8](repeating: 0xA5, count: 12))
        let big = try parse("(1.0) can1 1FFFFFFF##3" + String(repeating: "00", count: 64))
        #expect(big.frame.data.count == 64)
        #expect(error("(1.0) can1 123##1" + String(repeating: "00", count: 9)) == .frame(.badLength(9, fd: true)), "9 bytes is no FD length")
        #expect(error("(1.0) can1 123##") == .badFlags)
    }

    @Test func remoteFrames() throws {
        var l = try parse("(1.0) can0 123#R")
        #expect(l.frame.isRemote)
        #expect(l.frame.length == 0)
        l = try parse("(1.0) can0 12345678#R8")
        #expect(l.frame.isRemote)
        #expect(l.frame.isExtended)
        #expect(l.frame.length == 8)
        #expect(error("(1.0) can0 123#R9") == .badData)
    }

    @Test func errors() {
        #expect(error("1.0 can0 123#00") == .missingTimestamp)
        #expect(error("(1.0x) can0 123#00") == .badTimestamp)
        #expect(error("(1.) can0 123#00") == .badTimestamp)
        #expect(error("(1.0123456789) can0 123#00") == .badTimestamp, "ten fraction digits")
        #expect(error("(99999999999) can0 123#00") == .badTimestamp, "seconds overflow")
        #expect(error("(1.0)") == .missingInterface)
        #expect(error("(1.0) can0") == .missingFrame)
        #expect(error("(1.0) can0 12300") == .missingHash)
        #expect(error("(1.0) can0 1234#00") == .badIdentifier)
        #expect(error("(1.0) can0 12G#00") == .badIdentifier)
        #expect(error("(1.0) can0 800#00") == .frame(.idOutOfRange(0x800, extended: false)))
        #expect(error("(1.0) can0 20000000#00") == .frame(.idOutOfRange(0x2000_0000, extended: true)))
        #expect(error("(1.0) can0 123#0") == .badData)
        #expect(error("(1.0) can0 123#000102030405060708") == .frame(.badLength(9, fd: false)))
        #expect(error("(1.0) can0 123#00 junk") == .trailingText)
        #expect(!CandumpError.badData.message.isEmpty)
        #expect(CANFrameError.idOutOfRange(0x800, extended: false).message == "id 0x800 does not fit 11 bits")
    }

    @Test func frameInitialiserChecks() {
        #expect(throws: Never.self) { try CANFrame(id: 0x7FF, data: [1, 2, 3, 4, 5, 6, 7, 8]) }
        #expect(throws: (any Error).self) { try CANFrame(id: 0x123, data: [], fdFlags: 1) }
        #expect(throws: (any Error).self) { try CANFrame(id: 0x123, data: [], fd: true, fdFlags: 0x10) }
        #expect(throws: (any Error).self) { try CANFrame(remoteID: 0x123, length: 9) }
        for n in 0...64 {
            #expect(
                ((try? CANFrame(id: 1, data: [UInt8](repeating: 0, count: n), fd: true)) != nil)
                    == [0, 1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 20, 24, 32, 48, 64].contains(n), "FD length \(n)")
        }
    }
}
