// Numbers in the panel's table and on the plot axes: the pole's 100000 steps
// read "100000" in the table and "100k" on the axis, never "1e+05" (trial).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "gui/number_text.h"

static void table_cells_write_whole_numbers_whole(void **state)
{
    (void)state;
    char b[32];
    assert_string_equal(al_number_cell(b, sizeof b, 100000), "100000");
    assert_string_equal(al_number_cell(b, sizeof b, 0), "0");
    assert_string_equal(al_number_cell(b, sizeof b, -42), "-42");
    assert_string_equal(al_number_cell(b, sizeof b, 9999999999.0), "9999999999");
    assert_string_equal(al_number_cell(b, sizeof b, 123.456), "123.5");
    assert_string_equal(al_number_cell(b, sizeof b, 0.0312345), "0.03123");
    assert_string_equal(al_number_cell(b, sizeof b, 1e12), "1e+12");
    // a mean of 10650.3 beside a best of 9512 (trial8 read "1.065e+04")
    assert_string_equal(al_number_cell(b, sizeof b, 10650.3), "10650");
    assert_string_equal(al_number_cell(b, sizeof b, -12345.6), "-12346");
    assert_string_equal(al_number_cell(b, sizeof b, 9999.25), "9999");
}

// The axis label of the tick at v on an axis whose ticks are step apart.
static void tick_is(double v, double step, const char *want)
{
    char b[32];
    al_number_tick(b, sizeof b, v, step);
    assert_string_equal(b, want);
}

static void tick_labels_shorten_large_numbers(void **state)
{
    (void)state;
    tick_is(100000, 20000, "100k");
    tick_is(2500000, 500000, "2.5M");
    tick_is(4000, 2000, "4000");
    tick_is(0.25, 0.05, "0.25");
    tick_is(1e-17, 0.1, "0.0");
    tick_is(0.0004, 0.0001, "0.0004");
}

// The pole's fitness axis read "0, 50000, 100k" (trial, issue 10): every
// tick of one axis is written in one unit.
static void one_axis_writes_one_unit(void **state)
{
    (void)state;
    tick_is(50000, 50000, "50k");
    tick_is(100000, 50000, "100k");
    tick_is(0, 50000, "0");
    tick_is(500000, 500000, "0.5M");
    tick_is(1000000, 500000, "1M");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(table_cells_write_whole_numbers_whole),
        cmocka_unit_test(tick_labels_shorten_large_numbers),
        cmocka_unit_test(one_axis_writes_one_unit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
