/* Compiled core of Skat's claim questions (bot/games/skat/solver.py).
 *
 * The engine decides a claim (claim_rest, claim_win, claim_defeat) with an exhaustive search
 * over the cards still in play: can one side force every remaining trick, can the Player avoid
 * every trick (Null), can he take at least so many more card points. solver.py answers them in
 * Python and stays the reference and the fallback when this did not build; this is the same
 * AND-OR search in C, so a claim costs microseconds instead of milliseconds.
 *
 * Cards are numbered 0..31 in the engine's deck order; the caller passes, per card of that deck,
 * its effective suit (0-3, 4 = trump), its power inside that suit and its card points, as three
 * 32-byte strings it builds once per contract. Hands are 32-bit masks of those numbers, seats
 * are positions 0..2 in playing order.
 *
 * search(eff, power, points, h0, h1, h2, trick, turn, chooser, ok, need) -> bool
 *
 *   trick:   the cards on the table in playing order, as a tuple of (position, card) pairs;
 *   turn:    the position to play;
 *   chooser: bit i set when position i picks its cards to make the answer True (the others
 *            pick to make it False);
 *   ok:      bit i set when a trick won by position i keeps the answer alive (a trick won by
 *            another position makes it False at once);
 *   need:    0 for the trick questions (True once every card is played with every trick won
 *            by an ``ok`` position); otherwise the card points the ``ok`` positions must still
 *            take (True as soon as they have; False once too few are left), every trick
 *            allowed.
 *
 * The search keeps a table of trick starts (the three hands and the leader -> bounds on what
 * the ``ok`` positions can force from there: card points, or 1 for every trick), so the
 * questions of one search for different points share it; and it plays one card of each run of twins: two cards of one hand with no
 * live card between them in their suit (and, when points count, of equal points) win and lose
 * the same tricks whatever follows.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define NCARDS 32
#define TSIZE (1 << 14)
#define TPROBES 8

typedef uint32_t u32;

typedef struct {
    u32 h[3];
    u32 gen;
    int16_t lo, hi;  /* bounds on what the ok positions can force from this trick start */
    int8_t leader;
} Slot;

typedef struct {
    int eff[NCARDS];
    int power[NCARDS];
    int points[NCARDS];
    u32 suit_mask[5];
    u32 above[NCARDS];   /* the cards of the same effective suit with more power */
    int chooser[3], ok[3];
    int points_count;    /* need > 0: card points count */
} Search;

static Slot table[TSIZE];
static u32 generation = 0;

static inline int ctz32(u32 x) { return __builtin_ctz(x); }

static inline size_t slot_of(const u32 *h, int leader) {
    uint64_t k = ((uint64_t)h[0] * 0x9E3779B97F4A7C15ULL) ^ ((uint64_t)h[1] * 0xC2B2AE3D27D4EB4FULL)
                 ^ ((uint64_t)h[2] * 0x165667B19E3779F9ULL) ^ ((uint64_t)(leader + 1) << 40);
    k ^= k >> 29;
    k *= 0xBF58476D1CE4E5B9ULL;
    k ^= k >> 32;
    return (size_t)k & (TSIZE - 1);
}

/* The slot of this trick start, or NULL. */
static Slot *lookup(const u32 *h, int leader) {
    size_t i = slot_of(h, leader);
    for (int p = 0; p < TPROBES; p++, i = (i + 1) & (TSIZE - 1)) {
        Slot *s = &table[i];
        if (s->gen != generation) return NULL;
        if (s->h[0] == h[0] && s->h[1] == h[1] && s->h[2] == h[2] && s->leader == leader)
            return s;
    }
    return NULL;
}

/* "At least need" is `value` here: narrow the bounds of this trick start. */
static void store(const u32 *h, int leader, int need, int value, int top) {
    Slot *s = lookup(h, leader);
    if (s == NULL) {
        size_t i = slot_of(h, leader);
        s = &table[i];
        for (int p = 0; p < TPROBES; p++, i = (i + 1) & (TSIZE - 1)) {
            s = &table[i];
            if (s->gen != generation) break;
        }
        /* a full run overwrites its last slot: an entry is a fact, losing one costs time */
        s->h[0] = h[0];
        s->h[1] = h[1];
        s->h[2] = h[2];
        s->leader = (int8_t)leader;
        s->lo = 0;
        s->hi = (int16_t)top;
        s->gen = generation;
    }
    if (value) {
        if (need > s->lo) s->lo = (int16_t)need;
    } else if (need - 1 < s->hi) {
        s->hi = (int16_t)(need - 1);
    }
}

/* The winner's position of a full trick (cards[i] played by pos[i], cards[0] led). */
static inline int winner(const Search *s, const int *pos, const int *cards) {
    int best = 0;
    int best_eff = s->eff[cards[0]];
    for (int i = 1; i < 3; i++) {
        int e = s->eff[cards[i]];
        if ((e == best_eff && s->power[cards[i]] > s->power[cards[best]])
            || (e == 4 && best_eff != 4)) {
            best = i;
            best_eff = e;
        }
    }
    return pos[best];
}

static int rec(Search *s, u32 *h, int *tpos, int *tcard, int ntr, int me, int need, int left);

/* The cards `me` need try: legal ones, less twins of a card of the same hand. */
static u32 candidates(const Search *s, const u32 *h, const int *tcard, int ntr, int me) {
    u32 hand = h[me];
    u32 legal = hand;
    if (ntr) {
        u32 f = hand & s->suit_mask[s->eff[tcard[0]]];
        if (f) legal = f;
    }
    u32 live = h[0] | h[1] | h[2];
    for (int i = 0; i < ntr; i++) live |= 1u << tcard[i];
    u32 out = 0;
    u32 rest = legal;
    while (rest) {
        int c = ctz32(rest);
        rest &= rest - 1;
        /* the lowest live card above c in its suit */
        u32 up = s->above[c] & live;
        int twin = 0;
        if (up) {
            int next = -1, np = 1 << 30;
            u32 u = up;
            while (u) {
                int j = ctz32(u);
                u &= u - 1;
                if (s->power[j] < np) {
                    np = s->power[j];
                    next = j;
                }
            }
            if (((hand >> next) & 1) && (!s->points_count || s->points[next] == s->points[c]))
                twin = 1;
        }
        if (!twin) out |= 1u << c;
    }
    return out;
}

static int rec(Search *s, u32 *h, int *tpos, int *tcard, int ntr, int me, int need, int left) {
    if (s->points_count) {
        if (need <= 0) return 1;
        if (left < need) return 0;
    } else if (!ntr && !(h[0] | h[1] | h[2])) {
        return 1;
    }
    /* the question at a trick start is "can the ok positions force at least q?": q is the
       points still needed, or 1 (every trick) when tricks are the question */
    int q = s->points_count ? need : 1;
    if (!ntr) {
        Slot *e = lookup(h, me);
        if (e != NULL) {
            if (e->lo >= q) return 1;
            if (e->hi < q) return 0;
        }
    }
    int mine = s->chooser[me];
    int result = !mine;
    u32 cand = candidates(s, h, tcard, ntr, me);
    while (cand) {
        int c = ctz32(cand);
        cand &= cand - 1;
        h[me] ^= 1u << c;
        tpos[ntr] = me;
        tcard[ntr] = c;
        int ok;
        if (ntr == 2) {
            int w = winner(s, tpos, tcard);
            int pts = s->points[tcard[0]] + s->points[tcard[1]] + s->points[tcard[2]];
            int t0 = tpos[0], t1 = tpos[1], c0 = tcard[0], c1 = tcard[1];
            if (s->points_count) {
                ok = rec(s, h, tpos, tcard, 0, w, s->ok[w] ? need - pts : need, left - pts);
            } else {
                ok = s->ok[w] && rec(s, h, tpos, tcard, 0, w, need, left - pts);
            }
            tpos[0] = t0;
            tpos[1] = t1;
            tcard[0] = c0;
            tcard[1] = c1;
        } else {
            ok = rec(s, h, tpos, tcard, ntr + 1, (me + 1) % 3, need, left);
        }
        h[me] ^= 1u << c;
        if (ok == mine) {
            result = ok;
            break;
        }
    }
    if (!ntr) store(h, me, q, result, s->points_count ? left : 1);
    return result;
}

static PyObject *claim_search(PyObject *self, PyObject *args) {
    (void)self;
    const char *eff, *power, *points;
    Py_ssize_t neff, npower, npoints;
    unsigned int h0, h1, h2;
    PyObject *trick;
    int turn, chooser, ok, need;
    if (!PyArg_ParseTuple(args, "y#y#y#IIIOiiii", &eff, &neff, &power, &npower, &points,
                          &npoints, &h0, &h1, &h2, &trick, &turn, &chooser, &ok, &need))
        return NULL;
    if (neff != NCARDS || npower != NCARDS || npoints != NCARDS) {
        PyErr_SetString(PyExc_ValueError, "eff, power and points need 32 bytes each");
        return NULL;
    }
    if (turn < 0 || turn > 2 || need < 0 || need > 1000 || (h0 & h1) || (h0 & h2) || (h1 & h2)) {
        PyErr_SetString(PyExc_ValueError, "position out of range");
        return NULL;
    }
    if (!PyTuple_Check(trick) || PyTuple_GET_SIZE(trick) > 2) {
        PyErr_SetString(PyExc_ValueError, "trick: a tuple of at most two (position, card)");
        return NULL;
    }
    Search s;
    u32 h[3] = {h0, h1, h2};
    int tpos[3], tcard[3];
    int ntr = (int)PyTuple_GET_SIZE(trick);
    u32 played = 0;
    for (int i = 0; i < ntr; i++) {
        int p, c;
        if (!PyArg_ParseTuple(PyTuple_GET_ITEM(trick, i), "ii", &p, &c)) return NULL;
        if (p < 0 || p > 2 || c < 0 || c >= NCARDS || ((h0 | h1 | h2 | played) >> c & 1)) {
            PyErr_SetString(PyExc_ValueError, "trick card out of range");
            return NULL;
        }
        played |= 1u << c;
        tpos[i] = p;
        tcard[i] = c;
    }
    memset(s.suit_mask, 0, sizeof s.suit_mask);
    for (int i = 0; i < NCARDS; i++) {
        s.eff[i] = (unsigned char)eff[i];
        s.power[i] = (unsigned char)power[i];
        s.points[i] = (unsigned char)points[i];
        if (s.eff[i] > 4) {
            PyErr_SetString(PyExc_ValueError, "eff: 0..4 expected");
            return NULL;
        }
        s.suit_mask[s.eff[i]] |= 1u << i;
    }
    for (int i = 0; i < NCARDS; i++) {
        s.above[i] = 0;
        for (int j = 0; j < NCARDS; j++)
            if (s.eff[j] == s.eff[i] && s.power[j] > s.power[i]) s.above[i] |= 1u << j;
    }
    for (int i = 0; i < 3; i++) {
        s.chooser[i] = (chooser >> i) & 1;
        s.ok[i] = (ok >> i) & 1;
    }
    s.points_count = need > 0;
    int left = 0;
    u32 all = h0 | h1 | h2 | played;
    for (int i = 0; i < NCARDS; i++)
        if (all >> i & 1) left += s.points[i];
    if (++generation == 0) { /* wrapped: forget every old entry */
        memset(table, 0, sizeof table);
        generation = 1;
    }
    int v = rec(&s, h, tpos, tcard, ntr, turn, need, left);
    return PyBool_FromLong(v);
}

static PyMethodDef methods[] = {
    {"search", claim_search, METH_VARARGS,
     "search(eff, power, points, h0, h1, h2, trick, turn, chooser, ok, need) -> bool"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef claimc_module = {
    PyModuleDef_HEAD_INIT, "_claimc", "Compiled core of bot.games.skat.solver.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__claimc(void) { return PyModule_Create(&claimc_module); }
