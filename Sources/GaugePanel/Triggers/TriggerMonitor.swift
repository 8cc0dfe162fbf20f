import GaugeConfig

/// One `[[trigger]]` as time passes: it fires once when its condition has held for
/// `for` seconds, then not again until the condition has gone false and come true again,
/// and never within `cooldown` of its last firing (a condition still holding when the
/// cooldown ends fires then).
struct TriggerMonitor: Sendable {
    let configuration: TriggerConfiguration
    /// Since when the condition has held (nil: it does not).
    private var holdingSince: UInt64?
    /// It fired during this spell of the condition holding.
    private var firedThisSpell = false
    private var lastFired: UInt64?

    init(_ configuration: TriggerConfiguration) { self.configuration = configuration }

    /// Takes whether the condition holds at `now`; true when the trigger fires now.
    mutating func update(holds: Bool, now: UInt64) -> Bool {
        guard holds else {
            holdingSince = nil
            firedThisSpell = false
            return false
        }
        let since = holdingSince ?? now
        holdingSince = since
        guard !firedThisSpell, let due = dueTime(since: since), now >= due else { return false }
        firedThisSpell = true
        lastFired = now
        return true
    }

    /// When the trigger can fire in this spell: held long enough and out of its cooldown.
    private func dueTime(since: UInt64) -> UInt64? {
        let (held, o1) = since.addingReportingOverflow(configuration.holdFor)
        guard !o1 else { return nil }
        guard let last = lastFired else { return held }
        let (cool, o2) = last.addingReportingOverflow(configuration.cooldown)
        return o2 ? nil : max(held, cool)
    }

    /// When it will fire if the condition keeps holding (the loop wakes then).
    func nextTransition(after now: UInt64) -> UInt64? {
        guard let since = holdingSince, !firedThisSpell, let due = dueTime(since: since), due > now else { return nil }
        return due
    }
}
