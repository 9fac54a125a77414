// gui_test.h — what every GUI test file opens with: cmocka and the headers it
// needs, and, in a build configured with -DALIFE_GUI=OFF (no GUI to test), the
// file's main, which reports one skipped test. A GUI test reads:
//
//     #include "gui_test.h"
//     #ifdef ALIFE_HAVE_GUI
//     ... the tests and their main ...
//     #endif
#ifndef ALIFE_TESTS_GUI_TEST_H
#define ALIFE_TESTS_GUI_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#ifndef ALIFE_HAVE_GUI
static void gui_not_built(void **state)
{
    (void)state;
    skip();
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(gui_not_built)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
#endif

#endif
