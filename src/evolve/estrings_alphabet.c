// The alphabets of EStrings: sets of characters (Unicode code points), each
// listed in creep order. A gene byte holds the code point itself, so every
// alphabet's code points lie below 256 (ASCII and Latin-1), the ASCII
// alphabets keep the byte values they always had (and with them every
// pinned result), and |c_i - t_i| stays a distance between characters.
//
// Targets are UTF-8 as typed. A byte that does not start a valid UTF-8
// sequence is read as the Latin-1 character of that code (the seed's
// alphabet takes raw bytes 127..141, as it always did).
#include "estrings_alphabet.h"

#include <stdio.h>
#include <string.h>

static const char *const alphabet_keys[] = {"printable", "seed", "upper", "latin1"};
static const char *const alphabet_names[] = {
    "printable ASCII, space to '~'", "the AI Life article's alphabet, codes 32 to 141 (127 to 141 unprintable)",
    "space and A to Z", "printable ASCII and the Latin-1 letters \xc3\x80 to \xc3\xbf"};

// The Latin-1 letters, in UTF-8 as a reader sees them: U+00C0..U+00FF
// without the signs x (U+00D7) and / (U+00F7).
static const char latin1_letters[] =
    "ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿ";

int al_estrings_next_char(const char *s, size_t n, uint32_t *cp)
{
    const unsigned char *u = (const unsigned char *)s;
    int len = u[0] < 0x80 ? 1 : u[0] >= 0xc2 && u[0] <= 0xdf ? 2 : u[0] >= 0xe0 && u[0] <= 0xef ? 3
              : u[0] >= 0xf0 && u[0] <= 0xf4 ? 4 : 0;
    if (len > 1 && (size_t)len <= n) {
        uint32_t c = u[0] & (0x7f >> len);
        for (int k = 1; k < len; ++k) {
            if ((u[k] & 0xc0) != 0x80) goto latin1;
            c = (c << 6) | (u[k] & 0x3f);
        }
        // Overlong forms and surrogates are not text either.
        if ((len == 3 && c < 0x800) || (len == 4 && (c < 0x10000 || c > 0x10ffff)) ||
            (c >= 0xd800 && c <= 0xdfff))
            goto latin1;
        *cp = c;
        return len;
    }
latin1:
    *cp = u[0];
    return 1;
}

int al_estrings_symbols(alEStringsAlphabet a, uint8_t *out)
{
    int n = 0;
    if (a == AL_ESTRINGS_UPPER) {
        out[n++] = ' ';
        for (int c = 'A'; c <= 'Z'; ++c)
            out[n++] = (uint8_t)c;
        return n;
    }
    int hi = a == AL_ESTRINGS_SEED ? 141 : 126;
    for (int c = 32; c <= hi; ++c)
        out[n++] = (uint8_t)c;
    if (a == AL_ESTRINGS_LATIN1) {
        size_t len = sizeof latin1_letters - 1;
        for (size_t i = 0; i < len;) {
            uint32_t cp;
            i += (size_t)al_estrings_next_char(latin1_letters + i, len - i, &cp);
            out[n++] = (uint8_t)cp;
        }
    }
    return n;
}

const char *alEStrings_AlphabetKey(alEStringsAlphabet a)
{
    return (unsigned)a <= AL_ESTRINGS_LATIN1 ? alphabet_keys[a] : "?";
}

const char *alEStrings_AlphabetWords(alEStringsAlphabet a)
{
    return (unsigned)a <= AL_ESTRINGS_LATIN1 ? alphabet_names[a] : "?";
}

int alEStrings_AlphabetSize(alEStringsAlphabet a)
{
    uint8_t sym[256];
    return (unsigned)a <= AL_ESTRINGS_LATIN1 ? al_estrings_symbols(a, sym) : 0;
}

alEStringsAlphabet alEStrings_AlphabetBySize(int i)
{
    static const alEStringsAlphabet by_size[AL_ESTRINGS_ALPHABETS] = {AL_ESTRINGS_UPPER, AL_ESTRINGS_PRINTABLE,
                                                                      AL_ESTRINGS_SEED, AL_ESTRINGS_LATIN1};
    return by_size[((i % AL_ESTRINGS_ALPHABETS) + AL_ESTRINGS_ALPHABETS) % AL_ESTRINGS_ALPHABETS];
}

bool alEStrings_SmallestAlphabet(const char *target, alEStringsAlphabet *out)
{
    for (int i = 0; i < AL_ESTRINGS_ALPHABETS; ++i) {
        alEStringsAlphabet a = alEStrings_AlphabetBySize(i);
        if (alEStrings_CheckTarget(target, a, NULL) == AL_OK) {
            *out = a;
            return true;
        }
    }
    return false;
}

// How a character is named in a message: as typed, or in words.
static void name_char(uint32_t cp, const char *typed, int len, char *buf, size_t cap)
{
    if (cp == '\t')
        snprintf(buf, cap, "a tab");
    else if (cp == '\n' || cp == '\r')
        snprintf(buf, cap, "a line break");
    else if (cp < 32 || (cp >= 127 && cp < 160))
        snprintf(buf, cap, "a control character (U+%04X)", (unsigned)cp);
    else
        snprintf(buf, cap, "'%.*s'", len, typed);
}

alResult alEStrings_CheckTarget(const char *target, alEStringsAlphabet alphabet, alError *err)
{
    if (!target || !target[0])
        return alError_Set(err, AL_ERR_CONFIG,
                           "estrings.target is empty: type at least one character (allowed: 1 to "
                           "%d characters of the alphabet)",
                           AL_ESTRINGS_MAX_TARGET);
    size_t n = strlen(target);
    if (n > AL_ESTRINGS_MAX_TARGET)
        return alError_Set(err, AL_ERR_CONFIG,
                           "estrings.target is %zu bytes long (allowed: 1 to %d)", n,
                           AL_ESTRINGS_MAX_TARGET);
    if ((unsigned)alphabet > AL_ESTRINGS_LATIN1)
        return alError_Set(err, AL_ERR_CONFIG, "estrings.alphabet = %d is unknown", (int)alphabet);
    uint8_t sym[256];
    bool in[256] = {false};
    int ns = al_estrings_symbols(alphabet, sym);
    for (int k = 0; k < ns; ++k)
        in[sym[k]] = true;
    int chars = 0;
    for (size_t i = 0; i < n; ++chars) {
        uint32_t cp;
        int len = al_estrings_next_char(target + i, n - i, &cp);
        if (cp < 256 && in[cp]) {
            i += (size_t)len;
            continue;
        }
        char shown[48];
        name_char(cp, target + i, len, shown, sizeof shown);
        // Where a wider alphabet has it, say so.
        uint8_t wide[256];
        int nw = al_estrings_symbols(AL_ESTRINGS_LATIN1, wide);
        bool in_latin1 = false;
        for (int k = 0; k < nw; ++k)
            in_latin1 |= cp == wide[k];
        const char *hint = in_latin1 ? "; estrings.alphabet = latin1 has it" : "";
        char whole[64] = ""; // the whole target too, when short and printable
        bool plain = n <= 40;
        for (size_t k = 0; k < n; ++k)
            plain &= (unsigned char)target[k] >= 32 && target[k] != 127;
        if (plain) snprintf(whole, sizeof whole, " of '%s'", target);
        return alError_Set(err, AL_ERR_CONFIG,
                           "estrings.target: %s, character %d%s, is not in the alphabet "
                           "(estrings.alphabet = %s: %s%s)",
                           shown, chars + 1, whole, alphabet_keys[alphabet],
                           alphabet_names[alphabet], hint);
    }
    return AL_OK;
}

int al_estrings_encode(const char *target, uint8_t *codes)
{
    size_t n = strlen(target);
    int k = 0;
    for (size_t i = 0; i < n; ++k) {
        uint32_t cp;
        i += (size_t)al_estrings_next_char(target + i, n - i, &cp);
        if (codes) codes[k] = (uint8_t)cp; // checked: every code point of the alphabet is < 256
    }
    return k;
}

size_t alEStrings_Format(const uint8_t *text, int length, char *buf, size_t cap)
{
    if (cap == 0) return 0;
    size_t o = 0;
    for (int i = 0; i < length; ++i) {
        char tmp[8];
        int w;
        uint8_t c = text[i];
        if (c >= 32 && c <= 126 && c != '\\') {
            tmp[0] = (char)c;
            w = 1;
        } else if (c == '\\') {
            tmp[0] = tmp[1] = '\\';
            w = 2;
        } else if (c >= 160) { // a Latin-1 character, in UTF-8
            tmp[0] = (char)(0xc0 | (c >> 6));
            tmp[1] = (char)(0x80 | (c & 0x3f));
            w = 2;
        } else {
            w = snprintf(tmp, sizeof tmp, "\\x%02X", c);
        }
        if (o + (size_t)w >= cap) break;
        memcpy(buf + o, tmp, (size_t)w);
        o += (size_t)w;
    }
    buf[o] = '\0';
    return o;
}
