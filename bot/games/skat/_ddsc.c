/* Compiled core of Skat's double-dummy search (bot/games/skat/dds.py).
 *
 * The same null-window alpha-beta as `Search._make_solver` in dds.py, card for card: the same
 * bit layout (passed in from Python), the same bounds, transposition table at trick starts,
 * exact two-trick table, equivalent-card collapsing and move ordering (ties broken the same
 * way), so a fresh core answers every question with the very value and node count of a fresh
 * Python search. Only the tables differ: they are open-addressed and bounded here, and an
 * entry may be overwritten when full, which costs time, never truth (entries are bounds).
 *
 * dds.py keeps the Python search as the reference and the fallback when this did not build.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NBITS 60
#define TRUMP_BLOCK 4
#define MAX_MOVES 16
#define PROBES 16

typedef uint64_t u64;

static inline int ctz64(u64 x) { return __builtin_ctzll(x); }
static inline int top64(u64 x) { return 63 - __builtin_clzll(x); } /* bit_length() - 1 */
static inline int pop64(u64 x) { return __builtin_popcountll(x); }
/* Bits strictly above bit w (Python's -(2 << w)). */
static inline u64 above(int w) { return ~((2ULL << w) - 1); }

typedef struct {
    u64 k0, k1, k2; /* k0 carries the leader's position in bits 62-63; 0 = empty */
    int16_t lo, hi;
    int8_t first;
} Entry;

typedef struct {
    u64 k0, k1, k2;
    int16_t v;
} Small;

typedef struct {
    size_t cap, used, max_cap;
    void *slots;
    size_t size;
} Table;

typedef struct {
    PyObject_HEAD
    int blocks[NBITS];
    int rpts[NBITS];   /* the layout's card points (root moves and gains) */
    int pts[NBITS];    /* zero in trick-counting searches, as in dds.py's solver */
    int pts2[NBITS];   /* the two-trick table's points (zero in Null) */
    int16_t ptab[5][4096];
    int maxer[3], count[3], stop[3], cnt2[3];
    int null_, tricks, selfish, decl, solo, bonus, bonus2, trump;
    u64 tmask, bmask[5];
    u64 hs[3];
    int kill2[NBITS];
    long long nodes;
    Table tt, small;
} Core;

/* ---- tables ------------------------------------------------------------------------- */

static inline size_t hash3(u64 a, u64 b, u64 c) {
    u64 h = a * 0x9E3779B97F4A7C15ULL;
    h ^= (b + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= (c + 0x165667B19E3779F9ULL) * 0xD6E8FEB86659FD93ULL;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 32;
    return (size_t)h;
}

static int table_init(Table *t, size_t size, size_t cap, size_t max_cap) {
    t->size = size;
    t->cap = cap;
    t->used = 0;
    t->max_cap = max_cap;
    t->slots = calloc(cap, size);
    return t->slots != NULL;
}

#define SLOT(t, i) ((u64 *)((char *)(t)->slots + (i) * (t)->size))

/* The slot holding key (a, b, c), or NULL. */
static void *table_find(Table *t, u64 a, u64 b, u64 c) {
    size_t mask = t->cap - 1, i = hash3(a, b, c) & mask;
    for (int n = 0; n < PROBES; n++, i = (i + 1) & mask) {
        u64 *s = SLOT(t, i);
        if (s[0] == 0) return NULL;
        if (s[0] == a && s[1] == b && s[2] == c) return s;
    }
    return NULL;
}

static void table_grow(Table *t) {
    size_t old_cap = t->cap;
    char *old = t->slots;
    size_t cap = old_cap * 2;
    char *slots = calloc(cap, t->size);
    if (slots == NULL) {
        t->max_cap = old_cap; /* stay at this size and overwrite instead */
        return;
    }
    for (size_t j = 0; j < old_cap; j++) {
        u64 *s = (u64 *)(old + j * t->size);
        if (s[0] == 0) continue;
        size_t i = hash3(s[0], s[1], s[2]) & (cap - 1);
        for (;;) {
            u64 *d = (u64 *)(slots + i * t->size);
            if (d[0] == 0) {
                memcpy(d, s, t->size);
                break;
            }
            i = (i + 1) & (cap - 1);
        }
    }
    free(old);
    t->slots = slots;
    t->cap = cap;
}

/* The slot to write key (a, b, c) into: its own, an empty one, or (when full) its home. */
static void *table_put(Table *t, u64 a, u64 b, u64 c) {
    if (t->used * 2 > t->cap && t->cap < t->max_cap) table_grow(t);
    for (;;) {
        size_t mask = t->cap - 1, i = hash3(a, b, c) & mask;
        for (int n = 0; n < PROBES; n++, i = (i + 1) & mask) {
            u64 *s = SLOT(t, i);
            if (s[0] == 0) {
                t->used++;
                s[0] = a; s[1] = b; s[2] = c;
                return s;
            }
            if (s[0] == a && s[1] == b && s[2] == c) return s;
        }
        if (t->cap >= t->max_cap) break;
        table_grow(t); /* a long run: make room rather than forget an entry */
    }
    u64 *s = SLOT(t, hash3(a, b, c) & (t->cap - 1));
    s[0] = a; s[1] = b; s[2] = c;
    return s;
}

/* ---- the search --------------------------------------------------------------------- */

static inline int psum(const Core *s, u64 m) {
    return s->ptab[0][m & 4095] + s->ptab[1][(m >> 12) & 4095] + s->ptab[2][(m >> 24) & 4095]
           + s->ptab[3][(m >> 36) & 4095] + s->ptab[4][m >> 48];
}

/* One card per run of equivalent cards (same block and points, no live card between). */
static int reps(const Core *s, u64 cand, u64 live, const int *pts, int *out) {
    int n = 0, prev = -2;
    while (cand) {
        int b = ctz64(cand);
        cand &= cand - 1;
        if (prev >= 0 && s->blocks[b] == s->blocks[prev] && pts[b] == pts[prev]
            && !((live >> (prev + 1)) & ((1ULL << (b - prev - 1)) - 1))) {
            prev = b;
            continue;
        }
        out[n++] = b;
        prev = b;
    }
    return n;
}

/* Stable order by (key, bit), as Python sorts its (key, bit) tuples. */
static void order_moves(int *mv, long *key, int n) {
    for (int i = 1; i < n; i++) {
        int b = mv[i];
        long k = key[i];
        int j = i - 1;
        while (j >= 0 && (key[j] > k || (key[j] == k && mv[j] > b))) {
            mv[j + 1] = mv[j];
            key[j + 1] = key[j];
            j--;
        }
        mv[j + 1] = b;
        key[j + 1] = k;
    }
}

static inline int beats_lead(const Core *s, int b, int a, int led) {
    return b > a && (s->blocks[b] == led || s->blocks[b] == s->trump);
}

static inline u64 tkey0(u64 h0, int p) { return h0 | ((u64)(p + 1) << 61); }

/* The last two tricks, exactly (no window). */
static int two(Core *s, int p, int total) {
    u64 k0 = tkey0(s->hs[0], p), k1 = s->hs[1], k2 = s->hs[2];
    Small *e = table_find(&s->small, k0, k1, k2);
    if (e) return e->v;
    int q = (p + 1) % 3, r = (p + 2) % 3;
    u64 ha = s->hs[p], hb = s->hs[q], hc = s->hs[r];
    int ma = s->maxer[p], mb = s->maxer[q], mc = s->maxer[r];
    const int *blocks = s->blocks, *pts2 = s->pts2, *cnt2 = s->cnt2;
    int trump = s->trump;
    int best1 = ma ? -1 : 10000;
    for (u64 x = ha; x; x &= x - 1) {
        int a = ctz64(x);
        int led = blocks[a];
        u64 lm = s->bmask[led];
        int a2 = top64(ha ^ (1ULL << a));
        int best2 = mb ? -1 : 10000;
        u64 y = (hb & lm) ? (hb & lm) : hb;
        for (; y; y &= y - 1) {
            int b = ctz64(y);
            int b2 = top64(hb ^ (1ULL << b));
            int w, wpos;
            if (b > a && (blocks[b] == led || blocks[b] == trump)) {
                w = b; wpos = q;
            } else {
                w = a; wpos = p;
            }
            u64 beat = (lm | s->tmask) & above(w);
            int s2 = pts2[a] + pts2[b] + s->bonus2;
            int best3 = mc ? -1 : 10000;
            u64 z = (hc & lm) ? (hc & lm) : hc;
            for (; z; z &= z - 1) {
                int c = ctz64(z);
                int c2 = top64(hc ^ (1ULL << c));
                int win = ((beat >> c) & 1) ? r : wpos;
                int got = s2 + pts2[c];
                int v = cnt2[win] ? got : 0;
                int f0, f1, f2;
                if (win == p) {
                    f0 = a2; f1 = b2; f2 = c2;
                } else if (win == q) {
                    f0 = b2; f1 = c2; f2 = a2;
                } else {
                    f0 = c2; f1 = a2; f2 = b2;
                }
                int led2 = blocks[f0], w2 = f0, wi = 0;
                if (f1 > w2 && (blocks[f1] == led2 || blocks[f1] == trump)) {
                    w2 = f1; wi = 1;
                }
                if (f2 > w2 && (blocks[f2] == led2 || blocks[f2] == trump)) wi = 2;
                if (cnt2[(win + wi) % 3]) v += s->null_ ? 1 : total - got;
                if (mc) {
                    if (v > best3) best3 = v;
                } else if (v < best3) {
                    best3 = v;
                }
            }
            if (mb) {
                if (best3 > best2) best2 = best3;
            } else if (best3 < best2) {
                best2 = best3;
            }
        }
        if (ma) {
            if (best2 > best1) best1 = best2;
        } else if (best2 < best1) {
            best1 = best2;
        }
    }
    s->nodes += 1;
    if (s->null_ && best1 > 1) best1 = 1;
    e = table_put(&s->small, k0, k1, k2);
    e->v = (int16_t)best1;
    return best1;
}

static int solve(Core *s, int p, int alpha, int beta);

/* Any trick start: the last two tricks directly, the rest by `solve`. */
static int start(Core *s, int p, int alpha, int beta) {
    u64 h0 = s->hs[0], h1 = s->hs[1], h2 = s->hs[2], rest = h0 | h1 | h2;
    if (!rest) return 0;
    int total;
    if (s->null_) total = 1;
    else if (s->tricks) total = pop64(h0);
    else total = psum(s, rest);
    if ((h0 & (h0 - 1)) == 0) {
        s->nodes += 3;
        int a = top64(s->hs[p]), b1 = top64(s->hs[(p + 1) % 3]), c = top64(s->hs[(p + 2) % 3]);
        int led = s->blocks[a], w = a, wi = 0;
        if (b1 > w && (s->blocks[b1] == led || s->blocks[b1] == s->trump)) {
            w = b1; wi = 1;
        }
        if (c > w && (s->blocks[c] == led || s->blocks[c] == s->trump)) wi = 2;
        int win = (p + wi) % 3;
        if (s->null_) return s->stop[win] ? 1 : 0;
        return s->count[win] ? total : 0;
    }
    if (pop64(h0) == 2) return two(s, p, total);
    return solve(s, p, alpha, beta);
}

/* Three or more tricks to go, p to lead (fail-soft alpha-beta). */
static int solve(Core *s, int p, int alpha, int beta) {
    u64 h0 = s->hs[0], h1 = s->hs[1], h2 = s->hs[2], rest = h0 | h1 | h2;
    const int null_ = s->null_, tricks = s->tricks;
    const int *blocks = s->blocks, *pts = s->pts, *maxer = s->maxer, *count = s->count;
    const u64 tmask = s->tmask;
    int last = pop64(h0) == 3;
    int hi_b;
    if (null_) hi_b = 1;
    else if (tricks) hi_b = pop64(h0);
    else hi_b = psum(s, rest);
    int total = hi_b, lo_b = 0;
    if (!null_) {
        u64 mine = ((count[0] ? h0 : 0) | (count[1] ? h1 : 0) | (count[2] ? h2 : 0)) & tmask;
        u64 theirs = rest & tmask & ~mine;
        if (mine || theirs) {
            u64 sure_m = theirs ? mine & above(top64(theirs)) : mine;
            u64 sure_t = mine ? theirs & above(top64(mine)) : theirs;
            if (tricks) {
                if (sure_m) lo_b = s->solo ? pop64(sure_m) : 1;
                if (sure_t) hi_b -= s->solo ? 1 : pop64(sure_t);
            } else {
                lo_b = s->ptab[4][sure_m >> 48];
                hi_b -= s->ptab[4][sure_t >> 48];
            }
        }
    }
    if (hi_b <= alpha) return hi_b;
    if (lo_b >= beta) return lo_b;
    u64 k0 = tkey0(h0, p);
    Entry *e = table_find(&s->tt, k0, h1, h2);
    int first = -1;
    if (e) {
        int e_lo = e->lo, e_hi = e->hi;
        first = e->first;
        if (e_lo >= beta) return e_lo;
        if (e_hi <= alpha) return e_hi;
        if (e_lo == e_hi) return e_lo;
        if (e_hi < hi_b) hi_b = e_hi;
        if (e_lo > lo_b) lo_b = e_lo;
    }
    if (lo_b >= hi_b) return lo_b;
    if (lo_b > alpha) alpha = lo_b;
    if (hi_b < beta) beta = hi_b;
    int a0 = alpha, b0 = beta;
    int q = (p + 1) % 3, r = (p + 2) % 3;
    u64 ha = s->hs[p], hb = s->hs[q], hc = s->hs[r];
    int ma = maxer[p], mb = maxer[q], mc = maxer[r];
    int moves[MAX_MOVES], mv2[MAX_MOVES], mv3a[MAX_MOVES], mv3[MAX_MOVES];
    long keys[MAX_MOVES];
    int nm = reps(s, ha, rest, pts, moves);
    if (nm > 1) {
        u64 partner = (mb ? 0 : hb) | (mc ? 0 : hc);
        for (int i = 0; i < nm; i++) {
            int b = moves[i];
            long k;
            u64 blk = rest & s->bmask[blocks[b]];
            if (b == first) k = -100000;
            else if (top64(blk) == b) k = -1000 - pts[b] * 64 - b;
            else if (ma) k = -b;
            else if (blocks[b] != TRUMP_BLOCK) k = -b - (((partner >> top64(blk)) & 1) ? 2000 : 0);
            else k = 1000 - b;
            keys[i] = k;
        }
        order_moves(moves, keys, nm);
    }
    long n = 0;
    int best1 = ma ? -1 : 10000;
    int best_move = moves[0];
    int ally_b = ma == mb && !s->selfish;
    int bonus = s->bonus;
    for (int i1 = 0; i1 < nm; i1++) {
        int a = moves[i1];
        s->hs[p] = ha ^ (1ULL << a);
        int led = blocks[a];
        u64 lm = s->bmask[led];
        int pa = pts[a];
        u64 cb = hb & lm;
        int n2 = cb ? reps(s, cb, rest & lm, pts, mv2) : reps(s, hb, rest, pts, mv2);
        if (n2 > 1) {
            int kb = s->kill2[a];
            for (int i = 0; i < n2; i++) {
                int b = mv2[i];
                long k;
                if (b == kb) k = -100000;
                else if (beats_lead(s, b, a, led)) k = -b - 4096;
                else if (ally_b) k = -pts[b] * 64;
                else k = 8192 + pts[b] * 64 + b;
                keys[i] = k;
            }
            order_moves(mv2, keys, n2);
        }
        int al2 = alpha, be2 = beta;
        int best2 = mb ? -1 : 10000;
        u64 cc = hc & lm;
        int n3 = cc ? reps(s, cc, rest & lm, pts, mv3a) : reps(s, hc, rest, pts, mv3a);
        memcpy(mv3, mv3a, sizeof(int) * n3);
        int w_seen = -1;
        for (int i2 = 0; i2 < n2; i2++) {
            int b = mv2[i2];
            s->hs[q] = hb ^ (1ULL << b);
            int w, wpos;
            if (beats_lead(s, b, a, led)) {
                w = b; wpos = q;
            } else {
                w = a; wpos = p;
            }
            u64 beat = (lm | tmask) & above(w);
            int s2 = pa + pts[b] + bonus;
            if (w != w_seen && n3 > 1) {
                w_seen = w;
                int ally = maxer[wpos] == mc && !s->selfish;
                memcpy(mv3, mv3a, sizeof(int) * n3);
                for (int i = 0; i < n3; i++) {
                    int c = mv3[i];
                    if (ally || ((beat >> c) & 1)) keys[i] = -pts[c] * 64 - c;
                    else keys[i] = 8192 + pts[c] * 64 + c;
                }
                order_moves(mv3, keys, n3);
            }
            int al3 = al2, be3 = be2;
            int best3 = mc ? -1 : 10000;
            for (int i3 = 0; i3 < n3; i3++) {
                int c = mv3[i3];
                int v;
                n++;
                int win = ((beat >> c) & 1) ? r : wpos;
                if (null_) {
                    if (s->stop[win]) {
                        v = 1;
                    } else {
                        s->hs[r] = hc ^ (1ULL << c);
                        v = last ? two(s, win, 1) : solve(s, win, al3, be3);
                    }
                } else {
                    int got = s2 + pts[c];
                    int left = total - got;
                    if (count[win]) {
                        if (got + left <= al3) {
                            v = got + left;
                        } else if (got >= be3) {
                            v = got;
                        } else {
                            s->hs[r] = hc ^ (1ULL << c);
                            v = got + (last ? two(s, win, left)
                                            : solve(s, win, al3 - got, be3 - got));
                        }
                    } else if (left <= al3) {
                        v = left;
                    } else if (be3 <= 0) {
                        v = 0;
                    } else {
                        s->hs[r] = hc ^ (1ULL << c);
                        v = last ? two(s, win, left) : solve(s, win, al3, be3);
                    }
                }
                if (mc) {
                    if (v > best3) {
                        best3 = v;
                        if (v > al3) {
                            al3 = v;
                            if (v >= be3) break;
                        }
                    }
                } else if (v < best3) {
                    best3 = v;
                    if (v < be3) {
                        be3 = v;
                        if (v <= al3) break;
                    }
                }
            }
            s->hs[r] = hc;
            n++;
            int v = best3;
            if (mb) {
                if (v > best2) {
                    best2 = v;
                    if (v > al2) {
                        al2 = v;
                        if (v >= be2) {
                            s->kill2[a] = b;
                            break;
                        }
                    }
                }
            } else if (v < best2) {
                best2 = v;
                if (v < be2) {
                    be2 = v;
                    if (v <= al2) {
                        s->kill2[a] = b;
                        break;
                    }
                }
            }
        }
        s->hs[q] = hb;
        n++;
        int v = best2;
        if (ma) {
            if (v > best1) {
                best1 = v;
                best_move = a;
                if (v > alpha) {
                    alpha = v;
                    if (v >= beta) break;
                }
            }
        } else if (v < best1) {
            best1 = v;
            best_move = a;
            if (v < beta) {
                beta = v;
                if (v <= alpha) break;
            }
        }
    }
    s->hs[p] = ha;
    s->nodes += n;
    int best = best1;
    int lo, hi;
    if (best <= a0) {
        lo = lo_b;
        hi = best < hi_b ? best : hi_b;
    } else if (best >= b0) {
        lo = best > lo_b ? best : lo_b;
        hi = hi_b;
    } else {
        lo = hi = best;
    }
    e = table_put(&s->tt, k0, h1, h2);
    e->lo = (int16_t)lo;
    e->hi = (int16_t)hi;
    e->first = (int8_t)best_move;
    return best;
}

/* ---- the root: a trick part-way played (dds.Search._node / _child) ------------------ */

static int node(Core *s, int pos, int leader, int *tb, int ntb, int alpha, int beta);

static int child(Core *s, int pos, int leader, int *tb, int ntb, int b, int alpha, int beta) {
    u64 h = s->hs[pos];
    s->hs[pos] = h ^ (1ULL << b);
    int nt[3];
    for (int i = 0; i < ntb; i++) nt[i] = tb[i];
    nt[ntb] = b;
    int v;
    if (ntb + 1 < 3) {
        v = node(s, (pos + 1) % 3, ntb ? leader : pos, nt, ntb + 1, alpha, beta);
    } else {
        int led = s->blocks[nt[0]], best = nt[0], best_i = 0;
        for (int i = 1; i < 3; i++) {
            int blk = s->blocks[nt[i]];
            if ((blk == led || (blk == TRUMP_BLOCK && !s->null_)) && nt[i] > best) {
                best = nt[i];
                best_i = i;
            }
        }
        int win = (leader + best_i) % 3;
        if (!s->count[win] && !(s->null_ && win == s->decl)) {
            v = start(s, win, alpha, beta);
        } else if (s->null_) {
            v = 1;
        } else {
            int got = s->tricks ? 1 : s->rpts[nt[0]] + s->rpts[nt[1]] + s->rpts[nt[2]];
            v = got + start(s, win, alpha - got, beta - got);
        }
    }
    s->hs[pos] = h;
    return v;
}

static int node(Core *s, int pos, int leader, int *tb, int ntb, int alpha, int beta) {
    if (ntb == 0) return start(s, pos, alpha, beta);
    s->nodes += 1;
    int maxing = s->maxer[pos];
    int best = maxing ? -1 : 10000;
    u64 live = s->hs[0] | s->hs[1] | s->hs[2];
    for (int i = 0; i < ntb; i++) live |= 1ULL << tb[i];
    u64 h = s->hs[pos];
    u64 f = h & s->bmask[s->blocks[tb[0]]];
    int mv[MAX_MOVES];
    int nm = reps(s, f ? f : h, live, s->rpts, mv);
    for (int i = 0; i < nm; i++) {
        int v = child(s, pos, leader, tb, ntb, mv[i], alpha, beta);
        if (maxing) {
            if (v > best) {
                best = v;
                if (v > alpha) alpha = v;
            }
        } else if (v < best) {
            best = v;
            if (v < beta) beta = v;
        }
        if (alpha >= beta) break;
    }
    return best;
}

/* ---- the Python type ---------------------------------------------------------------- */

static int read_ints(PyObject *seq, int *out, Py_ssize_t n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (fast == NULL) return 0;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd items", what, n);
        Py_DECREF(fast);
        return 0;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return 0;
        }
        out[i] = (int)v;
    }
    Py_DECREF(fast);
    return 1;
}

static int Core_init(Core *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"blocks", "points", "maxer", "count", "null", "tricks",
                             "selfish", "decl", NULL};
    PyObject *blocks, *points, *maxer, *count;
    int null_, tricks, selfish, decl;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOOpppi", kwlist, &blocks, &points, &maxer,
                                     &count, &null_, &tricks, &selfish, &decl))
        return -1;
    if (!read_ints(blocks, self->blocks, NBITS, "blocks")
        || !read_ints(points, self->rpts, NBITS, "points")
        || !read_ints(maxer, self->maxer, 3, "maxer")
        || !read_ints(count, self->count, 3, "count"))
        return -1;
    for (int i = 0; i < NBITS; i++) {
        if (self->blocks[i] < 0 || self->blocks[i] > 4) {
            PyErr_SetString(PyExc_ValueError, "blocks: 0..4 expected");
            return -1;
        }
    }
    self->null_ = null_;
    self->tricks = tricks && !null_;
    self->selfish = selfish;
    self->decl = decl;
    self->trump = null_ ? -1 : TRUMP_BLOCK;
    self->tmask = null_ ? 0 : (0xFFFULL << (12 * TRUMP_BLOCK));
    for (int k = 0; k < 5; k++) self->bmask[k] = 0xFFFULL << (12 * k);
    self->bonus = self->tricks ? 1 : 0;
    self->bonus2 = null_ ? 1 : self->bonus;
    int ncount = 0;
    for (int i = 0; i < 3; i++) {
        self->maxer[i] = self->maxer[i] != 0;
        self->count[i] = self->count[i] != 0;
        ncount += self->count[i];
        self->stop[i] = null_ && i == decl;
        self->cnt2[i] = null_ ? (i == decl) : self->count[i];
    }
    self->solo = ncount == 1;
    for (int i = 0; i < NBITS; i++) {
        self->pts[i] = self->tricks ? 0 : self->rpts[i];
        self->pts2[i] = null_ ? 0 : self->pts[i];
        self->kill2[i] = -1;
    }
    for (int k = 0; k < 5; k++) {
        self->ptab[k][0] = 0;
        for (int m = 1; m < 4096; m++) {
            int low = m & -m;
            self->ptab[k][m] = self->ptab[k][m ^ low] + self->rpts[12 * k + ctz64((u64)low)];
        }
    }
    self->nodes = 0;
    free(self->tt.slots);
    free(self->small.slots);
    self->tt.slots = self->small.slots = NULL;
    if (!table_init(&self->tt, sizeof(Entry), 1 << 12, (size_t)1 << 21)
        || !table_init(&self->small, sizeof(Small), 1 << 12, (size_t)1 << 21)) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void Core_dealloc(Core *self) {
    free(self->tt.slots);
    free(self->small.slots);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Reads the position shared by node() and child() into the core; -1 on a bad one. */
static int set_position(Core *self, unsigned long long h0, unsigned long long h1,
                        unsigned long long h2, int pos, int leader, PyObject *trick, int *tb) {
    if (self->tt.slots == NULL || self->small.slots == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "Core.__init__ was not run");
        return -1;
    }
    Py_ssize_t ntb = PySequence_Size(trick);
    if (ntb < 0) return -1;
    if (ntb > 2) {
        PyErr_SetString(PyExc_ValueError, "a started trick holds at most two cards");
        return -1;
    }
    if (!read_ints(trick, tb, ntb, "trick")) return -1;
    u64 all = (u64)h0 | h1 | h2;
    if ((all >> NBITS) || pop64(h0) > MAX_MOVES || pop64(h1) > MAX_MOVES
        || pop64(h2) > MAX_MOVES || pos < 0 || pos > 2 || (ntb && (leader < 0 || leader > 2))) {
        PyErr_SetString(PyExc_ValueError, "position out of range");
        return -1;
    }
    for (Py_ssize_t i = 0; i < ntb; i++) {
        if (tb[i] < 0 || tb[i] >= NBITS) {
            PyErr_SetString(PyExc_ValueError, "trick card out of range");
            return -1;
        }
    }
    self->hs[0] = h0;
    self->hs[1] = h1;
    self->hs[2] = h2;
    return (int)ntb;
}

static PyObject *Core_node(Core *self, PyObject *args) {
    unsigned long long h0, h1, h2;
    int pos, leader, alpha, beta, tb[3];
    PyObject *trick;
    if (!PyArg_ParseTuple(args, "KKKiiOii", &h0, &h1, &h2, &pos, &leader, &trick, &alpha,
                          &beta))
        return NULL;
    int ntb = set_position(self, h0, h1, h2, pos, leader, trick, tb);
    if (ntb < 0) return NULL;
    return PyLong_FromLong(node(self, pos, leader, tb, ntb, alpha, beta));
}

static PyObject *Core_child(Core *self, PyObject *args) {
    unsigned long long h0, h1, h2;
    int pos, leader, b, alpha, beta, tb[3];
    PyObject *trick;
    if (!PyArg_ParseTuple(args, "KKKiiOiii", &h0, &h1, &h2, &pos, &leader, &trick, &b, &alpha,
                          &beta))
        return NULL;
    int ntb = set_position(self, h0, h1, h2, pos, leader, trick, tb);
    if (ntb < 0) return NULL;
    u64 hands[3] = {h0, h1, h2};
    if (b < 0 || b >= NBITS || !((hands[pos] >> b) & 1)) {
        PyErr_SetString(PyExc_ValueError, "the card is not in the hand to play");
        return NULL;
    }
    return PyLong_FromLong(child(self, pos, leader, tb, ntb, b, alpha, beta));
}

static PyObject *Core_get_nodes(Core *self, void *closure) {
    (void)closure;
    return PyLong_FromLongLong(self->nodes);
}

static PyMethodDef Core_methods[] = {
    {"node", (PyCFunction)Core_node, METH_VARARGS,
     "node(h0, h1, h2, pos, leader, trick, alpha, beta) -> fail-soft value"},
    {"child", (PyCFunction)Core_child, METH_VARARGS,
     "child(h0, h1, h2, pos, leader, trick, bit, alpha, beta) -> value after pos plays bit"},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Core_getset[] = {
    {"nodes", (getter)Core_get_nodes, NULL, "nodes searched so far", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "bot.games.skat._ddsc.Core",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The compiled double-dummy search of one contract and seating.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
};

static struct PyModuleDef ddsc_module = {
    PyModuleDef_HEAD_INIT, "_ddsc", "Compiled core of bot.games.skat.dds.", -1, NULL,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__ddsc(void) {
    if (PyType_Ready(&CoreType) < 0) return NULL;
    PyObject *m = PyModule_Create(&ddsc_module);
    if (m == NULL) return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
