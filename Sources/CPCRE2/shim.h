// PCRE2 for rule patterns (FormModel's RulePattern): the 8-bit library,
// whose code units are UTF-8 bytes, as Swift strings store them.
#ifndef FORMCTL_CPCRE2_SHIM_H
#define FORMCTL_CPCRE2_SHIM_H
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#endif
