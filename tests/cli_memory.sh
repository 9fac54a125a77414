# A config that cannot fit in memory is refused before anything is
# allocated, with the estimate and the keys that drive it (exit 2), instead
# of being killed by the kernel without a word. ALIFE_MEM_AVAILABLE stands in
# for MemAvailable / the cgroup limit so the test does not depend on the machine.
ALIFE=$1 SRC=$2
. "$SRC/tests/lib_cli.sh"
cd "$TMP"
ANTS=$SRC/experiments/ants/default.ini
STR=$SRC/experiments/estrings/hello.ini

# ants: one world copy per ant, so count * food * 8 bytes, twice with the shared
# world of default.ini (its greedy group is as big): 60000 x 100000 is ~90 GiB
ALIFE_MEM_AVAILABLE=16G expect_exit 2 "ants too big" -- "$ALIFE" run "$ANTS" --db a.db \
    --set ants.count=60000 --set ants.food=100000
expect_output "needs about 89.5 GiB" "the estimate is given"
expect_output "16.0 GiB is available (ALIFE_MEM_AVAILABLE=16G)" "what is available, and from where"
expect_output "ants.count = 60000 (--set)" "names the count and where it was set"
expect_output "ants.food = 100000 (--set)" "names the food"
checks=$((checks + 1))
[ ! -e a.db ] || { echo "FAIL: a refused run touched the database"; failures=$((failures + 1)); }

# the same rule on both sides of the line: 2000 ants x 1000 food is about 32 MiB
ALIFE_MEM_AVAILABLE=8M expect_exit 2 "32 MiB into 8 MiB" -- "$ALIFE" run "$ANTS" --db b.db --quiet \
    --set ants.count=2000 --set ants.food=1000 --set ants.ticks=1 --generations 1
expect_output "ants.count = 2000" "names the count"
ALIFE_MEM_AVAILABLE=64M expect_exit 0 "32 MiB into 64 MiB" -- "$ALIFE" run "$ANTS" --db b.db --quiet \
    --set ants.count=2000 --set ants.food=1000 --set ants.ticks=1 --generations 1

# estrings: a 4,096-character target at population 1,000,000 is ~8 GiB
long=$(head -c 4096 /dev/zero | tr '\0' a)
ALIFE_MEM_AVAILABLE=2G expect_exit 2 "estrings too big" -- "$ALIFE" run "$STR" --db c.db \
    --set estrings.population=1000000 --set "estrings.target=$long"
expect_output "needs about 7.7 GiB" "the estimate is given"
expect_output "estrings.population = 1000000 (--set)" "names the population"
expect_output "(4096 characters; --set)" "names the target by its length"

# steering: 2,000,000 vehicles fit in 2 GiB, not in 64 MiB
ALIFE_MEM_AVAILABLE=64M expect_exit 2 "steering too big" -- "$ALIFE" run "$SRC/experiments/steering/boids.ini" \
    --db d.db --set steering.vehicles=2000000
expect_output "steering.vehicles = 2000000 (--set)" "names the vehicles"

# a malformed override is ignored (the machine's figure is used): the default runs
ALIFE_MEM_AVAILABLE=lots expect_exit 0 "bad ALIFE_MEM_AVAILABLE ignored" -- "$ALIFE" run "$STR" --db e.db \
    --quiet --generations 2
finish
