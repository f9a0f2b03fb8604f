// swift-tools-version: 6.1
// A package outside formctl's own targets that uses the engine the way any
// other package would: it names only the FormLayout product. CI builds and
// runs it (`.ci/run`), so FormLayout stays usable on its own.
//
// Here the dependency is by path (this repository); another project names
// the repository's URL and a version instead, which SwiftPM allows only for
// products without unsafe build flags, as FormLayout is.
import PackageDescription

let package = Package(
    name: "MinimapDemo",
    dependencies: [
        .package(name: "formctl", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "MinimapDemo",
            dependencies: [.product(name: "FormLayout", package: "formctl")]
        ),
    ]
)
