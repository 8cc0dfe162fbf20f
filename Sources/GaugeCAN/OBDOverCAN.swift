import GaugeDecoders

/// OBD-II mode 01 over CAN (ISO 15765-4): request frames to the functional address and
/// the ECUs' answers, with the PID formulas and channel names of GaugeDecoders' `OBDPID`.
public enum OBDOverCAN {
    /// Every ECU listens on 0x7DF; they answer from 0x7E8…0x7EF.
    public static let functionalID: UInt32 = 0x7DF
    /// 29-bit: functional target 0x33 from tester 0xF1; answers from 0x18DAF1xx.
    public static let extendedFunctionalID: UInt32 = 0x18DB_33F1

    /// `02 01 <pid>` padded to 8 bytes, to the functional id of `ids`.
    public static func request(_ pid: OBDPID, ids: OBDIdentifiers, padding: UInt8 = 0x55) -> CANFrame {
        request(pid, extended: ids == .extended, padding: padding)
    }

    /// `02 01 <pid>` padded to 8 bytes.
    public static func request(_ pid: OBDPID, extended: Bool = false, padding: UInt8 = 0x55) -> CANFrame {
        var data: [UInt8] = [0x02, 0x01, pid.code]
        while data.count < 8 { data.append(padding) }
        // The ids and lengths are constants inside CANFrame's limits.
        return try! CANFrame(id: extended ? extendedFunctionalID : functionalID, extended: extended, data: data)
    }

    /// The answering ECU: 0…7 for 0x7E8…0x7EF, the source address for 0x18DAF1xx; nil
    /// for any other frame.
    public static func responder(_ frame: CANFrame) -> UInt8? {
        if frame.isExtended {
            return frame.id & 0xFFFF_FF00 == 0x18DA_F100 ? UInt8(frame.id & 0xFF) : nil
        }
        return frame.id >= 0x7E8 && frame.id <= 0x7EF ? UInt8(frame.id - 0x7E8) : nil
    }

    /// The ISO-TP physical address to send flow control to for a responder's frame
    /// (0x7E8 → 0x7E0, 0x18DAF1xx → 0x18DAxxF1).
    public static func flowControlID(_ frame: CANFrame) -> UInt32? {
        guard let ecu = responder(frame) else { return nil }
        return frame.isExtended ? 0x18DA_00F1 | UInt32(ecu) << 8 : 0x7E0 + UInt32(ecu)
    }

    /// A service 01 answer (the ISO-TP message's bytes): `41 <pid> data [<pid> data…]`.
    public static func parse(_ message: [UInt8], pids: [OBDPID] = OBDPID.all) -> OBDResponse {
        guard let service = message.first else { return .malformed }
        if service == 0x7F {
            guard message.count >= 3 else { return .malformed }
            return .negative(service: message[1], code: message[2])
        }
        guard service == 0x41 else { return .notMode01(service) }
        var samples: [Sample] = []
        var i = 1
        while i < message.count {
            let code = message[i]
            guard let pid = pids.first(where: { $0.code == code }) else {
                return samples.isEmpty ? .unknownPID(code) : .values(samples)
            }
            guard i + pid.dataBytes < message.count else { return .malformed }
            let a = message[i + 1]
            let b = pid.dataBytes > 1 ? message[i + 2] : 0
            samples.append(Sample(name: pid.channel, value: pid.value(a, b), unit: pid.unit))
            i += 1 + pid.dataBytes
        }
        return samples.isEmpty ? .malformed : .values(samples)
    }

    /// One responder's single frame (`<len> 41 <pid> …`); nil when the frame is from no
    /// OBD responder or is not a single frame (feed those to an `ISOTPReceiver`).
    public static func parseSingleFrame(_ frame: CANFrame, pids: [OBDPID] = OBDPID.all) -> OBDResponse? {
        guard responder(frame) != nil, let pci = frame.data.first, pci >> 4 == 0 else { return nil }
        let length = Int(pci & 0xF)
        guard length >= 1, length < frame.data.count else { return .malformed }
        return parse(Array(frame.data[1...length]), pids: pids)
    }
}

/// ISO 15765-4's two ways to address the ECUs: 11-bit ids (requests on 0x7DF, answers
/// from 0x7E8…0x7EF, flow control to 0x7E0…0x7E7) or 29-bit ones (requests on 0x18DB33F1,
/// answers from 0x18DAF1xx, flow control to 0x18DAxxF1, xx the ECU's address). A car uses
/// one of them; the board names it (`obd_ids = 11 | 29`).
public enum OBDIdentifiers: UInt8, Sendable, Equatable {
    case standard = 11
    case extended = 29
}

public enum OBDResponse: Sendable, Equatable {
    case values([Sample])
    /// `7F <service> <code>`: the ECU refused (0x12 sub-function not supported, 0x31 out of range…).
    case negative(service: UInt8, code: UInt8)
    /// A PID the table does not know: the rest of the answer cannot be split.
    case unknownPID(UInt8)
    /// An answer to another service.
    case notMode01(UInt8)
    case malformed
}
