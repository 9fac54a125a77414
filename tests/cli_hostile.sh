# The hostile-values sweep through the real binary, sampled: for every
# experiment file, each of the 13 hostile values on one key (a different key
# for each value, in schema order), given with --set to `alife run` and
# written into a copy of the file for `alife config`. Every case ends within
# its timeout with exit 0 or 2; a refusal names --set key= or FILE:LINE.
# (tests/test_config_hostile.c sweeps every key in-process.)
ALIFE=$1 SRC=$2
. "$SRC/tests/lib_cli.sh"
cd "$TMP"

x4k=$(head -c 4096 /dev/zero | tr '\0' x)
values=(nan inf -inf 1e400 -1e400 text "" 12345678901234567890 -0 0x10 "1,5" "   7   " "$x4k")

for f in "$SRC"/experiments/*/*.ini; do
    module=$(sed -n 's/^ *module *= *\([a-z]*\).*/\1/p' "$f" | head -1)
    mapfile -t keys < <("$ALIFE" config --list --module "$module" | sed -n 's/^\([a-z_]*\.[a-z_0-9]*\) .*/\1/p')
    n=${#keys[@]}
    for v in "${!values[@]}"; do
        key=${keys[$(( (v * 7 + ${#f}) % n ))]}
        val=${values[$v]}
        checks=$((checks + 1))
        timeout 60 "$ALIFE" run "$f" --set "$key=$val" --generations 1 --steps 3 --db h.db --quiet \
            >out 2>&1
        rc=$?
        case $rc in
        0) ;;
        2) grep -qF -- "--set $key=" out || { fail "$f --set $key=${val:0:20}: refusal does not name --set: $(head -c 300 out)"; } ;;
        *) fail "$f --set $key=${val:0:20}: exit $rc: $(head -c 300 out)" ;;
        esac

        # the same value written into the file, on the key's own line or appended
        sec=${key%%.*} name=${key#*.}
        cp "$f" copy.ini
        line=$(awk -v s="[$sec]" -v k="$name" '
            /^[ \t]*\[/ { gsub(/[ \t]/, ""); cur = $0 }
            cur == s && $1 == k && /=/ { print NR; exit }' copy.ini)
        if [ -n "$line" ]; then
            awk -v n="$line" -v k="$name" -v val="$val" 'NR == n { print k " = " val; next } { print }' \
                "$f" >copy.ini
        else
            printf '\n[%s]\n%s = %s\n' "$sec" "$name" "$val" >>copy.ini
            line=$(wc -l <copy.ini)
        fi
        checks=$((checks + 1))
        timeout 60 "$ALIFE" config copy.ini >out 2>&1
        rc=$?
        case $rc in
        0) ;;
        2) grep -qF -- "copy.ini:$line" out || { fail "$f line $line $key = ${val:0:20}: refusal does not name copy.ini:$line: $(head -c 300 out)"; } ;;
        *) fail "$f line $line $key = ${val:0:20}: exit $rc: $(head -c 300 out)" ;;
        esac
    done
done
finish
