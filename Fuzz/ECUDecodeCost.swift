// What reading an ECU's realtime block costs: `scripts/bench-ecu.sh` counts this program's
// instructions under callgrind for N and 2N blocks (the difference is N blocks' work).
//   ecu-cost crc N      N answers in the CRC32 framing (22 bytes of Speeduino's block: the
//                       frame checked, then rpm, map, afr, coolant, iat, tps, advance,
//                       battery decoded, coolant and iat through their expressions)
//   ecu-cost legacy N   the same bytes in the legacy framing (no CRC)
// Prints the samples per block; the sum of the values keeps the work alive.
import Glibc

let costINI = Array(
    """
    [MegaTune]
    queryCommand = "Q"
    signature = "speeduino 202501"
    [Constants]
    endianness = little
    messageEnvelopeFormat = msEnvelope_1.0
    [OutputChannels]
    ochGetCommand = "r\\$tsCanId\\x30%2o%2c"
    ochBlockSize = 130
    map = scalar, U16, 4, "kpa", 1.000, 0.000
    iatRaw = scalar, U08, 6, "°C", 1.000, 0.000
    coolantRaw = scalar, U08, 7, "°C", 1.000, 0.000
    batteryVoltage = scalar, U08, 9, "V", 0.100, 0.000
    afr = scalar, U08, 10, "O2", 0.100, 0.000
    rpm = scalar, U16, 14, "rpm", 1.000, 0.000
    advance = scalar, S08, 24, "deg", 1.000, 0.000
    tps = scalar, U08, 25, "%", 0.500, 0.000
    coolant = { (coolantRaw - 40) * 1.8 + 32 }
    iat = { (iatRaw - 40) * 1.8 + 32 }
    """.utf8)

@main
struct ECUDecodeCost {
    static func main() {
        let args = CommandLine.arguments
        let legacyINI = Array(String(decoding: costINI, as: UTF8.self).replacing("messageEnvelopeFormat = msEnvelope_1.0", with: "").utf8)
        guard args.count == 3, let n = Int(args[2]), let definition = try? ECUDefinition.parse(args[1] == "legacy" ? legacyINI : costINI) else {
            fputs("usage: ecu-cost crc|legacy N\n", stderr)
            exit(2)
        }
        let framing: TunerStudioFraming = args[1] == "legacy" ? .legacy : .crc32
        let names = ["rpm", "map", "afr", "coolant", "iat", "tps", "advance", "batteryVoltage"]
        var driver = TunerStudioDriver(decoder: RealtimeDecoder(definition: definition, names: names))
        var now: UInt64 = 1
        _ = driver.nextCommand(now: now)
        driver.feed(framing == .crc32 ? answer([0] + Array("speeduino 202501".utf8)) : Array("speeduino 202501".utf8), now: now) { _ in }
        var sum = 0.0
        var samples = 0
        var block = [UInt8](repeating: 0, count: 22)
        for i in 0..<n {
            now += 100_000_000
            guard driver.nextCommand(now: now) != nil else {
                fputs("no request\n", stderr)
                exit(1)
            }
            block[10] = UInt8(truncatingIfNeeded: i)
            block[3] = UInt8(truncatingIfNeeded: i >> 3)
            driver.feed(framing == .crc32 ? answer([0] + block) : block, now: now) { s in
                sum += s.value
                samples += 1
            }
        }
        print("samples \(samples / max(n, 1)) per block, sum \(sum)")
    }

    static func answer(_ payload: [UInt8]) -> [UInt8] {
        TunerStudioFraming.crc32.frame(payload)
    }
}
