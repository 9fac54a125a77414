// The hostile-values sweep: every key of every experiment file set in turn to
// 13 hostile values, once with --set and once written into the file itself.
// Each case must end (an alarm per case), and either be refused with a config
// error naming where the value was given (FILE:LINE of the key, or
// "--set key=") or be accepted, when its module is created and run for a few
// ticks. This is the path of `alife run` (resolve, FromConfig, create, step)
// without the process and the database, so it stays within CI's time.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alife/config.h"
#include "alife/module.h"

#define CASE_SECONDS 60 // a case that takes longer is a hang

static char current[2048]; // the case, for the alarm's message

static void on_alarm(int sig)
{
    (void)sig;
    static const char msg[] = "hostile case hangs: ";
    (void)!write(2, msg, sizeof msg - 1);
    (void)!write(2, current, strlen(current));
    (void)!write(2, "\n", 1);
    _exit(3);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 2);
    if (s && fread(s, 1, (size_t)n, f) != (size_t)n) n = 0;
    if (s) s[n] = '\0';
    fclose(f);
    return s;
}

static int cases, accepted, refused;

// Resolves, creates and steps; on refusal the message must hold `where`.
static void run_case(const char *path, const char *text, const char *set, const char *where)
{
    alConfigDef def = alDefaultConfigDef();
    def.path = path;
    def.text = text;
    def.sets = &set;
    def.set_count = set ? 1 : 0;
    alError err = {0};
    alarm(CASE_SECONDS);
    cases++;
    alConfig *cfg;
    alCreateConfig(&def, &cfg, &err);
    void *mod = NULL;
    const alModuleClass *cls = NULL;
    if (cfg) {
        cls = alModule_Find(alConfig_Module(cfg));
        assert_non_null(cls);
        if (cls->create(cfg, 1, &mod, &err) != AL_OK) {
            if (err.code == AL_ERR_CONFIG) alConfig_Locate(cfg, &err); // as the session does
            mod = NULL;
        }
    }
    if (mod) {
        accepted++;
        for (int t = 0; t < 3; ++t) cls->step(mod);
        cls->destroy(mod);
    } else {
        refused++;
        if (err.code != AL_ERR_CONFIG)
            fail_msg("%s: not a config error (%d): %s", current, err.code, err.msg);
        if (!strstr(err.msg, where))
            fail_msg("%s: the error does not name '%s': %s", current, where, err.msg);
    }
    alDestroyConfig(cfg);
    alarm(0);
}

// text with "name = value" in section sec: the key's own line replaced, or
// the section appended. *line receives the line of the key.
static char *with_value(const char *text, const char *sec, const char *name, const char *value,
                        int *line)
{
    size_t n = strlen(text) + strlen(sec) + strlen(name) + strlen(value) + 64;
    char *out = malloc(n);
    assert_non_null(out);
    size_t len = 0;
    char section[64] = "";
    int ln = 0;
    *line = 0;
    for (const char *p = text; *p;) {
        const char *e = strchr(p, '\n');
        size_t l = e ? (size_t)(e - p) : strlen(p);
        ++ln;
        const char *s = p;
        while (*s == ' ' || *s == '\t') ++s;
        if (*s == '[') {
            size_t k = strcspn(s + 1, "]");
            snprintf(section, sizeof section, "%.*s", (int)k, s + 1);
        }
        size_t kl = strcspn(s, " \t=");
        bool is_key = !*line && strcmp(section, sec) == 0 && kl == strlen(name) &&
                      strncmp(s, name, kl) == 0 && memchr(s, '=', l - (size_t)(s - p));
        if (is_key) {
            len += (size_t)sprintf(out + len, "%s = %s\n", name, value);
            *line = ln;
        } else {
            memcpy(out + len, p, l);
            len += l;
            out[len++] = '\n';
        }
        p += l + (e ? 1 : 0);
    }
    if (!*line) {
        len += (size_t)sprintf(out + len, "[%s]\n%s = %s\n", sec, name, value);
        *line = ln + 2;
    }
    out[len] = '\0';
    return out;
}

static void sweep_file(const char *path)
{
    char *text = slurp(path);
    assert_non_null(text);
    alConfigDef def = alDefaultConfigDef();
    def.path = path;
    alError err;
    alConfig *base;
    alCreateConfig(&def, &base, &err);
    if (!base) fail_msg("%s does not resolve: %s", path, err.msg);
    const char *module = alConfig_Module(base);

    static char x4k[4097];
    memset(x4k, 'x', 4096);
    int np;
    const alSchemaPart *parts = alSchema_Parts(&np);
    for (int p = 0; p < np; ++p)
        for (int i = 0; i < parts[p].key_count; ++i) {
            const alKeyDef *k = &parts[p].keys[i];
            if (!alSchema_KeyInModule(k, module)) continue;
            char full[128], padded[512];
            snprintf(full, sizeof full, "%s.%s", k->section, k->name);
            snprintf(padded, sizeof padded, "   %.500s   ", alConfig_Text(base, full));
            const char *values[] = {"nan",  "inf", "-inf", "1e400", "-1e400", "text",
                                    "",     "12345678901234567890", "-0",     "0x10",
                                    "1,5",  padded, x4k};
            for (size_t v = 0; v < sizeof values / sizeof values[0]; ++v) {
                size_t sl = strlen(full) + strlen(values[v]) + 2;
                char *set = malloc(sl);
                assert_non_null(set);
                snprintf(set, sl, "%s=%s", full, values[v]);
                char where[1200];
                snprintf(where, sizeof where, "--set %s=", full);
                snprintf(current, sizeof current, "%s --set %s=%.40s", path, full, values[v]);
                run_case(path, NULL, set, where);
                free(set);

                int line;
                char *t = with_value(text, k->section, k->name, values[v], &line);
                snprintf(where, sizeof where, "%s:%d", path, line);
                snprintf(current, sizeof current, "%s line %d: %s = %.40s", path, line, full,
                         values[v]);
                run_case(path, t, NULL, where);
                free(t);
            }
        }
    alDestroyConfig(base);
    free(text);
}

static void test_every_key_of_every_experiment_survives_hostile_values(void **state)
{
    (void)state;
    signal(SIGALRM, on_alarm);
    static const char *const dirs[] = {"steering", "estrings", "ants"};
    int files = 0;
    for (size_t d = 0; d < sizeof dirs / sizeof dirs[0]; ++d) {
        char dir[512];
        snprintf(dir, sizeof dir, "%s/experiments/%s", ALIFE_SOURCE_DIR, dirs[d]);
        DIR *dp = opendir(dir);
        assert_non_null(dp);
        struct dirent *e;
        while ((e = readdir(dp)) != NULL) {
            size_t l = strlen(e->d_name);
            if (l < 5 || strcmp(e->d_name + l - 4, ".ini") != 0) continue;
            char path[1024];
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            sweep_file(path);
            files++;
        }
        closedir(dp);
    }
    print_message("%d files, %d cases: %d accepted and run, %d refused with their place\n", files,
                  cases, accepted, refused);
    assert_true(files >= 20);
    assert_true(accepted > 0 && refused > cases / 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_key_of_every_experiment_survives_hostile_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
