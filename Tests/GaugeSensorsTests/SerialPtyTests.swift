import Testing
import Foundation
import Glibc
import GaugeDecoders
import GaugeSystem
@testable import GaugeSensors
import GaugeTestSupport

/// A pseudo-terminal standing in for a USB serial adapter. The source opens it through
/// a symlink (like /dev/serial/by-id), so a "re-plugged" device can get a new pty.
final class FakeSerialDevice {
    var master: Int32 = -1
    let link: String

    init(link: String) throws {
        self.link = link
        try plugIn()
    }

    func plugIn() throws {
        var m: Int32 = -1, s: Int32 = -1
        // ttyname_r: tests run in parallel, and ttyname's static buffer is shared.
        var name = [CChar](repeating: 0, count: 256)
        guard openpty(&m, &s, nil, nil, nil) == 0, ttyname_r(s, &name, name.count) == 0 else { throw Errno.current }
        let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        close(s)  // the source opens the slave by path
        master = m
        unlink(link)
        guard symlink(path, link) == 0 else { throw Errno.current }
    }

    func unplug() {
        if master >= 0 { close(master) }
        master = -1
    }

    func send(_ text: String) {
        let b = Array(text.utf8)
        var off = 0
        while off < b.count {
            let n = b.withUnsafeBytes { write(master, $0.baseAddress! + off, b.count - off) }
            #expect(n > 0)
            if n <= 0 { return }
            off += n
        }
    }

    /// Reads what the source wrote to the device (ELM327 commands).
    func receive(timeoutMs: Int32 = 2000) -> String {
        var p = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&p, 1, timeoutMs) == 1 else { return "" }
        var buf = [UInt8](repeating: 0, count: 256)
        let n = buf.withUnsafeMutableBytes { read(master, $0.baseAddress!, 256) }
        return n > 0 ? String(decoding: buf[0..<n], as: UTF8.self) : ""
    }

    deinit {
        unplug()
        unlink(link)
    }
}

func waitReadable(_ fd: Int32?, timeoutMs: Int32 = 2000) -> Bool {
    guard let fd else { return false }
    var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return poll(&p, 1, timeoutMs) == 1
}

/// What descriptor `fd` is open on (its /proc/self/fd link), or nil when it is closed.
func descriptorTarget(_ fd: Int32?) -> String? {
    guard let fd else { return nil }
    return try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")
}

@Suite(.serialized) final class SerialPtyTests {
    let ms: UInt64 = 1_000_000
    let dir: String

    init() throws {
        dir = NSTemporaryDirectory() + "gauge-serial-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: dir)
    }

    /// Other suites open descriptors in parallel, so the check is of this source's own:
    /// each one it opened (a descriptor number and the pty it was open on) is closed after.
    @Test func lineProtocolReconnectAndStaleness() throws {
        var opened: [(fd: Int32, target: String)] = []
        func note(_ fd: Int32?) {
            if let fd, let target = descriptorTarget(fd) { opened.append((fd, target)) }
        }
        do {
            let device = try FakeSerialDevice(link: dir + "/ttyUSB-sensor")
            let source = StreamSource(
                path: device.link, settings: SerialSettings(baudRate: 115200),
                protocol: LineProtocolDecoder(),
                backoff: Backoff(initial: 100 * ms, maximum: 400 * ms))
            var channels = ChannelSet([
                Channel(name: "rpm", unit: .rpm, timeToLive: 1_000 * ms),
                Channel(name: "temp", unit: .celsius, timeToLive: 1_000 * ms),
            ])
            var now: UInt64 = 0
            func service() -> StreamSource<LineProtocolDecoder>.Event? {
                source.service(now: now) { channels.accept($0, time: now) }
            }
            #expect(service() == .connected)
            #expect(source.fileDescriptor != nil)
            note(source.fileDescriptor)

            // Split across writes: the decoder reassembles the line.
            device.send("rpm=1500 te")
            #expect(waitReadable(source.fileDescriptor))
            #expect(service() == nil)
            device.send("mp=87.5\r\n")
            #expect(waitReadable(source.fileDescriptor))
            now = 10 * ms
            #expect(service() == nil)
            #expect(channels["rpm"]?.value(now: now) == 1500)
            #expect(channels["temp"]?.value(now: now) == 87.5)

            // Silence → stale after the time-to-live, without any I/O.
            now = 500 * ms
            #expect(service() == nil)
            #expect(!channels["rpm"]!.isStale(now: now))
            now = 1_100 * ms
            #expect(service() == nil)
            #expect(channels["rpm"]!.isStale(now: now))

            // Unplug: EIO on read → closed, channels reported for invalidation.
            device.send("rpm=1600\n")
            #expect(waitReadable(source.fileDescriptor))
            now = 1_200 * ms
            #expect(service() == nil)
            #expect(channels["rpm"]?.value(now: now) == 1600)
            device.unplug()
            #expect(waitReadable(source.fileDescriptor), "hang-up is readable")
            let event = service()
            #expect(event == .disconnected(channels: ["rpm", "temp"]))
            if case .disconnected(let names, _) = event { channels.invalidate(names) }
            #expect(source.fileDescriptor == nil)
            #expect(channels["rpm"]!.isStale(now: now))
            #expect(source.nextDeadline == now + 100 * ms)

            // The device is missing: retries back off 100, 200, 400, 400 ms.
            try FileManager.default.removeItem(atPath: device.link)
            var delays: [UInt64] = []
            for _ in 0..<4 {
                let at = source.nextDeadline!
                now = at - 1
                #expect(service() == nil, "not before the deadline")
                now = at
                #expect(service() == nil)
                delays.append(source.nextDeadline! - now)
            }
            #expect(delays == [200 * ms, 400 * ms, 400 * ms, 400 * ms])
            #expect(source.statistics.openFailures == 4)

            // Plugged back in (maybe as another pty): reopened at the next retry.
            try device.plugIn()
            now = source.nextDeadline!
            #expect(service() == .connected)
            note(source.fileDescriptor)
            device.send("rpm=1700\n")
            #expect(waitReadable(source.fileDescriptor))
            now += ms
            #expect(service() == nil)
            #expect(channels["rpm"]?.value(now: now) == 1700)
            #expect(source.statistics.opens == 2)
            #expect(source.statistics.disconnects == 1)
        }
        #expect(opened.count == 2)
        for (fd, target) in opened {
            #expect(descriptorTarget(fd) != target, "descriptor \(fd) on \(target) still open")
        }
    }

    @Test func nmeaStreamThroughPty() throws {
        let device = try FakeSerialDevice(link: dir + "/ttyNMEA")
        let source = StreamSource(
            path: device.link, settings: SerialSettings(baudRate: 4800),
            protocol: NMEADecoder())
        var samples: [Sample] = []
        #expect(source.service(now: 0) { samples.append($0) } == .connected)
        let stream = NMEAStreams.mixed
        let b = Array(stream.utf8)
        // Dribble the stream in 7-byte writes, servicing as data arrives.
        var i = 0
        while i < b.count {
            let j = min(i + 7, b.count)
            device.send(String(decoding: b[i..<j], as: UTF8.self))
            #expect(waitReadable(source.fileDescriptor))
            source.service(now: 1) { samples.append($0) }
            i = j
        }
        var reference = NMEADecoder()
        #expect(samples == reference.feed(b))
        #expect(source.protocolState.statistics == reference.statistics)
        #expect(source.statistics.bytesRead == UInt64(b.count))
    }

    @Test func sevenEvenOneAndUnsupportedBaud() throws {
        let device = try FakeSerialDevice(link: dir + "/tty7E1")
        let sys = LinuxSensorSystemCalls()
        guard let fd = try? sys.openSerial(device.link, settings: SerialSettings(baudRate: 921600, framing: .sevenEvenOne))
        else {
            Issue.record("open")
            return
        }
        var tio = termios()
        #expect(tcgetattr(fd, &tio) == 0)
        // A pty forces CS8 and no parity, so framing is checked on the computed settings.
        #expect(cfgetospeed(&tio) == speed_t(B921600))
        var computed = termios()
        LinuxSensorSystemCalls.configure(
            &computed, settings: SerialSettings(baudRate: 9600, framing: .sevenEvenOne),
            speed: speed_t(B9600))
        #expect(computed.c_cflag & tcflag_t(CSIZE) == tcflag_t(CS7))
        #expect(computed.c_cflag & tcflag_t(PARENB) != 0)
        #expect(computed.c_cflag & tcflag_t(PARODD) == 0)
        #expect(computed.c_cflag & tcflag_t(CSTOPB) == 0)
        LinuxSensorSystemCalls.configure(&computed, settings: SerialSettings(baudRate: 9600), speed: speed_t(B9600))
        #expect(computed.c_cflag & tcflag_t(CSIZE) == tcflag_t(CS8))
        #expect(computed.c_cflag & tcflag_t(PARENB) == 0)
        #expect(tio.c_lflag & tcflag_t(ICANON | ECHO) == 0, "raw mode")
        #expect(fcntl(fd, F_GETFL) & O_NONBLOCK != 0)
        sys.close(fd)
        #expect(throws: Errno.invalidArgument) { try sys.openSerial(device.link, settings: SerialSettings(baudRate: 12345)) }
    }

    @Test func elm327ThroughPty() throws {
        let device = try FakeSerialDevice(link: dir + "/ttyOBD")
        let driver = ELM327Driver(
            configuration: .init(polls: [
                .init(.engineSpeed, interval: 100 * ms),
                .init(.coolantTemperature, interval: 1_000 * ms),
            ]))
        let source = StreamSource(path: device.link, settings: SerialSettings(baudRate: 38400), protocol: driver)
        var fake = FakeELM327()
        var samples: [Sample] = []
        var now: UInt64 = 0
        #expect(source.service(now: now) { samples.append($0) } == .connected)
        for _ in 0..<12 {
            // The source wrote a command; the fake adapter answers it through the pty.
            let command = device.receive()
            guard !command.isEmpty else {
                Issue.record("no command written")
                return
            }
            device.send(fake.respond(to: Array(command.utf8)))
            #expect(waitReadable(source.fileDescriptor))
            // Service (time moving on) until the source writes the next command.
            for _ in 0..<100 {
                _ = waitReadable(source.fileDescriptor, timeoutMs: 20)
                now += 10 * ms
                source.service(now: now) { samples.append($0) }
                var p = pollfd(fd: device.master, events: Int16(POLLIN), revents: 0)
                if poll(&p, 1, 0) == 1 { break }
            }
        }
        #expect(Array(fake.log.prefix(6)) == ["ATZ", "ATE0", "ATL0", "ATS0", "ATH0", "ATSP0"])
        #expect(samples.contains(Sample(name: "engine.rpm", value: 1726, unit: .rpm)))
        #expect(samples.contains(Sample(name: "engine.coolant.temperature", value: 83, unit: .celsius)))
    }
}
