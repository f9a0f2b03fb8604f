// An empty ICU data package under the name ICU 76 gives its built-in data,
// linked into the formctl executable only.
//
// Why: GRDB imports Foundation (58 of its files; DateFormatter, NSNumber,
// NSString), so the statically linked formctl links full Foundation, whose
// CoreFoundation string and date code references ICU, whose loader
// references `icudt76_dat`: 34 MB of locale, collation and time-zone tables,
// a third of the binary. formctl never asks ICU for any of it: it formats no
// dates, numbers or names by locale and collates nothing (values are compared
// byte for byte; SQLite sorts). The end-to-end suite runs against the static
// binary to keep that true (.ci/run).
//
// How: the static linker takes an archive member only for a symbol still
// undefined. This file defines `icudt76_dat` first, so
// lib_FoundationICU.a(icu_packaged_data.cpp.o) is never taken. ICU then
// finds a valid common-data package with no entries, and any lookup would
// fail with U_MISSING_RESOURCE_ERROR instead of reading data. A toolchain
// with another ICU version (icudt77_dat, …) links its own data as before:
// the binary grows back, behaviour is unchanged, and Benchmarks/cli.sh
// prints the size. Shared-library builds are unaffected: lib_FoundationICU.so
// does not export or import the symbol, so it keeps its own data.
#include <stdint.h>

/// ICU's common-data layout (ucmndata.h): a MappedData + UDataInfo header
/// padded to `header_size`, then the table of contents (an entry count and
/// as many name/offset pairs, here none).
struct EmptyICUCommonData {
    uint16_t header_size;
    uint8_t magic1, magic2;
    uint16_t info_size, reserved_word;
    uint8_t is_big_endian, charset_family, sizeof_uchar, reserved_byte;
    uint8_t data_format[4], format_version[4], data_version[4];
    uint8_t padding[8];
    uint32_t entry_count;
};

__attribute__((used, aligned(16)))
const struct EmptyICUCommonData icudt76_dat = {
    .header_size = 32,
    .magic1 = 0xda,
    .magic2 = 0x27,
    .info_size = 20,
    .reserved_word = 0,
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    .is_big_endian = 1,
#else
    .is_big_endian = 0,
#endif
    .charset_family = 0,  // ASCII
    .sizeof_uchar = 2,
    .reserved_byte = 0,
    .data_format = {'C', 'm', 'n', 'D'},  // offset-TOC common data
    .format_version = {1, 0, 0, 0},
    .data_version = {3, 0, 0, 0},  // what ICU 76's own package says
    .padding = {0},
    .entry_count = 0,
};
