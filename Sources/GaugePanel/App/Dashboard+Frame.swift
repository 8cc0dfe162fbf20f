import GaugeRaster
import GaugeWidgets

/// What the panel's state sets on the dashboard it draws each frame: indeterminate
/// phases, timed widgets, raw readings, alarm colours.
extension Dashboard {
    /// Sets the phase of every indeterminate indicator on the visible page; true if any.
    mutating func setIndeterminatePhase(_ phase: Int32) -> Bool {
        guard !pages.isEmpty else { return false }
        let p = Int(currentPage)
        var any = false
        for w in pages[p].widgets.indices where pages[p].widgets[w].isIndeterminate {
            pages[p].widgets[w].setPhase(phase)
            any = true
        }
        return any
    }

    /// The visible page's timed widgets (blinking lamps) at `milliseconds`; the first
    /// time any of them changes next.
    @inline(never)
    mutating func setTime(milliseconds: Int64) -> Int64? {
        guard !pages.isEmpty else { return nil }
        let p = Int(currentPage)
        var first: Int64?
        for w in pages[p].widgets.indices where pages[p].widgets[w].isTimed {
            if let t = pages[p].widgets[w].setTime(milliseconds: milliseconds) { first = min(first ?? t, t) }
        }
        return first
    }

    /// The raw reading to the widgets of `channel` that show it unsmoothed (lamps).
    @inline(never)
    mutating func setRaw(_ channel: String, to value: Double) {
        for p in pages.indices {
            for w in pages[p].widgets.indices where pages[p].widgets[w].channel == channel && pages[p].widgets[w].followsRawValue {
                pages[p].widgets[w].setValue(value)
            }
        }
    }

    /// Shows `channel`'s alarm on every widget it feeds, in one walk: the state's colour
    /// (nil: none now, a blink's dark half) and its severity (1 alert … 4 emergency).
    mutating func showAlarm(_ channel: String, colour: Color?, severity: Int8) {
        for p in pages.indices {
            for w in pages[p].widgets.indices where pages[p].widgets[w].channel == channel {
                if let colour { pages[p].widgets[w].highlight(colour) }
                pages[p].widgets[w].showAlarm(severity: severity)
            }
        }
    }
}
