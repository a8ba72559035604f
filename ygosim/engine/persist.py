"""A Duel through pickle and copy.deepcopy: a position sent to a worker process, saved to a
file, or copied with nothing shared.

A duel's state is plain data but for functions: the engine's flow stack holds the steps still
to run (often closures made by the vocabulary of engine/actions.py: `destroy(sel)` returns a
`step` that remembers `sel`), and card scripts are made of such closures. Plain pickle names
functions by their module and name, which a closure does not have. Here a closure travels as
the place of its code (its module, the function it is defined in, and the path to its code
object among that function's constants) with the values of its free variables; the receiving
process finds the same code in its own copy of the module and makes the function again.

Card facts travel by name (cards.db registers how a CardData pickles); the effects of a card's
script, and the functions in them, travel as references to the receiving process's own card
(card name, era, effect number), so they stay the very objects the engine indexes; a preset
rule set travels as its name. The receiving process makes the shared Options the duel's cards
need (decision.card_options), as a duel's set-up does.

Same code on both sides: a pickled duel is for another process of the same version of ygosim
(a worker, a checkpoint), not an archive: keep replays for that."""
from __future__ import annotations

import io
import pickle
import sys
import types

from .effects import CONTINUOUS, indexed_static

_EFFECT_FIELDS = ("operation", "cost", "condition", "can_pay", "apply", "target")


class _Empty:
    """The value of a closure's cell that is not set yet."""

    def __reduce__(self):
        return "EMPTY"


EMPTY = _Empty()
_code_places: dict = {}       # code object -> (module, outer qualified name, path)


def _module(module: str):
    """A module of this process (the duel's cards, loaded first, have imported every module
    their scripts and the engine's flow are written in)."""
    mod = sys.modules.get(module)
    if mod is None:
        raise pickle.UnpicklingError(f"a function of {module}, which this process has not "
                                     "loaded: not a duel of this version of ygosim")
    return mod


def _root_function(module: str, outer: str):
    obj = _module(module)
    for part in outer.split("."):
        obj = getattr(obj, part)
    obj = getattr(obj, "__func__", obj)          # classmethods, staticmethods
    while hasattr(obj, "__wrapped__"):           # functools.wraps decorators
        obj = obj.__wrapped__
    return obj


_module_codes: dict = {}


def _module_code(module: str):
    """The code object of a whole module (its loader reads it again, from the cached
    bytecode): where a lambda of a module-level expression has its code."""
    code = _module_codes.get(module)
    if code is None:
        code = _module_codes[module] = _module(module).__loader__.get_code(module)
    return code


def _code_at(module: str, outer: str, path: tuple):
    code = _module_code(module) if not outer else _root_function(module, outer).__code__
    for i in path:
        code = code.co_consts[i]
    return code


def _find(code, target, path: tuple = ()):
    if code is target or code == target:
        return path
    for i, k in enumerate(code.co_consts):
        if isinstance(k, types.CodeType):
            found = _find(k, target, path + (i,))
            if found is not None:
                return found
    return None


def _place_of(f) -> tuple:
    """(module, outer function's qualified name, path to the code) of a nested function."""
    code = f.__code__
    place = _code_places.get(code)
    if place is None:
        qual = f.__qualname__
        outer = qual.split(".<locals>.", 1)[0] if ".<locals>." in qual else ""
        if outer.endswith("<lambda>"):      # a lambda in a module-level lambda
            outer = ""
        try:
            path = _find(_code_at(f.__module__, outer, ()), code)
        except AttributeError:            # an outer function that is not a module attribute
            outer = ""
            path = None
        if path is None and outer:
            outer, path = "", _find(_code_at(f.__module__, "", ()), code)
        if path is None:
            raise pickle.PicklingError(f"cannot find the code of {f.__module__}.{f.__qualname__}")
        place = _code_places[code] = (f.__module__, outer, path)
    return place


def make_function(module: str, outer: str, path: tuple):
    """A nested function made again from the place of its code (its cells filled later)."""
    code = _code_at(module, outer, path)
    cells = tuple(types.CellType() for _ in code.co_freevars)
    return types.FunctionType(code, _module(module).__dict__, code.co_name, None, cells)


def module_global(module: str, name: str):
    """A module's global (a lambda bound to a name: pickle cannot name it by its own name)."""
    return getattr(_module(module), name)


def fill_function(f, state) -> None:
    defaults, kwdefaults, cells, attrs, qualname = state
    f.__defaults__, f.__kwdefaults__, f.__qualname__ = defaults, kwdefaults, qualname
    for cell, value in zip(f.__closure__ or (), cells):
        if value is not EMPTY:
            cell.cell_contents = value
    if attrs:
        f.__dict__.update(attrs)


def _cell_value(cell):
    try:
        return cell.cell_contents
    except ValueError:
        return EMPTY


_lambda_names: dict = {}


def _module_name_of(f):
    """The global name a module-level function (a lambda bound to a name) has, or None."""
    if f.__code__ in _lambda_names:
        return _lambda_names[f.__code__]
    mod = sys.modules.get(f.__module__)
    found = None
    for name, value in vars(mod).items() if mod else ():
        if value is f:
            found = name
            break
    _lambda_names[f.__code__] = found
    return found


class _Pickler(pickle.Pickler):
    def __init__(self, file, duel):
        super().__init__(file, pickle.HIGHEST_PROTOCOL)
        self.duel = duel
        self.refs = _script_refs(duel.data)
        from .rules import PRESETS
        self.rules = duel.rules if PRESETS.get(duel.rules.name) is duel.rules else object()

    def persistent_id(self, obj):
        if obj is self.duel:
            return ("duel",)
        if obj is self.rules:           # a preset rule set stays the very preset
            return ("rules", obj.name)
        return self.refs.get(id(obj))

    def reducer_override(self, obj):
        if type(obj) is not types.FunctionType:
            return NotImplemented
        qual = obj.__qualname__
        if "<locals>" in qual or ("<" in qual and _module_name_of(obj) is None):
            state = (obj.__defaults__, obj.__kwdefaults__,
                     tuple(_cell_value(c) for c in obj.__closure__ or ()),
                     dict(obj.__dict__), qual)
            return (make_function, _place_of(obj), state, None, None, fill_function)
        if "<" in qual:                          # a lambda bound to a name of its module
            return (module_global, (obj.__module__, _module_name_of(obj)))
        return NotImplemented


class _Unpickler(pickle.Unpickler):
    def __init__(self, file, duel):
        super().__init__(file)
        self.duel = duel

    def persistent_load(self, pid):
        if pid[0] == "duel":
            return self.duel
        if pid[0] == "rules":
            from .rules import PRESETS
            return PRESETS[pid[1]]
        return _resolve(pid)


def _script_refs(cards) -> dict:
    """id -> reference of every script, effect and function of an effect of the duel's cards
    (kept alive by the duel while it is pickled)."""
    refs: dict = {}
    for data in set(cards):
        s = data.script
        if s is None:
            continue
        name, era = data.name, data.era
        refs[id(s)] = ("script", name, era)
        for i, eff in enumerate(s.effects):
            refs[id(eff)] = ("effect", name, era, i)
            derived = indexed_static(data, eff) if eff.kind == CONTINUOUS else eff
            if derived is not eff:          # a monster's static effect as the indexes hold it
                refs[id(derived)] = ("static", name, era, i)
            for f in _EFFECT_FIELDS:
                v = getattr(eff, f, None)
                if isinstance(v, tuple):
                    for j, x in enumerate(v):
                        refs.setdefault(id(x), ("part", name, era, i, f, j))
                elif v is not None:
                    refs.setdefault(id(v), ("part", name, era, i, f, -1))
        for key, v in s.extra.items():
            if not isinstance(v, (str, int, float, bool, tuple, list, dict, type(None))):
                refs.setdefault(id(v), ("extra", name, era, key))
    return refs


def _resolve(pid):
    from ..cards.db import _lookup_card
    kind, name, era = pid[:3]
    card = _lookup_card(name, era)
    s = card.script
    if kind == "script":
        return s
    if kind == "extra":
        return s.extra[pid[3]]
    eff = s.effects[pid[3]]
    if kind == "effect":
        return eff
    if kind == "static":
        return indexed_static(card, eff)
    v = getattr(eff, pid[4])
    return v[pid[5]] if pid[5] >= 0 else v


def dump_duel(d) -> bytes:
    """The duel's state (every slot) as bytes for load_duel."""
    state = {k: getattr(d, k) for k in type(d).__slots__}
    buf = io.BytesIO()
    _Pickler(buf, d).dump(state)
    return buf.getvalue()


def load_duel(cls, payload: bytes):
    """The duel (of class `cls`: engine.duel.Duel) of dump_duel's `payload`
    (Duel.__reduce__ sends both)."""
    from .decision import card_options
    d = cls.__new__(cls)
    state = _Unpickler(io.BytesIO(payload), d).load()
    for k, v in state.items():
        setattr(d, k, v)
    most = max((len(x.script.effects) for x in d.data if x.script), default=0)
    card_options(len(d.data), most)
    return d
