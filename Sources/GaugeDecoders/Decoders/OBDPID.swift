/// An OBD-II mode 01 parameter: how to ask for it and how to turn its bytes into a value.
public struct OBDPID: Sendable, Equatable {
    public enum Formula: UInt8, Sendable, Equatable {
        case percentA  // A × 100 / 255
        case aMinus40  // A − 40
        case a  // A
        case quarterAB  // (256A + B) / 4
        case thousandthAB  // (256A + B) / 1000
        case hundredthAB  // (256A + B) / 100
    }

    public let code: UInt8
    public let channel: String
    public let unit: SensorUnit
    public let formula: Formula

    public init(code: UInt8, channel: String, unit: SensorUnit, formula: Formula) {
        self.code = code
        self.channel = channel
        self.unit = unit
        self.formula = formula
    }

    /// Data bytes after `41 <pid>`.
    public var dataBytes: Int {
        switch formula {
        case .quarterAB, .thousandthAB, .hundredthAB: return 2
        default: return 1
        }
    }

    public func value(_ a: UInt8, _ b: UInt8) -> Double {
        switch formula {
        case .percentA: return Double(a) * 100 / 255
        case .aMinus40: return Double(Int16(a) - 40)
        case .a: return Double(a)
        case .quarterAB: return Double(UInt32(a) << 8 | UInt32(b)) / 4
        case .thousandthAB: return Double(UInt32(a) << 8 | UInt32(b)) / 1000
        case .hundredthAB: return Double(UInt32(a) << 8 | UInt32(b)) / 100
        }
    }

    /// The ASCII request, e.g. `010C` (the driver appends CR).
    public var request: [UInt8] {
        let (h, l) = Hex.encode(code)
        return [48, 49, h, l]
    }

    public static let engineLoad = OBDPID(code: 0x04, channel: "engine.load", unit: .percent, formula: .percentA)
    public static let coolantTemperature = OBDPID(
        code: 0x05, channel: "engine.coolant.temperature",
        unit: .celsius, formula: .aMinus40)
    public static let intakeManifoldPressure = OBDPID(
        code: 0x0B, channel: "engine.intake.pressure",
        unit: .kilopascal, formula: .a)
    public static let engineSpeed = OBDPID(code: 0x0C, channel: "engine.rpm", unit: .rpm, formula: .quarterAB)
    public static let vehicleSpeed = OBDPID(
        code: 0x0D, channel: "vehicle.speed", unit: .kilometresPerHour,
        formula: .a)
    public static let intakeAirTemperature = OBDPID(
        code: 0x0F, channel: "engine.intake.temperature",
        unit: .celsius, formula: .aMinus40)
    /// Grams of air per second: with the air-fuel ratio, the fuel flow.
    public static let massAirFlow = OBDPID(code: 0x10, channel: "engine.maf", unit: .none, formula: .hundredthAB)
    public static let throttlePosition = OBDPID(
        code: 0x11, channel: "engine.throttle", unit: .percent,
        formula: .percentA)
    public static let fuelLevel = OBDPID(code: 0x2F, channel: "fuel.level", unit: .percent, formula: .percentA)
    public static let moduleVoltage = OBDPID(
        code: 0x42, channel: "vehicle.voltage", unit: .volts,
        formula: .thousandthAB)

    public static let all: [OBDPID] = [
        engineLoad, coolantTemperature, intakeManifoldPressure, engineSpeed, vehicleSpeed,
        intakeAirTemperature, massAirFlow, throttlePosition, fuelLevel, moduleVoltage,
    ]
}

/// Finds `41 <pid> data…` in one response line and decodes it.
///
/// Tolerates spaces or none, lower-case hex, and a CAN header left on by a clone
/// that ignored `ATH0` (`7E8 04 41 0C 1A F8`, `7E804410C1AF8`).
enum OBDResponseLine {
    static func decode(_ line: [UInt8], pid: OBDPID) -> Double? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(line.count / 2 + 1)
        var digits: [UInt8] = []
        digits.reserveCapacity(line.count)
        var firstTokenLength = 0
        var sawSpace = false
        for c in line {
            if c == ASCII.space {
                sawSpace = true
                continue
            }
            guard let d = Hex.digit(c) else { return nil }
            if !sawSpace { firstTokenLength += 1 }
            digits.append(d)
        }
        var start = 0
        // An 11-bit CAN header is three hex digits; it makes the digit count odd.
        if (sawSpace && firstTokenLength == 3) || (!sawSpace && digits.count % 2 == 1) { start = 3 }
        guard (digits.count - start) % 2 == 0 else { return nil }
        var i = start
        while i + 1 < digits.count {
            bytes.append(digits[i] << 4 | digits[i + 1])
            i += 2
        }
        var k = 0
        while k + 1 + pid.dataBytes < bytes.count {
            if bytes[k] == 0x41 && bytes[k + 1] == pid.code {
                let a = bytes[k + 2]
                let b = pid.dataBytes > 1 ? bytes[k + 3] : 0
                return pid.value(a, b)
            }
            k += 1
        }
        return nil
    }
}
