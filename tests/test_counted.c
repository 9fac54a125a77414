// A count with its noun (alife/counted.h): singular for one, the plural
// otherwise, so the panel and the CLI never say "1 hidden nodes" or
// "1 self-loops" (the trial saw both).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "alife/counted.h"

static void one_thing_is_singular(void **state)
{
    (void)state;
    char b[40];
    assert_string_equal(alCounted(b, sizeof b, 1, "hidden node", NULL), "1 hidden node");
    assert_string_equal(alCounted(b, sizeof b, 1, "self-loop", NULL), "1 self-loop");
    assert_string_equal(alCounted(b, sizeof b, -1, "step", NULL), "-1 step");
}

static void other_counts_are_plural(void **state)
{
    (void)state;
    char b[40];
    assert_string_equal(alCounted(b, sizeof b, 0, "hidden node", NULL), "0 hidden nodes");
    assert_string_equal(alCounted(b, sizeof b, 11, "link", NULL), "11 links");
    assert_string_equal(alCounted(b, sizeof b, 2, "species", "species"), "2 species");
    assert_string_equal(alCounted(b, sizeof b, 3, "generation", NULL), "3 generations");
}

static void a_short_buffer_is_terminated(void **state)
{
    (void)state;
    char b[6];
    assert_string_equal(alCounted(b, sizeof b, 12, "link", NULL), "12 li");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(one_thing_is_singular),
        cmocka_unit_test(other_counts_are_plural),
        cmocka_unit_test(a_short_buffer_is_terminated),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
