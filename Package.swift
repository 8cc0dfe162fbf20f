// swift-tools-version: 6.1
import PackageDescription

// Module layout: see docs/architecture.md.
// GaugeRaster and the GaugeSensors decoders are written in the Swift subset that
// Embedded Swift accepts (scripts/cross-cpu-check.sh builds them for Pi CPUs).
let package = Package(
    name: "GaugePanel",
    products: [
        .executable(name: "gaugepanel", targets: ["gaugepanel"]),
        .library(name: "GaugeRaster", targets: ["GaugeRaster"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The fixed-point renderer core: no Foundation, no Glibc.
        .target(name: "GaugeRaster"),

        // System zlib, for PNG encoding/decoding in the offscreen display.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // Displays: the offscreen framebuffer (PNG/PPM) today; fbdev and DRM later.
        .target(name: "GaugeDisplay", dependencies: ["GaugeRaster", "CZlib"]),

        // Channels, decoders (pure state machines) and sources.
        .target(name: "GaugeSensors"),

        .executableTarget(
            name: "gaugepanel",
            dependencies: [
                "GaugeRaster", "GaugeDisplay", "GaugeSensors",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(name: "GaugeRasterTests", dependencies: ["GaugeRaster", "GaugeDisplay"],
                    exclude: ["Goldens"]),
        .testTarget(name: "GaugeDisplayTests", dependencies: ["GaugeDisplay", "GaugeRaster"]),
        .testTarget(name: "GaugeSensorsTests", dependencies: ["GaugeSensors"]),
    ],
    swiftLanguageModes: [.v6]
)
