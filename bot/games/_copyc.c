/* Compiled core of bot.games.base.evolve and trusted: new pydantic models without validation.
 *
 * A rules core's move copies its immutable state with a few fields changed (`evolve`) and
 * builds the small models it records (`trusted`); in Python each costs a handful of attribute
 * writes and a call or two, which a play-out pays on every move. These are the same steps in
 * C: a new instance of the model's class (object.__new__), its __dict__ set, and pydantic's
 * three slots (__pydantic_fields_set__, __pydantic_extra__ = None, __pydantic_private__ =
 * None) written through their descriptors, exactly as base.py's Python versions write them.
 * base.py keeps those as the reference and the fallback when this did not build.
 *
 * evolve(model, update) -> model: {**model.__dict__, **update}; the fields-set shared when
 *     every updated name is in it, else a new set with them added (a model with private or
 *     extra values goes to its model_copy, as in base.py).
 * build(cls, values, template, fresh) -> model: {**template, **values}, then each (name,
 *     factory) of ``fresh`` whose name is not in ``values`` called; the fields-set a new set of
 *     the names in ``values``.
 *
 * The commonest move of a trick-taking game, a card played, in two steps (base.py's
 * `follow_py` and `played_py` are their reference):
 * follow(hand, led, eff, rank, actions) -> (cards, actions): the cards of ``hand`` whose
 *     ``eff`` is the led card's (all of them when none is, or nothing was led), sorted by
 *     ``rank`` (stable; None keeps the hand's order), and ``actions[card]`` of each; KeyError
 *     for a card missing from a table.
 * played(state, seat, card, turn) -> state: evolve(state, {"hands": the seat's hand without
 *     ``card`` (ValueError as list.remove), "trick": trick + [(seat, card)], "turn": turn}).
 * took(state, seat, card, power, record, leader, lead) -> (state, winner): the card that
 *     finishes the trick: the winner the first card of the highest ``power`` (KeyError for a
 *     card missing from it, before anything is made); the trick recorded as ``record`` =
 *     (cls, template, fresh) makes it (`trusted`'s build) with leader, plays and winner; the
 *     state with the hand without the card, an empty trick, the record added to ``tricks``,
 *     the turn (and, with ``lead``, the ``leader`` field) the winner's.
 * euchre_plays(state, seat, cell, tables, actions, rounds, events) -> list or None: a Euchre
 *     state's card plays for ``seat`` as its `legal_actions` lists them (`follow` by the
 *     trump's suit table), kept in ``cell`` as that listing keeps them (the turn after the
 *     card from ``rounds[(players, alone, maker, defender_alone)]``, the seat's card events
 *     from ``events[(players, seat)]``); None (the caller's way, which fills those tables)
 *     for any other phase or seat, a table not made yet, or a card outside the tables.
 * skat_plays(state, seat, cell, orders, actions, events, extras, role_names, claim_cards)
 *     -> list or None: the same for a Skat state: `follow` by ``orders[(kind, suit)]`` (eff
 *     and rank), the moves offered beside the cards from ``extras[(kind, claim policy,
 *     Tourne surrender, rules, the Player asking, few cards, before trick 2)]``, the seat's
 *     card events from ``events[(role, seat)]``.
 * play_listed(state, seat, action, cell, action_type) -> (state, [event]) or None: a card
 *     that `legal_actions` just listed, played to a trick it does not finish. ``cell[0]`` is
 *     what the listing kept: (state, seat, cards, the turn after (None: the card finishes
 *     the trick), {card: its event}); None (the caller's general way) unless it is this
 *     state's and seat's, the action is exactly an ``action_type`` ``play`` of a listed card
 *     with an event, and the turn is not None.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

static PyObject *s_dict, *s_fields_set, *s_extra, *s_private, *empty_tuple;

/* Where a model class keeps pydantic's three slots, for reading and writing them directly:
 * what their descriptors' get and set functions do, without looking each up per access. The
 * __dict__ is reached through _PyObject_GetDictPtr, as its descriptor reaches it. */
typedef struct {
    Py_ssize_t fs, extra, priv;
} layout_t;

#define SLOT(obj, off) (*(PyObject **)((char *)(obj) + (off)))

/* 1 with ``out`` filled when ``tp`` is laid out the plain way (a __dict__; the three slots
 * plain object members; allocated by PyType_GenericAlloc; not abstract), else 0: then the
 * generic way (the descriptors) is taken. */
#define KEPT 8
static struct {
    PyTypeObject *tp; /* borrowed: kept only with the version tag it had */
    unsigned int version;
    layout_t at;
} kept[KEPT];

static int layout_of(PyTypeObject *tp, layout_t *out) {
    /* the answers for the last few classes, while their version tags say they are unchanged */
    unsigned int slot = (unsigned int)(((uintptr_t)tp >> 4) % KEPT);
    if (kept[slot].tp == tp && tp->tp_version_tag != 0 && kept[slot].version == tp->tp_version_tag
        && (tp->tp_flags & Py_TPFLAGS_VALID_VERSION_TAG)) {
        *out = kept[slot].at;
        return 1;
    }
    if ((tp->tp_flags & Py_TPFLAGS_IS_ABSTRACT) || tp->tp_dictoffset == 0
        || tp->tp_alloc != PyType_GenericAlloc)
        return 0;
    PyObject *names[3] = {s_fields_set, s_extra, s_private};
    Py_ssize_t *offsets[3] = {&out->fs, &out->extra, &out->priv};
    for (int i = 0; i < 3; i++) {
        PyObject *d = _PyType_Lookup(tp, names[i]);
        if (d == NULL || !Py_IS_TYPE(d, &PyMemberDescr_Type)) return 0;
        PyMemberDef *m = ((PyMemberDescrObject *)d)->d_member;
        if (m->type != T_OBJECT_EX || (m->flags & READONLY)) return 0;
        *offsets[i] = m->offset;
    }
    if (tp->tp_flags & Py_TPFLAGS_VALID_VERSION_TAG) {
        kept[slot].tp = tp;
        kept[slot].version = tp->tp_version_tag;
        kept[slot].at = *out;
    }
    return 1;
}

static PyObject *new_instance(PyTypeObject *tp) {
    return PyBaseObject_Type.tp_new(tp, empty_tuple, NULL);
}

/* Sets __dict__ and the three pydantic slots; steals nothing. */
static int fill(PyObject *obj, PyObject *dict, PyObject *fields_set) {
    if (PyObject_GenericSetAttr(obj, s_dict, dict) < 0) return -1;
    if (PyObject_GenericSetAttr(obj, s_extra, Py_None) < 0) return -1;
    if (PyObject_GenericSetAttr(obj, s_fields_set, fields_set) < 0) return -1;
    if (PyObject_GenericSetAttr(obj, s_private, Py_None) < 0) return -1;
    return 0;
}

/* A new instance of ``tp`` holding ``dict`` and ``fs``; steals both (released either way). */
static PyObject *made(PyTypeObject *tp, PyObject *dict, PyObject *fs) {
    layout_t at;
    if (layout_of(tp, &at)) { /* the slots written directly, as their descriptors would */
        PyObject *obj = tp->tp_alloc(tp, 0);
        PyObject **dp = obj ? _PyObject_GetDictPtr(obj) : NULL;
        if (dp == NULL) {
            Py_XDECREF(obj);
            Py_DECREF(dict);
            Py_DECREF(fs);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "a model without __dict__");
            return NULL;
        }
        Py_XSETREF(*dp, dict);
        SLOT(obj, at.fs) = fs;
        Py_INCREF(Py_None);
        SLOT(obj, at.extra) = Py_None;
        Py_INCREF(Py_None);
        SLOT(obj, at.priv) = Py_None;
        return obj;
    }
    PyObject *obj = new_instance(tp);
    if (obj != NULL && fill(obj, dict, fs) < 0) Py_CLEAR(obj);
    Py_DECREF(dict);
    Py_DECREF(fs);
    return obj;
}

/* ``model`` with ``n`` fields replaced (names and values borrowed), the plain way: NULL with
 * *generic set when the model is not laid out plainly or holds private or extra values (the
 * caller then takes the generic way), NULL alone on an error. */
static PyObject *copy_with(PyObject *model, PyObject *const *names, PyObject *const *values,
                           Py_ssize_t n, int *generic) {
    PyTypeObject *tp = Py_TYPE(model);
    layout_t at;
    *generic = 1;
    if (!layout_of(tp, &at)) return NULL;
    PyObject **dp = _PyObject_GetDictPtr(model);
    PyObject *old = dp ? *dp : NULL, *fs = SLOT(model, at.fs);
    PyObject *extra = SLOT(model, at.extra), *priv = SLOT(model, at.priv);
    if (old == NULL || !PyDict_CheckExact(old) || fs == NULL || !PySet_CheckExact(fs)
        || extra != Py_None || priv != Py_None)
        return NULL;
    *generic = 0;
    PyObject *dict = PyDict_Copy(old);
    if (dict == NULL) return NULL;
    Py_INCREF(fs);
    int grown = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (PyDict_SetItem(dict, names[i], values[i]) < 0) goto fail;
        int has = PySet_Contains(fs, names[i]);
        if (has < 0) goto fail;
        if (!has) {
            if (!grown) {
                PyObject *more = PySet_New(fs);
                if (more == NULL) goto fail;
                Py_SETREF(fs, more);
                grown = 1;
            }
            if (PySet_Add(fs, names[i]) < 0) goto fail;
        }
    }
    return made(tp, dict, fs);
fail:
    Py_DECREF(dict);
    Py_DECREF(fs);
    return NULL;
}

/* evolve the generic way: the attributes read and written through their descriptors. */
static PyObject *evolve_generic(PyObject *model, PyObject *update) {
    PyObject *priv = PyObject_GetAttr(model, s_private);
    if (priv == NULL) return NULL;
    PyObject *extra = PyObject_GetAttr(model, s_extra);
    if (extra == NULL) {
        Py_DECREF(priv);
        return NULL;
    }
    int plain = priv == Py_None && extra == Py_None;
    Py_DECREF(priv);
    Py_DECREF(extra);
    if (!plain) { /* private or extra values: pydantic's own copy, as base.py does */
        PyObject *copy = PyObject_GetAttrString(model, "model_copy");
        if (copy == NULL) return NULL;
        PyObject *kwargs = Py_BuildValue("{sO}", "update", update);
        PyObject *out = kwargs ? PyObject_Call(copy, empty_tuple, kwargs) : NULL;
        Py_XDECREF(kwargs);
        Py_DECREF(copy);
        return out;
    }
    PyObject *old = PyObject_GenericGetDict(model, NULL);
    if (old == NULL) return NULL;
    PyObject *dict = PyDict_Copy(old);
    Py_DECREF(old);
    if (dict == NULL) return NULL;
    if (PyDict_Update(dict, update) < 0) {
        Py_DECREF(dict);
        return NULL;
    }
    PyObject *fs = PyObject_GetAttr(model, s_fields_set);
    if (fs == NULL) {
        Py_DECREF(dict);
        return NULL;
    }
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    int fresh = 0;
    while (PyDict_Next(update, &pos, &key, &value)) {
        int has = PySet_Contains(fs, key);
        if (has < 0) goto fail;
        if (!has) {
            if (!fresh) {
                PyObject *grown = PySet_New(fs);
                if (grown == NULL) goto fail;
                Py_SETREF(fs, grown);
                fresh = 1;
            }
            if (PySet_Add(fs, key) < 0) goto fail;
        }
    }
    return made(Py_TYPE(model), dict, fs);
fail:
    Py_DECREF(dict);
    Py_DECREF(fs);
    return NULL;
}

#define FEW 32 /* an update of more fields than this goes the generic way */

static PyObject *evolve(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 2 || !PyDict_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "evolve(model, update: dict)");
        return NULL;
    }
    PyObject *model = args[0], *update = args[1];
    Py_ssize_t n = PyDict_GET_SIZE(update);
    if (n <= FEW) {
        PyObject *names[FEW], *values[FEW], *key, *value;
        Py_ssize_t pos = 0, i = 0;
        while (PyDict_Next(update, &pos, &key, &value)) {
            names[i] = key;
            values[i++] = value;
        }
        int generic;
        PyObject *out = copy_with(model, names, values, n, &generic);
        if (out != NULL || !generic) return out;
    }
    return evolve_generic(model, update);
}

static PyObject *build(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 4 || !PyType_Check(args[0]) || !PyDict_Check(args[1]) || !PyDict_Check(args[2])
        || !PyTuple_Check(args[3])) {
        PyErr_SetString(PyExc_TypeError,
                        "build(cls, values: dict, template: dict, fresh: tuple)");
        return NULL;
    }
    PyObject *values = args[1], *fresh = args[3];
    PyObject *dict = PyDict_Copy(args[2]);
    if (dict == NULL) return NULL;
    if (PyDict_Update(dict, values) < 0) {
        Py_DECREF(dict);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(fresh); i++) {
        PyObject *pair = PyTuple_GET_ITEM(fresh, i);
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) {
            PyErr_SetString(PyExc_TypeError, "fresh: (name, factory) pairs");
            Py_DECREF(dict);
            return NULL;
        }
        PyObject *name = PyTuple_GET_ITEM(pair, 0);
        int given = PyDict_Contains(values, name);
        if (given < 0) {
            Py_DECREF(dict);
            return NULL;
        }
        if (given) continue;
        PyObject *made = PyObject_CallNoArgs(PyTuple_GET_ITEM(pair, 1));
        if (made == NULL || PyDict_SetItem(dict, name, made) < 0) {
            Py_XDECREF(made);
            Py_DECREF(dict);
            return NULL;
        }
        Py_DECREF(made);
    }
    PyObject *fs = PySet_New(NULL);
    if (fs == NULL) {
        Py_DECREF(dict);
        return NULL;
    }
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(values, &pos, &key, &value)) {
        if (PySet_Add(fs, key) < 0) goto fail;
    }
    return made((PyTypeObject *)args[0], dict, fs);
fail:
    Py_DECREF(dict);
    Py_DECREF(fs);
    return NULL;
}

/* The seat's hand without the first ``card``: a new list, or NULL with ValueError as
 * list.remove raises it. */
static PyObject *without(PyObject *hand, PyObject *card) {
    if (!PyList_Check(hand)) {
        PyErr_SetString(PyExc_TypeError, "a hand is a list");
        return NULL;
    }
    Py_ssize_t n = PyList_GET_SIZE(hand), at = -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        int eq = PyObject_RichCompareBool(PyList_GET_ITEM(hand, i), card, Py_EQ);
        if (eq < 0) return NULL;
        if (eq) {
            at = i;
            break;
        }
    }
    if (at < 0) {
        PyErr_SetString(PyExc_ValueError, "list.remove(x): x not in list");
        return NULL;
    }
    PyObject *out = PyList_New(n - 1);
    if (out == NULL) return NULL;
    for (Py_ssize_t i = 0, j = 0; i < n; i++) {
        if (i == at) continue;
        PyObject *c = PyList_GET_ITEM(hand, i);
        Py_INCREF(c);
        PyList_SET_ITEM(out, j++, c);
    }
    return out;
}

static PyObject *s_hands, *s_trick, *s_turn;

/* played(state, seat, card, turn): `base.played_py` in C. */
static PyObject *played(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "played(state, seat, card, turn)");
        return NULL;
    }
    PyObject *state = args[0], *seat = args[1], *card = args[2];
    PyObject *d = PyObject_GenericGetDict(state, NULL);
    if (d == NULL) return NULL;
    PyObject *hands = PyDict_GetItemWithError(d, s_hands);
    PyObject *trick = hands ? PyDict_GetItemWithError(d, s_trick) : NULL;
    if (trick == NULL || !PyList_Check(hands) || !PyList_Check(trick)) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "hands and trick are lists");
        Py_DECREF(d);
        return NULL;
    }
    Py_ssize_t at = PyNumber_AsSsize_t(seat, PyExc_IndexError);
    if (at == -1 && PyErr_Occurred()) {
        Py_DECREF(d);
        return NULL;
    }
    Py_ssize_t n = PyList_GET_SIZE(hands);
    if (at < 0) at += n;
    if (at < 0 || at >= n) {
        PyErr_SetString(PyExc_IndexError, "list index out of range");
        Py_DECREF(d);
        return NULL;
    }
    PyObject *update = NULL, *new_hands = NULL, *new_trick = NULL, *pair = NULL, *out = NULL;
    Py_ssize_t t = PyList_GET_SIZE(trick);
    PyObject *mine = without(PyList_GET_ITEM(hands, at), card);
    if (mine == NULL) goto done;
    new_hands = PyList_GetSlice(hands, 0, n);
    if (new_hands == NULL) goto done;
    PyList_SetItem(new_hands, at, mine); /* steals mine */
    mine = NULL;
    new_trick = PyList_New(t + 1);
    pair = PyTuple_Pack(2, seat, card);
    if (new_trick == NULL || pair == NULL) goto done;
    for (Py_ssize_t i = 0; i < t; i++) {
        PyObject *p = PyList_GET_ITEM(trick, i);
        Py_INCREF(p);
        PyList_SET_ITEM(new_trick, i, p);
    }
    PyList_SET_ITEM(new_trick, t, pair); /* steals pair */
    pair = NULL;
    PyObject *names[3] = {s_hands, s_trick, s_turn};
    PyObject *values[3] = {new_hands, new_trick, args[3]};
    int generic;
    out = copy_with(state, names, values, 3, &generic);
    if (out != NULL || !generic) goto done;
    update = PyDict_New(); /* the generic way */
    if (update == NULL || PyDict_SetItem(update, s_hands, new_hands) < 0
        || PyDict_SetItem(update, s_trick, new_trick) < 0
        || PyDict_SetItem(update, s_turn, args[3]) < 0)
        goto done;
    out = evolve_generic(state, update);
done:
    Py_XDECREF(mine);
    Py_XDECREF(new_hands);
    Py_XDECREF(new_trick);
    Py_XDECREF(pair);
    Py_XDECREF(update);
    Py_DECREF(d);
    return out;
}

static PyObject *s_tricks, *s_leader, *s_plays, *s_winner;

/* took(state, seat, card, power, record, leader, lead): `base.took_py` in C. */
static PyObject *took(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 7 || !PyDict_Check(args[3]) || !PyTuple_Check(args[4])
        || PyTuple_GET_SIZE(args[4]) != 3 || !PyType_Check(PyTuple_GET_ITEM(args[4], 0))) {
        PyErr_SetString(PyExc_TypeError, "took(state, seat, card, power: dict, "
                        "record: (cls, template, fresh), leader, lead: bool)");
        return NULL;
    }
    PyObject *state = args[0], *seat = args[1], *card = args[2], *power = args[3];
    int lead = PyObject_IsTrue(args[6]);
    if (lead < 0) return NULL;
    PyObject *d = PyObject_GenericGetDict(state, NULL);
    if (d == NULL) return NULL;
    PyObject *hands = PyDict_GetItemWithError(d, s_hands);
    PyObject *trick = hands ? PyDict_GetItemWithError(d, s_trick) : NULL;
    PyObject *tricks = trick ? PyDict_GetItemWithError(d, s_tricks) : NULL;
    if (tricks == NULL || !PyList_Check(hands) || !PyList_Check(trick) || !PyList_Check(tricks)) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "hands, trick, tricks: lists");
        Py_DECREF(d);
        return NULL;
    }
    /* the winner first (a card outside the table: KeyError, and nothing made) */
    Py_ssize_t t = PyList_GET_SIZE(trick);
    PyObject *winner = seat, *best_power = NULL;
    for (Py_ssize_t i = 0; i <= t; i++) {
        PyObject *s = seat, *c = card;
        if (i < t) {
            PyObject *p = PyList_GET_ITEM(trick, i);
            if (!PyTuple_Check(p) || PyTuple_GET_SIZE(p) != 2) {
                PyErr_SetString(PyExc_TypeError, "a trick holds (seat, card) pairs");
                Py_DECREF(d);
                return NULL;
            }
            s = PyTuple_GET_ITEM(p, 0);
            c = PyTuple_GET_ITEM(p, 1);
        }
        PyObject *pw = PyDict_GetItemWithError(power, c);
        if (pw == NULL) {
            if (!PyErr_Occurred()) PyErr_SetObject(PyExc_KeyError, c);
            Py_DECREF(d);
            return NULL;
        }
        int more = best_power == NULL ? 1 : PyObject_RichCompareBool(pw, best_power, Py_GT);
        if (more < 0) {
            Py_DECREF(d);
            return NULL;
        }
        if (more) {
            winner = s;
            best_power = pw;
        }
    }
    Py_INCREF(winner);
    PyObject *out = NULL, *new_hands = NULL, *full = NULL, *pair = NULL, *rec = NULL;
    PyObject *values = NULL, *new_tricks = NULL, *empty = NULL;
    Py_ssize_t at = PyNumber_AsSsize_t(seat, PyExc_IndexError);
    Py_ssize_t n = PyList_GET_SIZE(hands);
    if (at == -1 && PyErr_Occurred()) goto done;
    if (at < 0) at += n;
    if (at < 0 || at >= n) {
        PyErr_SetString(PyExc_IndexError, "list index out of range");
        goto done;
    }
    PyObject *mine = without(PyList_GET_ITEM(hands, at), card);
    if (mine == NULL) goto done;
    new_hands = PyList_GetSlice(hands, 0, n);
    if (new_hands == NULL) {
        Py_DECREF(mine);
        goto done;
    }
    PyList_SetItem(new_hands, at, mine); /* steals mine */
    full = PyList_GetSlice(trick, 0, t);
    pair = PyTuple_Pack(2, seat, card);
    if (full == NULL || pair == NULL || PyList_Append(full, pair) < 0) goto done;
    /* the trick's record, as `trusted` makes it */
    values = PyDict_New();
    if (values == NULL || PyDict_SetItem(values, s_leader, args[5]) < 0
        || PyDict_SetItem(values, s_plays, full) < 0
        || PyDict_SetItem(values, s_winner, winner) < 0)
        goto done;
    PyObject *bargs[4] = {PyTuple_GET_ITEM(args[4], 0), values, PyTuple_GET_ITEM(args[4], 1),
                          PyTuple_GET_ITEM(args[4], 2)};
    rec = build(NULL, bargs, 4);
    if (rec == NULL) goto done;
    new_tricks = PyList_GetSlice(tricks, 0, PyList_GET_SIZE(tricks));
    empty = PyList_New(0);
    if (new_tricks == NULL || empty == NULL || PyList_Append(new_tricks, rec) < 0) goto done;
    PyObject *names[5] = {s_hands, s_trick, s_tricks, s_turn, s_leader};
    PyObject *vals[5] = {new_hands, empty, new_tricks, winner, winner};
    int generic;
    PyObject *after = copy_with(state, names, vals, lead ? 5 : 4, &generic);
    if (after == NULL && generic) { /* the generic way */
        PyObject *update = PyDict_New();
        for (int i = 0; update != NULL && i < (lead ? 5 : 4); i++) {
            if (PyDict_SetItem(update, names[i], vals[i]) < 0) Py_CLEAR(update);
        }
        if (update != NULL) {
            after = evolve_generic(state, update);
            Py_DECREF(update);
        }
    }
    if (after == NULL) goto done;
    out = PyTuple_Pack(2, after, winner);
    Py_DECREF(after);
done:
    Py_DECREF(winner);
    Py_XDECREF(new_hands);
    Py_XDECREF(full);
    Py_XDECREF(pair);
    Py_XDECREF(values);
    Py_XDECREF(rec);
    Py_XDECREF(new_tricks);
    Py_XDECREF(empty);
    Py_DECREF(d);
    return out;
}

static PyObject *s_kind, *s_arg, *s_play;

/* play_listed(state, seat, action, cell, action_type): `base.play_listed_py` in C. */
static PyObject *play_listed(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 5 || !PyList_Check(args[3])) {
        PyErr_SetString(PyExc_TypeError,
                        "play_listed(state, seat, action, cell: list, action_type)");
        return NULL;
    }
    PyObject *state = args[0], *seat = args[1], *action = args[2], *cell = args[3];
    if (PyList_GET_SIZE(cell) < 1) Py_RETURN_NONE;
    PyObject *last = PyList_GET_ITEM(cell, 0);
    if (!PyTuple_Check(last) || PyTuple_GET_SIZE(last) != 5 || PyTuple_GET_ITEM(last, 0) != state
        || PyTuple_GET_ITEM(last, 3) == Py_None || (PyObject *)Py_TYPE(action) != args[4]
        || !PyDict_Check(PyTuple_GET_ITEM(last, 4)))
        Py_RETURN_NONE;
    int eq = PyObject_RichCompareBool(PyTuple_GET_ITEM(last, 1), seat, Py_EQ);
    if (eq <= 0) {
        if (eq < 0) return NULL;
        Py_RETURN_NONE;
    }
    PyObject *ad = PyObject_GenericGetDict(action, NULL);
    if (ad == NULL) return NULL;
    PyObject *kind = PyDict_GetItemWithError(ad, s_kind);
    PyObject *arg = kind ? PyDict_GetItemWithError(ad, s_arg) : NULL;
    if (arg == NULL) {
        Py_DECREF(ad);
        if (PyErr_Occurred()) return NULL;
        Py_RETURN_NONE;
    }
    Py_INCREF(arg);
    eq = PyObject_RichCompareBool(kind, s_play, Py_EQ);
    Py_DECREF(ad);
    if (eq > 0) eq = PySequence_Contains(PyTuple_GET_ITEM(last, 2), arg);
    PyObject *ev = NULL;
    if (eq > 0) {
        ev = PyDict_GetItemWithError(PyTuple_GET_ITEM(last, 4), arg);
        if (ev == NULL) eq = PyErr_Occurred() ? -1 : 0;
    }
    if (eq <= 0) {
        Py_DECREF(arg);
        if (eq < 0) return NULL;
        Py_RETURN_NONE;
    }
    Py_INCREF(ev); /* held while the state is made */
    PyObject *pass[4] = {state, seat, arg, PyTuple_GET_ITEM(last, 3)};
    PyObject *after = played(NULL, pass, 4);
    Py_DECREF(arg);
    PyObject *events = after ? PyList_New(1) : NULL;
    if (events == NULL) {
        Py_XDECREF(after);
        Py_DECREF(ev);
        return NULL;
    }
    PyList_SET_ITEM(events, 0, ev); /* steals ev */
    PyObject *out = PyTuple_Pack(2, after, events);
    Py_DECREF(after);
    Py_DECREF(events);
    return out;
}

/* ``table[key]``, a new reference, or NULL with KeyError. */
static PyObject *lookup(PyObject *table, PyObject *key) {
    PyObject *v = PyDict_GetItemWithError(table, key);
    if (v == NULL) {
        if (!PyErr_Occurred()) PyErr_SetObject(PyExc_KeyError, key);
        return NULL;
    }
    Py_INCREF(v);
    return v;
}

/* follow(hand, led, eff, rank, actions): `base.follow_py` in C. */
static PyObject *follow(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 5 || !PyList_Check(args[0]) || !PyDict_Check(args[2])
        || (args[3] != Py_None && !PyDict_Check(args[3])) || !PyDict_Check(args[4])) {
        PyErr_SetString(PyExc_TypeError,
                        "follow(hand: list, led, eff: dict, rank: dict | None, actions: dict)");
        return NULL;
    }
    PyObject *hand = args[0], *led = args[1], *eff = args[2], *rank = args[3];
    PyObject *actions = args[4];
    Py_ssize_t n = PyList_GET_SIZE(hand);
    PyObject *cards = PyList_New(0);
    if (cards == NULL) return NULL;
    if (led != Py_None) {
        PyObject *suit = lookup(eff, led);
        if (suit == NULL) goto fail;
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *c = PyList_GET_ITEM(hand, i);
            PyObject *e = PyDict_GetItemWithError(eff, c);
            int eq = -1;
            if (e == NULL) {
                if (!PyErr_Occurred()) PyErr_SetObject(PyExc_KeyError, c);
            } else {
                eq = PyObject_RichCompareBool(e, suit, Py_EQ);
            }
            if (eq < 0 || (eq && PyList_Append(cards, c) < 0)) {
                Py_DECREF(suit);
                goto fail;
            }
        }
        Py_DECREF(suit);
    }
    if (PyList_GET_SIZE(cards) == 0) {
        Py_SETREF(cards, PyList_GetSlice(hand, 0, n));
        if (cards == NULL) return NULL;
    }
    Py_ssize_t m = PyList_GET_SIZE(cards);
    if (rank != Py_None) { /* a stable insertion sort by rank[card] (a hand is ten at most) */
        long keys[64];
        if (m > 64) {
            PyErr_SetString(PyExc_ValueError, "follow sorts 64 cards at most");
            goto fail;
        }
        for (Py_ssize_t i = 0; i < m; i++) {
            PyObject *c = PyList_GET_ITEM(cards, i);
            PyObject *r = PyDict_GetItemWithError(rank, c);
            if (r == NULL) {
                if (!PyErr_Occurred()) PyErr_SetObject(PyExc_KeyError, c);
                goto fail;
            }
            long k = PyLong_AsLong(r);
            if (k == -1 && PyErr_Occurred()) goto fail;
            Py_ssize_t j = i;
            while (j > 0 && keys[j - 1] > k) {
                keys[j] = keys[j - 1];
                PyList_SET_ITEM(cards, j, PyList_GET_ITEM(cards, j - 1));
                j--;
            }
            keys[j] = k;
            PyList_SET_ITEM(cards, j, c);
        }
    }
    PyObject *plays = PyList_New(m);
    if (plays == NULL) goto fail;
    for (Py_ssize_t i = 0; i < m; i++) {
        PyObject *a = lookup(actions, PyList_GET_ITEM(cards, i));
        if (a == NULL) {
            Py_DECREF(plays);
            goto fail;
        }
        PyList_SET_ITEM(plays, i, a);
    }
    PyObject *out = PyTuple_Pack(2, cards, plays);
    Py_DECREF(cards);
    Py_DECREF(plays);
    return out;
fail:
    Py_DECREF(cards);
    return NULL;
}

static PyObject *s_phase, *s_trump, *s_players, *s_alone, *s_maker, *s_defender;

/* ``d[key]`` borrowed, or NULL (no exception left) when missing. */
static PyObject *field(PyObject *d, PyObject *key) {
    PyObject *v = PyDict_GetItemWithError(d, key);
    if (v == NULL) PyErr_Clear();
    return v;
}

/* The card led to ``trick`` (None before its first card) in *led: 0, or -1 if the trick is
 * not as `trusted` builds it (the caller then goes its general way). */
static int led_card(PyObject *trick, PyObject **led) {
    *led = Py_None;
    if (PyList_GET_SIZE(trick) == 0) return 0;
    PyObject *first = PyList_GET_ITEM(trick, 0);
    if (!PyTuple_Check(first) || PyTuple_GET_SIZE(first) < 2) return -1;
    *led = PyTuple_GET_ITEM(first, 1);
    return 0;
}

/* `follow` for a listing: NULL with no error set where a card is outside the tables (the
 * caller's general way then asks its definitions). */
static PyObject *follow_listed(PyObject *const *fargs) {
    PyObject *got = follow(NULL, fargs, 5);
    if (got == NULL && PyErr_ExceptionMatches(PyExc_KeyError)) PyErr_Clear();
    return got;
}

/* What a listing keeps in ``cell[0]`` for `play_listed`: (state, seat, cards, turn after,
 * events). */
static int keep_listing(PyObject *cell, PyObject *state, PyObject *seat, PyObject *cards,
                        PyObject *nxt, PyObject *events) {
    PyObject *entry = PyTuple_Pack(5, state, seat, cards, nxt, events);
    if (entry == NULL) return -1;
    return PyList_SetItem(cell, 0, entry); /* steals entry */
}

/* euchre_plays(state, seat, cell, tables, actions, rounds, events): `euchre.rules`'
 * `_plays_py` in C. */
static PyObject *euchre_plays(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 7 || !PyList_Check(args[2]) || PyList_GET_SIZE(args[2]) < 1
        || !PyDict_Check(args[3]) || !PyDict_Check(args[4]) || !PyDict_Check(args[5])
        || !PyDict_Check(args[6])) {
        PyErr_SetString(PyExc_TypeError, "euchre_plays(state, seat, cell: list, tables: dict, "
                        "actions: dict, rounds: dict, events: dict)");
        return NULL;
    }
    PyObject *state = args[0], *seat = args[1];
    PyObject **dp = _PyObject_GetDictPtr(state);
    if (dp == NULL || *dp == NULL || !PyDict_CheckExact(*dp)) {
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    PyObject *d = *dp, *out = NULL, *got = NULL, *key = NULL;
    Py_INCREF(d);
    PyObject *turn = field(d, s_turn), *phase = field(d, s_phase), *trick = field(d, s_trick);
    PyObject *hands = field(d, s_hands), *trump = field(d, s_trump), *n = field(d, s_players);
    PyObject *alone = field(d, s_alone), *maker = field(d, s_maker);
    PyObject *defender = field(d, s_defender);
    if (!turn || !phase || !trick || !hands || !trump || !n || !alone || !maker || !defender
        || !PyList_Check(trick) || !PyList_Check(hands) || !PyLong_CheckExact(seat)
        || !PyUnicode_Check(phase))
        goto none;
    int eq = PyObject_RichCompareBool(seat, turn, Py_EQ);
    if (eq < 0) goto done;
    if (!eq || PyUnicode_CompareWithASCIIString(phase, "play") != 0) goto none;
    PyObject *table = PyDict_GetItemWithError(args[3], trump);
    if (table == NULL) {
        if (PyErr_Occurred()) goto done;
        goto none; /* the caller's way makes the table */
    }
    Py_ssize_t at = PyLong_AsSsize_t(seat), count = PyList_GET_SIZE(hands);
    if (at == -1 && PyErr_Occurred()) goto done;
    if (at < 0) at += count;
    if (at < 0 || at >= count || !PyList_Check(PyList_GET_ITEM(hands, at))) goto none;
    PyObject *led;
    Py_ssize_t t = PyList_GET_SIZE(trick);
    if (led_card(trick, &led) < 0) goto none;
    PyObject *fargs[5] = {PyList_GET_ITEM(hands, at), led, table, Py_None, args[4]};
    got = follow_listed(fargs);
    if (got == NULL) goto failed;
    key = PyTuple_Pack(4, n, alone, maker, defender);
    if (key == NULL) goto done;
    PyObject *round = PyDict_GetItemWithError(args[5], key);
    if (round == NULL) {
        if (PyErr_Occurred()) goto done;
        goto none; /* the caller's way works it out */
    }
    if (!PyTuple_Check(round) || PyTuple_GET_SIZE(round) != 2
        || !PyTuple_Check(PyTuple_GET_ITEM(round, 1))
        || PyTuple_GET_SIZE(PyTuple_GET_ITEM(round, 1)) <= at)
        goto none;
    Py_ssize_t size = PyLong_AsSsize_t(PyTuple_GET_ITEM(round, 0));
    if (size == -1 && PyErr_Occurred()) goto done;
    PyObject *nxt = t + 1 < size ? PyTuple_GET_ITEM(PyTuple_GET_ITEM(round, 1), at) : Py_None;
    Py_SETREF(key, PyTuple_Pack(2, n, seat));
    if (key == NULL) goto done;
    PyObject *events = PyDict_GetItemWithError(args[6], key);
    if (events == NULL) {
        if (PyErr_Occurred()) goto done;
        goto none;
    }
    if (keep_listing(args[2], state, seat, PyTuple_GET_ITEM(got, 0), nxt, events) < 0)
        goto done;
    out = PyTuple_GET_ITEM(got, 1);
    Py_INCREF(out);
    goto done;
failed:
    if (PyErr_Occurred()) goto done;
none:
    out = Py_None;
    Py_INCREF(out);
done:
    Py_XDECREF(got);
    Py_XDECREF(key);
    Py_DECREF(d);
    return out;
}

static PyObject *s_contract, *s_roles, *s_suit, *s_options, *s_declarer, *s_policy;
static PyObject *s_tourne_surrender, *s_rules;

/* skat_plays(state, seat, cell, orders, actions, events, extras, role_names, claim_cards):
 * `skat.rules`' `_plays_py` in C. */
static PyObject *skat_plays(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 9 || !PyList_Check(args[2]) || PyList_GET_SIZE(args[2]) < 1
        || !PyDict_Check(args[3]) || !PyDict_Check(args[4]) || !PyDict_Check(args[5])
        || !PyDict_Check(args[6]) || !PyTuple_Check(args[7])) {
        PyErr_SetString(PyExc_TypeError, "skat_plays(state, seat, cell: list, orders: dict, "
                        "actions: dict, events: dict, extras: dict, role_names: tuple, "
                        "claim_cards: int)");
        return NULL;
    }
    PyObject *state = args[0], *seat = args[1];
    Py_ssize_t claim_cards = PyLong_AsSsize_t(args[8]);
    if (claim_cards == -1 && PyErr_Occurred()) return NULL;
    PyObject **dp = _PyObject_GetDictPtr(state);
    if (dp == NULL || *dp == NULL || !PyDict_CheckExact(*dp) || !PyLong_CheckExact(seat)) {
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    PyObject *d = *dp, *out = NULL, *got = NULL, *key = NULL;
    Py_INCREF(d);
    PyObject *phase = field(d, s_phase), *turn = field(d, s_turn);
    PyObject *contract = field(d, s_contract), *roles = field(d, s_roles);
    PyObject *hands = field(d, s_hands), *trick = field(d, s_trick), *tricks = field(d, s_tricks);
    PyObject *options = field(d, s_options), *declarer = field(d, s_declarer);
    if (!phase || !turn || !contract || !roles || !hands || !trick || !tricks || !options
        || !declarer || contract == Py_None || !PyUnicode_Check(phase) || !PyList_Check(roles)
        || PyList_GET_SIZE(roles) != 3 || !PyList_Check(hands) || !PyList_Check(trick)
        || !PyList_Check(tricks))
        goto none;
    if (PyUnicode_CompareWithASCIIString(phase, "play") != 0) goto none;
    int eq = PyObject_RichCompareBool(seat, turn, Py_EQ);
    if (eq < 0) goto done;
    if (!eq) goto none;
    Py_ssize_t at = -1;
    for (Py_ssize_t i = 0; i < 3 && at < 0; i++) {
        int same = PyObject_RichCompareBool(PyList_GET_ITEM(roles, i), seat, Py_EQ);
        if (same < 0) goto done;
        if (same) at = i;
    }
    Py_ssize_t h = PyLong_AsSsize_t(seat), count = PyList_GET_SIZE(hands);
    if (h == -1 && PyErr_Occurred()) goto done;
    if (h < 0) h += count;
    if (at < 0 || h < 0 || h >= count || at >= PyTuple_GET_SIZE(args[7])) goto none;
    PyObject *hand = PyList_GET_ITEM(hands, h);
    PyObject **cp = _PyObject_GetDictPtr(contract), **op = _PyObject_GetDictPtr(options);
    if (cp == NULL || *cp == NULL || op == NULL || *op == NULL || !PyList_Check(hand)) {
        PyErr_Clear();
        goto none;
    }
    PyObject *kind = field(*cp, s_kind), *suit = field(*cp, s_suit);
    if (kind == NULL || suit == NULL) goto none;
    key = PyTuple_Pack(2, kind, suit);
    if (key == NULL) goto done;
    PyObject *order = PyDict_GetItemWithError(args[3], key);
    if (order == NULL) {
        if (PyErr_Occurred()) goto done;
        goto none;
    }
    if (!PyTuple_Check(order) || PyTuple_GET_SIZE(order) < 4) goto none;
    Py_ssize_t t = PyList_GET_SIZE(trick);
    PyObject *led;
    if (led_card(trick, &led) < 0) goto none;
    PyObject *fargs[5] = {hand, led, PyTuple_GET_ITEM(order, 0), PyTuple_GET_ITEM(order, 3),
                          args[4]};
    if (!PyDict_Check(fargs[2]) || !PyDict_Check(fargs[3])) goto none;
    got = follow_listed(fargs);
    if (got == NULL) goto failed;
    Py_SETREF(key, PyTuple_Pack(2, PyTuple_GET_ITEM(args[7], at), seat));
    if (key == NULL) goto done;
    PyObject *kept = PyDict_GetItemWithError(args[5], key);
    if (kept == NULL) {
        if (PyErr_Occurred()) goto done;
        goto none;
    }
    PyObject *policy = field(*op, s_policy), *ts = field(*op, s_tourne_surrender);
    PyObject *rules = field(*op, s_rules);
    if (policy == NULL || ts == NULL || rules == NULL) goto none;
    int is_decl = PyObject_RichCompareBool(seat, declarer, Py_EQ);
    if (is_decl < 0) goto done;
    Py_ssize_t done_tricks = PyList_GET_SIZE(tricks);
    PyObject *flags[3] = {is_decl ? Py_True : Py_False,
                          PyList_GET_SIZE(hand) <= claim_cards ? Py_True : Py_False,
                          done_tricks == 0 || (done_tricks == 1 && t == 0) ? Py_True : Py_False};
    Py_SETREF(key, PyTuple_Pack(7, kind, policy, ts, rules, flags[0], flags[1], flags[2]));
    if (key == NULL) goto done;
    PyObject *extra = PyDict_GetItemWithError(args[6], key);
    if (extra == NULL) {
        if (PyErr_Occurred()) goto done;
        goto none;
    }
    PyObject *plays = PyTuple_GET_ITEM(got, 1);
    if (PyObject_IsTrue(extra) > 0) {
        PyObject *grown = PySequence_InPlaceConcat(plays, extra);
        if (grown == NULL) goto done;
        Py_DECREF(grown); /* the same list, grown in place */
    }
    PyObject *nxt = t < 2 ? PyList_GET_ITEM(roles, (at + 1) % 3) : Py_None;
    if (keep_listing(args[2], state, seat, PyTuple_GET_ITEM(got, 0), nxt, kept) < 0)
        goto done;
    out = plays;
    Py_INCREF(out);
    goto done;
failed:
    if (PyErr_Occurred()) goto done;
none:
    out = Py_None;
    Py_INCREF(out);
done:
    Py_XDECREF(got);
    Py_XDECREF(key);
    Py_DECREF(d);
    return out;
}

/* plain_attributes(cls): cls's instances read attributes the generic way (see base.py). */
static PyObject *plain_attributes(PyObject *self, PyObject *cls) {
    (void)self;
    if (!PyType_Check(cls) || !(((PyTypeObject *)cls)->tp_flags & Py_TPFLAGS_HEAPTYPE)) {
        PyErr_SetString(PyExc_TypeError, "plain_attributes(cls): a class");
        return NULL;
    }
    PyTypeObject *tp = (PyTypeObject *)cls;
    if (tp->tp_getattro == PyObject_GenericGetAttr) Py_RETURN_FALSE;
    tp->tp_getattro = PyObject_GenericGetAttr;
    PyType_Modified(tp);
    Py_RETURN_TRUE;
}

static PyMethodDef methods[] = {
    {"evolve", (PyCFunction)(void (*)(void))evolve, METH_FASTCALL,
     "evolve(model, update) -> a copy of the model with update's fields, unvalidated"},
    {"build", (PyCFunction)(void (*)(void))build, METH_FASTCALL,
     "build(cls, values, template, fresh) -> a model of cls from trusted values"},
    {"played", (PyCFunction)(void (*)(void))played, METH_FASTCALL,
     "played(state, seat, card, turn) -> the state after a card played to an unfinished trick"},
    {"took", (PyCFunction)(void (*)(void))took, METH_FASTCALL,
     "took(state, seat, card, power, record, leader, lead) -> (state, winner)"},
    {"play_listed", (PyCFunction)(void (*)(void))play_listed, METH_FASTCALL,
     "play_listed(state, seat, action, cell, action_type) -> (state, events) or None"},
    {"plain_attributes", plain_attributes, METH_O,
     "plain_attributes(cls) -> whether cls's instances now read attributes the generic way"},
    {"skat_plays", (PyCFunction)(void (*)(void))skat_plays, METH_FASTCALL,
     "skat_plays(state, seat, cell, orders, actions, events, extras, role_names, "
     "claim_cards) -> plays or None"},
    {"euchre_plays", (PyCFunction)(void (*)(void))euchre_plays, METH_FASTCALL,
     "euchre_plays(state, seat, cell, tables, actions, rounds, events) -> plays or None"},
    {"follow", (PyCFunction)(void (*)(void))follow, METH_FASTCALL,
     "follow(hand, led, eff, rank, actions) -> (cards, actions) the seat may play"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef copyc_module = {
    PyModuleDef_HEAD_INIT, "_copyc", "Compiled core of bot.games.base.evolve and trusted.",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__copyc(void) {
    s_dict = PyUnicode_InternFromString("__dict__");
    s_fields_set = PyUnicode_InternFromString("__pydantic_fields_set__");
    s_extra = PyUnicode_InternFromString("__pydantic_extra__");
    s_private = PyUnicode_InternFromString("__pydantic_private__");
    empty_tuple = PyTuple_New(0);
    s_hands = PyUnicode_InternFromString("hands");
    s_trick = PyUnicode_InternFromString("trick");
    s_turn = PyUnicode_InternFromString("turn");
    s_contract = PyUnicode_InternFromString("contract");
    s_roles = PyUnicode_InternFromString("roles");
    s_suit = PyUnicode_InternFromString("suit");
    s_options = PyUnicode_InternFromString("options");
    s_declarer = PyUnicode_InternFromString("declarer");
    s_policy = PyUnicode_InternFromString("claim_policy");
    s_tourne_surrender = PyUnicode_InternFromString("tourne_surrender");
    s_rules = PyUnicode_InternFromString("rules");
    if (!s_contract || !s_roles || !s_suit || !s_options || !s_declarer || !s_policy
        || !s_tourne_surrender || !s_rules)
        return NULL;
    s_phase = PyUnicode_InternFromString("phase");
    s_trump = PyUnicode_InternFromString("trump");
    s_players = PyUnicode_InternFromString("players");
    s_alone = PyUnicode_InternFromString("alone");
    s_maker = PyUnicode_InternFromString("maker");
    s_defender = PyUnicode_InternFromString("defender_alone");
    if (!s_phase || !s_trump || !s_players || !s_alone || !s_maker || !s_defender) return NULL;
    s_tricks = PyUnicode_InternFromString("tricks");
    s_leader = PyUnicode_InternFromString("leader");
    s_plays = PyUnicode_InternFromString("plays");
    s_winner = PyUnicode_InternFromString("winner");
    if (!s_tricks || !s_leader || !s_plays || !s_winner) return NULL;
    s_kind = PyUnicode_InternFromString("kind");
    s_arg = PyUnicode_InternFromString("arg");
    s_play = PyUnicode_InternFromString("play");
    if (!s_kind || !s_arg || !s_play || !s_hands || !s_trick || !s_turn || !s_dict || !s_fields_set || !s_extra || !s_private || !empty_tuple) return NULL;
    return PyModule_Create(&copyc_module);
}
