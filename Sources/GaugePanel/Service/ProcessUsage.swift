#if canImport(Glibc)
import Glibc
#endif

/// The process's own CPU time and memory, for the statistics line.
enum ProcessUsage {
    /// User plus system CPU seconds so far.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    /// Resident set size now (not the peak), from /proc/self/statm.
    static func residentKilobytes() -> Int64 {
        guard let f = fopen("/proc/self/statm", "r") else { return 0 }
        defer { fclose(f) }
        var size = 0, resident = 0
        guard withUnsafeMutablePointer(to: &size, { s in withUnsafeMutablePointer(to: &resident) { r in
            readTwo(f, s, r) } }) else { return 0 }
        return Int64(resident) * Int64(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }

    private static func readTwo(_ f: UnsafeMutablePointer<FILE>, _ a: UnsafeMutablePointer<Int>, _ b: UnsafeMutablePointer<Int>) -> Bool {
        var line = [CChar](repeating: 0, count: 128)
        guard fgets(&line, 128, f) != nil else { return false }
        let bytes = line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let fields = String(decoding: bytes, as: UTF8.self).split(separator: " ")
        guard fields.count >= 2, let x = Int(fields[0]), let y = Int(fields[1]) else { return false }
        a.pointee = x; b.pointee = y
        return true
    }
}
