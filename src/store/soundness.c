// Is the database sound before we write into it? PRAGMA quick_check reads
// every page: about 5 s per GB with the file in the page cache, far more
// from disk. So it runs only when the file may have changed outside alife:
// a writer that closes the file cleanly (its -wal gone: no other connection
// left, everything checkpointed) records the file's identity and change
// times in PATH-checked; a later open that finds the same identity and
// times, and no -wal file, knows the file is as that writer left it.
// A copy, a bit flip, a crash (the -wal remains) or an edit by another
// program changes them (ctime cannot be set back by tools such as touch -r),
// and the next open checks.
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "store_internal.h"

static void marker_path(const char *path, char *out, size_t cap)
{
    snprintf(out, cap, "%s-checked", path);
}

static void describe(const struct stat *sb, char *out, size_t cap)
{
    snprintf(out, cap, "alife-checked 1 %llu %llu %lld %lld.%09ld %lld.%09ld\n",
             (unsigned long long)sb->st_dev, (unsigned long long)sb->st_ino, (long long)sb->st_size,
             (long long)sb->st_mtim.tv_sec, sb->st_mtim.tv_nsec, (long long)sb->st_ctim.tv_sec,
             sb->st_ctim.tv_nsec);
}

bool al_store_wal_pending(const char *path)
{
    char wal[1100];
    snprintf(wal, sizeof wal, "%s-wal", path);
    struct stat sb;
    return stat(wal, &sb) == 0 && sb.st_size > 0;
}

bool al_store_trusted(const char *path)
{
    struct stat sb;
    if (stat(path, &sb) != 0) return false;
    if (sb.st_size == 0) return true; // nothing to be damaged yet
    // The sweep checked the file just before starting this child.
    const char *env = getenv("ALIFE_DB_CHECKED");
    char id[64];
    snprintf(id, sizeof id, "%llu:%llu", (unsigned long long)sb.st_dev,
             (unsigned long long)sb.st_ino);
    if (env && strcmp(env, id) == 0) return true;
    if (al_store_wal_pending(path)) return false;
    char mp[1100], want[160], have[160] = "";
    marker_path(path, mp, sizeof mp);
    FILE *f = fopen(mp, "r");
    if (!f) return false;
    bool got = fgets(have, sizeof have, f) != NULL;
    fclose(f);
    describe(&sb, want, sizeof want);
    return got && strcmp(have, want) == 0;
}

void al_store_mark_checked(const char *path)
{
    struct stat sb;
    if (al_store_wal_pending(path) || stat(path, &sb) != 0 || !S_ISREG(sb.st_mode)) return;
    char mp[1100], tmp[1200], line[160];
    marker_path(path, mp, sizeof mp);
    snprintf(tmp, sizeof tmp, "%s.%ld", mp, (long)getpid());
    describe(&sb, line, sizeof line);
    FILE *f = fopen(tmp, "w");
    if (!f) return; // best effort: the next open checks
    bool ok = fputs(line, f) >= 0;
    ok = fclose(f) == 0 && ok;
    if (!ok || rename(tmp, mp) != 0) unlink(tmp);
}

void al_store_set_checked_env(const char *path)
{
    struct stat sb;
    if (stat(path, &sb) != 0) return;
    char id[64];
    snprintf(id, sizeof id, "%llu:%llu", (unsigned long long)sb.st_dev,
             (unsigned long long)sb.st_ino);
    setenv("ALIFE_DB_CHECKED", id, 1);
}

alResult al_store_quick_check(sqlite3 *db, const char *path, alError *err)
{
    sqlite3_stmt *st = NULL;
    char first[200] = "";
    int rc = sqlite3_prepare_v2(db, "PRAGMA quick_check(1)", -1, &st, NULL);
    if (rc == SQLITE_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
        const char *t = (const char *)sqlite3_column_text(st, 0);
        snprintf(first, sizeof first, "%s", t ? t : "");
        rc = SQLITE_OK;
    } else {
        snprintf(first, sizeof first, "%s", sqlite3_errmsg(db));
    }
    sqlite3_finalize(st);
    if (rc == SQLITE_OK && strcmp(first, "ok") == 0) return AL_OK;
    return alError_Set(err, AL_ERR_DB,
                       "%s: the database is damaged (quick_check: %s); copy what can be saved "
                       "with: sqlite3 %s .recover | sqlite3 recovered.db",
                       path, first, path);
}
