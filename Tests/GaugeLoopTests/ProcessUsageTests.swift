import Testing
@testable import GaugeLoop

/// The statistics line's CPU time and memory come from the kernel (getrusage, read in C,
/// and /proc/self/statm).
@Suite struct ProcessUsageTests {
    @Test func cpuTimeGrowsWithWorkAndMemoryIsResident() {
        let clock = SystemMonotonicClock()
        let before = ProcessUsage.cpuSeconds()
        let start = clock.now()
        // Arithmetic the optimizer cannot drop, until 20 ms of CPU time have been counted
        // (wall time is longer when parallel tests share the cores); 30 s is the limit.
        var x: UInt64 = 0x9E37_79B9_7F4A_7C15
        var after = before
        while after - before < 0.02, clock.now() - start < LoopTime.seconds(30) {
            for _ in 0..<100_000 { x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407 }
            after = ProcessUsage.cpuSeconds()
        }
        let wall = Double(clock.now() - start) / 1e9
        #expect(x != 0)
        #expect(before > 0)
        #expect(after - before >= 0.02, "no CPU time counted in \(wall) s of work")
        // One thread's work: its CPU time cannot pass the wall time by much (other tests'
        // threads count too, on at most a few cores).
        #expect(after - before < wall * 8 + 0.05)
        #expect(ProcessUsage.residentKilobytes() > 100)
    }
}
