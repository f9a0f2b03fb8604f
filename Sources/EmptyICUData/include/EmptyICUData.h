#ifndef FORMCTL_EMPTY_ICU_DATA_H
#define FORMCTL_EMPTY_ICU_DATA_H
// See EmptyICUData.c: formctl's stand-in for the 34 MB of ICU locale data
// that full Foundation would otherwise bring into the static binary. Nothing
// here is for Swift code to call; the header exists because SwiftPM C
// targets want one.
#endif
