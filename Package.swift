// swift-tools-version: 6.2
// 6.2 is the first tools version whose packages may carry unsafe build flags
// and still be depended on by version (SwiftPM refuses them below 6.2: `the
// target 'FormLayout' in product 'FormLayout' contains unsafe build flags`).
// `.ci/run` proves it: a package outside this one depends on FormLayout by
// version, from a tagged clone, and builds.
import PackageDescription

/// Release builds of the engine and the model specialise the engine's
/// generic view types across module boundaries. The view-building entry
/// points are `@inlinable` (that alone recovers half of what is lost without
/// this flag); cross-module optimisation does the rest: 2.21G instructions
/// for the 10k-field benchmark with it, 2.73G without (callgrind).
let crossModuleOptimisation: [SwiftSetting] = [
    .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release)),
]

let package = Package(
    name: "formctl",
    products: [
        .library(name: "FormLayout", targets: ["FormLayout"]),
        .library(name: "FormModel", targets: ["FormModel"]),
        .library(name: "FormScreens", targets: ["FormScreens"]),
        .library(name: "FormStore", targets: ["FormStore"]),
        .library(name: "FormRender", targets: ["FormRender"]),
        .library(name: "FormKit", targets: ["FormKit"]),
        .library(name: "FormServer", targets: ["FormServer"]),
        .executable(name: "formctl", targets: ["formctl"]),
        .executable(name: "formctl-serve", targets: ["formctl-serve"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        // Form files: YAML and JSON read through one parser that reports
        // line and column (libyaml's marks) for every node.
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        // Tests only: property-based hostile inputs in EndToEndTests, random
        // layout trees in FormLayoutTests.
        .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
        // `formctl serve`: HTTP on SwiftNIO. Its default traits bring
        // swift-configuration and Foundation-only extras, which serve does
        // not use.
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1", traits: []),
        // Named for the two modules serve imports beside Hummingbird's own:
        // its logger's level (Logging) and NIO's body-size error (NIOCore).
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // Already under Hummingbird: serve's event streams end on its
        // graceful shutdown (`withGracefulShutdownHandler`), so SIGTERM
        // does not wait for clients that never hang up.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // gzip for the page and its files when the browser accepts it
        // (zlib, through the NIO buffers Hummingbird already uses).
        .package(url: "https://github.com/adam-fowler/compress-nio", exact: "1.5.0"),
        // The page's HTML from Mustache templates, escaped by default.
        .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
        // Responses in PostgreSQL (FormPostgres): the driver alone, no ORM.
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
    ],
    targets: [
        // The engine opts its arrays out of dynamic exclusivity checks with
        // `@exclusivity(unchecked)` in the source, not with a build flag.
        .target(name: "FormLayout", swiftSettings: crossModuleOptimisation),
        // The one writer of each text format the layers above share: JSON
        // string literals, HTML/XML escaping, the quoting of text in
        // messages. Imports nothing, so that FormModel and FormRender,
        // which may not import each other, both use it.
        .target(name: "FormText", swiftSettings: crossModuleOptimisation),
        // PCRE2 (Debian's libpcre2-dev; libpcre2-8.a for the static release
        // build): rule patterns run with match, depth and heap limits, so a
        // pattern always finishes whatever the value (FormModel's RulePattern).
        .systemLibrary(name: "CPCRE2", pkgConfig: "libpcre2-8", providers: [.apt(["libpcre2-dev"])]),
        // The domain alone (fields, rules, validation, pages, rows, colours,
        // minimap rectangles as data): no layout engine, no SQLite.
        .target(name: "FormModel", dependencies: ["CPCRE2", "FormText"], swiftSettings: crossModuleOptimisation),
        // The screens written as views on FormLayout: seed 002's form and
        // minimap, the tab bar from preferences, the paged screen, the
        // editor's screen and the picture the renderers draw.
        .target(name: "FormScreens", dependencies: ["FormModel", "FormLayout"], swiftSettings: crossModuleOptimisation),
        .target(
            name: "FormStore",
            // GRDBSQLite (GRDB's own module of SQLite's C API): the export
            // of many responses steps its statement directly (ResponseScan).
            dependencies: ["FormModel", "FormText", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift")],
            // migrations-link points at the top-level migrations folder so that
            // adding or removing a migration makes SwiftPM re-run the plugin.
            exclude: ["migrations-link"],
            plugins: ["EmbedMigrations"]
        ),
        // Responses in PostgreSQL: formctl's own PostgreSQL migrations
        // (migrations/postgresql/*.sql, embedded as FormStore's are), the
        // form's fingerprint, reading and copying responses, and
        // respondents' drafts for serve --collect (FormStore's DraftStore):
        // it knows the domain and PostgreSQL, never SQLite.
        .target(
            name: "FormPostgres",
            dependencies: [
                "FormModel", "FormStore", .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"), .product(name: "NIOCore", package: "swift-nio"),
                // Why a connection failed (NIOConnectionError), in words.
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            exclude: ["migrations-link"],
            plugins: ["EmbedMigrations"]
        ),
        // Compiles the top-level migrations/*.sql into FormStore, so that the
        // binary carries its schema (no resource bundle to lose).
        .executableTarget(name: "EmbedMigrationsTool"),
        .plugin(name: "EmbedMigrations", capability: .buildTool(), dependencies: ["EmbedMigrationsTool"]),
        .target(name: "FormRender", dependencies: ["FormLayout", "FormText"]),
        // Every operation users have, as a Swift API: the CLI's one
        // dependency inside the package.
        .target(name: "FormKit", dependencies: ["FormLayout", "FormModel", "FormScreens", "FormStore", "FormRender", "FormText", "Yams"]),
        // `formctl serve`: the form in a browser and its JSON API, on
        // Hummingbird 2. FormKit does the work; this target maps requests
        // to FormKit calls and FormKit's errors to HTTP statuses (one table).
        .target(
            name: "FormServer",
            dependencies: [
                "FormKit", "FormText", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            // The page's stylesheet and scripts (the form's, the summary's), real files compiled into the
            // binary as byte arrays (no resource bundle to lose), served
            // under a hash of their content (PageAssets); the OpenAPI
            // document; and the page's HTML templates (PageTemplates).
            resources: [
                .embedInCode("Assets/app.css"), .embedInCode("Assets/app.js"), .embedInCode("Assets/summary.js"),
                .embedInCode("Assets/openapi.json"), .embedInCode("Templates/summary-page.mustache"),
                .embedInCode("Templates/page.mustache"), .embedInCode("Templates/head.mustache"),
                .embedInCode("Templates/tab-bar.mustache"), .embedInCode("Templates/tab-link.mustache"), .embedInCode("Templates/minimap.mustache"),
                .embedInCode("Templates/outcome.mustache"), .embedInCode("Templates/field.mustache"),
                .embedInCode("Templates/field-control.mustache"), .embedInCode("Templates/control-attributes.mustache"),
                .embedInCode("Templates/error-page.mustache"), .embedInCode("Templates/sign-in-page.mustache"),
                .embedInCode("Templates/items.mustache"), .embedInCode("Templates/group.mustache"),
            ]
        ),
        // Stands in for ICU's 34 MB data package in the static formctl binary,
        // which links full Foundation through GRDB but never reads ICU's data
        // (see its source). Linked into the executable only.
        .target(name: "EmptyICUData"),
        // What formctl's two executables share: the exit-code table, the
        // database options, printing to the terminal.
        .target(
            name: "CLISupport",
            dependencies: ["FormKit", "FormText", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "formctl",
            dependencies: [
                "FormKit",
                "FormText",
                "CLISupport",
                "EmptyICUData",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `formctl serve` runs this second executable (found beside formctl,
        // else on PATH): linking SwiftNIO into formctl made every command's
        // binary 6.6 MB larger and `get`/`set` 9%/16% more instructions
        // (callgrind; the runtime's conformance lookups scan every
        // conformance linked in), which no command but serve needs.
        .executableTarget(
            name: "formctl-serve",
            dependencies: [
                "FormServer",
                "FormKit",
                // `formctl responses --responses postgresql://…` and
                // `responses copy` run here, so that formctl itself never
                // links the driver (docs/scaling.md).
                "FormPostgres",
                "CLISupport",
                "EmptyICUData",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "LayoutBenchmark",
            dependencies: ["FormLayout", "FormModel", "FormScreens"],
            path: "Benchmarks/LayoutBenchmark",
            swiftSettings: crossModuleOptimisation
        ),
        // Benchmarks/update.sh: what one change costs on a retained form (issue 23).
        .executableTarget(
            name: "UpdateBenchmark",
            dependencies: ["FormLayout", "FormModel", "FormScreens"],
            path: "Benchmarks/UpdateBenchmark",
            swiftSettings: crossModuleOptimisation
        ),
        // Benchmarks/serve.sh's reference: one Hummingbird route answering a
        // constant as large as `formctl serve`'s /api/fields (the framework's
        // ceiling on the machine, measured in the same run).
        .executableTarget(
            name: "ServeReference",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird"), .product(name: "Logging", package: "swift-log")],
            path: "Benchmarks/ServeReference"
        ),
        // The seed ports keep SwiftUI's `static var defaultValue`, which Swift 6
        // mode rejects as shared mutable state; the tests build in Swift 5 mode.
        // PropertyBased: random trees laid out right-to-left against their
        // left-to-right layout mirrored (LayoutDirectionPropertyTests).
        .testTarget(
            name: "FormLayoutTests",
            dependencies: ["FormLayout", .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // A test target names every module its files import, not only the
        // one it tests (Scripts/check-imports.py holds every target to it).
        .testTarget(name: "FormModelTests", dependencies: ["FormModel"]),
        .testTarget(name: "FormTextTests", dependencies: ["FormText"]),
        // PropertyBased: random value edits on random forms, the minimap
        // after each against a new layout (ValueChangePropertyTests).
        .testTarget(
            name: "FormScreensTests",
            dependencies: ["FormScreens", "FormModel", "FormLayout", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(name: "FormStoreTests", dependencies: ["FormStore", "FormModel", "FormScreens", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "FormRenderTests", dependencies: ["FormRender", "FormLayout"]),
        // The server's routes in process (HummingbirdTesting's router
        // client), no socket; EndToEndTests runs the real `formctl serve`.
        .testTarget(
            name: "FormServerTests",
            dependencies: [
                "FormServer", "FormKit", "FormModel", "FormText",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Mustache", package: "swift-mustache"),
                "JSONSchemaTestSupport",
            ]
        ),
        // Python's jsonschema as the judge of exported and imported JSON
        // Schemas: one copy for the two test targets that use it (a test
        // target cannot depend on another), in no product.
        .target(name: "JSONSchemaTestSupport", path: "Tests/JSONSchemaTestSupport"),
        // Its exit-code expectations read the CLI's one table (ExitStatus);
        // the JSON Schema tests compose documents with Yams, as apply does;
        // FieldPropertyCoverageTests reads the server's OpenAPI document.
        .testTarget(
            name: "FormKitTests",
            dependencies: ["FormKit", "FormModel", "FormRender", "FormStore", "FormScreens", "FormServer", "formctl", "CLISupport", "Yams", "JSONSchemaTestSupport",
                           .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // Runs the built formctl binary as a process against temporary
        // databases and reads them back with the sqlite3 shell. Depending on
        // the executable makes SwiftPM build it next to the test bundle.
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "formctl", "formctl-serve", "CLISupport", "FormKit", "JSONSchemaTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            // Outputs of earlier formctl versions, read by path (#filePath).
            exclude: ["Fixtures"]
        ),
    ]
)
