import Testing
import GaugeDecoders
@testable import GaugeNet

/// Signal K's `meta` entries (units, zones) and notifications: read from deltas, and
/// handed on by the session as `SourceAlarm`s.
@Suite struct SignalKMetaTests {
    static func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

    @Test func metaEntriesGiveUnitsAndZones() throws {
        let delta = Self.bytes(
            #"{"updates":[{"meta":[{"value":{"units":"m","zones":[{"upper":2,"state":"alarm","message":"Shallow"},"#
                + #"{"lower":2,"upper":3,"state":"warn"},{"lower":9}]},"path":"environment.depth.belowTransducer"},"#
                + #"{"path":"a.b","value":{"units":"V"}},{"path":"c","value":{"zones":[]}},{"path":"d","value":{"description":"x"}}],"#
                + #""values":[{"path":"a.b","value":12.5}]}]}"#)
        let m = try SignalKMessage.read(delta)
        #expect(
            m.metas == [
                SignalKMeta(
                    path: "environment.depth.belowTransducer", units: "m",
                    zones: [
                        SourceZone(upper: 2, state: "alarm", message: "Shallow"), SourceZone(lower: 2, upper: 3, state: "warn"),
                    ]),
                SignalKMeta(path: "a.b", units: "V"), SignalKMeta(path: "c", zones: []),
            ])
        #expect(m.values == [SignalKValue(path: "a.b", value: .number(12.5))])
        // A hostile server's hundred zones: at most sixteen are kept.
        let many = (0..<100).map { #"{"lower":\#($0),"state":"warn"}"# }.joined(separator: ",")
        let big = try SignalKMessage.read(Self.bytes(#"{"updates":[{"meta":[{"path":"p","value":{"zones":["# + many + "]}}]}]}"))
        #expect(big.metas.first?.zones?.count == SignalKMetaReader.maxZones)
    }

    @Test func notificationsGiveStateAndMessage() throws {
        let delta = Self.bytes(
            #"{"updates":[{"values":[{"path":"notifications.mob","value":{"state":"emergency","method":["visual","sound"],"#
                + #""message":"Man overboard"}},{"path":"notifications.engine.overheat","value":null},"#
                + #"{"path":"navigation.speedOverGround","value":3.1},{"path":"notifications.x","value":"alarm"}]}]}"#)
        let m = try SignalKMessage.read(delta)
        #expect(
            m.notifications == [
                SignalKNotification(path: "notifications.mob", state: "emergency", message: "Man overboard"),
                SignalKNotification(path: "notifications.engine.overheat", state: nil, message: ""),
            ])
    }

    @Test func sessionHandsOnZonesOfItsPathsNotificationsAndSaysUnitsOnce() {
        var session = SignalKSession(host: "h:1", paths: ["environment.depth.belowTransducer"], notifications: true)
        let request = SignalKTests.discover(&session)
        #expect(String(decoding: request, as: UTF8.self).hasPrefix("GET /signalk/v1/stream?subscribe=none&sendMeta=all HTTP/1.1"))
        let meta =
            #"{"updates":[{"meta":[{"path":"environment.depth.belowTransducer","value":{"units":"ft","zones":[{"upper":2,"state":"alarm"}]}},"#
            + #"{"path":"other.path","value":{"zones":[{"upper":1,"state":"warn"}]}}],"#
            + #""values":[{"path":"notifications.mob","value":{"state":"alarm","message":"MOB"}}]}]}"#
        session.receive(SignalKTests.accept(request) + SignalKTests.text(meta) + SignalKTests.text(meta), now: 1) { _ in }
        let subscribe = SignalKTests.unmask(session.outgoing(now: 2) ?? [0, 0, 0, 0, 0, 0])
        #expect(
            subscribe.payload
                == SignalKMessage.subscribe(["environment.depth.belowTransducer", "notifications.*"], period: 1000, minPeriod: 200))
        let zones = SourceAlarm.zones(name: "environment.depth.belowTransducer", zones: [SourceZone(upper: 2, state: "alarm")])
        let mob = SourceAlarm.notification(key: "notifications.mob", state: "alarm", message: "MOB")
        #expect(session.takeAlarms() == [zones, mob, zones, mob])
        #expect(session.takeAlarms().isEmpty)
        #expect(
            session.takeNotices() == [
                #"environment.depth.belowTransducer: the server gives its units as "ft", the Signal K specification "m"; its values are taken as m"#
            ])
        // Without notifications = true they are neither subscribed to nor handed on.
        var quiet = SignalKSession(host: "h", paths: ["a.b"])
        let r = SignalKTests.discover(&quiet)
        quiet.receive(SignalKTests.accept(r) + SignalKTests.text(meta), now: 1) { _ in }
        #expect(quiet.paths == ["a.b"] && quiet.takeAlarms().isEmpty)
    }

    @Test func everythingSubscribesToAllAndKeepsTheAnnouncedUnits() {
        var session = SignalKSession.everything(host: "h")
        let request = SignalKTests.discover(&session)
        let delta =
            #"{"updates":[{"meta":[{"path":"a.b","value":{"units":"V"}}],"values":[{"path":"a.b","value":12.5},"#
            + #"{"path":"c.d","value":null},{"path":"e","value":"text"}]}]}"#
        var got: [Sample] = []
        session.receive(SignalKTests.accept(request) + SignalKTests.text(delta), now: 1) { got.append($0) }
        let subscribe = SignalKTests.unmask(session.outgoing(now: 2) ?? [0, 0, 0, 0, 0, 0])
        #expect(subscribe.payload == SignalKMessage.subscribe(["*"], period: 1000, minPeriod: 200))
        #expect(got.count == 2 && got[0] == Sample(name: "a.b", value: 12.5, unit: .none) && got[1].name == "c.d" && got[1].isNoValue)
        #expect(session.announcedUnits == ["a.b": "V"])
    }

    @Test func valuesFromOneSourceHaveNamesOfTheirOwn() throws {
        let two = try SignalKMessage.read(SignalKTests.sample("docs-data_model_multiple_values.json"))
        #expect(two.updateSources == [["GPS-1"], ["actisense"]] && two.sources(ofValue: 1) == ["actisense"])
        let path = "navigation.courseOverGroundTrue"
        let gps = SignalKPaths.name(path: path, source: "GPS-1")
        #expect(SignalKPaths.split(gps) == (path, "GPS-1") && SignalKPaths.subscription(for: gps) == path)
        var session = SignalKSession(host: "h", paths: [path], names: [gps, path])
        #expect(session.summaryDetail == "signalk_source:GPS-1")
        let request = SignalKTests.discover(&session)
        var got: [Sample] = []
        let bytes = SignalKTests.sample("docs-data_model_multiple_values.json")
        let hello = WebSocketTests.frame(0x81, SignalKTests.sample("docs-hello.json"))
        session.receive(SignalKTests.accept(request) + hello + WebSocketTests.frame(0x81, bytes), now: 1) { got.append($0) }
        #expect(
            got == [
                Sample(name: path, value: 3.615624078431440, unit: .none), Sample(name: gps, value: 3.615624078431440, unit: .none),
                Sample(name: path, value: 3.615624078431453, unit: .none),
            ])
        let dollar = try SignalKMessage.read(Self.bytes(#"{"updates":[{"values":[{"path":"a","value":1}],"$source":"n2k.115"}]}"#))
        #expect(dollar.sources(ofValue: 0) == ["n2k.115"])
    }
}
