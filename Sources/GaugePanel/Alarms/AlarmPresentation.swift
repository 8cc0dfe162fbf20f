import GaugeConfig
import GaugeRaster
import GaugeWidgets

/// What alarms do to a dashboard: every widget of an alarmed channel takes the state's
/// colour, and a banner over the page names the alarms nobody has acknowledged yet (the
/// worst first, then the oldest; "+N" for the rest).
enum AlarmPresentation {
    /// The banner's strip: the screen's width, a tenth of its height (20…64 px).
    static func bannerFrame(width: Int32, height: Int32, placement: AlarmBannerPlacement) -> IntRect? {
        let h = min(max(height / 10, 20), 64)
        switch placement {
        case .none: return nil
        case .top: return IntRect(x: 0, y: 0, width: width, height: h)
        case .bottom: return IntRect(x: 0, y: height - h, width: width, height: h)
        }
    }

    static func apply(
        _ monitors: [AlarmMonitor], at now: UInt64, theme: GaugeTheme, placement: AlarmBannerPlacement, to dashboard: inout Dashboard
    ) {
        var waiting: [AlarmMonitor] = []
        for m in monitors {
            let shown = m.shownState(at: now), colour = m.colour(at: now, theme: theme)
            if colour != nil || shown >= .alert {
                dashboard.showAlarm(m.channel, colour: colour, severity: shown >= .alert ? Int8(shown.rawValue) - 1 : 0)
            }
            if m.isUnacknowledged && m.shownState(at: now).isActive { waiting.append(m) }
        }
        guard let frame = bannerFrame(width: dashboard.width, height: dashboard.height, placement: placement),
            let first = worst(of: waiting, at: now)
        else {
            dashboard.overlay = []
            return
        }
        let state = first.shownState(at: now)
        let more = waiting.count > 1 ? "   +\(waiting.count - 1)" : ""
        let label = TextLabel(
            first.bannerText + more, frame: frame, alignment: .centre, color: AlarmColours.text(on: state),
            background: AlarmColours.colour(of: state, theme: theme) ?? theme.hold)
        dashboard.overlay = [DashboardWidget(id: "alarm-banner", content: .label(label), labelSize: frame.height * 3 / 5)]
    }

    /// The alarm the banner names: the worst shown state, the longest in it first.
    private static func worst(of monitors: [AlarmMonitor], at now: UInt64) -> AlarmMonitor? {
        var best: AlarmMonitor?
        for m in monitors {
            guard let b = best else {
                best = m
                continue
            }
            let (s, bs) = (m.shownState(at: now), b.shownState(at: now))
            if s > bs || s == bs && m.since < b.since { best = m }
        }
        return best
    }
}

extension BoardConfiguration {
    /// The alarms that `values` raise, shown at once on `dashboard` (a still picture:
    /// no delay, nothing acknowledged, blinking in its on phase) — what the panel shows.
    func showAlarms(for values: [String: Double], on dashboard: inout Dashboard, theme: GaugeTheme) {
        let monitors = alarms.map { configuration -> AlarmMonitor in
            var immediate = configuration
            immediate.delay = 0
            var m = AlarmMonitor(immediate)
            _ = m.update(values[configuration.channel] ?? .nan, now: 0)
            return m
        }
        AlarmPresentation.apply(monitors, at: 0, theme: theme, placement: alarmDisplay.banner, to: &dashboard)
    }
}
