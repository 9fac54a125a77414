// store_exec.c — one statement with its parameters, run once: the shape of
// every single-row update and insert of the run database.
#include "store_internal.h"

int al_store_exec(sqlite3 *db, const char *sql, const al_store_bind *b, int n)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) return -1;
    for (int i = 0; i < n; ++i) {
        if (!b[i].is_text)
            sqlite3_bind_int64(st, i + 1, b[i].num);
        else if (b[i].text)
            sqlite3_bind_text(st, i + 1, b[i].text, -1, SQLITE_STATIC);
        else
            sqlite3_bind_null(st, i + 1);
    }
    int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? sqlite3_changes(db) : -1;
}
