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
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

static PyObject *s_dict, *s_fields_set, *s_extra, *s_private, *empty_tuple;

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
    PyObject *obj = new_instance(tp);
    if (obj != NULL && fill(obj, dict, fs) < 0) Py_CLEAR(obj);
    Py_DECREF(dict);
    Py_DECREF(fs);
    return obj;
}

static PyObject *evolve(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 2 || !PyDict_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "evolve(model, update: dict)");
        return NULL;
    }
    PyObject *model = args[0], *update = args[1];
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

static PyMethodDef methods[] = {
    {"evolve", (PyCFunction)(void (*)(void))evolve, METH_FASTCALL,
     "evolve(model, update) -> a copy of the model with update's fields, unvalidated"},
    {"build", (PyCFunction)(void (*)(void))build, METH_FASTCALL,
     "build(cls, values, template, fresh) -> a model of cls from trusted values"},
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
    if (!s_dict || !s_fields_set || !s_extra || !s_private || !empty_tuple) return NULL;
    return PyModule_Create(&copyc_module);
}
