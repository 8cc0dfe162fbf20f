import Testing
import GaugeSensors

/// A board's `source` keys: the decoder's name for a value → the channels reading it.
@Suite struct SampleRoutesTests {
    @Test func aSampleGoesToEveryChannelReadingItsName() {
        let routes = SampleRoutes([
            (channel: "depth", source: "depth.below.transducer"),
            (channel: "depth.ft", source: "depth.below.transducer"),
            (channel: "speed", source: "speed.water"),
        ])
        var out: [Sample] = []
        routes.route(Sample(name: "depth.below.transducer", value: 8.4, unit: .metres)) { out.append($0) }
        #expect(out == [Sample(name: "depth", value: 8.4, unit: .metres), Sample(name: "depth.ft", value: 8.4, unit: .metres)])
        out = []
        #expect(!routes.route(Sample(name: "heading.true", value: 90, unit: .degrees)) { out.append($0) })
        #expect(out.isEmpty)  // nobody reads it
        routes.route(Sample(name: "depth", value: 1, unit: .metres)) { out.append($0) }
        #expect(out.isEmpty)  // a channel's own name is not its source unless it says so
    }

    @Test func aVanishedLinesNamesBecomeItsChannels() {
        let routes = SampleRoutes([(channel: "a", source: "xyz.src"), (channel: "b", source: "xyz.src"), (channel: "c", source: "c")])
        #expect(routes.channels(readingAny: ["xyz.src", "c", "other"]) == ["a", "b", "c"])
    }

    /// Two channels on one source, each with its own scale and offset, end up different.
    @Test func channelsReadingOneSourceProcessItTheirOwnWay() {
        var set = ChannelSet([
            Channel(name: "celsius", unit: .none),
            Channel(name: "fahrenheit", unit: .none, pipeline: PipelineConfiguration(scale: 1.8, offset: 32)),
        ])
        let routes = SampleRoutes([(channel: "celsius", source: "t"), (channel: "fahrenheit", source: "t")])
        routes.route(Sample(name: "t", value: 100, unit: .none)) { set.accept($0, time: 1) }
        #expect(set["celsius"]?.value(now: 1) == 100)
        #expect(set["fahrenheit"]?.value(now: 1) == 212)
    }
}
