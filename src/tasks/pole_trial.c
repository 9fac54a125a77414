// One pole-balancing trial: the controller's forward pass, a control step,
// the fitness of a whole trial and the generalisation test of Gruau et al.
// The controller is a weight vector or a NEAT network; every trial function
// below runs either through one `ctl` (exactly one of the two is set).
#include <assert.h>
#include <math.h>

#include "alife/detmath.h"
#include "alife/pole.h"

typedef struct ctl {
    const float *w;
    alNeatNet *net;
} ctl;

const char *alPoleVariant_Name(alPoleVariant v)
{
    return v == AL_POLE_SINGLE ? "single" : v == AL_POLE_DOUBLE ? "double" : "double_novel";
}

static int state_inputs(const alPoleDef *d)
{
    return d->variant == AL_POLE_SINGLE ? 4 : d->variant == AL_POLE_DOUBLE ? 6 : 3;
}

int alPole_InputCount(const alPoleDef *d)
{
    return state_inputs(d) + (d->bias ? 1 : 0);
}

int alPole_WeightCount(const alPoleDef *d)
{
    int n = d->hidden + 1;
    return n * alPole_InputCount(d) + (d->recurrent ? n * n : 0) + d->hidden;
}

// tanh(a) = 1 - 2 / (1 + e^(2a)), from detmath's exp.
static double det_tanh(double a)
{
    if (a > 20) return 1.0;
    if (a < -20) return -1.0;
    return 1.0 - 2.0 / (1.0 + alDet_Exp(2.0 * a));
}

// The benchmark code's scaling of what the controller sees.
static int observe(const alPoleDef *d, const alCartPoleState *c, double *u)
{
    const double *s = c->s;
    int k = 0;
    u[k++] = s[0] / 4.8;
    if (d->variant != AL_POLE_DOUBLE_NOVEL) u[k++] = s[1] / 2.0;
    u[k++] = s[2] / 0.52;
    if (d->variant != AL_POLE_DOUBLE_NOVEL) u[k++] = s[3] / 2.0;
    if (d->variant != AL_POLE_SINGLE) {
        u[k++] = s[4] / 0.52;
        if (d->variant == AL_POLE_DOUBLE) u[k++] = s[5] / 2.0;
    }
    if (d->bias) u[k++] = 1.0;
    return k;
}

// The net's step: every neuron from the inputs and (recurrent) the previous
// activations; the output from the hidden neurons' new ones too.
static double forward(const alPoleDef *d, const float *w, const double *u, int nin, double *act)
{
    int n = d->hidden + 1, o = 0;
    double prev[AL_POLE_MAX_NEURONS], next[AL_POLE_MAX_NEURONS];
    for (int i = 0; i < n; ++i) prev[i] = act[i];
    for (int i = 0; i < n; ++i) {
        double a = 0;
        for (int j = 0; j < nin; ++j) a += (double)w[o++] * u[j];
        if (d->recurrent)
            for (int j = 0; j < n; ++j) a += (double)w[o++] * prev[j];
        if (i == n - 1)
            for (int j = 0; j < d->hidden; ++j) a += (double)w[o++] * next[j];
        next[i] = det_tanh(a);
    }
    for (int i = 0; i < n; ++i) act[i] = next[i];
    return next[n - 1];
}

void alPoleTrial_Start(const alPoleDef *d, alPoleTrial *t, const alCartPoleState *from)
{
    *t = (alPoleTrial){0};
    if (from)
        t->cart = *from;
    else
        t->cart.s[2] = d->start_angle;
}

// The push in (-1, 1): the weight vector's tanh output, or the NEAT net's
// sigmoid output o mapped to 2o - 1 (the NEAT paper's (o - 0.5) 2 F).
static double push(const alPoleDef *d, const ctl *c, const double *u, int nin, alPoleTrial *t)
{
    if (c->w) return forward(d, c->w, u, nin, t->act);
    double o = 0.5;
    alNeatNet_Activate(c->net, u, &o);
    return 2.0 * o - 1.0;
}

static bool step_ctl(const alPoleDef *d, const ctl *c, alPoleTrial *t)
{
    if (t->failed) return false;
    double u[AL_POLE_MAX_INPUTS];
    int nin = observe(d, &t->cart, u);
    double y = push(d, c, u, nin, t);
    t->push = y;
    alCartPoleDef cart = d->cart;
    cart.poles = d->variant == AL_POLE_SINGLE ? 1 : 2;
    if (!alCartPole_Step(&cart, &t->cart, y)) {
        t->failed = true;
        return false;
    }
    const double *s = t->cart.s;
    t->ring[t->steps % 100] = fabs(s[0]) + fabs(s[1]) + fabs(s[2]) + fabs(s[3]);
    t->steps++;
    return true;
}

bool alPoleTrial_Step(const alPoleDef *d, const float *w, alPoleTrial *t)
{
    ctl c = {w, NULL};
    return step_ctl(d, &c, t);
}

bool alPoleTrial_StepNet(const alPoleDef *d, alNeatNet *net, alPoleTrial *t)
{
    assert(net->inputs == alPole_InputCount(d) && net->outputs == 1);
    ctl c = {NULL, net};
    return step_ctl(d, &c, t);
}

// A trial from the start state or `from`: the net's memory is cleared too.
static void start(const alPoleDef *d, const ctl *c, alPoleTrial *t, const alCartPoleState *from)
{
    alPoleTrial_Start(d, t, from);
    if (c->net) alNeatNet_Reset(c->net);
}

static int64_t run(const alPoleDef *d, const ctl *c, alPoleTrial *t, int64_t limit)
{
    while (t->steps < limit && step_ctl(d, c, t)) {
    }
    return t->steps;
}

static double fitness(const alPoleDef *d, const ctl *c, int64_t *steps)
{
    alPoleTrial t;
    start(d, c, &t, NULL);
    if (!d->damping) {
        int64_t n = run(d, c, &t, d->max_steps);
        if (steps) *steps = n;
        return (double)n;
    }
    int64_t n = run(d, c, &t, d->damping_steps);
    if (steps) *steps = n;
    double f1 = (double)n / (double)d->damping_steps, f2 = 0;
    if (n >= 100) {
        double sum = 0;
        for (int i = 0; i < 100; ++i) sum += t.ring[i];
        f2 = sum > 0 ? 0.75 / sum : 0.75e12;
    }
    return 0.1 * f1 + 0.9 * f2;
}

static bool balances(const alPoleDef *d, const ctl *c)
{
    alPoleTrial t;
    start(d, c, &t, NULL);
    return run(d, c, &t, d->max_steps) >= d->max_steps;
}

alCartPoleState alPole_GeneralisationStart(int k)
{
    assert(k >= 0 && k < AL_POLE_GEN_STARTS);
    static const double frac[5] = {0.05, 0.25, 0.5, 0.75, 0.95};
    static const double range[4] = {2.16, 1.35, 3.6 * 3.14159265358979323846 / 180.0,
                                    8.6 * 3.14159265358979323846 / 180.0};
    alCartPoleState s = {{0}};
    for (int v = 0; v < 4; ++v) {
        int i = k % 5;
        k /= 5;
        s.s[v] = range[v] * (2.0 * frac[i] - 1.0);
    }
    return s;
}

static int generalisation(const alPoleDef *d, const ctl *c)
{
    int ok = 0;
    for (int k = 0; k < AL_POLE_GEN_STARTS; ++k) {
        alCartPoleState s = alPole_GeneralisationStart(k);
        alPoleTrial t;
        start(d, c, &t, &s);
        if (run(d, c, &t, d->generalisation_steps) >= d->generalisation_steps) ok++;
    }
    return ok;
}

double alPole_Fitness(const alPoleDef *d, const float *w, int64_t *steps)
{
    ctl c = {w, NULL};
    return fitness(d, &c, steps);
}

bool alPole_Balances(const alPoleDef *d, const float *w)
{
    ctl c = {w, NULL};
    return balances(d, &c);
}

int alPole_Generalisation(const alPoleDef *d, const float *w)
{
    ctl c = {w, NULL};
    return generalisation(d, &c);
}

double alPole_NetFitness(const alPoleDef *d, alNeatNet *net, int64_t *steps)
{
    ctl c = {NULL, net};
    return fitness(d, &c, steps);
}

bool alPole_NetBalances(const alPoleDef *d, alNeatNet *net)
{
    ctl c = {NULL, net};
    return balances(d, &c);
}

int alPole_NetGeneralisation(const alPoleDef *d, alNeatNet *net)
{
    ctl c = {NULL, net};
    return generalisation(d, &c);
}
