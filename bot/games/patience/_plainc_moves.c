/* The compiled patience core's positions (see _plainc.c): `plain.moves`, `plain.play`,
 * `plain.dead`, `plain.expand`, `plain.key` and the safe foundation rule, on one position as
 * bytes.
 */
#include "_plainc.h"

/* ---- positions ------------------------------------------------------------------------ */

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

/* `plain._closed`: the largest subset of ``cand`` none of whose cards has a base that could
 * come free (home, under a card of the set, or one of them on a full pile). */
static u64 closed(const Game *g, const uint8_t *p, const int8_t *pile_of, const int8_t *idx_of,
                  const int *start, u64 cand) {
    int home[4] = {0, 0, 0, 0};
    for (int f = 0; f < g->nf; f++) home[g->fsuit[f]] = p[f];
    for (int changed = 1; cand && changed;) {
        changed = 0;
        for (int x = 0; x < 64; x++) {
            if (!(cand >> x & 1)) continue;
            int freed = 0;
            for (int k = 0; k < g->nbases[x] && !freed; k++) {
                int w = g->bases[x][k];
                if (home[w >> 4] >= (w & 15)) continue;
                int i = pile_of[w];
                if (i < 0) {
                    freed = 1;
                    break;
                }
                int j = idx_of[w], len = p[g->nf + 2 + i], covered = 0;
                for (int u = j + 1; u < len && !covered; u++) covered = cand >> p[start[i] + u] & 1;
                if (covered || (g->caps[i] && j >= g->caps[i] - 1 && (cand >> w & 1))) continue;
                freed = 1;
            }
            if (freed) {
                cand &= ~(1ULL << x);
                changed = 1;
            }
        }
    }
    return cand;
}

/* `plain.stuck`: the cards (a bit per code) that never move but by the merci in their pile, each
 * over a lower card of its suit, with pile ``free`` left out; none where a space takes any card,
 * no king where spaces take kings. */
static u64 stuck(const Game *g, const uint8_t *p, int free) {
    int8_t pile_of[64], idx_of[64];
    int start[MAXP];
    u64 cand = 0;
    memset(pile_of, -1, sizeof pile_of);
    int o = g->nf + 2 + g->np;
    for (int i = 0; i < g->np; i++) {
        int len = p[g->nf + 2 + i];
        start[i] = o;
        if (i != free) {
            unsigned seen[4] = {0, 0, 0, 0};
            for (int j = 0; j < len; j++) {
                int c = p[o + j], s = c >> 4, r = c & 15;
                pile_of[c] = (int8_t)i;
                idx_of[c] = (int8_t)j;
                if ((seen[s] & ((1u << r) - 1)) && !(g->tuck && r == 13 && p[o + j - 1] >> 4 == s))
                    cand |= 1ULL << c;
                seen[s] |= 1u << r;
            }
        }
        o += len;
    }
    int refills = 0;
    for (int i = 0; i < g->np; i++) {
        if (!g->refill[i]) continue;
        if (!g->kings[i]) return 0; /* a space could take any of them */
        refills = 1;
    }
    if (refills) cand &= ~((1ULL << 13) | (1ULL << 29) | (1ULL << 45) | (1ULL << 61));
    return cand ? closed(g, p, pile_of, idx_of, start, cand) : 0;
}

/* `plain.merci_piles`: the fans whose reordering could free every stuck card (``cards``). */
static int merci_piles(const Game *g, const uint8_t *p, u64 cards, uint8_t *out) {
    int off[MAXP + 1], n = 0;
    offsets(g, p, off);
    for (int k = 0; k < g->nfans; k++) {
        int i = g->fans[k], has = 0;
        for (int j = off[i]; j < off[i + 1] && !has; j++) has = cards >> p[j] & 1;
        if (has && !stuck(g, p, i)) out[n++] = (uint8_t)i;
    }
    return n;
}

/* `plain._sinks`: ``p[off[i] + j]`` is a king a tuck could take under the card below it. */
static inline int sinks(const Game *g, const uint8_t *p, const int *off, int i, int j, int spaces) {
    int x = p[off[i] + j];
    return g->tuck && !spaces && (x & 15) == 13 && j > 0 && p[off[i] + j - 1] >> 4 == x >> 4;
}

/* `plain._holds`: the top ``x`` (at ``j`` in pile ``i``) of a frozen part stays frozen;
 * ``ranks``: each suit's frozen ranks (a bit each); ``sunk``: each pile's sunk king, or -1. */
static inline int holds(const Game *g, const uint8_t *p, const int *off, const int8_t *pile_of,
                        const int8_t *idx_of, const int *depth, const int *sunk,
                        const unsigned *ranks, const int *home, int i, int j, int spaces) {
    int x = p[off[i] + j], suit = x >> 4, rank = x & 15;
    if (!(ranks[suit] & ((1u << rank) - 1))) return 0; /* no lower card of its suit frozen */
    if (rank == 13 && (spaces || sinks(g, p, off, i, j, spaces))) return 0;
    for (int k = 0; k < g->nbases[x]; k++) {
        int w = g->bases[x][k];
        if (home[w >> 4] >= (w & 15)) continue;
        int iw = pile_of[w];
        if (iw < 0) return 0;
        int jw = idx_of[w];
        if (sunk[iw] >= 0) {
            if (jw < depth[iw]) continue;
            return 0;
        }
        int top = depth[iw] - 1;
        if (jw < top || (jw == top && g->caps[iw] && jw >= g->caps[iw] - 1)) continue;
        return 0;
    }
    return 1;
}

/* `plain._frozen_parts`: into ``depth``, how many cards at the bottom of each pile are frozen,
 * and into ``sunk`` each pile's sunk king over them (or -1), with or without ``spaces`` for
 * kings; returns how many in all, or -1 (``held``) as soon as a pile a space would be keeps
 * none. A top that does not hold is dropped (a tuckable king sunk first, then dropped if it
 * does not hold) until every top holds: parts only ever shrink, so the order does not matter. */
static int frozen_parts(const Game *g, const uint8_t *p, int free, int spaces, int held,
                        const int *off, int *depth, int *sunk) {
    int home[4] = {0, 0, 0, 0}, left = 0;
    unsigned ranks[4] = {0, 0, 0, 0};
    for (int f = 0; f < g->nf; f++) home[g->fsuit[f]] = p[f];
    int8_t pile_of[64], idx_of[64];
    memset(pile_of, -1, sizeof pile_of);
    const uint8_t *L = p + g->nf + 2;
    for (int i = 0; i < g->np; i++) {
        depth[i] = i == free ? 0 : L[i];
        sunk[i] = -1;
        if (held && g->refill[i] && !depth[i]) return -1;
        left += depth[i];
        for (int j = 0; j < depth[i]; j++) {
            int c = p[off[i] + j];
            pile_of[c] = (int8_t)i;
            idx_of[c] = (int8_t)j;
            ranks[c >> 4] |= 1u << (c & 15);
        }
    }
    for (int changed = 1; changed && left;) {
        changed = 0;
        for (int i = 0; i < g->np; i++) {
            for (;;) {
                if (sunk[i] >= 0) { /* a king never moves but home: held while a lower card is */
                    int k = p[off[i] + sunk[i]];
                    if (ranks[k >> 4] & ((1u << 13) - 1)) break;
                    ranks[k >> 4] &= ~(1u << 13);
                    left--;
                    sunk[i] = -1;
                } else if (!depth[i] || holds(g, p, off, pile_of, idx_of, depth, sunk, ranks, home,
                                              i, depth[i] - 1, spaces)) {
                    break;
                } else if (sinks(g, p, off, i, depth[i] - 1, spaces)) {
                    int j = depth[i] - 1, suit = p[off[i] + j] >> 4;
                    sunk[i] = j;
                    while (j && p[off[i] + j - 1] >> 4 == suit) j--;
                    for (int u = j; u < sunk[i]; u++) {
                        int c = p[off[i] + u];
                        ranks[c >> 4] &= ~(1u << (c & 15));
                    }
                    left -= sunk[i] - j;
                    depth[i] = j;
                } else {
                    int c = p[off[i] + --depth[i]];
                    ranks[c >> 4] &= ~(1u << (c & 15));
                    left--;
                }
                changed = 1;
            }
            if (held && g->refill[i] && !depth[i] && sunk[i] < 0) return -1;
        }
    }
    return left;
}

/* `plain.frozen`: the cards that never leave their piles (the bottom part of each pile, and a
 * sunk king over it), with pile ``free`` left out: as if no space ever came, if then every pile
 * a space would be keeps a frozen card; else none where a space takes any card, and no king a
 * top where kings only. */
static u64 frozen(const Game *g, const uint8_t *p, int free) {
    int off[MAXP + 1], depth[MAXP], sunk[MAXP], refills = 0, any = 0;
    offsets(g, p, off);
    for (int i = 0; i < g->np; i++) {
        refills |= g->refill[i];
        any |= g->refill[i] && !g->kings[i];
    }
    int left = frozen_parts(g, p, free, 0, refills, off, depth, sunk);
    if (!left) return 0;
    if (left < 0 && (any || frozen_parts(g, p, free, 1, 0, off, depth, sunk) <= 0)) return 0;
    u64 out = 0;
    for (int i = 0; i < g->np; i++) {
        for (int j = 0; j < depth[i]; j++) out |= 1ULL << p[off[i] + j];
        if (sunk[i] >= 0) out |= 1ULL << p[off[i] + sunk[i]];
    }
    return out;
}

/* A lost position (`plain.dead`), in the last deal: cards stuck, and with the merci still to
 * come no pile it could be used in to free them. */
int dead(const Game *g, const uint8_t *p) {
    if (!g->dead_rule || p[g->nf] < g->redeals) return 0;
    u64 cards = stuck(g, p, -1);
    if (!cards) return 0;
    if (!(g->merci && !p[g->nf + 1])) return 1;
    uint8_t piles[MAXP];
    return !merci_piles(g, p, cards, piles);
}

/* `plain.thawing`: a bit for each fan holding some of the frozen ``cards`` whose merci would
 * leave none frozen. */
static u64 thawing(const Game *g, const uint8_t *p, u64 cards) {
    int off[MAXP + 1];
    offsets(g, p, off);
    u64 out = 0;
    for (int k = 0; k < g->nfans; k++) {
        int i = g->fans[k], has = 0;
        for (int j = off[i]; j < off[i + 1] && !has; j++) has = cards >> p[j] & 1;
        if (has && !frozen(g, p, i)) out |= 1ULL << i;
    }
    return out;
}

/* `plain.sealed`: pile ``i`` stays as it is until the merci (every card of it among the frozen
 * ``cards``, and none can come onto it). */
static int sealed(const Game *g, const uint8_t *p, const int *off, u64 cards, int i) {
    int len = off[i + 1] - off[i];
    if (!len) return 0;
    for (int j = off[i]; j < off[i + 1]; j++)
        if (!(cards >> p[j] & 1)) return 0;
    if (!g->packable[i] || (g->caps[i] && len >= g->caps[i])) return 1;
    int top = p[off[i + 1] - 1];
    for (int k = 0; k < g->npackers[top]; k++) {
        int x = g->packers[top][k];
        if (!is_home(g, p, x) && !(cards >> x & 1)) return 0;
    }
    return 1;
}

/* `plain.expand`: the moves a search tries, into ``out``; how many: none from a lost position
 * (`plain.lost`), the merci only where it thaws the frozen cards; where each such fan is
 * sealed, only the merci in them, now (kind 6). */
int expand(const Game *g, const uint8_t *p, Step *out) {
    if (!g->lost_rule) return dead(g, p) ? 0 : gen_moves(g, p, out);
    u64 cards = p[g->nf] >= g->redeals ? frozen(g, p, -1) : 0;
    if (!cards) return dead(g, p) ? 0 : gen_moves(g, p, out);
    if (!(g->merci && !p[g->nf + 1])) return 0;
    u64 fans = thawing(g, p, cards);
    if (!fans) return 0;
    int off[MAXP + 1], all = 1;
    offsets(g, p, off);
    for (int k = 0; k < g->nfans && all; k++)
        if (fans >> g->fans[k] & 1) all = sealed(g, p, off, cards, g->fans[k]);
    if (all) {
        int n = 0;
        for (int k = 0; k < g->nfans; k++) {
            int i = g->fans[k];
            if (!(fans >> i & 1)) continue;
            for (int j = 0; j + 1 < off[i + 1] - off[i]; j++)
                out[n++] = (Step){6, (uint8_t)i, (uint8_t)j};
        }
        return n;
    }
    int n = dead(g, p) ? 0 : gen_moves(g, p, out), m = 0;
    for (int k = 0; k < n; k++)
        if (out[k].kind != 3 || (fans >> out[k].src & 1)) out[m++] = out[k];
    return m;
}

/* `plain._takes`: a top of a pile other than ``skip1``/``skip2`` may be packed on ``card``
 * lying on pile ``di`` (``length`` cards with it). */
static int takes(const Game *g, const uint8_t *p, const int *off, int di, int card, int length,
                 int skip1, int skip2) {
    const uint8_t *L = p + g->nf + 2;
    if (!g->packable[di] || (g->caps[di] && length >= g->caps[di])) return 0;
    for (int k = 0; k < g->np; k++) {
        if (!L[k] || k == skip1 || k == skip2) continue;
        if (g->fits[di][p[off[k + 1] - 1] * 64 + card]) return 1;
    }
    return 0;
}

/* `plain._drawn_moves`: once the merci draws ``card`` to the top of pile ``i``, a move of that
 * pile follows. */
static int drawn_moves(const Game *g, const uint8_t *p, const int *off, int i, int card,
                       const uint8_t *wcard, const int *freep, int nfree) {
    const uint8_t *L = p + g->nf + 2;
    for (int f = 0; f < g->nf; f++)
        if (wcard[f] == card) return 1;
    if (g->tuck && (card & 15) == 13 && p[off[i + 1] - 1] >> 4 == card >> 4) return 1;
    for (int di = 0; di < g->np; di++) {
        if (di == i || !L[di] || !g->packable[di]) continue;
        if (g->caps[di] && L[di] >= g->caps[di]) continue;
        if (g->fits[di][card * 64 + p[off[di + 1] - 1]]) return 1;
    }
    for (int k = 0; k < nfree; k++)
        if (!g->kings[freep[k]] || (card & 15) == 13) return 1;
    return takes(g, p, off, i, card, L[i], i, i);
}

int gen_moves(const Game *g, const uint8_t *p, Step *out) {
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
        int dests[MAXP], nd = 0, loose = g->loose[si]; /* a loose card: only where it takes one */
        for (int di = 0; di < np; di++) {
            if (di == si || !L[di] || !g->packable[di]) continue;
            if (g->caps[di] && L[di] >= g->caps[di]) continue;
            if (!g->fits[di][c * 64 + p[off[di + 1] - 1]]) continue;
            if (loose && !takes(g, p, off, di, c, L[di] + 1, si, di)) continue;
            dests[nd++] = di;
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
            if (loose && !takes(g, p, off, di, c, L[di] + 1, si, di)) continue;
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
        uint8_t fans[MAXP];
        u64 cards = g->dead_rule ? stuck(g, p, -1) : 0; /* a win draws in `merci_piles` */
        int nfans = cards ? merci_piles(g, p, cards, fans) : g->nfans;
        for (int k = 0; k < nfans; k++) {
            int i = cards ? fans[k] : g->fans[k];
            for (int j = 0; j + 1 < L[i]; j++)
                if (drawn_moves(g, p, off, i, p[off[i] + j], wcard, freep, nfree))
                    out[n++] = (Step){3, (uint8_t)i, (uint8_t)j};
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
int play(const Game *g, const uint8_t *p, Step s, uint8_t *out) {
    int np = g->np, nf = g->nf, base = nf + 2 + np;
    int off[MAXP + 1];
    offsets(g, p, off);
    memcpy(out, p, base);
    if (out[nf + 1] > 1) out[nf + 1] = g->merci ? 1 : 0; /* after a mark: the merci used */
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
            } else if (s.kind == 3 || s.kind == 6) { /* the merci; 6: early, no mark */
                int j = s.dst;
                memcpy(out + o, src, j);
                memcpy(out + o + j, src + j + 1, len - j - 1);
                out[o + len - 1] = src[j];
                out[nf + 1] = (uint8_t)(s.kind == 3 ? 2 + i : 1);
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

/* A pile's first eight cards, the first the most significant byte: ordering these orders the
 * piles as `cmp_pile` does (no card is 0, so a pile sorts before every longer pile it begins),
 * but for two piles of eight cards or more alike in their first eight. */
static inline u64 pile_prefix(const uint8_t *a, int la) {
    uint8_t b[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    memcpy(b, a, la < 8 ? la : 8);
    return (u64)b[0] << 56 | (u64)b[1] << 48 | (u64)b[2] << 40 | (u64)b[3] << 32
           | (u64)b[4] << 24 | (u64)b[5] << 16 | (u64)b[6] << 8 | (u64)b[7];
}

/* The canonical key: interchangeable piles sorted (not while a redeal is to come). */
int canon(const Game *g, const uint8_t *p, uint8_t *out) {
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
    u64 pre[MAXP];
    for (int i = 0; i < np; i++) pre[i] = pile_prefix(p + off[i], L[i]);
    for (int k = 0; k < g->ngroups; k++) {
        int idx[MAXP], n = 0;
        for (int j = g->gstart[k]; j < g->gstart[k + 1]; j++) {
            int x = g->gpiles[j], b = n - 1;
            while (b >= 0 && (pre[idx[b]] > pre[x] || (pre[idx[b]] == pre[x] && L[x] >= 8
                   && cmp_pile(p + off[idx[b]], L[idx[b]], p + off[x], L[x]) > 0))) {
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

u64 hash_bytes(const uint8_t *k, int n) {
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
