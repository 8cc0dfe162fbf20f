import GaugeRaster
import GaugeWidgets

/// `type = "chart"`: a channel's history over `window` seconds (10 s to 24 h), as a line
/// or a min/max band, over a fixed `range` or one that follows the values; `zones` shaded
/// behind it, or else the channel's alarm zones (`BoardConfiguration` adds them).
enum ChartBuilder {
    static let styles = ["line", "band"]

    static func chart(_ r: TableReader, frame: IntRect) -> WidgetContent {
        let seconds = r.integer("window", 10...86_400) ?? 600
        let style: ChartWidget.Style = r.choice("style", styles) == "band" ? .band : .line
        let range: ClosedRange<Double>? = r.has("range") ? r.range() : nil
        let tint = IndicatorBuilder.solidTint(r, default: Color(rgb: 0x3A8EE0))
        let width = r.integer("line_width", 1...16) ?? 2
        let title = r.string("title", maxLength: 64) ?? ""
        let format = r.valueFormat()
        let zones = r.zones(range: range ?? -WidgetBuilder.maxMagnitude...WidgetBuilder.maxMagnitude).map {
            ChartWidget.Zone(lower: $0.from, upper: $0.to, color: $0.color)
        }
        var chart = ChartWidget(
            frame: frame, seconds: Int64(seconds), style: style, range: range,
            lineColor: tint, lineWidth: Int32(width), zones: zones, title: title, format: format)
        chart.showsAlarmZones = !r.has("zones")
        chart.more = readAlso(r).enumerated().map { i, channel in
            ChartWidget.Series(channel: channel, history: chart.history, color: ChartWidget.seriesColors[i])
        }
        chart.historyFile = r.string("history_file", maxLength: 4096).map { r.resolve($0) }
        return .chart(chart)
    }

    /// `also = ["b", "c"]`: up to three further channels on the same axes (which sensors
    /// provide them is checked with every widget's channel).
    private static func readAlso(_ r: TableReader) -> [String] {
        guard let v = r.value("also") else { return [] }
        let shape = "expected up to three further channel names, like [\"cpu2.temperature\"]"
        guard let a = v.array, (1...ChartWidget.seriesColors.count).contains(a.count) else {
            r.report("also", shape)
            return []
        }
        var names: [String] = []
        for i in 0..<a.count {
            guard let n = a[i].string, !n.isEmpty, n.utf8.count <= 64, !names.contains(n), n != r.table["channel"]?.string else {
                r.report("also", shape + " (each once, not the chart's channel); element \(i + 1) is \(a[i].written)")
                return []
            }
            names.append(n)
        }
        return names
    }

    /// The channel's alarm zones as shaded bands of each chart that sets none of its own.
    static func addAlarmZones(_ alarms: [AlarmConfiguration], theme: GaugeTheme, to dashboard: inout Dashboard) {
        for p in dashboard.pages.indices {
            for w in dashboard.pages[p].widgets.indices {
                let widget = dashboard.pages[p].widgets[w]
                guard case .chart(var chart) = widget.content, chart.showsAlarmZones,
                    let alarm = alarms.first(where: { $0.channel == widget.channel })
                else { continue }
                chart.zones = alarm.zones.compactMap { z in
                    AlarmColours.colour(of: z.state, theme: theme).map { ChartWidget.Zone(lower: z.lower, upper: z.upper, color: $0) }
                }
                dashboard.pages[p].widgets[w].content = .chart(chart)
            }
        }
    }
}
