// The help overlay (H / F1) shows every key's whole description (issue 10):
// at 720x480 its two columns cut them with "..." ("help_cut" 13 in the ants
// mode). Descriptions now wrap under themselves; when even two columns do
// not hold them the help is one column that scrolls (PgDn, Down, the wheel)
// with a "more below" sign. The test pages through the help as a user would
// and puts each key's rows back together from `state`'s help_rows.
#include "gui_test.h"

#ifdef ALIFE_HAVE_GUI
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gui/shell.h"
#include "gui_script.h"

enum { MAX_ROWS = 200, PAGES = 8 };

typedef struct rows {
    char key[MAX_ROWS][40];
    char text[MAX_ROWS][300];
    bool seen[MAX_ROWS];
    int n;
} rows;

// Adds the rows in view of one state line at their place (help_view.top on).
static void collect(const char *json, rows *all)
{
    int top = (int)gs_num(json, "help_view.top"), total = (int)gs_num(json, "help_view.rows");
    assert_true(total > 0 && total <= MAX_ROWS);
    if (total > all->n) all->n = total;
    const char *p = gs_find(json, "help_rows");
    assert_non_null(p);
    const char *end = strstr(p, "\"lesson_marks\""); // the next key (a row may hold "]": "[ ]")
    assert_non_null(end);
    int i = top;
    for (const char *r = strstr(p, "{\"key\":"); r && r < end && i < MAX_ROWS; r = strstr(r + 1, "{\"key\":"), ++i) {
        gs_text(r, "key", all->key[i], sizeof all->key[i]);
        gs_text(r, "text", all->text[i], sizeof all->text[i]);
        all->seen[i] = true;
    }
    if (i > all->n) all->n = i; // in two columns help_view.rows counts one column's
}

// The whole description of key label, its rows joined into out; false when absent.
static bool description(const rows *all, const char *label, char *out, size_t cap)
{
    out[0] = '\0';
    for (int i = 0; i < all->n; ++i) {
        if (!all->seen[i] || strcmp(all->key[i], label) != 0) continue;
        snprintf(out, cap, "%s", all->text[i]);
        for (int k = i + 1; k < all->n && all->seen[k] && all->key[k][0] == '\0' && all->text[k][0]; ++k) {
            size_t n = strlen(out);
            snprintf(out + n, cap - n, " %s", all->text[k]);
        }
        return true;
    }
    return false;
}

// s with every run of spaces made one.
static void squeeze(char *s)
{
    char *o = s;
    for (char *c = s; *c; ++c)
        if (!(*c == ' ' && o > s && o[-1] == ' ')) *o++ = *c;
    *o = '\0';
}

static void every_description_whole(const char *mode, int width, int height, bool may_scroll)
{
    char script[600], args[80];
    int n = snprintf(script, sizeof script, "at 0 resize %d %d\nat 5 key h\nat 7 state\n", width, height);
    for (int k = 0; k < PAGES; ++k)
        n += snprintf(script + n, sizeof script - (size_t)n, "at %d key pagedown\nat %d state\n", 9 + 3 * k, 10 + 3 * k);
    snprintf(script + n, sizeof script - (size_t)n, "at 40 quit\n");
    snprintf(args, sizeof args, "--no-log --mode %s", mode);
    gs_run r;
    gt_script(&r, script, args, PAGES + 1);
    static rows all;
    memset(&all, 0, sizeof all);
    for (int i = 0; i < r.n; ++i) {
        assert_true(gs_overlay(r.line[i], "help")); // PgDn scrolls, it does not close the help
        if (gs_num(r.line[i], "help_cut") != 0)
            fail_msg("%s at %dx%d: %g descriptions cut", mode, width, height, gs_num(r.line[i], "help_cut"));
        collect(r.line[i], &all);
    }
    bool scrolled = gs_bool(r.line[0], "help_view.more_below");
    if (scrolled && !may_scroll) fail_msg("%s at %dx%d: the help does not fit at once", mode, width, height);
    if (scrolled) { // the sign goes as the last page comes
        assert_false(gs_bool(r.line[r.n - 1], "help_view.more_below"));
        assert_true(gs_bool(r.line[r.n - 1], "help_view.more_above"));
    }
    for (int i = 0; i < all.n; ++i)
        if (!all.seen[i]) fail_msg("%s at %dx%d: help row %d of %d never shown", mode, width, height, i, all.n);
    for (int i = 0; i < NSHELLKEYS; ++i) {
        const shell_key *k = &shell_keys[i];
        const char *brief, *help; // the mode's words (N is one generation where a tick is one)
        al_shell_key_words(al_view_find(mode), false, k, &brief, &help);
        if (!help[0]) continue;
        char got[1200], want[400];
        if (!description(&all, k->label, got, sizeof got))
            fail_msg("%s at %dx%d: no help row for %s", mode, width, height, k->label);
        snprintf(want, sizeof want, "%s", help);
        squeeze(got);
        squeeze(want);
        // Esc's row goes on to say how closing logs the run shown (quit_help),
        // R's whether it asks first (al_shell_confirm_words), + -'s the
        // ladder's rungs (al_shell_speed_help)
        bool goes_on = k->act == K_QUIT || k->act == K_NEWRUN || k->act == K_FASTER;
        if (goes_on ? strncmp(got, want, strlen(want)) != 0 : strcmp(got, want) != 0)
            fail_msg("%s at %dx%d: %s reads '%s', not '%s'", mode, width, height, k->label, got, want);
    }
    for (int i = 0; i < all.n; ++i) // the view's keys too: none cut
        if (strstr(all.text[i], "\xe2\x80\xa6") || (strstr(all.text[i], "...") && !strstr(all.text[i], "...)")))
            fail_msg("%s at %dx%d: row '%s' is cut", mode, width, height, all.text[i]);
    gs_free(&r);
}

static void whole_at_720x480_in_every_mode(void **state)
{
    (void)state;
    static const char *const modes[] = {"steering", "estrings", "ants", "xor", "pole"};
    for (int m = 0; m < 5; ++m)
        every_description_whole(modes[m], 720, 480, true);
}

static void at_once_at_1280x800(void **state)
{
    (void)state;
    every_description_whole("ants", 1280, 800, false);
    every_description_whole("steering", 1280, 800, false);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(whole_at_720x480_in_every_mode),
        cmocka_unit_test(at_once_at_1280x800),
    };
    return gs_cleanup(cmocka_run_group_tests(tests, NULL, NULL));
}
#endif
