import GaugeConfig
import GaugeWidgets

/// A run `time` into it, without running: every reading the board's sources know they
/// give by then (a recording played back) goes through the panel's own state — the
/// channels' units, scaling, smoothing and staleness, the charts' columns from time zero —
/// so `render --time` of a replayed board draws the pixels its run does.
struct Playback {
    private var state: PanelState
    private let time: UInt64

    /// nil when no source of the board knows its readings (nothing to play).
    init?(_ board: BoardConfiguration, nanoseconds time: UInt64) {
        // Stable: readings of one time keep their sources' order, as the loop takes them.
        let readings = board.sensors.flatMap { $0.source.readings(untilNanoseconds: time) }.enumerated()
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map { $0.element }
        guard !readings.isEmpty else { return nil }
        state = PanelState(board: board, animates: false)
        state.startClock(at: 0)
        for r in readings { state.accept(r.sample, now: r.time) }
        _ = state.frame(now: time)
        self.time = time
    }

    /// The value of every channel that has one at the end (what the run shows).
    func values(of board: BoardConfiguration) -> [String: Double] {
        var out: [String: Double] = [:]
        for c in board.channels {
            let v = state.value(of: c.name, now: time)
            if v.isFinite { out[c.name] = v }
        }
        return out
    }

    /// Every chart on `dashboard` with its history at the end.
    func fillCharts(_ dashboard: inout Dashboard) {
        for p in dashboard.pages.indices {
            for w in dashboard.pages[p].widgets.indices where dashboard.pages[p].widgets[w].chartShape != nil {
                let id = dashboard.pages[p].widgets[w].id
                var series = 0
                while let h = state.chartHistory(of: id, series: series) {
                    dashboard.pages[p].widgets[w].show(history: h, series: series)
                    series += 1
                }
            }
        }
    }
}
