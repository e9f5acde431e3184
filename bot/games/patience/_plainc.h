/* The compiled patience core's shared definitions (see _plainc.c): the game's tables, a move,
 * and what the positions part (_plainc_moves.c) and the search part (_plainc_search.c) offer.
 */
#ifndef PLAINC_H
#define PLAINC_H
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAXP 40    /* piles */
#define MAXF 8     /* foundations */
#define MAXCARDS 104
#define MAXPOS (MAXF + 2 + MAXP + MAXCARDS)
#define MAXMOVES 2048
#define PERM_N (MAXCARDS + 1)
#define BLOCK_BITS 26 /* arena blocks of 64 MiB */

typedef uint64_t u64;
typedef struct { uint8_t kind, src, dst; } Step;

typedef struct {
    PyObject_HEAD
    int np, nf;
    uint8_t packable[MAXP], caps[MAXP], refill[MAXP], kings[MAXP], group[MAXP];
    int ngroups, gstart[MAXP + 1];
    uint8_t gpiles[MAXP];
    const uint8_t *fits[MAXP]; /* 64 x 64: fits[card * 64 + top] */
    PyObject *fit_refs;
    int onto_order;
    uint8_t wants[MAXF][14];
    uint8_t fkey[MAXF], fsuit[MAXF];
    int safe; /* 0 none, 1 all, 2 packers */
    int packs;
    uint8_t packers[64][64];
    int npackers[64];
    uint8_t order[64];
    uint8_t bases[64][64]; /* card -> the tops it may be packed on (the first packing rule) */
    int nbases[64];
    int pulls, merci, tuck, redeals, nfans;
    uint8_t fans[MAXP];
    int fan_at[MAXP]; /* pile -> its place among the fans, or -1 */
    uint8_t *perms; /* [redeal][n][k], or NULL: gathered in order */
    int dead_rule; /* see `dead` */
    int lost_rule; /* see `lost` */
    uint8_t loose[MAXP]; /* cells that never take a card: a card leaving one marks its pile */
    int busy; /* searches running (without the GIL): the tables must not change meanwhile */
} Game;


/* ---- positions: heights, counters, pile lengths, then every pile's cards ---------------- */

static inline int pos_size(const Game *g, const uint8_t *p) {
    int s = g->nf + 2 + g->np;
    for (int i = 0; i < g->np; i++) s += p[g->nf + 2 + i];
    return s;
}

static inline void offsets(const Game *g, const uint8_t *p, int *off) {
    int o = g->nf + 2 + g->np;
    for (int i = 0; i < g->np; i++) {
        off[i] = o;
        o += p[g->nf + 2 + i];
    }
    off[g->np] = o;
}

static inline int won(const Game *g, const uint8_t *p) {
    for (int f = 0; f < g->nf; f++)
        if (p[f] != 13) return 0;
    return 1;
}

int dead(const Game *g, const uint8_t *p);
int expand(const Game *g, const uint8_t *p, Step *out);
int gen_moves(const Game *g, const uint8_t *p, Step *out);
int play(const Game *g, const uint8_t *p, Step s, uint8_t *out);
int canon(const Game *g, const uint8_t *p, uint8_t *out);
u64 hash_bytes(const uint8_t *k, int n);

/* ---- the searches ------------------------------------------------------------------------ */

typedef struct {
    int status; /* 0 undecided, 1 winnable, 2 unwinnable, -1 error (see Ctx.err) */
    long long nodes;
    size_t positions;
    Step *line; /* malloc'd, winnable only */
    size_t nline;
} Answer;

/* A search runs without the GIL (other threads go on); it takes it back to ask ``stop``. */
typedef struct {
    PyObject *stop; /* or NULL */
    PyThreadState *ts;
    int err; /* 1 out of memory, 2 a Python exception (from stop) */
} Ctx;

Answer depth_first(Game *g, const uint8_t *root, long long budget, Ctx *ctx, size_t limit);
Answer best_first(Game *g, const uint8_t *root, long long budget, long long nodes, int chunk,
                  const int (*weights)[4], int nruns, Ctx *ctx, size_t limit);

#endif
