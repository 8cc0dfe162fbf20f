// What decoding a CAN frame costs: `scripts/bench-can.sh` counts this program's
// instructions under callgrind for N and 2N frames (the difference is N frames' work).
//   can-cost dbc FILE.dbc N    N broadcast frames, the DBC's messages in turn: the id looked up
//                              as CANDecoder does, every signal into a sample (DBCSampler)
//   can-cost nmea2000 N        N single-frame NMEA 2000 frames (depth, wind, heading) in turn
//   can-cost signals K N       N frames of one message of K signals (1…8, a byte each, factor
//                              0.1): the cost against K is a line, its slope one signal's cost
// Prints the signals (samples) per frame; the sum of the values keeps the work alive.
import Glibc

func readFile(_ path: String) -> [UInt8] {
    guard let f = fopen(path, "rb") else {
        fputs("cannot open \(path)\n", stderr)
        exit(2)
    }
    defer { fclose(f) }
    var bytes: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let n = fread(&buffer, 1, buffer.count, f)
        if n <= 0 { break }
        bytes += buffer[0..<n]
    }
    return bytes
}

func littleEndian(_ v: UInt64, _ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: v >> (8 * UInt64($0))) } }

@main
struct CANDecodeCost {
    static func main() {
        let args = CommandLine.arguments
        var sum = 0.0, samples = 0
        if args.count == 4, args[1] == "dbc", let n = Int(args[3]) {
            let file: DBCFile
            do { file = try DBCFile.parse(readFile(args[2])) } catch {
                fputs("\(args[2]): \(error)\n", stderr)
                exit(2)
            }
            // Each message with every signal at the middle of its range.
            let frames: [CANFrame] = file.messages.compactMap { m in
                let values = m.signals.map { ($0.name, ($0.minimum + $0.maximum) / 2) }
                guard let data = m.encode(values) else { return nil }
                return try? CANFrame(id: m.id, extended: m.isExtended, data: data)
            }
            var index: [UInt32: Int] = [:]
            for (i, m) in file.messages.enumerated() { index[m.id | (m.isExtended ? 0x8000_0000 : 0)] = i }
            let samplers = file.messages.map { DBCSampler($0) }
            for k in 0..<n {
                let frame = frames[k % frames.count]
                guard let i = index[frame.id | (frame.isExtended ? 0x8000_0000 : 0)] else { continue }
                samplers[i].samples(frame.data) {
                    sum += $0.value
                    samples += 1
                }
            }
        } else if args.count == 4, args[1] == "signals", let k = Int(args[2]), (1...8).contains(k), let n = Int(args[3]) {
            var text = "BO_ 256 M: 8 ECU\n"
            for i in 0..<k { text += " SG_ S\(i) : \(8 * i)|8@1+ (0.1,0) [0|25.5] \"\" ECU\n" }
            let file = try! DBCFile.parse(Array(text.utf8))
            let frame = try! CANFrame(id: 256, extended: false, data: [0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88])
            // The lookup as CANDecoder does it, so the intercept is a whole frame's fixed cost.
            let index: [UInt32: Int] = [256: 0]
            let samplers = file.messages.map { DBCSampler($0) }
            for _ in 0..<n {
                guard let i = index[frame.id | (frame.isExtended ? 0x8000_0000 : 0)] else { continue }
                samplers[i].samples(frame.data) {
                    sum += $0.value
                    samples += 1
                }
            }
        } else if args.count == 3, args[1] == "nmea2000", let n = Int(args[2]) {
            // priority 2, PGN, source 0x23; every PGN here is PDU2 (PF ≥ 240).
            func id(_ pgn: UInt32) -> UInt32 { 2 << 26 | pgn << 8 | 0x23 }
            let frames = [
                try! CANFrame(id: id(128_267), extended: true, data: [1] + littleEndian(840, 4) + littleEndian(0, 2) + [0xFF]),
                try! CANFrame(id: id(130_306), extended: true, data: [1] + littleEndian(730, 2) + littleEndian(56_723, 2) + [2, 0xFF, 0xFF]),
                try! CANFrame(
                    id: id(127_250), extended: true, data: [1] + littleEndian(17_157, 2) + littleEndian(0x7FFF, 2) + littleEndian(0x7FFF, 2) + [1]),
            ]
            var decoder = NMEA2000Decoder()
            for k in 0..<n {
                decoder.feed(frames[k % frames.count]) {
                    sum += $0.value
                    samples += 1
                }
            }
        } else {
            fputs("usage: can-cost dbc FILE.dbc N | can-cost nmea2000 N | can-cost signals K N\n", stderr)
            exit(2)
        }
        print("samples \(samples) sum \(sum)")
    }
}
