import GaugeConfig
import GaugeWidgets

/// Charts as a run shows them `time` into it, without running: every reading the board's
/// sources know they give by then (a recording played back) goes through the panel's own
/// state — the channels' units, scaling and smoothing, the charts' columns from time zero
/// — so `render --time` of a replayed board draws the pixels its run does.
enum ChartPlayback {
    static func fill(_ dashboard: inout Dashboard, board: BoardConfiguration, nanoseconds time: UInt64) {
        let charts = dashboard.pages.flatMap { $0.widgets }.filter { $0.chartShape != nil }
        guard !charts.isEmpty else { return }
        // Stable: readings of one time keep their sources' order, as the loop takes them.
        let readings = board.sensors.flatMap { $0.source.readings(untilNanoseconds: time) }.enumerated()
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map { $0.element }
        var state = PanelState(board: board, animates: false)
        state.startClock(at: 0)
        for r in readings { state.accept(r.sample, now: r.time) }
        _ = state.frame(now: time)
        for p in dashboard.pages.indices {
            for w in dashboard.pages[p].widgets.indices where dashboard.pages[p].widgets[w].chartShape != nil {
                if let h = state.chartHistory(of: dashboard.pages[p].widgets[w].id) { dashboard.pages[p].widgets[w].show(history: h) }
            }
        }
    }
}
