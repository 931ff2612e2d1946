"""The one generic copier: a state (and what it holds) copied as its classes declare.

Look-ahead agents clone the state for every action they weigh (greedy: once per legal
action, search: thousands per move), so the copier is on the hot path. A generic copier
that walks attribute names and asks, for each, how it is copied costs several times a
hand-written `copy()`; a hand-written one per class is what every ruleset used to carry,
each a place to forget a new attribute. Here each class *declares* how its attributes are
copied (`clone_plan`), and the core compiles that declaration once per class into a
plain Python function (generated source, as `dataclasses` builds `__init__`): one
`twin.x = self.x` per shared attribute, `self.x.copy()` per list, a comprehension per
list of contained objects. The generated function is what a careful hand-written copy
would be, so it runs as fast; this is the engine's one speed trick, kept here.

How an attribute is copied (the values of a `clone_plan` dict, name → how):
- `SHARE`: the same object in the copy. The default for every attribute not declared,
  right for numbers, strings, tuples of plain values, frozen card prototypes.
- `LIST`, `DICT`, `SET`: a copy one level deep (items shared).
- `call("copy")` (`COPY`), `call("clone")`: the value's own method (a Series, the RNG,
  the `Steps`).
- `OBJ`: a contained object copied by its own class's plan, through the *memo*: an object
  referenced twice (a card in a hand and in the state's card index) is copied once and
  stays one object in the copy. `OBJ_LIST`, `OBJ_TUPLE`, `OBJ_DICT` (values): containers
  of such objects.
- `fresh(factory)`: not copied: a new value (an emptied cache); `const(value)`: that value.

A `None` value stays `None` whatever the declaration. Plans are inherited: a subclass's
entries add to (or override) its bases'. `GameState` declares its own (`steps`, the
decision cache) in engine/core/state.py.

A class copied through the memo is built with `object.__new__` (no `__init__`); its
slots and `__dict__` are copied as declared (an unset slot stays unset).
"""

from collections.abc import Callable
from typing import Any

_MISSING = object()


class How:
    """How one attribute is copied: a snippet of the generated copier."""

    __slots__ = ("expr", "name", "value")

    def __init__(self, name: str, expr: str, value: Any = None):
        self.name = name
        #: the expression in the generated code; `v` is the value, `m` the memo,
        #: `c` the contained-object copier, `k` this entry's `value`
        self.expr = expr
        self.value = value

    def __repr__(self) -> str:
        return self.name


SHARE = How("SHARE", "v")
LIST = How("LIST", "v.copy()")
DICT = How("DICT", "v.copy()")
SET = How("SET", "v.copy()")
_ONE = "(m[i] if (i := id(x)) in m else c(x, m))"
OBJ = How("OBJ", _ONE.replace("x", "v"))
OBJ_LIST = How("OBJ_LIST", f"[{_ONE} for x in v]")
OBJ_TUPLE = How("OBJ_TUPLE", f"(tuple([{_ONE} for x in v]) if v else ())")
OBJ_DICT = How("OBJ_DICT", f"{{key: {_ONE} for key, x in v.items()}}")


def call(method: str) -> How:
    """The value's own `method()` (no argument) makes its copy."""
    if not method.isidentifier():
        raise ValueError(f"not a method name: {method!r}")
    return How(f"call({method!r})", f"v.{method}()")


COPY = call("copy")


def fresh(factory: Callable[[], Any]) -> How:
    """A new value from `factory()` instead of a copy (a cache emptied in the copy)."""
    return How(f"fresh({factory!r})", "k()", factory)


def const(value: Any) -> How:
    """This value instead of a copy (a cache's version reset, say)."""
    return How(f"const({value!r})", "k", value)


Plan = dict[str, How]
Copier = Callable[[Any, dict[int, Any]], Any]

#: The compiled copier of every class copied so far.
_COPIERS: dict[type, Copier] = {}


def plan_of(cls: type) -> Plan:
    """The merged `clone_plan` of a class and its bases (a subclass's entries win)."""
    plan: Plan = {}
    for klass in reversed(cls.__mro__):
        own = klass.__dict__.get("clone_plan")
        if own:
            plan.update(own)
    return plan


def slots_of(cls: type) -> list[str]:
    """Every slot a class and its bases declare (not `__dict__`/`__weakref__`)."""
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        declared = klass.__dict__.get("__slots__", ())
        for slot in (declared,) if isinstance(declared, str) else declared:
            if slot not in ("__dict__", "__weakref__") and slot not in names:
                names.append(slot)
    return names


def _has_dict(cls: type) -> bool:
    return any("__dict__" in klass.__dict__ for klass in cls.__mro__ if klass is not object)


def copier_source(cls: type) -> tuple[str, dict[str, Any]]:
    """The generated source of `cls`'s copier and the names it reads (for `compile_copier`,
    and for reading: `print(copier_source(ClashState)[0])`)."""
    plan = plan_of(cls)
    slots = slots_of(cls)
    unknown = [name for name in plan if name not in slots and not _has_dict(cls)]
    if unknown:
        raise TypeError(f"{cls.__name__}.clone_plan names what it cannot hold: {unknown}")
    env: dict[str, Any] = {"cls": cls, "new": object.__new__, "c": copy_object}
    lines = ["def copier(self, m):", "    twin = new(cls)", "    m[id(self)] = twin"]
    if _has_dict(cls):
        lines.append("    d = twin.__dict__ = self.__dict__.copy()")
    for index, name in enumerate(slots):
        lines += _assign(name, plan.get(name, SHARE), index, env, slot=True)
    if _has_dict(cls):
        for index, (name, how) in enumerate(plan.items(), start=len(slots)):
            if name not in slots:
                lines += _assign(name, how, index, env, slot=False)
    lines.append("    return twin")
    return "\n".join(lines) + "\n", env


def _assign(name: str, how: How, index: int, env: dict[str, Any], *, slot: bool) -> list[str]:
    """The generated lines copying attribute `name` as `how` says: into `twin.name` for a
    slot, into the copied `__dict__` (`d`) otherwise."""
    target = f"twin.{name}" if slot else f"d[{name!r}]"
    if how.expr in ("k", "k()"):  # a new value, not read from the original
        env[f"k{index}"] = how.value
        return [f"    {target} = k{index}{'()' if how.expr == 'k()' else ''}"]
    if how.expr == "v":  # shared: a slot is assigned, a __dict__ entry is already there
        if not slot:
            return []
        guarded = f"        {target} = self.{name}"
        return ["    try:", guarded, "    except AttributeError:", "        pass"]
    if not slot:
        return [
            f"    v = d.get({name!r})",
            "    if v is not None:",
            f"        {target} = {how.expr}",
        ]
    return [
        "    try:",
        f"        v = self.{name}",
        "    except AttributeError:",
        "        pass",
        "    else:",
        f"        {target} = v if v is None else {how.expr}",
    ]


def compile_copier(cls: type) -> Copier:
    """`cls`'s copier, generated and compiled on first use, then kept."""
    copier = _COPIERS.get(cls)
    if copier is None:
        source, env = copier_source(cls)
        exec(compile(source, f"<copier of {cls.__qualname__}>", "exec"), env)
        copier = _COPIERS[cls] = env["copier"]
    return copier


def copy_object(obj: Any, memo: dict[int, Any]) -> Any:
    """A copy of `obj` by its class's plan, recorded in `memo` (id of the original → copy)."""
    copier = _COPIERS.get(obj.__class__)
    if copier is None:
        copier = compile_copier(obj.__class__)
    return copier(obj, memo)


def clone_of(obj: Any) -> Any:
    """A copy of `obj` and everything its plan says to copy, with a fresh memo."""
    copier = _COPIERS.get(obj.__class__)
    if copier is None:
        copier = compile_copier(obj.__class__)
    return copier(obj, {})


_MUTABLE = (list, dict, set, bytearray)


def undeclared_shares(original: Any, twin: Any) -> list[str]:
    """The attributes a copy shares with its original although they are mutable
    containers the plan never declared shared: each is a copy that would change its
    original. Checked by the contract suite on mid-game states; walks copied objects."""
    found: list[str] = []
    seen: set[int] = set()

    def walk(a: Any, b: Any, path: str) -> None:
        if id(a) in seen or a is b:
            return
        seen.add(id(a))
        cls = type(a)
        plan = plan_of(cls)
        names = slots_of(cls) + (list(vars(a)) if hasattr(a, "__dict__") else [])
        for name in names:
            mine: Any = getattr(a, name, _MISSING)
            theirs: Any = getattr(b, name, _MISSING)
            where = f"{path}.{name}"
            if mine is _MISSING:
                continue
            if mine is theirs:
                if isinstance(mine, _MUTABLE) and name not in plan and mine:
                    found.append(where)
                continue
            how = plan.get(name)
            if how is OBJ:
                walk(mine, theirs, where)
            elif how in (OBJ_LIST, OBJ_TUPLE):
                for index, (x, y) in enumerate(zip(mine, theirs, strict=False)):
                    walk(x, y, f"{where}[{index}]")
            elif how is OBJ_DICT:
                for key in mine:
                    if key in theirs:
                        walk(mine[key], theirs[key], f"{where}[{key!r}]")

    walk(original, twin, type(original).__name__)
    return found
