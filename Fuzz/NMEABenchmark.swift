// NMEA decoder throughput on one core: `scripts/fuzz-sensors.sh --bench`.
// Prints lines/s; asserts nothing (a slow machine must not fail anything).
import Glibc

func sentence(_ body: String) -> String { "$" + XORChecksum.append(to: body) + "\r\n" }

func monotonicNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

@main
struct NMEABenchmark {
    static func main() {
        let mix = [
            sentence("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W"),
            sentence("IIMWV,045.0,R,12.5,N,A"),
            sentence("SDDPT,12.5,0.4,100"),
            sentence("IIVHW,231.0,T,228.5,M,6.2,N,11.5,K"),
            sentence("HCHDG,98.3,2.0,W,3.5,E"),
            sentence("YXMTW,17.5,C"),
            sentence("IIRPM,E,1,2400,12.5,A"),
            sentence("IIXDR,C,19.5,C,AIRTEMP,P,1.013,B,BARO"),
        ]
        var stream: [UInt8] = []
        let copies = 25_000
        for _ in 0..<copies { for s in mix { stream += Array(s.utf8) } }
        let lines = copies * mix.count
        var best = Double.infinity
        var checksum = 0.0
        for _ in 0..<5 {
            var d = NMEADecoder()
            let t0 = monotonicNanoseconds()
            stream.withUnsafeBytes { raw in
                // 4 KB reads, as from a serial port.
                var i = 0
                while i < raw.count {
                    let j = min(i + 4096, raw.count)
                    d.feed(UnsafeRawBufferPointer(rebasing: raw[i..<j])) { checksum += $0.value }
                    i = j
                }
            }
            let seconds = Double(monotonicNanoseconds() - t0) / 1e9
            precondition(d.statistics.accepted == UInt64(lines))
            best = min(best, seconds)
        }
        let perSecond = Double(lines) / best
        print(
            "NMEA: \(lines) lines (\(stream.count) bytes) in \(best) s = \(Int(perSecond)) lines/s, \(Int(Double(stream.count) / best / 1e6)) MB/s (checksum \(checksum))"
        )
    }
}
