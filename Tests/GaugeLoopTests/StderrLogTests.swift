import Glibc
import Testing

@testable import GaugeLoop

/// The log line's time stamp is written without strftime (the firmware leaves glibc's
/// strftime out); it must say what strftime says.
@Suite struct StderrLogTests {
    static func strftimeStamp(_ parts: tm) -> String {
        var parts = parts
        var buffer = [CChar](repeating: 0, count: 64)
        let n = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
        return String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @Test func stampIsStrftimes() {
        let years: [Int32] = [-1905, -1900, -901, -1888, 70, 126, 138, 8100]
        let offsets = [0, -19_800, 19_800, -59, 59, -3_599, 50_400, -43_200, 20_700]
        for (i, year) in years.enumerated() {
            for offset in offsets {
                for isDST: Int32 in [-1, 0, 1] {
                    var parts = tm()
                    parts.tm_year = year
                    parts.tm_mon = Int32(i % 12)
                    parts.tm_mday = Int32(1 + i * 4)
                    parts.tm_hour = Int32(i * 3)
                    parts.tm_min = Int32(i * 7)
                    parts.tm_sec = Int32(i * 8 % 61)
                    parts.tm_gmtoff = offset
                    parts.tm_isdst = isDST
                    #expect(StderrLog.stamp(parts) == Self.strftimeStamp(parts))
                }
            }
        }
    }

    @Test func stampOfNowIsStrftimes() {
        var now = time(nil)
        var parts = tm()
        #expect(localtime_r(&now, &parts) != nil)
        #expect(StderrLog.stamp(parts) == Self.strftimeStamp(parts))
    }
}
