// The lesson texts as the lesson overlay (L) lays them out, over every
// experiments/**/*.ini: each states its difficulty the same way on its
// title line, and the overlay wraps each paragraph to its own width, so a
// row ends early only where a paragraph ends (the files' hand-made line
// breaks once left rows half as long as the next).
#include "gui_test.h"
#ifdef ALIFE_HAVE_GUI
#include <ctype.h>
#include <glob.h>
#include <strings.h>

#include "gui/shell.h"
#include "gui_font.h"

// Every lesson file, at any depth under experiments/ (up to three folders).
static glob_t lessons(void)
{
    glob_t gl = {0};
    static const char *const pat[] = {"/experiments/*.ini", "/experiments/*/*.ini", "/experiments/*/*/*.ini",
                                      "/experiments/*/*/*/*.ini"};
    for (int i = 0; i < 4; ++i) {
        char p[1024];
        snprintf(p, sizeof p, "%s%s", ALIFE_SOURCE_DIR, pat[i]);
        glob(p, i ? GLOB_APPEND : 0, NULL, &gl);
    }
    if (gl.gl_pathc < 30) fail_msg("only %zu lesson files found", gl.gl_pathc);
    return gl;
}

static void every_lesson_states_its_difficulty_one_way(void **state)
{
    (void)state;
    glob_t gl = lessons();
    static char text[16384];
    for (size_t i = 0; i < gl.gl_pathc; ++i) {
        const char *path = gl.gl_pathv[i];
        assert_true(al_lesson_text(path, text, sizeof text) > 0);
        char *nl = strchr(text, '\n');
        if (nl) *nl = '\0';
        // "Title (difficulty: N of 3)", at the end of the first line
        const char *d = strstr(text, "(difficulty: ");
        int level = 0, of = 0;
        char end = 'x';
        if (!d || sscanf(d, "(difficulty: %d of %d%c", &level, &of, &end) != 3 || end != ')' || d[strlen(d) - 1] != ')')
            fail_msg("%s: the title line '%s' does not end in '(difficulty: N of 3)'", path, text);
        if (level < 1 || level > 3 || of != 3) fail_msg("%s: difficulty %d of %d", path, level, of);
        if (d > text && d[-1] == ' ' && d - 1 > text && d[-2] == ' ')
            fail_msg("%s: the title is padded before its difficulty: '%s'", path, text);
        if (nl) *nl = '\n';
        if (strstr(nl ? nl : "", "difficulty")) fail_msg("%s: the difficulty is stated twice", path);
    }
    globfree(&gl);
}

// "seed" is the random seed only (issue 10): a lesson names an article the
// project was made from by what it is ("as in the boids article"), where
// "as in seed 000" or "(from the seed)" sat beside the speed line's "seed 1".
// A "seed" after "the" or before " 0" or " article" names an article.
static void calls_no_article_a_seed(const char *path, const char *text)
{
    for (const char *p = strstr(text, "seed"); p; p = strstr(p + 4, "seed")) {
        const char *b = p;
        while (b > text && isspace((unsigned char)b[-1]))
            b--;
        bool after_the = b - text >= 3 && strncasecmp(b - 3, "the", 3) == 0 &&
                         (b - text == 3 || !isalpha((unsigned char)b[-4]));
        bool names = after_the || strncmp(p + 4, " 0", 2) == 0 || strncmp(p + 4, " article", 8) == 0 ||
                     strncmp(p + 4, "'s", 2) == 0;
        if (names) fail_msg("%s calls an article a seed: '%.40s'", path, b - 12 > text ? b - 12 : text);
    }
}

// check(path, text) on every lesson's text, as the overlay shows it.
static void each_lesson_text(void (*check)(const char *path, const char *text))
{
    glob_t gl = lessons();
    static char text[16384];
    for (size_t i = 0; i < gl.gl_pathc; ++i) {
        assert_true(al_lesson_text(gl.gl_pathv[i], text, sizeof text) > 0);
        check(gl.gl_pathv[i], text);
    }
    globfree(&gl);
}

static void no_lesson_calls_an_article_a_seed(void **state)
{
    (void)state;
    each_lesson_text(calls_no_article_a_seed);
}

// The overlay shows a lesson's text and nothing after it, so a lesson must
// not point "below" at settings or commands: "every constant ... is below"
// led to nothing on screen (trial8). "below" as a comparison ("below 0.2",
// "far below the food") is fine: it is followed by a word or a number.
static void points_at_nothing_below(const char *path, const char *text)
{
    for (const char *p = strstr(text, "below"); p; p = strstr(p + 5, "below")) {
        const char *q = p + 5;
        while (*q == ' ' || *q == '\n')
            q++;
        bool dangling = *q == '\0' || strchr(".,:;)", *q) || strncmp(q, "is ", 3) == 0 || strncmp(q, "are ", 4) == 0;
        if (dangling) fail_msg("%s points below the text, where the overlay shows nothing: '%.50s'", path,
                               p - 30 > text ? p - 30 : text);
    }
}

static void no_lesson_points_below_its_text(void **state)
{
    (void)state;
    each_lesson_text(points_at_nothing_below);
}

// A lesson that asks for a setting no key changes says how to set it
// (`--set section.key=value`): path.ini's "Try waypoint_distance 80" and
// "set path_loop = false" left a newcomer looking for a key (cli2). Caught:
// "try KEY NUMBER" and "set KEY = VALUE", KEY a bare config key name.
static void says_how_to_set(const char *path, const char *text)
{
    for (const char *p = text; *p; ++p) {
        bool at_word = p == text || !isalnum((unsigned char)p[-1]);
        size_t n = strncasecmp(p, "try ", 4) == 0 ? 4 : strncasecmp(p, "set ", 4) == 0 ? 4 : 0;
        if (!at_word || !n || (p - text >= 2 && p[-1] == '-' && p[-2] == '-')) continue;
        const char *k = p + n, *e = k;
        while (islower((unsigned char)*e) || *e == '_' || isdigit((unsigned char)*e))
            e++;
        bool key = e > k && memchr(k, '_', (size_t)(e - k)) != NULL;
        bool valued = (e[0] == ' ' && isdigit((unsigned char)e[1])) || strncmp(e, " = ", 3) == 0;
        if (key && valued)
            fail_msg("%s asks for '%.*s' without saying how (--set section.key=value): '%.40s'", path, (int)(e - k), k,
                     p);
    }
}

static void every_lesson_says_how_to_set_a_key(void **state)
{
    (void)state;
    each_lesson_text(says_how_to_set);
}

static int width_of(const al_font *f, const char *s, int n)
{
    char buf[1200];
    snprintf(buf, sizeof buf, "%.*s", n, s);
    return al_text_width(f, buf);
}

// The rows the overlay makes of one line of n bytes at maxw: checks that
// every row but the last is full (the next word would not fit on it) and
// returns the last row's start (*last_n its bytes).
static const char *wrap_line(const char *path, const al_font *f, int maxw, const char *s, int n, int *last_n)
{
    *last_n = 0;
    const char *row = s;
    while (n > 0) {
        char rest[600], part[600];
        snprintf(rest, sizeof rest, "%.*s", n, s);
        int k = (int)al_text_head(f, rest, maxw, part, sizeof part); // as the overlay breaks its rows
        assert_true(k >= 1 && k <= n);
        row = s, *last_n = k;
        if (k < n) { // a row ended inside the line: the next word did not fit
            int next = k;
            while (next < n && s[next] == ' ')
                next++;
            int w = next;
            while (w < n && s[w] != ' ')
                w++;
            // A number that ends the line stays with the word before it
            // (al_text_head): that word may go down with it.
            const char *tail = s + w + 1;
            if (w < n && memchr(tail, ' ', (size_t)(n - w - 1)) == NULL &&
                (isdigit((unsigned char)*tail) || (strchr("(-+~", *tail) && isdigit((unsigned char)tail[1]))))
                w = n;
            if (width_of(f, s, w) <= maxw)
                fail_msg("%s at %d px: the row '%.*s' ends before '%.*s', which fits", path, maxw, k, s,
                         w - next, s + next);
        }
        s += k, n -= k;
        while (n > 0 && *s == ' ')
            s++, n--;
    }
    return row;
}

static void lesson_paragraphs_fill_their_rows(void **state)
{
    (void)state;
    gf_canvas c;
    gf_open(&c, 64, 64);
    glob_t gl = lessons();
    static char text[16384], raw[16384];
    static const int widths[] = {1060, 700, 420}; // the overlay at 1280x800 (and in smaller windows)
    int short_rows = 0;
    for (size_t i = 0; i < gl.gl_pathc; ++i) {
        const char *path = gl.gl_pathv[i];
        assert_true(al_lesson_text(path, raw, sizeof raw) > 0);
        memcpy(text, raw, sizeof text);
        int lines = al_lesson_paragraphs(text);
        assert_true(lines > 0);
        // nothing but line breaks changed: the words are the file's
        assert_int_equal(strlen(text), strlen(raw));
        for (size_t k = 0; raw[k]; ++k)
            if (raw[k] != text[k] && !(raw[k] == '\n' && text[k] == ' '))
                fail_msg("%s: byte %zu changed", path, k);
        for (int wi = 0; wi < 3; ++wi) {
            const char *s = text;
            for (int line = 0; *s; ++line) {
                const char *e = strchr(s, '\n');
                int n = e ? (int)(e - s) : (int)strlen(s), last_n;
                const char *last = wrap_line(path, c.font, widths[wi], s, n, &last_n);
                const char *next = e ? e + 1 : NULL;
                // A line that ends while the next one goes on with the same
                // paragraph must end a full row: the next word does not fit.
                bool goes_on = line > 0 && n > 0 && s[0] != ' ' && next && next[0] && next[0] != '\n' &&
                               next[0] != ' ' && !al_lesson_opens_paragraph(next);
                if (goes_on) {
                    int w = 0;
                    while (next[w] && next[w] != ' ' && next[w] != '\n')
                        w++;
                    char row[1400];
                    snprintf(row, sizeof row, "%.*s %.*s", last_n, last, w, next);
                    if (al_text_width(c.font, row) <= widths[wi]) {
                        if (short_rows++ < 5)
                            print_message("%s at %d px: the row '%.*s' ends before '%.*s', which fits\n", path,
                                          widths[wi], last_n, last, w, next);
                    }
                }
                s = next ? next : s + n;
            }
        }
    }
    globfree(&gl);
    gf_close(&c);
    assert_int_equal(short_rows, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_lesson_states_its_difficulty_one_way),
        cmocka_unit_test(lesson_paragraphs_fill_their_rows),
        cmocka_unit_test(no_lesson_calls_an_article_a_seed),
        cmocka_unit_test(no_lesson_points_below_its_text),
        cmocka_unit_test(every_lesson_says_how_to_set_a_key),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
#endif
