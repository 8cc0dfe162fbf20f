/// The wall clock beside the panel's monotonic one: what the sun's elevation is worked
/// out from. The run loop sets it at each frame, so a clock that NTP or a GPS sets while
/// the panel runs is followed; `render` never sets it.
extension PanelState {
    /// The wall clock (`realtime`, nanoseconds since 1970) as it is at `now` of the panel's
    /// clock. Times before 2024 are a clock not yet set: the sun has no value then.
    public mutating func setWallClock(realtime: UInt64, at now: UInt64) {
        guard realtime >= Self.earliestWallClock, realtime < 1 << 62, now < 1 << 62 else {
            wallClockOffset = nil
            return
        }
        wallClockOffset = Int64(realtime) - Int64(now)
    }

    /// 2024-01-01 00:00 UTC in nanoseconds since 1970.
    static let earliestWallClock: UInt64 = 1_704_067_200 * 1_000_000_000

    /// Seconds since 1970 at `now` of the panel's clock, where the wall clock is known.
    func unixSeconds(at now: UInt64) -> Double? {
        wallClockOffset.map { (Double(now) + Double($0)) / 1e9 }
    }
}
