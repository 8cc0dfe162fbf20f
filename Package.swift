// swift-tools-version: 6.1
import PackageDescription
import class Foundation.ProcessInfo

// Module layout: see docs/architecture.md.
// GaugeRaster and the decoders (GaugeDecoders, GaugeCAN, GaugeNet) are written in the Swift
// subset that Embedded Swift accepts (scripts/cross-cpu-check.sh builds them for Pi CPUs).
let package = Package(
    name: "GaugePanel",
    products: [
        .executable(name: "gaugepanel", targets: ["GaugePanelCLI"]),
        // The same panel as one static binary per Pi CPU, built with Embedded Swift by
        // scripts/build-firmware.sh (it also builds natively, for tests).
        .executable(name: "gaugepanel-firmware", targets: ["GaugePanelFirmware"]),
        .library(name: "GaugeRaster", targets: ["GaugeRaster"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // The fixed-point renderer core: no Foundation, no Glibc; from the C library only a
        // 32-bit pattern fill (CPixelFill: wmemset), for clears at memset speed.
        .target(name: "CPixelFill"),
        .target(name: "GaugeRaster", dependencies: ["CPixelFill"]),

        // ASCII case and character classes for names, keys, units and sysfs text, without
        // the Unicode tables String's own would link into the firmware.
        .target(name: "GaugeASCII"),

        // libc for everything below the command line: the glibc headers the seam uses plus
        // wrappers for what Swift cannot import (errno, variadic open, MAP_FAILED). Embedded
        // Swift cannot `import Glibc`; it can import this.
        .target(name: "CPanelSystem"),

        // The one syscall seam: Errno, SystemCall (EINTR retries, read results that tell end
        // of file from nothing pending, directory listings, whole-file reads), FileIO.
        .target(name: "GaugeSystem", dependencies: ["CPanelSystem"]),

        // Displays: the Display protocol, damage, rotation and the offscreen framebuffer —
        // no device libraries, so the configuration and tests can use them freely.
        .target(name: "GaugeDisplay", dependencies: ["GaugeASCII", "GaugeRaster", "GaugeSystem"]),

        // PNG/PPM files and image comparison, through the system zlib.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(name: "GaugeImages", dependencies: ["GaugeASCII", "GaugeRaster", "GaugeDisplay", "GaugeSystem", "CZlib"]),

        // The real screens: DRM/KMS through libdrm, fbdev, the text console, backlights,
        // and the registry of display back-ends that boards and --display name (DisplayBackends).
        .systemLibrary(
            name: "CDRM",
            pkgConfig: "libdrm",
            providers: [.apt(["libdrm-dev"])]
        ),
        .target(name: "CLinuxFB"),
        .target(
            name: "GaugeDisplayDevices",
            dependencies: ["GaugeASCII", "GaugeRaster", "GaugeDisplay", "GaugeSystem", "CPanelSystem", "CDRM", "CLinuxFB"]),

        // TrueType text through FreeType, rasterised once into a glyph cache.
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]
        ),
        // Font-independent text layout and the built-in stroke font (Embedded subset).
        .target(name: "GaugeGlyphs", dependencies: ["GaugeRaster"]),
        .target(name: "GaugeText", dependencies: ["GaugeASCII", "GaugeRaster", "GaugeGlyphs", "GaugeSystem", "CFreeType"]),

        // Gauges shaped like SwiftUI's Gauge: model, styles, exact damage (Embedded subset).
        .target(name: "GaugeWidgets", dependencies: ["GaugeRaster", "GaugeGlyphs"]),

        // The serial decoders as pure state machines (Embedded subset, no I/O, no imports):
        // the line protocol, NMEA 0183, ELM327 and OBD-II PIDs, the samples and units they
        // produce and StreamProtocol, what a source drives. Fuzzed and cross-compiled alone.
        .target(name: "GaugeDecoders", dependencies: ["GaugeASCII"]),

        // CAN: frames, candump logs, DBC files and signals, ISO-TP, OBD-II over CAN and
        // NMEA 2000 as pure decoders (Embedded subset, no I/O).
        .target(name: "GaugeCAN", dependencies: ["GaugeDecoders"]),

        // Engine computers through their TunerStudio INI (Speeduino, rusEFI, MegaSquirt): the INI
        // parser, the legacy and CRC32 framings and the polling driver, pure (Embedded subset).
        .target(name: "GaugeECU", dependencies: ["GaugeASCII", "GaugeDecoders"]),

        // Network sources as pure decoders (Embedded subset, no sockets): the MQTT 3.1.1
        // packet codec, topic filters and client session, MQTT payloads (numbers, ON/OFF, JSON
        // fields through its own bounded JSON scanner) and gpsd's JSON lines.
        .target(name: "GaugeNet", dependencies: ["GaugeDecoders"]),

        // Channels, routes and the sources over the syscall seam: serial lines, TCP, UDP,
        // sysfs, simulated, replay and the CAN bus (CANSource: SocketCAN), driving the decoders.
        .target(name: "GaugeSensors", dependencies: ["GaugeASCII", "GaugeDecoders", "GaugeCAN", "GaugeSystem", "CPanelSystem"]),

        // TOML through toml++ behind a plain-C API that Swift and Embedded Swift import
        // (include/ctoml.h). toml++ is Debian's libtomlplusplus-dev, used header-only from
        // /usr/include: no libtomlplusplus.so at run time, and static builds need nothing more.
        // Not a .systemLibrary with pkgConfig/providers: its pkg-config file asks for the shared
        // library (-ltomlplusplus, TOML_HEADER_ONLY=0), which static builds cannot link; the
        // scripts install the package (ensure_packages) and ctoml.cpp says which one is missing.
        // The C++ file makes SwiftPM link the C++ standard library (libstdc++) into the program.
        .target(name: "CTOML"),

        // Dashboards and boards from TOML files, validated with file, line and key: no Foundation.
        // It describes and never opens: `[[sensor]]` tables are read through the sensor kinds
        // the caller gives (`SensorKinds.all`).
        .target(
            name: "GaugeConfig",
            dependencies: [
                "GaugeASCII",
                "GaugeRaster", "GaugeGlyphs", "GaugeWidgets", "GaugeSensors", "GaugeDisplay", "GaugeSystem", "CTOML", "GaugeDecoders", "GaugeECU",
            ]),

        // The sensor kinds a board can name (`kind = "gpsd"`), a file each and one registry
        // (SensorKinds.all): each reads its keys through GaugeConfig and describes the source
        // the panel opens.
        .target(name: "GaugeSensorKinds", dependencies: ["GaugeConfig", "GaugeDecoders", "GaugeSensors", "GaugeCAN", "GaugeNet", "GaugeECU"]),

        // Input as pure logic: evdev events and codes, key maps, rotary decoding, touch
        // tracking and mapping, gestures, routing to actions, and the `InputDevices` a command
        // line gives the panel. The kernel's event codes come from a header-only module (no
        // library), so the panel and its tests link no libevdev.
        .systemLibrary(name: "CInputCodes"),
        .target(name: "GaugeInput", dependencies: ["GaugeASCII", "CInputCodes", "GaugeSystem"]),

        // The real input devices: evdev nodes through libevdev, inotify hot-plug on /dev/input,
        // libevdev's key names; `InputDevices.system`, which the command lines give the panel.
        .systemLibrary(
            name: "CEvdev",
            pkgConfig: "libevdev",
            providers: [.apt(["libevdev-dev"])]
        ),
        .target(name: "GaugeInputDevices", dependencies: ["GaugeASCII", "GaugeInput", "CEvdev", "GaugeSystem", "CPanelSystem"]),

        // The poll loop (one thread: descriptors, timers, signals, frame pacing; a test loop
        // with a manual clock) and what a service needs around it: logs, systemd's notify
        // socket, the process's own CPU and memory. Nothing here draws, so it compiles beside
        // the renderer.
        .target(name: "GaugeLoop", dependencies: ["GaugeSystem", "CPanelSystem"]),

        // The panel: sensors, pages, input and the display driven by the loop. Not the real
        // screens (GaugeDisplayDevices, libdrm) nor the real input devices (GaugeInputDevices,
        // libevdev): the command lines give it their `DisplayDevices` and `InputDevices`, so
        // this library and its tests link neither libdrm nor libevdev.
        .target(
            name: "GaugePanel",
            dependencies: [
                "GaugeLoop", "GaugeRaster", "GaugeGlyphs", "GaugeWidgets", "GaugeText", "GaugeDisplay", "GaugeImages", "GaugeSystem",
                "GaugeSensors", "GaugeInput", "GaugeConfig", "GaugeSensorKinds", "GaugeDecoders", "GaugeECU",
            ]),

        // `gaugepanel preview`: a board file in the browser — its own small HTTP/1.1 server on
        // the panel's poll loop, the page embedded as a string, pictures drawn as `render`
        // draws them. Host only: only GaugePanelCLI depends on it, so the firmware's module
        // closure (scripts/build-firmware.sh) never holds a web server. No libdrm: the command
        // line gives it the display back-ends' names.
        .target(name: "CPreviewSocket"),
        .target(
            name: "GaugePreview",
            dependencies: [
                "CPreviewSocket", "CPanelSystem", "GaugePanel", "GaugeLoop", "GaugeConfig", "GaugeSensorKinds", "GaugeCAN", "GaugeImages",
                "GaugeText", "GaugeRaster", "GaugeDisplay", "GaugeSensors", "GaugeWidgets", "GaugeSystem", "GaugeDecoders", "GaugeNet",
            ],
            exclude: ["Page"]),  // the page's HTML/CSS/JS: embedded through the generated PageFiles.swift

        // TLS for stream sources (MQTT's `tls = true`) through Debian's mbed TLS 2.28, which
        // ships no pkg-config file: the three libraries are linked by name. Host only: only
        // GaugePanelCLI depends on GaugeTLS, so the firmware's module closure never holds it
        // (the static armv6 binary has no room for a TLS library).
        .target(
            name: "CMbedTLS",
            linkerSettings: [
                .linkedLibrary("mbedtls"), .linkedLibrary("mbedx509"), .linkedLibrary("mbedcrypto"),
            ]),
        .target(name: "GaugeTLS", dependencies: ["CMbedTLS", "GaugeSensors", "GaugeSystem"]),

        // The `gaugepanel` command (Sources/GaugePanelCLI: not a case-only twin of GaugePanel).
        .executableTarget(
            name: "GaugePanelCLI",
            dependencies: [
                "GaugeRaster", "GaugeDisplay", "GaugeImages", "GaugeDisplayDevices", "GaugeSystem",
                "GaugeInput", "GaugeInputDevices", "GaugePanel", "GaugeCAN", "GaugeECU", "GaugePreview", "GaugeTLS", "GaugeSensors", "GaugeDecoders",
                "GaugeNet",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // The firmware's command line (run, check, render) without ArgumentParser or
        // swift-log, and what Embedded Swift's stdlib needs from the C library.
        .target(name: "CEmbeddedSupport"),
        .executableTarget(
            name: "GaugePanelFirmware",
            dependencies: [
                "GaugePanel", "GaugeDisplay", "GaugeDisplayDevices", "GaugeInput",
                "GaugeInputDevices", "CPanelSystem", "CEmbeddedSupport",
            ]),

        // Shared by the test targets: the seeded PRNG, golden-image comparison, the in-memory
        // system (FakePanelSystem) that the syscall families' fakes extend, the in-memory
        // input devices (FakeInputDevices), a log that keeps its lines (CapturedLines), surfaces
        // to draw on and compare (Pixels, SurfacePatterns), the scan-out conversions written out
        // the long way (ScanoutReference), temporary directories and the decoders' fixtures (a
        // scripted ELM327, an NMEA 0183 stream), which the decoders' and the serial lines' tests both drive.
        .target(
            name: "GaugeTestSupport",
            dependencies: ["GaugeRaster", "GaugeDisplay", "GaugeImages", "GaugeSystem", "GaugeInput", "GaugeLoop", "GaugeDecoders"],
            path: "Tests/GaugeTestSupport"),
        .testTarget(name: "GaugeASCIITests", dependencies: ["GaugeASCII"]),
        .testTarget(name: "GaugeSystemTests", dependencies: ["GaugeSystem", "GaugeTestSupport"]),
        .testTarget(
            name: "GaugeRasterTests", dependencies: ["GaugeRaster", "GaugeDisplay", "GaugeImages", "GaugeTestSupport"],
            exclude: ["Goldens"]),
        .testTarget(
            name: "GaugeDisplayTests",
            dependencies: [
                "GaugeDisplay", "GaugeImages", "GaugeDisplayDevices", "GaugeSystem",
                "GaugeRaster", "GaugeTestSupport",
            ]),
        .testTarget(
            name: "GaugeDisplayDevicesTests",
            dependencies: ["GaugeDisplayDevices", "GaugeDisplay", "GaugeSystem", "GaugeRaster", "GaugeTestSupport"]),
        .testTarget(name: "GaugeImagesTests", dependencies: ["GaugeImages", "GaugeRaster", "GaugeTestSupport", "CZlib"]),
        // The decoders' tests draw their seeded random input from GaugeSensors' SplitMix64.
        .testTarget(name: "GaugeDecodersTests", dependencies: ["GaugeDecoders", "GaugeSensors", "GaugeTestSupport"]),
        .testTarget(name: "GaugeSensorsTests", dependencies: ["GaugeSensors", "GaugeDecoders", "GaugeCAN", "GaugeSystem", "GaugeTestSupport"]),
        .testTarget(
            name: "GaugeCANTests", dependencies: ["GaugeCAN", "GaugeSensors", "GaugeSystem", "GaugeTestSupport", "GaugeDecoders"],
            exclude: ["DBC", "Vectors"]),
        .testTarget(name: "GaugeECUTests", dependencies: ["GaugeECU", "GaugeDecoders"], exclude: ["Captures"]),
        .testTarget(
            name: "GaugeNetTests", dependencies: ["GaugeNet", "GaugeSensors", "GaugeSystem", "GaugeTestSupport", "GaugeDecoders"],
            exclude: ["Broker", "SignalK"]
        ),
        .testTarget(name: "GaugeGlyphsTests", dependencies: ["GaugeGlyphs", "GaugeRaster", "GaugeTestSupport"]),
        .testTarget(
            name: "GaugeTextTests",
            dependencies: [
                "GaugeText", "GaugeGlyphs", "GaugeRaster", "GaugeDisplay", "GaugeImages", "GaugeSystem",
                "GaugeTestSupport", "CFreeType",
            ],
            exclude: ["Goldens"]),
        .testTarget(
            name: "GaugeWidgetsTests",
            dependencies: ["GaugeWidgets", "GaugeGlyphs", "GaugeText", "GaugeRaster", "GaugeDisplay", "GaugeImages", "GaugeTestSupport"],
            exclude: ["Goldens"]),
        .testTarget(
            name: "GaugeConfigTests",
            dependencies: [
                "GaugeConfig", "GaugeSensorKinds", "GaugeSensors", "GaugeGlyphs", "GaugeWidgets", "GaugeText", "GaugeRaster", "GaugeDisplay",
                "GaugeImages", "GaugeTestSupport", "GaugeDecoders", "GaugeSystem",
            ],
            exclude: ["Corpus", "Goldens"]),
        .testTarget(
            name: "GaugeSensorKindsTests",
            dependencies: [
                "GaugeSensorKinds", "GaugeConfig", "GaugeSensors", "GaugeCAN", "GaugeNet", "GaugeSystem", "GaugeTestSupport", "GaugeDecoders",
            ]),
        .testTarget(name: "GaugeTLSTests", dependencies: ["GaugeTLS", "CMbedTLS", "GaugeSensors", "GaugeSystem"]),
        .testTarget(name: "GaugeInputTests", dependencies: ["GaugeInput"]),
        .testTarget(name: "GaugeInputDevicesTests", dependencies: ["GaugeInputDevices", "GaugeInput", "GaugeSystem", "GaugeTestSupport", "CEvdev"]),
        .testTarget(name: "GaugeLoopTests", dependencies: ["GaugeLoop", "GaugeSystem", "GaugeTestSupport"]),
        .testTarget(
            name: "GaugePreviewTests", dependencies: ["GaugePreview", "GaugeConfig", "GaugeLoop", "GaugeRaster", "GaugeSystem", "GaugeSensorKinds"]),
        .testTarget(name: "GaugePanelFirmwareTests", dependencies: ["GaugePanelFirmware", "GaugePanel", "GaugeDisplay", "GaugeDisplayDevices"]),
        .testTarget(
            name: "GaugePanelTests",
            dependencies: [
                "GaugePanel", "GaugeConfig", "GaugeSensorKinds", "GaugeGlyphs", "GaugeWidgets", "GaugeSensors", "GaugeNet", "GaugeDisplay",
                "GaugeImages", "GaugeRaster", "GaugeInput", "GaugeSystem", "GaugeTestSupport", "GaugeDecoders",
            ],
            exclude: ["Goldens"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)

// Release builds keep line tables (backtraces, perf and callgrind still name every file and
// line) and leave out the variable locations of optimised code: two thirds of each of the
// renderer's object files, and a share of every release build's time.
for target in package.targets where target.name.hasPrefix("Gauge") {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-Xfrontend", "-gline-tables-only"], .when(configuration: .release))]
}

// The renderer, the image codecs and the tests' pixel comparisons (GaugeTestSupport) are
// optimised in debug builds too: the tests and the debug binary draw, encode and compare many
// frames, which -Onone makes several times slower (the renderer and codecs: the key cases'
// CPU time 100 s -> 57 s, for 28 s more compiling; the comparisons: the tests' 277 s -> 125 s).
for target in package.targets
where ["GaugeRaster", "GaugeGlyphs", "GaugeWidgets", "GaugeImages", "GaugeTestSupport"].contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-O"], .when(configuration: .debug))]
}

// Benchmarks (ordo-one/benchmark) build only when asked for — `scripts/bench.sh` sets
// GAUGEPANEL_BENCHMARKS=1 — so that `swift build` and the tests don't compile them.
if ProcessInfo.processInfo.environment["GAUGEPANEL_BENCHMARKS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]))
    package.targets.append(
        .executableTarget(
            name: "RasterBenchmarks",
            dependencies: ["GaugeRaster", "GaugeGlyphs", "GaugeWidgets", .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/RasterBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ))
}
