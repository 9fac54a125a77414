// The [estrings] section: what string to evolve, from what alphabet, with how
// many individuals, and how its error is counted. The GA's operators are in
// [ga] (src/evolve/ga_config.c).
#include "alife/config.h"

static const alKeyDef estrings_keys[] = {
    {"estrings", "target", AL_TYPE_STRING, "Hello, World!", 1, 4096, NULL,
     "the string to evolve (how many generations does your name take?); long ones via --set"},
    {"estrings", "population", AL_TYPE_INT, "24", 2, 1000000, NULL, "strings in each generation"},
    {"estrings", "alphabet", AL_TYPE_ENUM, "printable", 0, 0, "printable|seed|upper|latin1",
     "characters a string may hold: printable ASCII 32-126, the AI Life article's 32-141 (includes "
     "unprintable codes), space and A-Z (Dawkins' weasel), or printable ASCII and the Latin-1 "
     "letters (accented names: José, Muñoz, Müller)"},
    {"estrings", "fitness", AL_TYPE_ENUM, "abs_diff", 0, 0, "abs_diff|hamming",
     "error of a string: sum of |c_i - t_i| over characters (the AI Life article's), or how many characters "
     "differ"},
};

const alSchemaPart alEStringsSchemaPart = {
    "estrings", "estrings", estrings_keys, (int)(sizeof estrings_keys / sizeof estrings_keys[0]),
    NULL,       0,
};
