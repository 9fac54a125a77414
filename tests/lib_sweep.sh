# Helpers for the sweep tests (cli_shard.sh, cli_mpi.sh); sourced after lib_cli.sh.

# sweep_dump DB: every stored statistic of every run, keyed by (sweep, group,
# seed), in a stable order, with exact values (quote() of a REAL round-trips),
# but none of what differs between two runs of the same cell (ids, uuids,
# times, wall time, host, pid). Two databases holding the same cells with the
# same results give the same dump. With a second argument "finished", only the
# finished runs.
sweep_dump() {
    local only=""
    [ "${2:-}" = finished ] && only="WHERE r.status = 'finished'"
    sqlite3 "$1" "
      CREATE TEMP VIEW k AS SELECT r.id AS id,
        (SELECT value FROM params WHERE run = r.id AND key = 'run.sweep') AS sweep,
        (SELECT value FROM params WHERE run = r.id AND key = 'run.group') AS grp,
        r.seed AS seed, r.status AS status, r.stop_reason AS why, r.module AS module,
        r.config AS config FROM runs r $only;
      SELECT 'run', sweep, grp, seed, module, status, why, length(config), hex(config)
        FROM k ORDER BY sweep, grp, seed, status;
      SELECT 'gen', k.sweep, k.grp, k.seed, g.gen, quote(g.best), quote(g.mean), quote(g.worst),
             quote(g.stddev), g.evaluations, g.ticks
        FROM k JOIN generations g ON g.run = k.id ORDER BY 2, 3, 4, 5;
      SELECT 'fig', k.sweep, k.grp, k.seed, f.gen, f.name, quote(f.value)
        FROM k JOIN figures f ON f.run = k.id ORDER BY 2, 3, 4, 5, 6;
      SELECT 'genome', k.sweep, k.grp, k.seed, m.gen, m.rank, quote(m.fitness), hex(m.genome)
        FROM k JOIN genomes m ON m.run = k.id ORDER BY 2, 3, 4, 5, 6;"
}

# cells DB: "group|seed|status" of every run, sorted.
cells() {
    sqlite3 "$1" "SELECT (SELECT value FROM params WHERE run = r.id AND key = 'run.group'),
                         r.seed, r.status FROM runs r ORDER BY 1, 2, 3;"
}

# count DB SQL: one number.
count() { sqlite3 "$1" "$2"; }
