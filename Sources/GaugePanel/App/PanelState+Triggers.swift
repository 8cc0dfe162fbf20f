import GaugeConfig
import GaugeDecoders

/// What the triggers read and do: a condition over the channels, alarms and page, and the
/// actions a firing asks of the state (a page, a theme, an acknowledgement, the trip, the
/// log) or of the services beyond it (a message, an output's order, a sound).
extension PanelState {
    /// Whether a trigger's condition holds at `now`.
    func holds(_ condition: TriggerConfiguration.Condition, now: UInt64) -> Bool {
        switch condition {
        case .above(let c, let v):
            let x = value(of: c, now: now)
            return x.isFinite && x >= v
        case .below(let c, let v):
            let x = value(of: c, now: now)
            return x.isFinite && x <= v
        case .alarm(let c, let state): return alarms.contains { $0.channel == c && $0.shownState(at: now) >= state }
        case .page(let p): return page == p
        }
    }

    mutating func perform(_ actions: TriggerConfiguration.Actions) {
        if let p = actions.showPage { show(page: p) }
        if let t = actions.theme { setTheme(t) }
        if actions.acknowledge { acknowledgeAlarms() }
        if actions.resetTrip { handle(.resetTrip) }
        if let on = actions.logging { logging = on }
        if let p = actions.publish {
            let m = TopicMessage(topic: p.topic, payload: Array(p.payload.utf8))
            controls.queue(PanelMessage(sensor: p.sensor, message: m, origin: "trigger"))
        }
        if let o = actions.output { effects.queue(o) }
        if let s = actions.sound { effects.queue(s) }
    }
}
