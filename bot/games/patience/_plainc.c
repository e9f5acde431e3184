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
 *
 * This file is the Python type (`Game`: the tables, then moves/play/key/search on positions as
 * bytes); _plainc_moves.c holds the positions and moves, _plainc_search.c the searches.
 */
#include "_plainc.h"

static PyObject *step_tuple(Step s) { return Py_BuildValue("(iii)", s.kind, s.src, s.dst); }

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
                             "packs", "loose", "lost_rule", NULL};
    PyObject *packable, *caps, *refill, *kings, *group, *groups, *fits, *wants, *fkey, *fsuit;
    PyObject *packers, *order, *fans, *perms, *loose;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOOOOO!O!pOOOiO!OpppiOOpiO|p", kwlist, &packable,
                                     &caps, &refill, &kings, &group, &PyList_Type, &groups,
                                     &PyList_Type, &fits, &self->onto_order, &wants, &fkey,
                                     &fsuit, &self->safe, &PyList_Type, &packers, &order,
                                     &self->pulls, &self->merci, &self->tuck, &self->redeals,
                                     &fans, &perms, &self->dead_rule, &self->packs, &loose,
                                     &self->lost_rule))
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
    const uint8_t *first = NULL; /* the first packing rule's bases, for `frozen` */
    for (int i = 0; i < np && !first; i++) first = self->packable[i] ? self->fits[i] : NULL;
    for (int c = 0; c < 64; c++) {
        self->nbases[c] = 0;
        for (int w = 1; w < 64 && first; w++)
            if (first[c * 64 + w]) self->bases[c][self->nbases[c]++] = (uint8_t)w;
    }
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

static PyObject *Game_expand(Game *self, PyObject *pos) {
    uint8_t p[MAXPOS];
    Step moves[MAXMOVES];
    if (!read_pos(self, pos, p)) return NULL;
    return steps_list(moves, expand(self, p, moves));
}

static PyObject *Game_play(Game *self, PyObject *args) {
    PyObject *pos;
    int kind, src, dst;
    uint8_t p[MAXPOS], out[MAXPOS];
    Step moves[MAXMOVES];
    if (!PyArg_ParseTuple(args, "O(iii)", &pos, &kind, &src, &dst)) return NULL;
    if (!read_pos(self, pos, p)) return NULL;
    for (int pass = 0; pass < 2; pass++) { /* a move `moves` offers, or one `expand` does */
        int n = pass ? expand(self, p, moves) : dead(self, p) ? 0 : gen_moves(self, p, moves);
        for (int k = 0; k < n; k++) {
            if (moves[k].kind == kind && moves[k].src == src && moves[k].dst == dst) {
                int size = play(self, p, moves[k], out);
                return PyBytes_FromStringAndSize((const char *)out, size);
            }
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

/* Weight tuples (at most eight, at least ``least``) into ``w``; their count, or -1. */
static int read_weights(PyObject *weights, int (*w)[4], int least) {
    PyObject *seq = PySequence_Fast(weights, "weights: a sequence of 4-tuples");
    if (!seq) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n < least || n > 8) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "up to eight weight tuples");
        return -1;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(seq, k), "iiii", &w[k][0], &w[k][1],
                              &w[k][2], &w[k][3])) {
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    return (int)n;
}

static PyObject *Game_search(Game *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"root", "budget", "dfs_budget", "chunk", "weights", "stop", "limit",
                             "probes", "probe_budget", NULL};
    PyObject *pos, *weights, *stop, *probes = NULL;
    long long budget, dfs_budget, limit, probe_budget = 0;
    int chunk;
    uint8_t root[MAXPOS];
    int w[8][4], pw[8][4];
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OLLiOOL|OL", kwlist, &pos, &budget, &dfs_budget,
                                     &chunk, &weights, &stop, &limit, &probes, &probe_budget))
        return NULL;
    if (!read_pos(self, pos, root)) return NULL;
    if (chunk < 1 || budget < 0 || dfs_budget < 0 || probe_budget < 0 || limit < 1
        || limit > UINT32_MAX - 1) {
        PyErr_SetString(PyExc_ValueError, "chunk, budgets and limit out of range");
        return NULL;
    }
    int nruns = read_weights(weights, w, 1);
    if (nruns < 0) return NULL;
    int nprobes = probes ? read_weights(probes, pw, 0) : 0;
    if (nprobes < 0) return NULL;
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
        /* the probes (`plain.search`): each alone on its own table, until its share is spent;
         * one that stops short of it was stopped (or met the cap on positions) */
        for (int k = 0; k < (probe_budget ? nprobes : 0) && a.status == 0; k++) {
            long long end = a.nodes + probe_budget < budget ? a.nodes + probe_budget : budget;
            a = best_first(self, root, end, a.nodes, chunk, (const int (*)[4])pw + k, 1, &ctx,
                           (size_t)limit);
            if (a.status == 0 && (a.nodes < end || a.nodes >= budget)) goto done;
        }
        if (a.status == 0)
            a = best_first(self, root, budget, a.nodes, chunk, (const int (*)[4])w, nruns,
                           &ctx, (size_t)limit);
    done:
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
    {"expand", (PyCFunction)Game_expand, METH_O, "expand(pos) -> the steps plain.expand tries"},
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
