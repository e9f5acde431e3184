/* Compiled core of the patience solver's fast path (bot/games/patience/plain.py).
 *
 * The same search as `plain.search`, step for step: the same position (the heights, the two
 * counters, the pile lengths, then every pile's cards bottom -> top, one byte a card: suit * 16
 * + rank), the same moves in the same order (`plain.moves`, pruning rules included), the same
 * safe foundation rule, the same canonical key (interchangeable piles sorted, never while a
 * redeal is to come), and the same searches: a depth-first search on a share of the budget,
 * then two best-first searches taking turns by chunks of positions, sharing one table of the
 * positions met, so that both running dry is a proof. Ties in the queues break on insertion
 * order as Python's heapq does, so a fresh core reaches the very answer, node count and line
 * of the Python search; the tests hold it to that.
 *
 * Positions are kept once each in an arena (the position as reached, not its key: a line is
 * then a list of steps on real positions) and found again through an open-addressing table of
 * 64-bit hashes of the canonical key; a hash match is confirmed on the full key, so the table
 * never merges two positions. A node budget, a cap on positions kept, and a stop callable
 * (asked every 1024 positions in the depth-first search, every chunk in the best-first) end
 * a search with "undecided". The search runs without the GIL (it takes it back only to ask the
 * stop callable), so a thread that waits on it does not stop the others.
 */
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
    int pulls, merci, tuck, redeals, nfans;
    uint8_t fans[MAXP];
    int fan_at[MAXP]; /* pile -> its place among the fans, or -1 */
    uint8_t *perms; /* [redeal][n][k], or NULL: gathered in order */
    int dead_rule; /* see `dead` */
    uint8_t loose[MAXP]; /* cells that never take a card: a card leaving one marks its pile */
    int busy; /* searches running (without the GIL): the tables must not change meanwhile */
} Game;

/* ---- positions ------------------------------------------------------------------------ */

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

/* Every copy of ``card`` home. */
static inline int is_home(const Game *g, const uint8_t *p, int card) {
    int suit = card >> 4, rank = card & 15, n = 0;
    for (int f = 0; f < g->nf; f++) n += g->fsuit[f] == suit && p[f] >= rank;
    return n >= g->packs;
}

static inline int is_next(const Game *g, const uint8_t *p, int card) {
    int suit = card >> 4, rank = card & 15;
    for (int f = 0; f < g->nf; f++)
        if (g->fsuit[f] == suit && p[f] == rank - 1) return 1;
    return 0;
}

/* `plain._safe`: nothing left could usefully be packed on ``c``. */
static int safe_home(const Game *g, const uint8_t *p, int c) {
    if (g->safe != 2) return g->safe == 1;
    for (int k = 0; k < g->npackers[c]; k++) {
        int x = g->packers[c][k];
        if (is_home(g, p, x)) continue;
        if (g->packs != 1 || !is_next(g, p, x)) return 0;
        for (int j = 0; j < g->npackers[x]; j++)
            if (!is_home(g, p, g->packers[x][j])) return 0;
    }
    return 1;
}

/* A lost position (`plain.dead`), in the last deal with no merci left: a card that can never
 * move lies over a lower card of its suit. Packing down in suit, no spaces: a king, or a card
 * whose one higher card lies under it too. The Shamrocks' tucks: a king right over a card of
 * another suit. */
static int dead(const Game *g, const uint8_t *p) {
    if (!g->dead_rule || p[g->nf] < g->redeals || (g->merci && !p[g->nf + 1])) return 0;
    int o = g->nf + 2 + g->np;
    for (int i = 0; i < g->np; i++) {
        unsigned seen[4] = {0, 0, 0, 0};
        int len = p[g->nf + 2 + i];
        for (int j = o; j < o + len; j++) {
            int s = p[j] >> 4, r = p[j] & 15;
            if (seen[s] & ((1u << r) - 1)) {
                if (g->tuck) {
                    if (r == 13 && p[j - 1] >> 4 != s) return 1;
                } else if (r == 13 || (seen[s] >> (r + 1) & 1)) {
                    return 1;
                }
            }
            seen[s] |= 1u << r;
        }
        o += len;
    }
    return 0;
}

static int gen_moves(const Game *g, const uint8_t *p, Step *out) {
    int np = g->np, nf = g->nf;
    const uint8_t *L = p + nf + 2;
    int last_deal = p[nf] >= g->redeals, drawn = p[nf + 1] - 2; /* the merci's pile, just now */
    int off[MAXP + 1];
    offsets(g, p, off);
    uint8_t wcard[MAXF];
    unsigned seen_empty = 0;
    for (int f = 0; f < nf; f++) {
        wcard[f] = 0;
        if (p[f] == 0) {
            if (seen_empty >> g->fkey[f] & 1) continue;
            seen_empty |= 1u << g->fkey[f];
        }
        wcard[f] = g->wants[f][p[f]];
    }
    Step home[MAXMOVES], empties[MAXMOVES], packs[MAXMOVES], spaces[MAXMOVES];
    int nh = 0, ne = 0, npk = 0, ns = 0;
    int freep[MAXP], nfree = 0;
    unsigned seen_group[2] = {0, 0};
    for (int i = 0; i < np; i++) {
        int gi = g->group[i];
        if (!L[i] && g->refill[i] && !(seen_group[gi >> 5] >> (gi & 31) & 1)) {
            seen_group[gi >> 5] |= 1u << (gi & 31);
            freep[nfree++] = i;
        }
    }
    for (int si = 0; si < np; si++) {
        if (!L[si]) continue;
        int c = p[off[si + 1] - 1];
        for (int f = 0; f < nf; f++) {
            if (wcard[f] != c) continue;
            if (last_deal && g->safe && (drawn < 0 || (g->merci && si == drawn))) {
                if (safe_home(g, p, c)) {
                    out[0] = (Step){0, (uint8_t)si, (uint8_t)f};
                    return 1;
                }
            }
            home[nh++] = (Step){0, (uint8_t)si, (uint8_t)f};
        }
        int lone = L[si] == 1;
        Step *into = lone ? empties : packs;
        int *n_into = lone ? &ne : &npk;
        int dests[MAXP], nd = 0;
        for (int di = 0; di < np; di++) {
            if (di == si || !L[di] || !g->packable[di]) continue;
            if (g->caps[di] && L[di] >= g->caps[di]) continue;
            if (g->fits[di][c * 64 + p[off[di + 1] - 1]]) dests[nd++] = di;
        }
        if (g->onto_order) { /* plain.py walks the tops a card fits on, lowest card first */
            for (int a = 1; a < nd; a++) {
                int d = dests[a], t = p[off[d + 1] - 1], b = a - 1;
                while (b >= 0 && p[off[dests[b] + 1] - 1] > t) {
                    dests[b + 1] = dests[b];
                    b--;
                }
                dests[b + 1] = d;
            }
        }
        for (int k = 0; k < nd; k++) into[(*n_into)++] = (Step){1, (uint8_t)si, (uint8_t)dests[k]};
        for (int k = 0; k < nfree; k++) {
            int di = freep[k];
            if ((lone && g->group[di] == g->group[si]) || (g->kings[di] && (c & 15) != 13))
                continue;
            spaces[ns++] = (Step){1, (uint8_t)si, (uint8_t)di};
        }
    }
    int n = 0;
    memcpy(out + n, home, nh * sizeof(Step)); n += nh;
    memcpy(out + n, empties, ne * sizeof(Step)); n += ne;
    memcpy(out + n, packs, npk * sizeof(Step)); n += npk;
    memcpy(out + n, spaces, ns * sizeof(Step)); n += ns;
    if (g->tuck) {
        for (int i = 0; i < np; i++) {
            if (L[i] < 2) continue;
            int top = p[off[i + 1] - 1], under = p[off[i + 1] - 2];
            if ((top & 15) == 13 && (under >> 4) == (top >> 4)) out[n++] = (Step){4, (uint8_t)i, 0};
        }
    }
    if (g->merci && last_deal && !p[nf + 1]) {
        for (int k = 0; k < g->nfans; k++) {
            int i = g->fans[k];
            for (int j = 0; j + 1 < L[i]; j++) out[n++] = (Step){3, (uint8_t)i, (uint8_t)j};
        }
    }
    if (!last_deal) out[n++] = (Step){5, 0, 0};
    if (g->pulls && !nh) {
        int any = 0;
        for (int f = 0; f < nf; f++) any |= p[f];
        if (!any) {
            for (int si = 0; si < np; si++) {
                if (L[si] > 6 && ((p[off[si] + 5] & 15) == 1 || (p[off[si] + 5] & 15) == 13))
                    out[n++] = (Step){2, (uint8_t)si, 0};
            }
        }
    }
    if (drawn >= 0) { /* after the merci: moves of its pile; after a loose card: packs on it */
        int m = 0;
        for (int k = 0; k < n; k++) {
            int onto = out[k].kind == 1 && out[k].dst == drawn;
            if (onto || (g->merci && out[k].src == drawn)) out[m++] = out[k];
        }
        n = m;
    }
    return n;
}

/* The position after ``s`` into ``out``; its size. */
static int play(const Game *g, const uint8_t *p, Step s, uint8_t *out) {
    int np = g->np, nf = g->nf, base = nf + 2 + np;
    int off[MAXP + 1];
    offsets(g, p, off);
    memcpy(out, p, base);
    if (out[nf + 1] > 1) out[nf + 1] = 1; /* the move after the merci */
    uint8_t *L = out + nf + 2;
    if (s.kind == 5) { /* La Belle Lucie's redeal: gather the fans, shuffle, deal in threes */
        uint8_t cards[MAXCARDS], dealt[MAXCARDS];
        int n = 0, done = p[nf] + 1;
        for (int k = 0; k < g->nfans; k++) {
            int i = g->fans[k];
            memcpy(cards + n, p + off[i], off[i + 1] - off[i]);
            n += off[i + 1] - off[i];
        }
        if (g->perms) {
            const uint8_t *perm = g->perms + ((size_t)(done - 1) * PERM_N + n) * MAXCARDS;
            for (int k = 0; k < n; k++) dealt[k] = cards[perm[k]];
        } else {
            memcpy(dealt, cards, n);
        }
        int o = base;
        for (int i = 0; i < np; i++) {
            int k = g->fan_at[i];
            if (k >= 0) {
                int take = n - 3 * k;
                L[i] = (uint8_t)(take < 0 ? 0 : take > 3 ? 3 : take);
                memcpy(out + o, dealt + 3 * k, L[i]);
            } else {
                memcpy(out + o, p + off[i], L[i]);
            }
            o += L[i];
        }
        out[nf] = (uint8_t)done;
        return o;
    }
    int o = base;
    for (int i = 0; i < np; i++) {
        const uint8_t *src = p + off[i];
        int len = off[i + 1] - off[i];
        if (i == s.src) {
            if (s.kind == 0 || s.kind == 1) {
                memcpy(out + o, src, len - 1);
                L[i] = (uint8_t)(len - 1);
            } else if (s.kind == 2) {
                int card = src[5], f = 0;
                memcpy(out + o, src, 5);
                memcpy(out + o + 5, src + 6, len - 6);
                L[i] = (uint8_t)(len - 1);
                while (g->wants[f][p[f]] != card) f++;
                out[f]++;
            } else if (s.kind == 3) {
                int j = s.dst;
                memcpy(out + o, src, j);
                memcpy(out + o + j, src + j + 1, len - j - 1);
                out[o + len - 1] = src[j];
                out[nf + 1] = (uint8_t)(2 + i);
            } else { /* 4: the tuck */
                memcpy(out + o, src, len);
                out[o + len - 1] = src[len - 2];
                out[o + len - 2] = src[len - 1];
            }
        } else {
            memcpy(out + o, src, len);
        }
        o += L[i];
        if (i == s.dst && s.kind == 1) {
            out[o++] = p[off[s.src + 1] - 1];
            L[i]++;
            if (g->loose[s.src]) out[nf + 1] = (uint8_t)(2 + i);
        }
    }
    if (s.kind == 0) out[s.dst]++;
    return o;
}

static int cmp_pile(const uint8_t *a, int la, const uint8_t *b, int lb) {
    int m = la < lb ? la : lb, c = memcmp(a, b, m);
    return c ? c : la - lb;
}

/* The canonical key: interchangeable piles sorted (not while a redeal is to come). */
static int canon(const Game *g, const uint8_t *p, uint8_t *out) {
    int np = g->np, nf = g->nf, o = 0;
    const uint8_t *L = p + nf + 2;
    int off[MAXP + 1];
    offsets(g, p, off);
    memcpy(out, p, nf + 2);
    o = nf + 2;
    if (p[nf] < g->redeals) {
        for (int i = 0; i < np; i++) {
            out[o++] = L[i];
            memcpy(out + o, p + off[i], L[i]);
            o += L[i];
        }
        return o;
    }
    int mark = p[nf + 1] >= 2 ? p[nf + 1] - 2 : -1;
    for (int k = 0; k < g->ngroups; k++) {
        int idx[MAXP], n = 0;
        for (int j = g->gstart[k]; j < g->gstart[k + 1]; j++) {
            int x = g->gpiles[j], b = n - 1;
            while (b >= 0 && cmp_pile(p + off[idx[b]], L[idx[b]], p + off[x], L[x]) > 0) {
                idx[b + 1] = idx[b];
                b--;
            }
            idx[b + 1] = x;
            n++;
        }
        for (int j = 0; j < n; j++) {
            out[o++] = L[idx[j]];
            memcpy(out + o, p + off[idx[j]], L[idx[j]]);
            o += L[idx[j]];
        }
        if (mark >= 0 && g->group[mark] == k) { /* a mark names its pile by its place here */
            int j = 0;
            while (cmp_pile(p + off[idx[j]], L[idx[j]], p + off[mark], L[mark])) j++;
            out[nf + 1] = (uint8_t)(2 + g->gstart[k] + j);
        }
    }
    return o;
}

static u64 hash_bytes(const uint8_t *k, int n) {
    u64 h = 0x9E3779B97F4A7C15ULL ^ (u64)n;
    int i = 0;
    for (; i + 8 <= n; i += 8) {
        u64 w;
        memcpy(&w, k + i, 8);
        h = (h ^ w) * 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    u64 w = 0;
    memcpy(&w, k + i, n - i);
    h = (h ^ w) * 0x94D049BB133111EBULL;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 32;
    return h ? h : 1;
}

/* ---- the table of positions met ------------------------------------------------------- */

typedef struct {
    u64 off;
    uint32_t parent;
    Step step;
} Node;

typedef struct {
    uint8_t **blocks;
    size_t nblocks, used; /* used: bytes in the last block */
    Node *nodes;
    size_t nn, ncap, limit;
    u64 *hashes;
    uint32_t *idx;
    size_t scap;
} Table;

static void table_free(Table *t) {
    for (size_t b = 0; b < t->nblocks; b++) free(t->blocks[b]);
    free(t->blocks);
    free(t->nodes);
    free(t->hashes);
    free(t->idx);
    memset(t, 0, sizeof *t);
}

static int table_init(Table *t, size_t limit) {
    memset(t, 0, sizeof *t);
    t->limit = limit;
    t->scap = 1 << 16;
    t->hashes = calloc(t->scap, sizeof(u64));
    t->idx = malloc(t->scap * sizeof(uint32_t));
    return t->hashes && t->idx;
}

static inline uint8_t *node_pos(const Table *t, size_t i) {
    u64 off = t->nodes[i].off;
    return t->blocks[off >> BLOCK_BITS] + (off & ((1ULL << BLOCK_BITS) - 1));
}

static int table_grow(Table *t) {
    size_t cap = t->scap * 2;
    u64 *h = calloc(cap, sizeof(u64));
    uint32_t *x = malloc(cap * sizeof(uint32_t));
    if (!h || !x) {
        free(h);
        free(x);
        return 0;
    }
    for (size_t j = 0; j < t->scap; j++) {
        if (!t->hashes[j]) continue;
        size_t i = t->hashes[j] & (cap - 1);
        while (h[i]) i = (i + 1) & (cap - 1);
        h[i] = t->hashes[j];
        x[i] = t->idx[j];
    }
    free(t->hashes);
    free(t->idx);
    t->hashes = h;
    t->idx = x;
    t->scap = cap;
    return 1;
}

enum { T_OLD = 0, T_NEW = 1, T_FULL = 2, T_NOMEM = 3 };

/* Adds position ``p`` (canonical key ``key``) unless its key is there; T_NEW, T_OLD, T_FULL
 * (the cap on positions kept) or T_NOMEM. */
static int table_add(Table *t, const Game *g, const uint8_t *p, int psize, const uint8_t *key,
                     int klen, uint32_t parent, Step step) {
    u64 h = hash_bytes(key, klen);
    size_t mask = t->scap - 1, i = h & mask;
    uint8_t other[MAXPOS + MAXP];
    for (; t->hashes[i]; i = (i + 1) & mask) {
        if (t->hashes[i] != h) continue;
        int olen = canon(g, node_pos(t, t->idx[i]), other);
        if (olen == klen && !memcmp(other, key, klen)) return T_OLD;
    }
    if (t->nn >= t->limit) return T_FULL;
    if (t->nn >= t->ncap) {
        size_t cap = t->ncap ? t->ncap * 2 : 1 << 16;
        Node *nodes = realloc(t->nodes, cap * sizeof(Node));
        if (!nodes) return T_NOMEM;
        t->nodes = nodes;
        t->ncap = cap;
    }
    if (!t->nblocks || t->used + psize > (1ULL << BLOCK_BITS)) {
        uint8_t **blocks = realloc(t->blocks, (t->nblocks + 1) * sizeof(uint8_t *));
        if (!blocks) return T_NOMEM;
        t->blocks = blocks;
        t->blocks[t->nblocks] = malloc(1ULL << BLOCK_BITS);
        if (!t->blocks[t->nblocks]) return T_NOMEM;
        t->nblocks++;
        t->used = 0;
    }
    u64 off = ((u64)(t->nblocks - 1) << BLOCK_BITS) | t->used;
    memcpy(t->blocks[t->nblocks - 1] + t->used, p, psize);
    t->used += psize;
    t->nodes[t->nn] = (Node){off, parent, step};
    t->hashes[i] = h;
    t->idx[i] = (uint32_t)t->nn;
    t->nn++;
    if (t->nn * 10 > t->scap * 6 && !table_grow(t)) return T_NOMEM;
    return T_NEW;
}

/* ---- the searches ---------------------------------------------------------------------- */

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

static int ask_stop(Ctx *ctx) {
    PyEval_RestoreThread(ctx->ts);
    PyObject *r = PyObject_CallNoArgs(ctx->stop);
    int yes = r ? PyObject_IsTrue(r) : -1;
    Py_XDECREF(r);
    ctx->ts = PyEval_SaveThread();
    if (yes < 0) ctx->err = 2;
    return yes;
}

static PyObject *step_tuple(Step s) { return Py_BuildValue("(iii)", s.kind, s.src, s.dst); }

static Answer depth_first(Game *g, const uint8_t *root, long long budget, Ctx *ctx,
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
    nmoves[0] = dead(g, root) ? 0 : gen_moves(g, root, moves);
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
        nmoves[depth] = dead(g, child) ? 0 : gen_moves(g, child, moves + mused);
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

/* `plain._score`: cards home, blocking cards, spaces, cards over the next wanted ones. */
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
    return w[0] * home - w[1] * blocking + w[2] * spaces - w[3] * depth;
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
            r->nmoves = dead(g, r->pos) ? 0 : gen_moves(g, r->pos, r->moves);
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

static Answer best_first(Game *g, const uint8_t *root, long long budget, long long nodes,
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

/* ---- the Python type ------------------------------------------------------------------- */

static int read_bytes(PyObject *o, uint8_t *out, Py_ssize_t n, const char *what) {
    if (!PyBytes_Check(o) || PyBytes_GET_SIZE(o) != n) {
        PyErr_Format(PyExc_ValueError, "%s: %zd bytes expected", what, n);
        return 0;
    }
    memcpy(out, PyBytes_AS_STRING(o), n);
    return 1;
}

static int Game_init(Game *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"packable", "caps", "refill", "kings", "group", "groups", "fits",
                             "onto_order", "wants", "fkey", "fsuit", "safe", "packers", "order",
                             "pulls", "merci", "tuck", "redeals", "fans", "perms", "dead_rule",
                             "packs", "loose", NULL};
    PyObject *packable, *caps, *refill, *kings, *group, *groups, *fits, *wants, *fkey, *fsuit;
    PyObject *packers, *order, *fans, *perms, *loose;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOOOOO!O!pOOOiO!OpppiOOpiO", kwlist, &packable,
                                     &caps, &refill, &kings, &group, &PyList_Type, &groups,
                                     &PyList_Type, &fits, &self->onto_order, &wants, &fkey,
                                     &fsuit, &self->safe, &PyList_Type, &packers, &order,
                                     &self->pulls, &self->merci, &self->tuck, &self->redeals,
                                     &fans, &perms, &self->dead_rule, &self->packs, &loose))
        return -1;
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "a search is running on this game");
        return -1;
    }
    if (!PyBytes_Check(packable) || PyBytes_GET_SIZE(packable) < 1
        || PyBytes_GET_SIZE(packable) > MAXP || !PyBytes_Check(fkey)
        || PyBytes_GET_SIZE(fkey) < 1 || PyBytes_GET_SIZE(fkey) > MAXF) {
        PyErr_SetString(PyExc_ValueError, "between 1 and 40 piles, 1 and 8 foundations");
        return -1;
    }
    int np = self->np = (int)PyBytes_GET_SIZE(packable), nf = self->nf = (int)PyBytes_GET_SIZE(fkey);
    uint8_t wants_flat[MAXF * 14];
    if (!read_bytes(packable, self->packable, np, "packable") || !read_bytes(caps, self->caps, np, "caps")
        || !read_bytes(refill, self->refill, np, "refill") || !read_bytes(kings, self->kings, np, "kings")
        || !read_bytes(group, self->group, np, "group") || !read_bytes(loose, self->loose, np, "loose") || !read_bytes(fkey, self->fkey, nf, "fkey")
        || !read_bytes(fsuit, self->fsuit, nf, "fsuit") || !read_bytes(order, self->order, 64, "order")
        || !read_bytes(wants, wants_flat, nf * 14, "wants"))
        return -1;
    for (int f = 0; f < nf; f++) {
        memcpy(self->wants[f], wants_flat + f * 14, 14);
        if (self->fkey[f] >= 32) {
            PyErr_SetString(PyExc_ValueError, "foundation keys below 32");
            return -1;
        }
    }
    for (int i = 0; i < np; i++) {
        if (self->group[i] >= 64) {
            PyErr_SetString(PyExc_ValueError, "group numbers below 64");
            return -1;
        }
    }
    if (self->redeals < 0 || self->redeals > 9 || self->safe < 0 || self->safe > 2
        || self->packs < 1 || self->packs > 2) {
        PyErr_SetString(PyExc_ValueError, "redeals 0..9, safe 0..2, packs 1..2");
        return -1;
    }
    Py_ssize_t ng = PyList_GET_SIZE(groups);
    if (ng > np) {
        PyErr_SetString(PyExc_ValueError, "groups: at most one per pile");
        return -1;
    }
    int at = 0;
    self->ngroups = (int)ng;
    for (Py_ssize_t k = 0; k < ng; k++) {
        PyObject *gb = PyList_GET_ITEM(groups, k);
        if (!PyBytes_Check(gb) || at + PyBytes_GET_SIZE(gb) > np) {
            PyErr_SetString(PyExc_ValueError, "groups: bytes of pile numbers, each pile once");
            return -1;
        }
        self->gstart[k] = at;
        for (Py_ssize_t j = 0; j < PyBytes_GET_SIZE(gb); j++) {
            uint8_t x = (uint8_t)PyBytes_AS_STRING(gb)[j];
            if (x >= np) {
                PyErr_SetString(PyExc_ValueError, "groups: pile number out of range");
                return -1;
            }
            self->gpiles[at++] = x;
        }
    }
    self->gstart[ng] = at;
    uint8_t counted[MAXP] = {0};
    for (int j = 0; j < at; j++) counted[self->gpiles[j]]++;
    for (int i = 0; i < np && at == np; i++)
        if (counted[i] != 1) at = -1;
    if (at != np) {
        PyErr_SetString(PyExc_ValueError, "groups: every pile in one group");
        return -1;
    }
    if (PyList_GET_SIZE(fits) != np || PyList_GET_SIZE(packers) != 64) {
        PyErr_SetString(PyExc_ValueError, "fits: one per pile; packers: one per card code");
        return -1;
    }
    static const uint8_t nothing[4096];
    for (int i = 0; i < np; i++) {
        PyObject *ft = PyList_GET_ITEM(fits, i);
        if (ft == Py_None) {
            self->fits[i] = nothing;
            self->packable[i] = 0;
        } else if (PyBytes_Check(ft) && PyBytes_GET_SIZE(ft) == 4096) {
            self->fits[i] = (const uint8_t *)PyBytes_AS_STRING(ft);
        } else {
            PyErr_SetString(PyExc_ValueError, "fits: 4096 bytes or None per pile");
            return -1;
        }
    }
    Py_INCREF(fits);
    Py_XSETREF(self->fit_refs, fits);
    for (int c = 0; c < 64; c++) {
        PyObject *pk = PyList_GET_ITEM(packers, c);
        if (!PyBytes_Check(pk) || PyBytes_GET_SIZE(pk) > 64) {
            PyErr_SetString(PyExc_ValueError, "packers: bytes of card codes");
            return -1;
        }
        self->npackers[c] = (int)PyBytes_GET_SIZE(pk);
        memcpy(self->packers[c], PyBytes_AS_STRING(pk), self->npackers[c]);
    }
    if (!PyBytes_Check(fans) || PyBytes_GET_SIZE(fans) > np) {
        PyErr_SetString(PyExc_ValueError, "fans: bytes of pile numbers");
        return -1;
    }
    self->nfans = (int)PyBytes_GET_SIZE(fans);
    for (int i = 0; i < np; i++) self->fan_at[i] = -1;
    for (int k = 0; k < self->nfans; k++) {
        self->fans[k] = (uint8_t)PyBytes_AS_STRING(fans)[k];
        if (self->fans[k] >= np) {
            PyErr_SetString(PyExc_ValueError, "fans: pile number out of range");
            return -1;
        }
        self->fan_at[self->fans[k]] = k;
    }
    PyMem_Free(self->perms);
    self->perms = NULL;
    if (perms != Py_None) { /* perms[redeal][n]: n bytes, the shuffle of n gathered cards */
        if (!PyList_Check(perms) || PyList_GET_SIZE(perms) != self->redeals) {
            PyErr_SetString(PyExc_ValueError, "perms: one list per redeal");
            return -1;
        }
        self->perms = PyMem_Calloc((size_t)self->redeals * PERM_N * MAXCARDS, 1);
        if (!self->perms && self->redeals) {
            PyErr_NoMemory();
            return -1;
        }
        for (int r = 0; r < self->redeals; r++) {
            PyObject *per = PyList_GET_ITEM(perms, r);
            if (!PyList_Check(per) || PyList_GET_SIZE(per) != PERM_N) {
                PyErr_SetString(PyExc_ValueError, "perms: 105 permutations per redeal");
                return -1;
            }
            for (int n = 0; n < PERM_N; n++) {
                PyObject *pm = PyList_GET_ITEM(per, n);
                if (!PyBytes_Check(pm) || PyBytes_GET_SIZE(pm) != n) {
                    PyErr_SetString(PyExc_ValueError, "perms: the n-th permutation has n items");
                    return -1;
                }
                uint8_t *dst = self->perms + ((size_t)r * PERM_N + n) * MAXCARDS;
                memcpy(dst, PyBytes_AS_STRING(pm), n);
                for (int k = 0; k < n; k++) {
                    if (dst[k] >= n) {
                        PyErr_SetString(PyExc_ValueError, "perms: index out of range");
                        return -1;
                    }
                }
            }
        }
    }
    return 0;
}

static void Game_dealloc(Game *self) {
    Py_XDECREF(self->fit_refs);
    PyMem_Free(self->perms);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* ``pos`` checked and copied: sizes, card codes, counters. */
static int read_pos(Game *g, PyObject *pos, uint8_t *out) {
    if (!g->np) {
        PyErr_SetString(PyExc_ValueError, "the game was not set up");
        return 0;
    }
    if (!PyBytes_Check(pos) || PyBytes_GET_SIZE(pos) < g->nf + 2 + g->np
        || PyBytes_GET_SIZE(pos) > MAXPOS) {
        PyErr_SetString(PyExc_ValueError, "a position: bytes of heights, counters, lengths, cards");
        return 0;
    }
    memcpy(out, PyBytes_AS_STRING(pos), PyBytes_GET_SIZE(pos));
    if (pos_size(g, out) != PyBytes_GET_SIZE(pos) || out[g->nf] > g->redeals
        || out[g->nf + 1] > 1 + g->np) {
        PyErr_SetString(PyExc_ValueError, "the position's lengths or counters do not add up");
        return 0;
    }
    for (int f = 0; f < g->nf; f++) {
        if (out[f] > 13) {
            PyErr_SetString(PyExc_ValueError, "a foundation holds at most 13 cards");
            return 0;
        }
    }
    for (Py_ssize_t j = g->nf + 2 + g->np; j < PyBytes_GET_SIZE(pos); j++) {
        int c = out[j];
        if ((c & 15) < 1 || (c & 15) > 13 || c >> 4 > 3) {
            PyErr_SetString(PyExc_ValueError, "a card code is suit * 16 + rank (1..13)");
            return 0;
        }
    }
    return 1;
}

static PyObject *steps_list(const Step *s, int n) {
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (int k = 0; k < n; k++) {
        PyObject *st = step_tuple(s[k]);
        if (!st) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, k, st);
    }
    return out;
}

static PyObject *Game_moves(Game *self, PyObject *pos) {
    uint8_t p[MAXPOS];
    Step moves[MAXMOVES];
    if (!read_pos(self, pos, p)) return NULL;
    int n = dead(self, p) ? 0 : gen_moves(self, p, moves);
    return steps_list(moves, n);
}

static PyObject *Game_play(Game *self, PyObject *args) {
    PyObject *pos;
    int kind, src, dst;
    uint8_t p[MAXPOS], out[MAXPOS];
    Step moves[MAXMOVES];
    if (!PyArg_ParseTuple(args, "O(iii)", &pos, &kind, &src, &dst)) return NULL;
    if (!read_pos(self, pos, p)) return NULL;
    int n = dead(self, p) ? 0 : gen_moves(self, p, moves);
    for (int k = 0; k < n; k++) {
        if (moves[k].kind == kind && moves[k].src == src && moves[k].dst == dst) {
            int size = play(self, p, moves[k], out);
            return PyBytes_FromStringAndSize((const char *)out, size);
        }
    }
    PyErr_SetString(PyExc_ValueError, "not a move of this position");
    return NULL;
}

static PyObject *Game_key(Game *self, PyObject *pos) {
    uint8_t p[MAXPOS], key[MAXPOS + MAXP];
    if (!read_pos(self, pos, p)) return NULL;
    int n = canon(self, p, key);
    return PyBytes_FromStringAndSize((const char *)key, n);
}

static PyObject *Game_search(Game *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"root", "budget", "dfs_budget", "chunk", "weights", "stop", "limit",
                             NULL};
    PyObject *pos, *weights, *stop;
    long long budget, dfs_budget, limit;
    int chunk;
    uint8_t root[MAXPOS];
    int w[8][4];
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OLLiOOL", kwlist, &pos, &budget, &dfs_budget,
                                     &chunk, &weights, &stop, &limit))
        return NULL;
    if (!read_pos(self, pos, root)) return NULL;
    if (chunk < 1 || budget < 0 || dfs_budget < 0 || limit < 1 || limit > UINT32_MAX - 1) {
        PyErr_SetString(PyExc_ValueError, "chunk, budgets and limit out of range");
        return NULL;
    }
    PyObject *seq = PySequence_Fast(weights, "weights: a sequence of 4-tuples");
    if (!seq) return NULL;
    Py_ssize_t nruns = PySequence_Fast_GET_SIZE(seq);
    if (nruns < 1 || nruns > 8) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "one to eight weight tuples");
        return NULL;
    }
    for (Py_ssize_t k = 0; k < nruns; k++) {
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(seq, k), "iiii", &w[k][0], &w[k][1],
                              &w[k][2], &w[k][3])) {
            Py_DECREF(seq);
            return NULL;
        }
    }
    Py_DECREF(seq);
    if (stop == Py_None) stop = NULL;
    else if (!PyCallable_Check(stop)) {
        PyErr_SetString(PyExc_TypeError, "stop: a callable or None");
        return NULL;
    }
    static const char *names[] = {"undecided", "winnable", "unwinnable"};
    Answer a = {1, 0, 1, NULL, 0};
    if (!won(self, root)) {
        Ctx ctx = {stop, NULL, 0};
        self->busy++;
        ctx.ts = PyEval_SaveThread();
        a = depth_first(self, root, dfs_budget, &ctx, (size_t)limit);
        if (a.status == 0)
            a = best_first(self, root, budget, a.nodes, chunk, (const int (*)[4])w, (int)nruns,
                           &ctx, (size_t)limit);
        PyEval_RestoreThread(ctx.ts);
        self->busy--;
        if (a.status < 0) {
            if (ctx.err == 1) PyErr_NoMemory();
            return NULL;
        }
    }
    PyObject *line = PyList_New((Py_ssize_t)a.nline);
    for (size_t k = 0; line && k < a.nline; k++) {
        PyObject *st = step_tuple(a.line[k]);
        if (!st) Py_CLEAR(line);
        else PyList_SET_ITEM(line, (Py_ssize_t)k, st);
    }
    free(a.line);
    if (!line) return NULL;
    return Py_BuildValue("(sNLn)", names[a.status], line, a.nodes, (Py_ssize_t)a.positions);
}

static PyMethodDef Game_methods[] = {
    {"moves", (PyCFunction)Game_moves, METH_O, "moves(pos) -> the steps plain.moves offers"},
    {"play", (PyCFunction)Game_play, METH_VARARGS, "play(pos, step) -> the position after it"},
    {"key", (PyCFunction)Game_key, METH_O, "key(pos) -> the canonical key"},
    {"search", (PyCFunction)(void (*)(void))Game_search, METH_VARARGS | METH_KEYWORDS,
     "search(root, budget, dfs_budget, chunk, weights, stop, limit) -> "
     "(status, steps, nodes, positions)"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject GameType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "bot.games.patience._plainc.Game",
    .tp_basicsize = sizeof(Game),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One plain game's tables, and the compiled search over its positions.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Game_init,
    .tp_dealloc = (destructor)Game_dealloc,
    .tp_methods = Game_methods,
};

static struct PyModuleDef plainc_module = {
    PyModuleDef_HEAD_INIT, "_plainc", "Compiled core of bot.games.patience.plain.", -1, NULL,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__plainc(void) {
    if (PyType_Ready(&GameType) < 0) return NULL;
    PyObject *m = PyModule_Create(&plainc_module);
    if (m == NULL) return NULL;
    Py_INCREF(&GameType);
    if (PyModule_AddObject(m, "Game", (PyObject *)&GameType) < 0) {
        Py_DECREF(&GameType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
