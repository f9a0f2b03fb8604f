#!/usr/bin/env bash
# Builds the binaries users install, formctl and formctl-serve (which
# formctl serve runs): release, fully static, small. Prints formctl's path
# on its last line; formctl-serve is beside it. See usage() below.
set -euo pipefail

usage() {
    cat <<'TEXT'
usage: Scripts/build-release.sh [--scratch-path PATH] [--keep-symbols] [--product NAME] [-h]

Builds formctl, and beside it formctl-serve (which formctl serve runs), for
release, each as one static file that needs nothing installed where it
runs, and prints formctl's path on the last line:

  --static-swift-stdlib -Xswiftc -static-executable
        the Swift runtime, Foundation, libsqlite3.a and libpcre2-8.a linked
        in: no dynamic loader, about half the start-up time
  -Xswiftc -Osize
        code compiled for size; a command's time is process start-up and
        SQLite, not the speed of its code
  -Xswiftc -Xfrontend -Xswiftc -function-sections
        one section per Swift function, so that the linker's --gc-sections
        drops the functions nothing calls (in GRDB and swift-argument-parser
        too)
  -Xlinker --icf=safe
        identical functions kept once (formctl: --icf=all, below)
  -Xlinker --no-eh-frame-hdr
        no binary-search table over the unwind information (0.7 MB), as GCC
        links static executables: crtbeginT.o registers the unwind
        information at start-up, which is how the unwinder finds it then
        (formctl unwinds nothing in normal use)
  -Xlinker --strip-all
        no symbol table or debug information (a crash report then gives
        addresses, not names)

formctl, and only formctl, is also linked with link-time optimisation, in
a build folder of its own (PATH/lto), then copied beside formctl-serve
(which, with SwiftNIO, is linked as before):

  --experimental-lto-mode full -Xswiftc -use-ld=lld
        the package's and its dependencies' Swift code optimised as one
        program when linked (LLVM LTO; lld, as SwiftPM's LTO needs):
        what nothing in formctl reaches is left out
  -Xswiftc -Xfrontend -Xswiftc -internalize-at-link
        public symbols of the package's modules may be made internal at
        link time (formctl is the whole program), so that LTO drops the
        public API formctl does not call
  -Xlinker --icf=all
        identical functions kept once even where their address is taken
        (lld's --icf=safe folds little: Swift objects carry no address-
        significance tables)

30.7 MB instead of 32.9 MB, and get/set/fields/check 0.3-0.8% fewer
instructions (Scripts/instruction-budget.sh); the link takes minutes.

together with Sources/EmptyICUData (linked into formctl), which keeps ICU's
34 MB of locale data out of the binary: about 30 MB in all instead of 99 MB.

options:
  --scratch-path PATH   SwiftPM's build folder (default .build)
  --keep-symbols        keep the symbol table (--strip-debug instead of
                        --strip-all), for profilers: the same code, named
                        (Benchmarks/cli.sh --profile builds this)
  --product NAME        only this executable of the package, built the same way
                        (default: formctl-serve, then formctl, whose path is
                        printed; Benchmarks/serve.sh builds its
                        ServeReference so, to compare like with like)
  -h, --help            this text
TEXT
}

scratch=".build"
strip="--strip-all"
product=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        -h|--help) usage; exit 0 ;;
        --scratch-path)
            [[ $# -ge 2 ]] || { echo "build-release.sh: --scratch-path needs a folder" >&2; exit 64; }
            scratch="$2"; shift ;;
        --keep-symbols) strip="--strip-debug" ;;
        --product)
            [[ $# -ge 2 ]] || { echo "build-release.sh: --product needs a name" >&2; exit 64; }
            product="$2"; shift ;;
        *) echo "build-release.sh: unknown argument $1 (see -h)" >&2; exit 64 ;;
    esac
    shift
done

cd "$(dirname "${BASH_SOURCE[0]}")/.."
build=(swift build -c release --static-swift-stdlib -Xswiftc -static-executable
       -Xswiftc -Osize -Xswiftc -Xfrontend -Xswiftc -function-sections
       -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
       -Xlinker --icf=safe -Xlinker --no-eh-frame-hdr -Xlinker "$strip")
# By default both executables users install, side by side: formctl serve
# runs the formctl-serve beside formctl. formctl is built last, printed last.
products=("$product")
[[ -z "$product" ]] && products=(formctl-serve formctl)
bin="$("${build[@]}" --scratch-path "$scratch" --show-bin-path)"
# formctl alone is linked with link-time optimisation (see usage), in a
# build folder of its own, so that each executable's build stays
# incremental (their flags differ), then copied beside formctl-serve. The
# last --icf given wins: formctl folds with --icf=all.
lto=(--experimental-lto-mode full -Xswiftc -use-ld=lld
     -Xswiftc -Xfrontend -Xswiftc -internalize-at-link
     -Xlinker --icf=all --scratch-path "$scratch/lto")
for name in "${products[@]}"; do
    if [[ "$name" == formctl ]]; then
        "${build[@]}" "${lto[@]}" --product formctl >&2
        mkdir -p "$bin"
        cp "$("${build[@]}" "${lto[@]}" --show-bin-path)/formctl" "$bin/formctl.new"
        mv -f "$bin/formctl.new" "$bin/formctl"
    else
        "${build[@]}" --scratch-path "$scratch" --product "$name" >&2
    fi
done
echo "$bin/${products[${#products[@]}-1]}"
