import Testing
@testable import GaugePanel

/// The `[log]`'s time column: UTC, ISO 8601, milliseconds, across leap days and centuries.
@Suite struct LogTimestampTests {
    @Test func civilDatesFromTheEpoch() {
        let ms: UInt64 = 1_000_000
        #expect(LogService<TestEventLoop>.timestamp(nanoseconds: 0) == "1970-01-01T00:00:00.000Z")
        #expect(LogService<TestEventLoop>.timestamp(nanoseconds: 951_782_400_000 * ms) == "2000-02-29T00:00:00.000Z")
        #expect(LogService<TestEventLoop>.timestamp(nanoseconds: 1_767_225_599_999 * ms) == "2025-12-31T23:59:59.999Z")
        #expect(LogService<TestEventLoop>.timestamp(nanoseconds: 4_107_542_400_005 * ms) == "2100-03-01T00:00:00.005Z")
    }
}
