// json_out.h — writing JSON and CSV values correctly (escaping, non-finite
// numbers). For the commands that print runs for other programs.
#ifndef ALIFE_APP_JSON_OUT_H
#define ALIFE_APP_JSON_OUT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/// Writes s as a JSON string literal: quotes, backslash and control
/// characters escaped; invalid UTF-8 bytes become U+FFFD. NULL writes null.
void json_string(FILE *out, const char *s);
/// Writes a number that reads back to the same double; NaN and infinities
/// (which JSON cannot hold) are written as null.
void json_number(FILE *out, double v);
/// Writes "key": (the key escaped), preceded by a comma unless *first.
void json_key(FILE *out, const char *key, int *first);
/// json_key, then the value: a string (NULL: null), a number (as
/// json_number), a whole number, or true/false.
void json_field_string(FILE *out, const char *key, const char *s, int *first);
void json_field_number(FILE *out, const char *key, double v, int *first);
void json_field_int(FILE *out, const char *key, long long v, int *first);
void json_field_bool(FILE *out, const char *key, bool v, int *first);

/// Writes s as one CSV field (RFC 4180: quoted when it holds a comma, quote,
/// CR or LF; quotes doubled).
void csv_field(FILE *out, const char *s);
/// Writes a number that reads back to the same double; NaN (no value) is an
/// empty field, infinities "inf" / "-inf".
void csv_number(FILE *out, double v);

#endif
