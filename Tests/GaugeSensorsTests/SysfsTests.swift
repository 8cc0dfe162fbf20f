import Testing
import Foundation
import Glibc
import GaugeDecoders
import GaugeSystem
@testable import GaugeSensors

/// Builds a fake /sys in a temporary directory.
struct FakeSysfs {
    let root: String

    init() throws {
        root = NSTemporaryDirectory() + "gauge-sysfs-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    func write(_ path: String, _ text: String) throws {
        let full = root + "/" + path
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        try (text + "\n").write(toFile: full, atomically: true, encoding: .utf8)
    }

    func remove(_ path: String) throws { try FileManager.default.removeItem(atPath: root + "/" + path) }

    func standardTree() throws {
        try write("class/hwmon/hwmon0/name", "nvme")
        try write("class/hwmon/hwmon0/temp1_input", "30000")
        try write("class/hwmon/hwmon3/name", "ina219")
        try write("class/hwmon/hwmon3/in0_input", "5012")
        try write("class/hwmon/hwmon3/curr1_input", "1500")
        try write("class/hwmon/hwmon3/power1_input", "7518000")
        try write("class/hwmon/hwmon2/name", "pwmfan")
        try write("class/hwmon/hwmon2/fan1_input", "2400")
        try write("class/thermal/thermal_zone0/type", "cpu-thermal")
        try write("class/thermal/thermal_zone0/temp", "51234")
        try write("class/power_supply/BAT0/capacity", "87")
        try write("class/power_supply/BAT0/voltage_now", "12600000")
        try write("class/power_supply/BAT0/temp", "253")
        try write("bus/iio/devices/iio:device0/name", "ads1015")
        try write("bus/iio/devices/iio:device0/in_voltage0_raw", "1000")
        try write("bus/iio/devices/iio:device0/in_voltage_scale", "3.0")
        try write("bus/iio/devices/iio:device1/name", "bmp280")
        try write("bus/iio/devices/iio:device1/in_temp_raw", "25000")
        try write("bus/iio/devices/iio:device1/in_temp_offset", "100")
        try write("bus/iio/devices/iio:device1/in_temp_scale", "1")
        try write("bus/iio/devices/iio:device2/name", "acpi-als")
        try write("bus/iio/devices/iio:device2/in_illuminance_input", "312")
        try write("bus/iio/devices/iio:device2/in_illuminance_raw", "9")
        try write("bus/iio/devices/iio:device2/in_illuminance_scale", "1000")
    }
}

/// Wraps the real calls, failing chosen paths with a chosen errno (ENODATA, EAGAIN…).
final class FaultySystemCalls: SensorSystemCalls {
    let real = LinuxSensorSystemCalls()
    let failures: [String: Int32]
    init(failures: [String: Int32]) { self.failures = failures }
    func readFile(_ path: String, limit: Int) throws(FileError) -> [UInt8] {
        for (suffix, e) in failures where path.hasSuffix(suffix) { throw FileError(.read, path: path, errno: Errno(e)) }
        return try real.readFile(path, limit: limit)
    }
    func listDirectory(_ path: String) throws(Errno) -> [String] { try real.listDirectory(path) }
    func openSerial(_ path: String, settings: SerialSettings) throws(Errno) -> Int32 {
        try real.openSerial(path, settings: settings)
    }
    func read(_ fd: Int32, max: Int) throws(Errno) -> ReadResult { try real.read(fd, max: max) }
    func write(_ fd: Int32, _ bytes: [UInt8]) throws(Errno) -> Int { try real.write(fd, bytes) }
    func close(_ fd: Int32) { real.close(fd) }
    func writeFile(_ path: String, _ bytes: [UInt8], _ mode: FileWriteMode) throws(FileError) { try real.writeFile(path, bytes, mode) }
    func exists(_ path: String) -> Bool { real.exists(path) }
    func isReadable(_ path: String) -> Bool { real.isReadable(path) }
    func fileKind(_ path: String) -> FileKind? { real.fileKind(path) }
    func rename(_ from: String, to path: String) throws(Errno) { try real.rename(from, to: path) }
    func poll(_ descriptors: inout [PollDescriptor], timeoutMilliseconds: Int32) throws(Errno) -> Int {
        try real.poll(&descriptors, timeoutMilliseconds: timeoutMilliseconds)
    }
    func createTimer() throws(Errno) -> Int32 { try real.createTimer() }
    func setTimer(_ fd: Int32, deadline: UInt64?) throws(Errno) { try real.setTimer(fd, deadline: deadline) }
    func readTimer(_ fd: Int32) throws(Errno) -> UInt64 { try real.readTimer(fd) }
    func monotonicNanoseconds() -> UInt64 { real.monotonicNanoseconds() }
    func realtimeNanoseconds() -> UInt64 { real.realtimeNanoseconds() }
    func fileSize(_ path: String) -> Int64? { real.fileSize(path) }
    func sleep(nanoseconds: UInt64) { real.sleep(nanoseconds: nanoseconds) }
    func environment(_ name: String) -> String? { real.environment(name) }
    func releaseFreeHeap() { real.releaseFreeHeap() }
}

@Suite final class SysfsTests {
    let fake: FakeSysfs

    init() throws {
        fake = try FakeSysfs()
        try fake.standardTree()
    }

    deinit { try? FileManager.default.removeItem(atPath: fake.root) }

    let channels = [
        SysfsChannel(name: "board.voltage", sensor: .hwmon(device: "ina219", attribute: "in0")),
        SysfsChannel(name: "board.current", sensor: .hwmon(device: "ina219", attribute: "curr1")),
        SysfsChannel(name: "board.power", sensor: .hwmon(device: "ina219", attribute: "power1")),
        SysfsChannel(name: "fan", sensor: .hwmon(device: "pwmfan", attribute: "fan1")),
        SysfsChannel(name: "ssd.temperature", sensor: .hwmon(device: "nvme", attribute: "temp1")),
        SysfsChannel(name: "cpu.temperature", sensor: .thermalZone(type: "cpu-thermal")),
        SysfsChannel(name: "battery.level", sensor: .powerSupply(supply: "BAT0", attribute: .capacity)),
        SysfsChannel(name: "battery.voltage", sensor: .powerSupply(supply: "BAT0", attribute: .voltageNow)),
        SysfsChannel(name: "battery.temperature", sensor: .powerSupply(supply: "BAT0", attribute: .temperature)),
        SysfsChannel(name: "adc0", sensor: .iio(device: "ads1015", channel: "in_voltage0")),
        SysfsChannel(name: "air.temperature", sensor: .iio(device: "bmp280", channel: "in_temp")),
        SysfsChannel(name: "ambient", sensor: .iio(device: "acpi-als", channel: "in_illuminance_input")),
    ]

    func poll(_ source: inout SysfsSource) -> ([String: Sample], [String]) {
        var out: [String: Sample] = [:]
        let missing = source.poll(now: 0) { out[$0.name] = $0 }
        return (out, missing)
    }

    @Test func readsEveryKindWithUnits() {
        var source = SysfsSource(root: fake.root, channels: channels)
        let (v, missing) = poll(&source)
        #expect(missing == [])
        #expect(v["board.voltage"] == Sample(name: "board.voltage", value: 5.012, unit: .volts))
        #expect(v["board.current"] == Sample(name: "board.current", value: 1.5, unit: .amperes))
        #expect(abs(v["board.power"]!.value - 7.518) <= 1e-12)
        #expect(v["fan"] == Sample(name: "fan", value: 2400, unit: .rpm))
        #expect(v["ssd.temperature"] == Sample(name: "ssd.temperature", value: 30, unit: .celsius))
        #expect(abs(v["cpu.temperature"]!.value - 51.234) <= 1e-12)
        #expect(v["battery.level"] == Sample(name: "battery.level", value: 87, unit: .percent))
        #expect(abs(v["battery.voltage"]!.value - 12.6) <= 1e-12)
        #expect(abs(v["battery.temperature"]!.value - 25.3) <= 1e-12)
        #expect(abs(v["adc0"]!.value - 3.0) <= 1e-12)  // 1000 × 3.0 mV
        #expect(v["adc0"]!.unit == .volts)
        #expect(abs(v["air.temperature"]!.value - 25.1) <= 1e-12)  // (25000 + 100) × 1 m°C
        #expect(v["ambient"]?.value == 312)  // a processed attribute as it is: not _raw × _scale
    }

    @Test func discoveryListsHwmonThermalSuppliesAndIIO() {
        let found = SysfsSource.discover(root: fake.root).map(\.sensor)
        #expect(found.contains(.hwmon(device: "ina219", attribute: "in0")))
        #expect(found.contains(.thermalZone(type: "cpu-thermal")))
        #expect(found.contains(.powerSupply(supply: "BAT0", attribute: .capacity)))
        #expect(found.contains(.powerSupply(supply: "BAT0", attribute: .voltageNow)))
        #expect(!found.contains(.powerSupply(supply: "BAT0", attribute: .currentNow)))  // not in the tree
        #expect(found.contains(.iio(device: "ads1015", channel: "in_voltage0")))
        #expect(found.contains(.iio(device: "bmp280", channel: "in_temp")))
        // A processed value is listed, not the raw one beside it.
        #expect(found.contains(.iio(device: "acpi-als", channel: "in_illuminance_input")))
        #expect(!found.contains(.iio(device: "acpi-als", channel: "in_illuminance")))
    }

    @Test func deviceVanishesAndReturnsUnderAnotherIndex() throws {
        var source = SysfsSource(root: fake.root, channels: channels)
        var set = ChannelSet(channels.map { Channel(name: $0.name, unit: .none, timeToLive: 1_000_000_000) })
        _ = source.poll(now: 0) { set.accept($0, time: 0) }
        #expect(set.staleNames(now: 0) == [])

        // Unplugged: hwmon3 disappears.
        try fake.remove("class/hwmon/hwmon3")
        let missing = source.poll(now: 100) { set.accept($0, time: 100) }
        #expect(missing == ["board.voltage", "board.current", "board.power"])
        #expect(source.statistics.vanished > 0)
        set.invalidate(missing)
        #expect(set.staleNames(now: 100) == ["board.current", "board.power", "board.voltage"])
        #expect(!source.isAvailable(0))

        // Re-plugged: the kernel gives it hwmon5 this time; found again by name.
        try fake.write("class/hwmon/hwmon5/name", "ina219")
        try fake.write("class/hwmon/hwmon5/in0_input", "4990")
        try fake.write("class/hwmon/hwmon5/curr1_input", "100")
        try fake.write("class/hwmon/hwmon5/power1_input", "499000")
        #expect(source.poll(now: 200) { set.accept($0, time: 200) } == [])
        #expect(set["board.voltage"]!.value(now: 200) == 4.99)
        #expect(source.isAvailable(0))
        #expect(set.staleNames(now: 200) == [])
    }

    @Test func noDataAndTryAgainSkipTheValueOnly() {
        let sys = FaultySystemCalls(failures: ["temp1_input": ENODATA, "fan1_input": EAGAIN])
        var source = SysfsSource(root: fake.root, channels: channels, system: sys)
        let (v, missing) = poll(&source)
        #expect(missing == ["fan", "ssd.temperature"])
        #expect(v["fan"] == nil)
        #expect(source.statistics.tryLater == 2)
        #expect(source.statistics.vanished == 0)
        #expect(source.isAvailable(3), "device stays resolved; only this read failed")
        #expect(v.count == channels.count - 2)
    }

    @Test func junkValueAndMissingDevice() throws {
        try fake.write("class/thermal/thermal_zone0/temp", "hot")
        var source = SysfsSource(
            root: fake.root,
            channels: [
                SysfsChannel(name: "cpu", sensor: .thermalZone(type: "cpu-thermal")),
                SysfsChannel(name: "gpu", sensor: .thermalZone(type: "gpu-thermal")),
                SysfsChannel(name: "ups", sensor: .powerSupply(supply: "UPS", attribute: .capacity)),
            ])
        let (v, missing) = poll(&source)
        #expect(v.count == 0)
        #expect(missing == ["cpu", "gpu", "ups"])
        #expect(source.statistics.unparsable == 1)
    }

    @Test func discoverListsHwmonAndThermal() {
        let found = SysfsSource.discover(root: fake.root).map { $0.name }
        #expect(found.contains("hwmon.ina219.in0"))
        #expect(found.contains("hwmon.pwmfan.fan1"))
        #expect(found.contains("thermal.cpu-thermal"))
        #expect(SysfsSource.sharedScaleName("in_voltage12") == "in_voltage_scale")
    }

    @Test func realSysIsReadableWithoutCrashing() {
        // Whatever this machine has; only checks that discovery + a poll do not trap.
        var source = SysfsSource(channels: SysfsSource.discover())
        _ = source.poll(now: 0) { #expect($0.value.isFinite) }
    }
}
