import GaugeConfig
import GaugeSensors

/// `kind = "replay"`: a recording (`gaugepanel run --record`) or a `candump -l` log played
/// back as a sensor (ReplayConfiguration.swift). Channels read `source`: a recorded name,
/// or what the log's protocol gives.
enum ReplayKind: SensorKindReading {
    static let name = "replay"
    static let summary = "a recording (run --record) or a candump log, played back"
    static let sensorKeys = ["file", "speed", "loop", "format", "protocol", "dbc"]
    static let channelKeys = ["source"]
    static let channelsReadSource = true

    static func readSensor(_ r: TableReader) -> ReplayConfiguration? { ReplayConfiguration.read(r) }

    static func readChannel(_ r: TableReader, _ channel: inout ChannelConfiguration, sensor: ReplayConfiguration?) -> Void? {
        if let keys = sensor?.canKeys, !keys.resolve(&channel, r) { return nil }
        return ()
    }

    static func source(
        _ sensor: ReplayConfiguration, channels: [(channel: ChannelConfiguration, part: Void)],
        _ r: TableReader
    ) -> (any ConfiguredSource)? {
        var replay = sensor
        guard replay.decodeCandump(channels: channels.map { $0.channel }, r) else { return nil }
        let files = [replay.file] + (replay.canKeys?.dbcPath.map { [$0] } ?? [])
        let speed = replay.speed == 1 ? "" : ", \(replay.speed)× as fast"
        let routes = SampleRoutes(channels.map { ($0.channel.name, $0.channel.sourceName) })
        return Configured(
            replay, summary: "replay \(replay.file)\(speed)", watchedFiles: files,
            readings: { replay, time in
                var out: [TimedSample] = []
                for t in replay.source.played(untilNanoseconds: time) {
                    routes.route(t.sample) { out.append(TimedSample(time: t.time, sample: $0)) }
                }
                return out
            }
        ) { replay, _ in .replay(replay.source) }
    }
}
