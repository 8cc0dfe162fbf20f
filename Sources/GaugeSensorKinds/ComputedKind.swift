import GaugeConfig
import GaugeSensors

/// `kind = "computed"`: channels computed from other channels by an `expression`
/// (GaugeConfig's `ComputedChannel`), linked against the whole board once it is read, and
/// evaluated by the panel's state whenever it draws. Nothing is opened or polled.
enum ComputedKind: SensorKindReading {
    static let name = "computed"
    static let summary = "channels computed from other channels (expression, failover, window statistic, the sun's elevation)"
    static let sensorKeys: [String] = []
    static let channelKeys = ["expression", "sources", "statistic", "of", "over", "sun", "latitude", "longitude"]
    static let channelsReadSource = false

    static func readSensor(_ r: TableReader) -> Void? { () }

    static func readChannel(_ r: TableReader, _ channel: inout ChannelConfiguration, sensor: Void?) -> Void? {
        let forms = ["expression", "sources", "statistic", "sun"].filter { r.has($0) }
        if forms.count > 1 { r.report(forms[1], "give one of expression, sources, statistic or sun, not \(forms.joined(separator: " and "))") }
        if r.has("sun") || r.has("latitude") || r.has("longitude") {
            guard let sun = readSun(r) else { return nil }
            channel.setSun(sun, at: r)
        } else if r.has("statistic") || r.has("of") || r.has("over") {
            guard let statistic = readStatistic(r) else { return nil }
            channel.setStatistic(statistic, at: r)
        } else if r.has("sources") {
            guard let sources = readSources(r) else { return nil }
            channel.setFailover(sources, at: r)
        } else {
            guard let text = r.string("expression", required: true, maxLength: 512) else { return nil }
            channel.setExpression(text, at: r)
        }
        for key in ["smoothing", "median", "stale_after"] where r.has(key) {
            r.report(key, "has no effect on a computed channel (it follows its inputs: give \(key) to them)")
        }
        return ()
    }

    /// `statistic = "max"`, `of = "wind.speed"`, `over = 600` (seconds): all three.
    private static func readStatistic(_ r: TableReader) -> WindowStatistic? {
        let kinds = WindowStatistic.Kind.allCases.map { $0.rawValue }
        let kind = r.choice("statistic", kinds, required: true).flatMap { WindowStatistic.Kind(rawValue: $0) }
        let of = r.string("of", required: true, maxLength: 64)
        let over = r.integer64("over", 1...86_400, required: true)
        if of == r.string("name", maxLength: 64) { r.report("of", "a statistic of the channel itself; name another channel") }
        guard let kind, let of, let over else { return nil }
        return WindowStatistic(kind: kind, of: of, seconds: over)
    }

    /// `sun = "elevation"` with `latitude` and `longitude`, each in degrees or a channel's name.
    private static func readSun(_ r: TableReader) -> SunElevation? {
        let what = r.choice("sun", ["elevation"], required: true)
        let latitude = coordinate(r, "latitude", limit: 90), longitude = coordinate(r, "longitude", limit: 180)
        guard what != nil, let latitude, let longitude else { return nil }
        return SunElevation(latitude: latitude, longitude: longitude)
    }

    /// A coordinate: degrees within ±`limit` (north and east positive), or a channel's name.
    private static func coordinate(_ r: TableReader, _ key: String, limit: Double) -> SunElevation.Coordinate? {
        if r.value(key)?.string != nil {
            return r.string(key, maxLength: 64).map { .channel($0) }
        }
        guard r.has(key) else {
            r.report(nil, "sun needs \(key): degrees (north and east positive) or a channel giving them")
            return nil
        }
        return r.number(key, -limit...limit).map { .degrees($0) }
    }

    /// `sources = ["gps.speed", "log.speed"]`: two or more channel names, each once.
    private static func readSources(_ r: TableReader) -> [String]? {
        let shape = "expected two or more channel names in priority order, like [\"gps1.speed\", \"gps2.speed\"]"
        guard let a = r.value("sources")?.array, a.count >= 2, a.count <= 16 else {
            r.report("sources", shape)
            return nil
        }
        var names: [String] = []
        for i in 0..<a.count {
            guard let n = a[i].string, !n.isEmpty, !names.contains(n) else {
                r.report("sources", shape + "; element \(i + 1) is \(a[i].written)")
                return nil
            }
            names.append(n)
        }
        return names
    }

    static func source(_ sensor: Void, channels: [(channel: ChannelConfiguration, part: Void)], _ r: TableReader) -> (any ConfiguredSource)? {
        Configured(SimulatedSource(signals: []), summary: "computed (\(channels.map { $0.channel.name }.joined(separator: ", ")))") { source, _ in
            .simulated(source)  // nothing to poll: the state computes these channels
        }
    }
}
