/* The compiled patience core's searches (see _plainc.c): the table of positions met, the
 * depth-first search and the best-first searches taking turns, as `plain.search` makes them.
 */
#include "_plainc.h"

/* ---- the table of positions met ------------------------------------------------------- */

/* Each position met is kept in the arena as its canonical key's length, the key, then the
 * position itself: a lookup compares keys without making the kept one again. A slot of the
 * open-addressing table holds the key's hash and where the entry lies, so a position met again
 * costs one read of the arena (and none of the nodes). */
typedef struct {
    u64 off;
    uint32_t parent;
    Step step;
} Node;

typedef struct {
    u64 hash, off; /* hash 0: empty */
} Slot;

typedef struct {
    uint8_t **blocks;
    size_t nblocks, used; /* used: bytes in the last block */
    Node *nodes;
    size_t nn, ncap, limit;
    Slot *slots;
    size_t scap;
} Table;

static void table_free(Table *t) {
    for (size_t b = 0; b < t->nblocks; b++) free(t->blocks[b]);
    free(t->blocks);
    free(t->nodes);
    free(t->slots);
    memset(t, 0, sizeof *t);
}

static int table_init(Table *t, size_t limit) {
    memset(t, 0, sizeof *t);
    t->limit = limit;
    t->scap = 1 << 16;
    t->slots = calloc(t->scap, sizeof(Slot));
    return t->slots != NULL;
}

static inline uint8_t *entry_at(const Table *t, u64 off) {
    return t->blocks[off >> BLOCK_BITS] + (off & ((1ULL << BLOCK_BITS) - 1));
}

static inline uint8_t *node_pos(const Table *t, size_t i) {
    uint8_t *e = entry_at(t, t->nodes[i].off);
    return e + 1 + e[0];
}

static int table_grow(Table *t) {
    size_t cap = t->scap * 2;
    Slot *slots = calloc(cap, sizeof(Slot));
    if (!slots) return 0;
    for (size_t j = 0; j < t->scap; j++) {
        if (!t->slots[j].hash) continue;
        size_t i = t->slots[j].hash & (cap - 1);
        while (slots[i].hash) i = (i + 1) & (cap - 1);
        slots[i] = t->slots[j];
    }
    free(t->slots);
    t->slots = slots;
    t->scap = cap;
    return 1;
}

enum { T_OLD = 0, T_NEW = 1, T_FULL = 2, T_NOMEM = 3 };

/* Whether key ``key`` (hash ``h``) is in the table; ``*at``: its slot, or the empty slot where
 * it would go. */
static int table_has(const Table *t, const uint8_t *key, int klen, u64 h, size_t *at) {
    size_t mask = t->scap - 1, i = h & mask;
    for (; t->slots[i].hash; i = (i + 1) & mask) {
        if (t->slots[i].hash != h) continue;
        const uint8_t *e = entry_at(t, t->slots[i].off);
        if (e[0] == klen && !memcmp(e + 1, key, klen)) {
            *at = i;
            return 1;
        }
    }
    *at = i;
    return 0;
}

/* Adds position ``p`` (canonical key ``key``) unless its key is there, or (the merci used) the
 * key of the same layout with the merci still to come (`plain.known`); T_NEW, T_OLD, T_FULL (the
 * cap on positions kept) or T_NOMEM. */
static int table_add(Table *t, const Game *g, const uint8_t *p, int psize, uint8_t *key,
                     int klen, uint32_t parent, Step step) {
    u64 h = hash_bytes(key, klen);
    size_t i, j;
    if (table_has(t, key, klen, h, &i)) return T_OLD;
    if (g->merci && key[g->nf + 1] == 1) {
        key[g->nf + 1] = 0;
        int twin = table_has(t, key, klen, hash_bytes(key, klen), &j);
        key[g->nf + 1] = 1;
        if (twin) return T_OLD;
    }
    if (t->nn >= t->limit) return T_FULL;
    if (t->nn >= t->ncap) {
        size_t cap = t->ncap ? t->ncap * 2 : 1 << 16;
        Node *nodes = realloc(t->nodes, cap * sizeof(Node));
        if (!nodes) return T_NOMEM;
        t->nodes = nodes;
        t->ncap = cap;
    }
    size_t esize = 1 + (size_t)klen + (size_t)psize;
    if (!t->nblocks || t->used + esize > (1ULL << BLOCK_BITS)) {
        uint8_t **blocks = realloc(t->blocks, (t->nblocks + 1) * sizeof(uint8_t *));
        if (!blocks) return T_NOMEM;
        t->blocks = blocks;
        t->blocks[t->nblocks] = malloc(1ULL << BLOCK_BITS);
        if (!t->blocks[t->nblocks]) return T_NOMEM;
        t->nblocks++;
        t->used = 0;
    }
    u64 off = ((u64)(t->nblocks - 1) << BLOCK_BITS) | t->used;
    uint8_t *e = t->blocks[t->nblocks - 1] + t->used;
    e[0] = (uint8_t)klen;
    memcpy(e + 1, key, klen);
    memcpy(e + 1 + klen, p, psize);
    t->used += esize;
    t->nodes[t->nn] = (Node){off, parent, step};
    t->slots[i] = (Slot){h, off};
    t->nn++;
    if (t->nn * 10 > t->scap * 6 && !table_grow(t)) return T_NOMEM;
    return T_NEW;
}

/* ---- the searches ---------------------------------------------------------------------- */

static int ask_stop(Ctx *ctx) {
    PyEval_RestoreThread(ctx->ts);
    PyObject *r = PyObject_CallNoArgs(ctx->stop);
    int yes = r ? PyObject_IsTrue(r) : -1;
    Py_XDECREF(r);
    ctx->ts = PyEval_SaveThread();
    if (yes < 0) ctx->err = 2;
    return yes;
}

Answer depth_first(Game *g, const uint8_t *root, long long budget, Ctx *ctx,
                          size_t limit) {
    Answer a = {0, 0, 0, NULL, 0};
    Table t;
    size_t cap = 256, depth = 0, mcap = 1 << 16, mused = 0;
    uint8_t *posbuf = malloc(cap * MAXPOS);
    int *mstart = malloc(cap * sizeof(int)), *nmoves = malloc(cap * sizeof(int));
    int *mi = malloc(cap * sizeof(int));
    Step *moves = malloc(mcap * sizeof(Step));
    uint8_t key[MAXPOS + MAXP], child[MAXPOS];
    if (!table_init(&t, limit) || !posbuf || !mstart || !nmoves || !mi || !moves) goto nomem;
    int klen = canon(g, root, key), rsize = pos_size(g, root);
    if (table_add(&t, g, root, rsize, key, klen, UINT32_MAX, (Step){0, 0, 0}) != T_NEW)
        goto nomem;
    memcpy(posbuf, root, rsize);
    mstart[0] = 0;
    nmoves[0] = expand(g, root, moves);
    mi[0] = 0;
    mused = nmoves[0];
    depth = 1;
    long long nodes = 0;
    while (depth) {
        size_t d = depth - 1;
        if (mi[d] >= nmoves[d]) {
            depth--;
            mused = mstart[d];
            continue;
        }
        Step s = moves[mstart[d] + mi[d]++];
        nodes++;
        if (nodes > budget) {
            a.nodes = nodes - 1;
            goto out;
        }
        if (ctx->stop && !(nodes & 1023)) {
            int yes = ask_stop(ctx);
            if (yes < 0) goto error;
            if (yes) {
                a.nodes = nodes - 1;
                goto out;
            }
        }
        int csize = play(g, posbuf + d * MAXPOS, s, child);
        klen = canon(g, child, key);
        int r = table_add(&t, g, child, csize, key, klen, 0, s);
        if (r == T_OLD) continue;
        if (r == T_FULL) {
            a.nodes = nodes;
            goto out;
        }
        if (r == T_NOMEM) goto nomem;
        if (won(g, child)) {
            a.status = 1;
            a.nodes = nodes;
            a.line = malloc(depth * sizeof(Step));
            if (!a.line) goto nomem;
            for (size_t k = 0; k < depth; k++) a.line[k] = moves[mstart[k] + mi[k] - 1];
            a.nline = depth;
            goto out;
        }
        if (depth >= cap || mused + MAXMOVES > mcap) {
            if (depth >= cap) {
                cap *= 2;
                uint8_t *pb = realloc(posbuf, cap * MAXPOS);
                if (pb) posbuf = pb;
                int *a1 = realloc(mstart, cap * sizeof(int));
                if (a1) mstart = a1;
                int *a2 = realloc(nmoves, cap * sizeof(int));
                if (a2) nmoves = a2;
                int *a3 = realloc(mi, cap * sizeof(int));
                if (a3) mi = a3;
                if (!pb || !a1 || !a2 || !a3) goto nomem;
            }
            if (mused + MAXMOVES > mcap) {
                mcap *= 2;
                Step *m2 = realloc(moves, mcap * sizeof(Step));
                if (!m2) goto nomem;
                moves = m2;
            }
        }
        memcpy(posbuf + depth * MAXPOS, child, csize);
        mstart[depth] = (int)mused;
        nmoves[depth] = expand(g, child, moves + mused);
        mi[depth] = 0;
        mused += nmoves[depth];
        depth++;
    }
    a.status = 2;
    a.nodes = nodes;
out:
    a.positions = t.nn;
    table_free(&t);
    free(posbuf);
    free(mstart);
    free(nmoves);
    free(mi);
    free(moves);
    return a;
nomem:
    ctx->err = 1;
error:
    free(a.line);
    a.line = NULL;
    a.status = -1;
    goto out;
}

typedef struct {
    int neg;
    uint32_t count, node;
} Entry;

typedef struct {
    int w[4], starts, started, resumed;
    Entry *heap;
    size_t hn, hcap;
    long long nodes, reported;
    uint32_t count, cur;
    uint8_t pos[MAXPOS];
    Step moves[MAXMOVES];
    int nmoves, mi, dry;
} Run;

static inline int entry_less(Entry a, Entry b) {
    return a.neg < b.neg || (a.neg == b.neg && a.count < b.count);
}

static int heap_push(Run *r, Entry e) {
    if (r->hn >= r->hcap) {
        size_t cap = r->hcap ? r->hcap * 2 : 1024;
        Entry *h = realloc(r->heap, cap * sizeof(Entry));
        if (!h) return 0;
        r->heap = h;
        r->hcap = cap;
    }
    size_t i = r->hn++;
    while (i) {
        size_t up = (i - 1) / 2;
        if (!entry_less(e, r->heap[up])) break;
        r->heap[i] = r->heap[up];
        i = up;
    }
    r->heap[i] = e;
    return 1;
}

static Entry heap_pop(Run *r) {
    Entry top = r->heap[0], last = r->heap[--r->hn];
    size_t i = 0, n = r->hn;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && entry_less(r->heap[c + 1], r->heap[c])) c++;
        if (!entry_less(r->heap[c], last)) break;
        r->heap[i] = r->heap[c];
        i = c;
    }
    if (n) r->heap[i] = last;
    return top;
}

/* `plain._score`: cards home, blocking cards, spaces, cards over the next wanted ones; first
 * of all, with the merci and no redeal, the merci still to come. */
static int score(const Game *g, const uint8_t *p, const int *w) {
    int nf = g->nf, np = g->np, home = 0, blocking = 0, spaces = 0, depth = 0;
    const uint8_t *L = p + nf + 2;
    uint8_t want[64] = {0};
    for (int f = 0; f < nf; f++) {
        home += p[f];
        if (g->wants[f][p[f]]) want[g->wants[f][p[f]]] = 1;
    }
    int o = nf + 2 + np;
    for (int i = 0; i < np; i++) {
        if (!L[i]) {
            spaces += g->refill[i];
            continue;
        }
        int low = 99;
        for (int j = 0; j < L[i]; j++) {
            int c = p[o + j];
            if (want[c]) depth += L[i] - 1 - j;
            int v = g->order[c];
            if (v > low) blocking++;
            else low = v;
        }
        o += L[i];
    }
    int unused = g->merci && !g->redeals && !p[nf + 1]; /* the merci still to come */
    return w[0] * home - w[1] * blocking + w[2] * spaces - w[3] * depth + (unused << 20);
}

enum { R_CHUNK, R_WIN, R_DRY, R_FULL, R_ERR };

/* One turn of a best-first search (`plain._best_first`): until its node count reaches a
 * multiple of ``chunk``, a win, or an empty queue. */
static int run_turn(Game *g, Run *r, Table *t, int chunk, uint32_t *won_node, Ctx *ctx) {
    uint8_t child[MAXPOS], key[MAXPOS + MAXP];
    if (!r->started) {
        r->started = 1;
        if (r->starts) {
            if (!heap_push(r, (Entry){0, 0, 0})) goto nomem;
        } else {
            return R_CHUNK; /* one turn's wait, then the root's children as the first met them */
        }
    } else if (!r->starts && r->started == 1) {
        r->started = 2;
        for (size_t i = 1; i < t->nn; i++) {
            if (t->nodes[i].parent != 0) continue;
            r->count++;
            if (!heap_push(r, (Entry){0, r->count, (uint32_t)i})) goto nomem;
        }
    }
    for (;;) {
        if (r->mi >= r->nmoves) {
            if (!r->hn) return R_DRY;
            Entry e = heap_pop(r);
            r->cur = e.node;
            uint8_t *p = node_pos(t, e.node);
            memcpy(r->pos, p, pos_size(g, p));
            r->nmoves = expand(g, r->pos, r->moves);
            r->mi = 0;
            continue;
        }
        if (!r->resumed) {
            r->nodes++;
            if (!(r->nodes % chunk)) {
                r->resumed = 1;
                return R_CHUNK;
            }
        }
        r->resumed = 0;
        Step s = r->moves[r->mi++];
        int csize = play(g, r->pos, s, child);
        int klen = canon(g, child, key);
        int res = table_add(t, g, child, csize, key, klen, r->cur, s);
        if (res == T_OLD) continue;
        if (res == T_FULL) return R_FULL;
        if (res == T_NOMEM) goto nomem;
        if (won(g, child)) {
            *won_node = (uint32_t)(t->nn - 1);
            return R_WIN;
        }
        r->count++;
        if (!heap_push(r, (Entry){-score(g, child, r->w), r->count, (uint32_t)(t->nn - 1)}))
            goto nomem;
    }
nomem:
    ctx->err = 1;
    return R_ERR;
}

Answer best_first(Game *g, const uint8_t *root, long long budget, long long nodes,
                         int chunk, const int (*weights)[4], int nruns, Ctx *ctx,
                         size_t limit) {
    Answer a = {0, nodes, 0, NULL, 0};
    Table t;
    Run *runs = calloc(nruns, sizeof(Run));
    uint8_t key[MAXPOS + MAXP];
    if (!runs || !table_init(&t, limit)) {
        free(runs);
        table_free(&t);
        ctx->err = 1;
        a.status = -1;
        return a;
    }
    int klen = canon(g, root, key);
    if (table_add(&t, g, root, pos_size(g, root), key, klen, UINT32_MAX, (Step){0, 0, 0})
        != T_NEW) {
        ctx->err = 1;
        a.status = -1;
        goto out;
    }
    for (int k = 0; k < nruns; k++) {
        memcpy(runs[k].w, weights[k], sizeof runs[k].w);
        runs[k].starts = k == 0;
    }
    int active = nruns;
    while (active) {
        for (int k = 0; k < nruns; k++) {
            Run *r = &runs[k];
            if (r->dry) continue;
            uint32_t wn = 0;
            int res = run_turn(g, r, &t, chunk, &wn, ctx);
            a.nodes += r->nodes - r->reported;
            r->reported = r->nodes;
            if (res == R_ERR) {
                a.status = -1;
                goto out;
            }
            if (res == R_FULL) goto out;
            if (res == R_WIN) {
                size_t n = 0;
                for (uint32_t at = wn; t.nodes[at].parent != UINT32_MAX; at = t.nodes[at].parent)
                    n++;
                a.line = malloc((n ? n : 1) * sizeof(Step));
                if (!a.line) {
                    ctx->err = 1;
                    a.status = -1;
                    goto out;
                }
                a.nline = n;
                for (uint32_t at = wn; t.nodes[at].parent != UINT32_MAX; at = t.nodes[at].parent)
                    a.line[--n] = t.nodes[at].step;
                a.status = 1;
                goto out;
            }
            if (res == R_DRY) {
                r->dry = 1;
                active--;
                continue;
            }
            if (a.nodes >= budget) goto out;
            if (ctx->stop) {
                int yes = ask_stop(ctx);
                if (yes < 0) {
                    a.status = -1;
                    goto out;
                }
                if (yes) goto out;
            }
        }
    }
    a.status = 2;
out:
    a.positions = t.nn;
    table_free(&t);
    for (int k = 0; k < nruns; k++) free(runs[k].heap);
    free(runs);
    return a;
}
