# No libm transcendental function in the simulation core (src/core, src/steer,
# src/evolve): libm's log, sin, atan2 ... differ between C libraries in the
# last bit, so a result would depend on the machine. detmath.h replaces them.
# sqrt, floor, fabs and the like are exact IEEE operations and allowed.
ALIFE=$1 SRC=$2
. "$SRC/tests/lib_cli.sh"
LIB=$(dirname "$ALIFE")/libalife_core.a
checks=$((checks + 1))
if [ ! -f "$LIB" ]; then
    echo "FAIL: no core library at $LIB"
    failures=$((failures + 1))
else
    found=$(nm -A -u "$LIB" | awk '{print $1, $NF}' |
        grep -E ' (sin|cos|tan|sincos|asin|acos|atan|atan2|sinh|cosh|tanh|asinh|acosh|atanh|exp|exp2|exp10|expm1|log|log2|log10|log1p|logb|pow|cbrt|hypot|erf|erfc|lgamma|lgamma_r|tgamma)[fl]?$')
    nsyms=$(nm -u "$LIB" | grep -c ' U ')
    expect_equal "$found" "" "libm transcendental functions referenced by the core"
    # the check itself must see the library's symbols (not an empty nm)
    checks=$((checks + 1))
    [ "$nsyms" -gt 50 ] || { echo "FAIL: nm saw only $nsyms undefined symbols"; failures=$((failures + 1)); }
fi
finish
