/// cartpole.h — the cart-pole simulator: one or two poles hinged on a cart.
///
/// The equations are Wieland's (1991) for N poles on a cart, in the form and
/// with the constants of the double-pole benchmark of Gruau, Whitley and
/// Pyeatt (1996) that the NEAT paper (Stanley and Miikkulainen 2002) and the
/// CMA-ES work of Igel (2003) use: a 4.8 m track, a 1 kg cart, a long pole of
/// 1 m and 0.1 kg, a short pole of 0.1 m and 0.01 kg, a hinge friction of
/// 2e-6, g = 9.8 m/s^2, the force ±10 N, fourth-order Runge-Kutta at 0.01 s.
/// For pole i (HALF length l_i, mass m_i, angle θ_i from upright, positive
/// leaning towards +x), cart mass M, force F and cart acceleration a:
///
///     F~_i = m_i l_i θ'_i² sin θ_i + ¾ m_i cos θ_i (μ_p θ'_i / (m_i l_i) - g sin θ_i)
///     m~_i = m_i (1 - ¾ cos² θ_i)
///     a     = (F + Σ F~_i) / (M + Σ m~_i)            (no track friction)
///     θ''_i = -¾ (a cos θ_i - g sin θ_i + μ_p θ'_i / (m_i l_i)) / l_i
///
/// (with the upright g positive: an unforced pole leaning +x falls further
/// towards +x and pushes the cart towards -x). One control step holds the
/// force for `substeps` RK4 steps of `dt` (2 × 0.01 s in the benchmark code
/// of Gruau et al. and NEAT, so 100,000 control steps are about half an hour).
///
/// Sines and cosines come from detmath.h, so a trajectory is the same bits on
/// every machine. Nothing here allocates, prints or keeps state: the state is
/// the caller's value; every function is pure and thread-safe.
#ifndef ALIFE_CARTPOLE_H
#define ALIFE_CARTPOLE_H

#include <stdbool.h>
#include "alife/error.h"

/// The physical set-up. Fill from alDefaultCartPoleDef(); a plain value.
typedef struct alCartPoleDef {
    int poles;              ///< 1 or 2 (default 2)
    double track;           ///< track length, m; failure beyond ±track/2 (default 4.8)
    double cart_mass;       ///< kg (default 1)
    double pole_length[2];  ///< full lengths, m (default 1 and 0.1)
    double pole_mass[2];    ///< kg (default 0.1 and 0.01)
    double hinge_friction;  ///< μ_p, N m s (default 2e-6)
    double gravity;         ///< m/s^2, > 0 (default 9.8)
    double force;           ///< largest force magnitude, N (default 10)
    double dt;              ///< RK4 step, s (default 0.01)
    int substeps;           ///< RK4 steps per control step (default 2)
    double fail_angle;      ///< failure when any |θ_i| exceeds it, rad (default 36° = 0.6283...)
} alCartPoleDef;

/// The defaults listed above (double pole).
alCartPoleDef alDefaultCartPoleDef(void);

/// Checks a def: AL_ERR_CONFIG naming the field after prefix ("pole."),
/// the bad value and the allowed range.
alResult alCartPoleDef_Validate(const alCartPoleDef *def, const char *prefix, alError *err);

/// The state: s[0] cart position x (m), s[1] its velocity (m/s), s[2] θ_1
/// (rad), s[3] θ'_1 (rad/s), s[4] θ_2, s[5] θ'_2 (ignored with one pole).
typedef struct alCartPoleState {
    double s[6];
} alCartPoleState;

/// The time derivative of state st under force newtons (already scaled, not
/// clamped) into d[6]: d = (x', x'', θ_1', θ_1'', θ_2', θ_2'').
void alCartPole_Derivs(const alCartPoleDef *def, const double st[6], double force, double d[6]);

/// One RK4 step of def->dt under a constant force (newtons) from st to out
/// (may alias st).
void alCartPole_Rk4(const alCartPoleDef *def, const double st[6], double force, double out[6]);

/// One control step: force = action * def->force with action clamped to
/// [-1, 1], held for def->substeps RK4 steps. Returns false when the state
/// after it has failed (alCartPole_Failed).
bool alCartPole_Step(const alCartPoleDef *def, alCartPoleState *st, double action);

/// Whether st is outside the bounds: |x| > track/2 or any |θ_i| > fail_angle.
bool alCartPole_Failed(const alCartPoleDef *def, const alCartPoleState *st);

#endif
