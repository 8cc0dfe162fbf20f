import Testing
@testable import GaugeCAN
import GaugeDecoders

@Suite struct ISOTPTests {
    let ms = Nanoseconds.perMillisecond

    @Test func singleFrame() {
        var r = ISOTPReceiver()
        #expect(r.receive([0x03, 0x41, 0x0D, 0x32, 0xCC, 0xCC, 0xCC, 0xCC], at: 0) == [.message([0x41, 0x0D, 0x32])])
        #expect(r.receive([0x07, 1, 2, 3, 4, 5, 6, 7], at: 0) == [.message([1, 2, 3, 4, 5, 6, 7])])
        #expect(r.receive([0x08, 1, 2, 3, 4, 5, 6, 7], at: 0) == [.error(.badSingleFrameLength)])
        #expect(r.receive([0x00, 1, 2], at: 0) == [.error(.badSingleFrameLength)])
        #expect(r.receive([], at: 0) == [.error(.empty)])
        #expect(r.receive([0x40], at: 0) == [.error(.badPCI(0x40))])
        #expect(r.statistics.messages == 2)
        #expect(r.statistics.errors == 4)
        // CAN FD escape: 00 <length> in a frame longer than 8 bytes.
        let fd: [UInt8] = [0x00, 10] + Array(1...10) + [0xCC, 0xCC]
        #expect(r.receive(fd, at: 0) == [.message(Array(1...10))])
    }

    /// A VIN answer (mode 09 PID 02): 20 bytes in a first frame and two consecutive frames.
    @Test func multiFrameVIN() {
        var r = ISOTPReceiver(configuration: .init(blockSize: 0, separationTime: 10))
        let vin = Array("1G1JC5444R7252367".utf8)
        let message: [UInt8] = [0x49, 0x02, 0x01] + vin
        #expect(message.count == 20)
        #expect(r.receive([0x10, 0x14] + message[0..<6], at: 0) == [.flowControl([0x30, 0x00, 0x0A, 0xCC, 0xCC, 0xCC, 0xCC, 0xCC])])
        #expect(r.isReceiving)
        #expect(r.receive([0x21] + message[6..<13], at: 5 * ms) == [])
        #expect(r.receive([0x22] + message[13..<20] + [], at: 10 * ms) == [.message(message)])
        #expect(!r.isReceiving)
    }

    @Test func blockSizeAsksAgainAndSequenceWraps() {
        var r = ISOTPReceiver(configuration: .init(blockSize: 4))
        let message = (0..<200).map { UInt8($0 & 0xFF) }
        var events = r.receive([0x10, 200] + message[0..<6], at: 0)
        #expect(events == [.flowControl([0x30, 4, 0, 0xCC, 0xCC, 0xCC, 0xCC, 0xCC])])
        var offset = 6, sequence: UInt8 = 1, flowControls = 0
        var result: [UInt8]?
        while offset < 200 {
            let chunk = Array(message[offset..<min(offset + 7, 200)])
            events = r.receive([0x20 | sequence] + chunk, at: UInt64(offset) * ms)
            for e in events {
                switch e {
                case .flowControl: flowControls += 1
                case .message(let m): result = m
                case .error(let e): Issue.record("\(e)")
                }
            }
            offset += 7
            sequence = (sequence + 1) & 0xF
        }
        #expect(result == message)
        #expect(flowControls == 6, "28 consecutive frames, one flow control per 4 but none after the last")
    }

    @Test func sequenceErrorsAndUnexpectedFrames() {
        var r = ISOTPReceiver()
        #expect(r.receive([0x21, 1, 2, 3], at: 0) == [.error(.unexpectedConsecutiveFrame)])
        _ = r.receive([0x10, 20, 1, 2, 3, 4, 5, 6], at: 0)
        #expect(r.receive([0x22, 1, 2, 3, 4, 5, 6, 7], at: 0) == [.error(.wrongSequence(expected: 1, got: 2))])
        #expect(!r.isReceiving, "a sequence error drops the message")
        #expect(r.receive([0x21, 1, 2, 3, 4, 5, 6, 7], at: 0) == [.error(.unexpectedConsecutiveFrame)])
        // A new first frame in the middle of a message: the old one is reported lost.
        _ = r.receive([0x10, 20, 1, 2, 3, 4, 5, 6], at: 0)
        #expect(r.receive([0x02, 0x41, 0x00], at: 0) == [.error(.interrupted), .message([0x41, 0x00])])
        #expect(r.receive([0x10, 0x07, 1, 2, 3, 4, 5, 6], at: 0) == [.error(.badFirstFrameLength)])
        #expect(r.receive([0x30, 0, 0], at: 0) == [])
        #expect(r.statistics.ignored == 1)
    }

    @Test func tooLongIsRefusedWithOverflow() {
        var r = ISOTPReceiver(configuration: .init(maxLength: 100))
        #expect(
            r.receive([0x10, 101, 1, 2, 3, 4, 5, 6], at: 0) == [.flowControl([0x32, 0, 0, 0xCC, 0xCC, 0xCC, 0xCC, 0xCC]), .error(.tooLong(101))])
        #expect(!r.isReceiving)
        // The 32-bit length escape.
        #expect(r.receive([0x10, 0x00, 0x00, 0x01, 0x00, 0x00, 9, 9], at: 0).last == .error(.tooLong(65536)))
        // A 32-bit length within the limit: two bytes in the first frame, the rest after.
        #expect(r.receive([0x10, 0x00, 0x00, 0x00, 0x00, 9, 1, 2], at: 0).count == 1)
        #expect(r.receive([0x21, 3, 4, 5, 6, 7, 8, 9], at: 0) == [.message(Array(1...9))])
    }

    @Test func timeoutFromTheCallersClock() {
        var r = ISOTPReceiver(configuration: .init(timeoutNanoseconds: 1000 * ms))
        _ = r.receive([0x10, 10, 1, 2, 3, 4, 5, 6], at: 0)
        #expect(r.checkTimeout(at: 1000 * ms) == nil, "exactly N_Cr is still in time")
        #expect(r.receive([0x21, 7, 8, 9, 10], at: 1000 * ms) == [.message(Array(1...10))])
        _ = r.receive([0x10, 10, 1, 2, 3, 4, 5, 6], at: 2000 * ms)
        #expect(r.receive([0x21, 7, 8, 9, 10], at: 3001 * ms) == [.error(.timeout), .error(.unexpectedConsecutiveFrame)])
        _ = r.receive([0x10, 10, 1, 2, 3, 4, 5, 6], at: 4000 * ms)
        #expect(r.checkTimeout(at: 5001 * ms) == .timeout)
        #expect(r.checkTimeout(at: 6000 * ms) == nil)
        #expect(r.statistics.timeouts == 2)
        #expect(!ISOTPError.timeout.message.isEmpty)
    }
}
