// swift-tools-version: 6.1
import PackageDescription

/// Release builds of the engine benefit from specialising its generic view
/// types across module boundaries (the model and the benchmarks build views).
let optimisedSettings: [SwiftSetting] = [
    .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release)),
]

/// The layout engine is single-threaded and touches its arrays in a strict
/// stack discipline; dynamic exclusivity checks on them cost about a third of
/// layout time (callgrind), so release builds leave them out. Debug builds
/// and the tests keep them.
let engineSettings: [SwiftSetting] = optimisedSettings + [
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
]

let package = Package(
    name: "formctl",
    products: [
        .library(name: "FormLayout", targets: ["FormLayout"]),
        .library(name: "FormModel", targets: ["FormModel"]),
        .library(name: "FormStore", targets: ["FormStore"]),
        .library(name: "FormRender", targets: ["FormRender"]),
        .executable(name: "formctl", targets: ["formctl"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    ],
    targets: [
        .target(name: "FormLayout", swiftSettings: engineSettings),
        .target(name: "FormModel", dependencies: ["FormLayout"], swiftSettings: optimisedSettings),
        .target(
            name: "FormStore",
            dependencies: ["FormModel", .product(name: "GRDB", package: "GRDB.swift")],
            // migrations-link points at the top-level migrations folder so that
            // adding or removing a migration makes SwiftPM re-run the plugin.
            exclude: ["migrations-link"],
            plugins: ["EmbedMigrations"]
        ),
        // Compiles the top-level migrations/*.sql into FormStore, so that the
        // binary carries its schema (no resource bundle to lose).
        .executableTarget(name: "EmbedMigrationsTool"),
        .plugin(name: "EmbedMigrations", capability: .buildTool(), dependencies: ["EmbedMigrationsTool"]),
        .target(name: "FormRender", dependencies: ["FormLayout"]),
        .executableTarget(
            name: "formctl",
            dependencies: [
                "FormModel", "FormStore", "FormRender",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "LayoutBenchmark",
            dependencies: ["FormLayout", "FormModel"],
            path: "Benchmarks/LayoutBenchmark",
            swiftSettings: optimisedSettings
        ),
        // The seed ports keep SwiftUI's `static var defaultValue`, which Swift 6
        // mode rejects as shared mutable state; the tests build in Swift 5 mode.
        .testTarget(name: "FormLayoutTests", dependencies: ["FormLayout"], swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(name: "FormModelTests", dependencies: ["FormModel"]),
        .testTarget(name: "FormStoreTests", dependencies: ["FormStore"]),
        .testTarget(name: "FormRenderTests", dependencies: ["FormRender"]),
        // Runs the built formctl binary as a process against temporary
        // databases and reads them back with the sqlite3 shell. Depending on
        // the executable makes SwiftPM build it next to the test bundle.
        .testTarget(name: "EndToEndTests", dependencies: ["formctl"]),
    ]
)
