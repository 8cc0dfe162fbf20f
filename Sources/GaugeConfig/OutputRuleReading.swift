import GaugeDecoders

/// The rule keys of an `[[output]]`: exactly one of `on_above`, `on_below`, `from`/`to`
/// (a shift light), `alarm` or `manual`, with the keys that go with it.
extension OutputConfiguration {
    static let valueRange = -1e9...1e9

    static func readRule(_ r: TableReader, channels: [String], alarmChannels: [String]) -> OutputRule? {
        let onAbove = r.number("on_above", valueRange), onBelow = r.number("on_below", valueRange)
        let shift = r.has("from") || r.has("to") || r.has("flash_above") || r.has("flash_hz")
        let alarm = r.name("alarm")
        let manual = r.bool("manual") ?? false
        if r.has("manual"), !manual { r.report("manual", "expected true (leave it out for an output a rule switches)") }
        let given = [onAbove != nil || r.has("on_above"), onBelow != nil || r.has("on_below"), shift, alarm != nil || r.has("alarm"), manual]
        guard given.filter({ $0 }).count == 1 else {
            let why = given.contains(true) ? "give only one rule" : "missing a rule"
            r.report(
                nil,
                "\(why): on_above (with off_below), on_below (with off_above), from and to (a shift light), alarm = \"channel\", "
                    + "or manual = true (switched by buttons and triggers)")
            markRuleKeys(r)
            return nil
        }
        if let alarm { return readAlarm(r, alarm, alarmChannels: alarmChannels) }
        if manual { return readManual(r) }
        let channel = readChannel(r, channels)
        if shift { return readShiftLight(r, channel: channel) }
        let minOn = r.number("min_on", 0...86400) ?? 0, minOff = r.number("min_off", 0...86400) ?? 0
        let blink = r.number("blink_hz", 0.1...50)
        let kind: OutputRule.Kind
        if let on = onAbove {
            if r.has("off_above") { r.report("off_above", "goes with on_below; with on_above the hysteresis is off_below") }
            let off = r.number("off_below", valueRange) ?? on
            guard off <= on else { return bad(r, "off_below", "expected a value at or below on_above (\(format(on))), got \(format(off))") }
            guard let channel else { return nil }
            kind = .above(channel: channel, on: on, off: off)
        } else if let on = onBelow {
            if r.has("off_below") { r.report("off_below", "goes with on_above; with on_below the hysteresis is off_above") }
            let off = r.number("off_above", valueRange) ?? on
            guard off >= on else { return bad(r, "off_above", "expected a value at or above on_below (\(format(on))), got \(format(off))") }
            guard let channel else { return nil }
            kind = .below(channel: channel, on: on, off: off)
        } else {
            return nil  // on_above or on_below given but not a number: reported
        }
        return OutputRule(kind: kind, minOnSeconds: minOn, minOffSeconds: minOff, blinkHz: blink)
    }

    /// After a rule error: the rule keys are known keys, not "unknown key" too.
    private static func markRuleKeys(_ r: TableReader) {
        for key in ruleKeys { _ = r.value(key) }
    }

    static let ruleKeys = [
        "channel", "on_above", "off_below", "on_below", "off_above", "min_on", "min_off", "blink_hz", "from", "to",
        "flash_above", "flash_hz", "alarm", "alarm_level", "until_acknowledged", "manual",
    ]

    private static func readChannel(_ r: TableReader, _ channels: [String]) -> String? {
        guard let c = r.name("channel", required: true) else { return nil }
        guard channels.contains(c) else {
            let near = NameSuggestion.nearest(to: c, in: channels).map { " (did you mean \"\($0.escapingControls)\"?)" } ?? ""
            return bad(r, "channel", "no sensor provides channel \"\(c.escapingControls)\"\(near)")
        }
        return c
    }

    private static func readShiftLight(_ r: TableReader, channel: String?) -> OutputRule? {
        let from = r.number("from", valueRange, required: true), to = r.number("to", valueRange, required: true)
        let flashAbove = r.number("flash_above", valueRange), flashHz = r.number("flash_hz", 0.5...50)
        for key in ["off_below", "off_above", "min_on", "min_off", "blink_hz", "alarm_level", "until_acknowledged"] where r.has(key) {
            _ = r.value(key)
            r.report(key, "does not apply to a shift light (from and to)")
        }
        if flashHz != nil && flashAbove == nil { r.report("flash_hz", "goes with flash_above (the value at which the lines flash)") }
        guard let channel, let from, let to else { return nil }
        guard from < to else { return bad(r, "to", "expected a value above from (\(format(from))), got \(format(to))") }
        let light = OutputRule.ShiftLight(channel: channel, from: from, to: to, flashAbove: flashAbove, flashHz: flashHz ?? 8)
        return OutputRule(kind: .shiftLight(light))
    }

    /// `manual = true`: no channel; minimum times and blinking as a threshold's.
    private static func readManual(_ r: TableReader) -> OutputRule? {
        let minOn = r.number("min_on", 0...86400) ?? 0, minOff = r.number("min_off", 0...86400) ?? 0
        let blink = r.number("blink_hz", 0.1...50)
        for key in ["channel", "off_below", "off_above", "alarm_level", "until_acknowledged"] where r.has(key) {
            _ = r.value(key)
            r.report(key, "does not apply with manual = true (buttons, switches and triggers switch it)")
        }
        return OutputRule(kind: .manual, minOnSeconds: minOn, minOffSeconds: minOff, blinkHz: blink)
    }

    private static func readAlarm(_ r: TableReader, _ channel: String, alarmChannels: [String]) -> OutputRule? {
        // The states' names, and the shorthand's words for warn and alarm.
        let word = r.choice("alarm_level", ["alert", "warn", "alarm", "emergency", "warning", "critical"]) ?? "warn"
        let level = word == "warning" ? AlarmState.warn : word == "critical" ? .alarm : AlarmState(name: word) ?? .warn
        let unacknowledged = r.bool("until_acknowledged") ?? false
        let minOn = r.number("min_on", 0...86400) ?? 0, minOff = r.number("min_off", 0...86400) ?? 0
        let blink = r.number("blink_hz", 0.1...50)
        for key in ["channel", "off_below", "off_above"] where r.has(key) {
            _ = r.value(key)
            r.report(key, "does not apply with alarm (the alarm names its channel; its thresholds are the channel's)")
        }
        guard alarmChannels.contains(channel) else {
            return bad(r, "alarm", "channel \"\(channel.escapingControls)\" has no alarm (give that channel warning or critical)")
        }
        return OutputRule(
            kind: .alarm(channel: channel, level: Int32(level.rawValue), unacknowledged: unacknowledged), minOnSeconds: minOn, minOffSeconds: minOff,
            blinkHz: blink)
    }

    private static func bad<T>(_ r: TableReader, _ key: String, _ message: String) -> T? {
        r.report(key, message)
        return nil
    }
}
