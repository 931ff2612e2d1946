"""The one generic copier: a state (and what it holds) copied as its classes declare.

Look-ahead agents clone the state for every action they weigh (greedy: once per legal
action, search: thousands per move), so the copier is on the hot path. A generic copier
that walks attribute names and asks, for each, how it is copied costs several times a
hand-written `copy()`; a hand-written one per class is what every ruleset used to carry,
each a place to forget a new attribute. Here each class *declares* how its attributes are
copied (`clone_plan`), and the core compiles that declaration once per class into a
plain Python function (generated source, as `dataclasses` builds `__init__`): one
`twin.x = self.x` per shared attribute, `self.x.copy()` per list, a comprehension per
list of contained objects (none for an empty one: most lists of effects are), no
`getattr`, no test per attribute. The generated function
is what a careful hand-written copy would be, so it runs as fast (Clash's: faster than
the hand-written one it replaced, which looped over its slots); this is the engine's one
speed trick, kept here. `print(copier_source(SomeClass)[0])` shows one.

How an attribute is copied (the values of a `clone_plan` dict, name → how):
- `SHARE`: the same object in the copy. The default for every attribute not declared,
  right for numbers, strings, tuples of plain values, frozen card prototypes.
- `LIST`, `DICT`, `SET`: a copy one level deep (items shared).
- `call("copy")` (`COPY`), `call("clone")`: the value's own method (a Series, the RNG,
  the `Steps`).
- `OBJ`: a contained object copied by its own class's plan, through the *memo*: an object
  referenced twice (a card in a hand and in a list of attackers) is copied once and stays
  one object in the copy. `OBJ_LIST`, `OBJ_TUPLE`, `OBJ_DICT` (values): containers of
  such objects. A class copied through the memo compares by identity (no `__eq__`).
- `OWN`, `OWN_LIST`, `OWN_TUPLE`, `OWN_DICT`: the same, for objects held *only here*:
  copied without the memo (no look-up, no record), the cheaper way. Never declare an
  object that something else also holds as owned: the copy would hold two objects.
  `own(Cls)`, `own_list(Cls)`, `own_tuple(Cls)`, `own_dict(Cls)`: owned objects of
  exactly that class, whose copier is then called directly (no look-up by class: the
  fastest way, what a card in a zone is).
- `fresh(factory)`: not copied: a new value (an emptied cache); `const(value)`: that value.
- `rebuilt(function)`: recomputed from the finished copy, `function(twin, original's
  value)`, after every other attribute, those that read the memo included (an index by
  uid of objects the zones hold, say).
- `index_by(attr)`, `index_of(cls, attr)`: an index whose entries the clone copied are
  replaced by their copies, read from the memo after the other attributes.

A `None` value stays `None` whatever the declaration. Plans are inherited: a subclass's
entries add to (or override) its bases'. `GameState` declares its own (`steps`, the
decision cache) in engine/core/state.py.

An object copied by its plan is built with `object.__new__` (no `__init__`); its slots
and `__dict__` are copied as declared (an unset slot stays unset: the generated code
then falls back to the careful way, `_slow_copy`).
"""

from collections.abc import Callable
from typing import Any

_MISSING = object()

#: A compiled copier: (original, memo) → copy; the memo maps each original object
#: copied through it so far to its copy (such objects hash by identity).
Copier = Callable[[Any, dict[Any, Any]], Any]


class How:
    """How one attribute is copied: a snippet of the generated copier."""

    __slots__ = ("_fn", "expr", "late", "name", "uses_value", "value")

    def __init__(
        self,
        name: str,
        expr: str,
        value: Any = None,
        *,
        uses_value: bool = False,
        late: bool = False,
    ):
        self.name = name
        #: the expression in the generated code; `v` is the value, `m` the memo, `C`
        #: the copiers by class (through the memo), `O` (owned), `k` this entry's `value`
        self.expr = expr
        self.value = value
        #: True when `expr` reads `k` (besides `fresh`/`const`/`rebuilt`, which always do)
        self.uses_value = uses_value
        #: True for what reads the memo for copies made by the other attributes: it is
        #: copied after them all, whatever the order of slots and plan
        self.late = late
        self._fn: Callable[..., Any] = eval(f"lambda v, m, k, C, O: {expr}")

    @property
    def fixed(self) -> bool:
        """True for a value not read from the original (`fresh`, `const`)."""
        return self.expr in ("k", "k()")

    def apply(self, value: Any, memo: dict[Any, Any]) -> Any:
        """The copy of `value`, interpreted (the slow path; the fast one is compiled)."""
        known = self.value
        if isinstance(self, Owned):
            known = compile_copier(self.cls, memo=False)
        return self._fn(value, memo, known, _COPIERS, _OWNED)

    def __repr__(self) -> str:
        return self.name


SHARE = How("SHARE", "v")
LIST = How("LIST", "v.copy()")
DICT = How("DICT", "v.copy()")
SET = How("SET", "v.copy()")
_ONE = "(m[x] if x in m else C[x.__class__](x, m))"
OBJ = How("OBJ", _ONE.replace("x", "v"))
OBJ_LIST = How("OBJ_LIST", f"([{_ONE} for x in v] if v else [])")
OBJ_TUPLE = How("OBJ_TUPLE", f"(tuple([{_ONE} for x in v]) if v else ())")
OBJ_DICT = How("OBJ_DICT", f"({{key: {_ONE} for key, x in v.items()}} if v else {{}})")
_MINE = "O[x.__class__](x, m)"
OWN = How("OWN", _MINE.replace("x", "v"))
OWN_LIST = How("OWN_LIST", f"([{_MINE} for x in v] if v else [])")
OWN_TUPLE = How("OWN_TUPLE", f"(tuple([{_MINE} for x in v]) if v else ())")
OWN_DICT = How("OWN_DICT", f"({{key: {_MINE} for key, x in v.items()}} if v else {{}})")
#: Named lists by key (decks, discard piles): each list copied, its items shared.
DICT_OF_LISTS = How("DICT_OF_LISTS", "{key: x.copy() for key, x in v.items()}")
#: A list of lists (hands by seat): each list copied, its items shared.
LIST_OF_LISTS = How("LIST_OF_LISTS", "[x.copy() for x in v]")
#: A list of (object or None, plain value) pairs: the objects copied through the memo.
OBJ_PAIRS = How("OBJ_PAIRS", f"([(x if x is None else {_ONE}, y) for x, y in v] if v else [])")
#: An index of objects other attributes copy: each value the copy this clone made of it,
#: or the same object where there is none (copied after every other attribute).
SEEN_DICT = How("SEEN_DICT", "{key: m.get(x, x) for key, x in v.items()}", late=True)


def index_by(attr: str) -> How:
    """An index (a dict) of objects by their `attr`, where the objects copied in this
    clone replace their originals and every other entry is shared: walks the memo (the
    objects copied), not the index, so it is cheap for a large index of which a clone
    copies few. Copied after every other attribute; the index keeps its order."""
    if not attr.isidentifier():
        raise ValueError(f"not an attribute name: {attr!r}")
    return How(
        f"index_by({attr!r})",
        f"{{**v, **{{y.{attr}: y for y in m.values() if hasattr(y, {attr!r})}}}}",
        late=True,
    )


def index_of(cls: type, attr: str) -> How:
    """An index (a dict) of `cls` objects by their `attr`, in which every object this
    clone copied replaces its original and every other one is shared (a card lying in a
    pile, which the other attributes share too). Like `index_by`, it walks the memo (the
    objects copied), not the index: a clone of a state whose index holds a hundred cards
    but whose zones copy twenty walks twenty. Only originals the index holds are replaced,
    so an object copied elsewhere but out of the index stays out. Copied after every other
    attribute; the index keeps its order."""
    if not attr.isidentifier():
        raise ValueError(f"not an attribute name: {attr!r}")
    return How(
        f"index_of({cls.__name__}, {attr!r})",
        f"{{**v, **{{x.{attr}: y for x, y in m.items() "
        f"if y.__class__ is k and v.get(x.{attr}) is x}}}}",
        cls,
        uses_value=True,
        late=True,
    )


def obj_dict_sharing(attr: str, value: Any) -> How:
    """Like `OBJ_DICT`, except that a value whose `attr` equals `value` (a card lying in
    a library, which no rule changes there) is shared, and recorded in the memo as its
    own copy so every other reference to it shares it too."""
    if not attr.isidentifier():
        raise ValueError(f"not an attribute name: {attr!r}")
    return How(
        f"obj_dict_sharing({attr!r}, {value!r})",
        f"{{key: (m.setdefault(x, x) if x.{attr} == k else {_ONE}) for key, x in v.items()}}",
        value,
        uses_value=True,
    )


OBJ_DICT_SHARING = obj_dict_sharing  # the name magic-core asked for


_SHAPES = {OBJ: "one", OBJ_LIST: "many", OBJ_TUPLE: "many", OBJ_DICT: "dict"}
_SHAPES |= {OWN: "one", OWN_LIST: "many", OWN_TUPLE: "many", OWN_DICT: "dict"}


class Owned(How):
    """Owned objects of one known class (see `own`): their copier is called directly."""

    __slots__ = ("cls", "shape")

    def __init__(self, cls: type, shape: str, expr: str):
        super().__init__(f"own_{shape}({cls.__name__})", expr, cls)
        self.cls = cls
        self.shape = shape


def own(cls: type) -> How:
    """Like `OWN`, for an object of exactly class `cls` (not a subclass): its copier is
    called without looking it up by class, the fastest way."""
    return Owned(cls, "one", "k(v, m)")


def own_list(cls: type) -> How:
    """Like `OWN_LIST`, for a list of objects of exactly class `cls` (see `own`)."""
    return Owned(cls, "many", "([k(x, m) for x in v] if v else [])")


def own_tuple(cls: type) -> How:
    """Like `OWN_TUPLE`, for a tuple of objects of exactly class `cls` (see `own`)."""
    return Owned(cls, "tuple", "(tuple([k(x, m) for x in v]) if v else ())")


def own_dict(cls: type) -> How:
    """Like `OWN_DICT`, for a dict whose values are objects of exactly class `cls`."""
    return Owned(cls, "dict", "{key: k(x, m) for key, x in v.items()}")


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


class Rebuilt(How):
    """An attribute recomputed from the finished copy (see `rebuilt`)."""

    __slots__ = ()


def rebuilt(function: Callable[[Any, Any], Any]) -> How:
    """`function(twin, original_value)` once everything else is copied, instead of a
    copy (the original's value, to keep what the copy cannot rebuild)."""
    name = f"rebuilt({getattr(function, '__name__', function)!r})"
    return Rebuilt(name, "k(v)", function, late=True)


Plan = dict[str, How]


class _Copiers(dict[type, Copier]):
    """The compiled copiers by class; a class met for the first time gets its copier
    compiled (so generated code indexes this directly: no extra call)."""

    def __init__(self, *, memo: bool):
        super().__init__()
        self.memo = memo

    def __missing__(self, cls: type) -> Copier:
        return compile_copier(cls, memo=self.memo)


#: Copiers that record each copy in the memo (OBJ...), and those that do not (OWN...).
_COPIERS = _Copiers(memo=True)
_OWNED = _Copiers(memo=False)


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


def copier_source(cls: type, *, memo: bool = True) -> tuple[str, dict[str, Any]]:
    """The generated source of `cls`'s copier and the names it reads (for
    `compile_copier`, and for reading: `print(copier_source(ClashState)[0])`).
    `memo`: the copy is recorded in the memo (for OBJ..., not OWN...)."""
    plan = plan_of(cls)
    slots = slots_of(cls)
    has_dict = _has_dict(cls)
    unknown = [name for name in plan if name not in slots and not has_dict]
    if unknown:
        raise TypeError(f"{cls.__name__}.clone_plan names what it cannot hold: {unknown}")
    if memo and any("__eq__" in vars(k) or "__hash__" in vars(k) for k in cls.__mro__[:-1]):
        raise TypeError(
            f"{cls.__name__} is copied through the memo, so it must compare by identity "
            "(the memo finds an object by itself): no __eq__ or __hash__ of its own "
            "(a dataclass: eq=False), or declare it owned (OWN...)"
        )
    env: dict[str, Any] = {
        "cls": cls,
        "new": object.__new__,
        "C": _COPIERS,
        "O": _OWNED,
        "slow": _slow_copy,
    }
    lines = ["def copier(self, m):", "    twin = new(cls)"]
    if memo:
        lines.append("    m[self] = twin")
    lines.append("    try:")
    if has_dict:
        lines.append("        d = twin.__dict__ = self.__dict__.copy()")
    later: list[str] = []  # what reads the memo: after every attribute it copies
    rebuilt_last: list[str] = []  # what reads the finished copy: after those too

    def goes_to(how: How) -> list[str]:
        return (lines, later, rebuilt_last)[_phase(how)]

    for index, name in enumerate(slots):
        how = plan.get(name, SHARE)
        goes_to(how).extend(_assign(name, how, index, env, slot=True))
    if has_dict:
        for index, (name, how) in enumerate(plan.items(), start=len(slots)):
            if name not in slots:
                goes_to(how).extend(_assign(name, how, index, env, slot=False))
    lines += later
    lines += rebuilt_last
    lines += [
        "    except AttributeError:  # an unset slot: the careful way",
        "        slow(self, m, twin)",
        "    return twin",
    ]
    return "\n".join(lines) + "\n", env


def _assign(name: str, how: How, index: int, env: dict[str, Any], *, slot: bool) -> list[str]:
    """The generated lines copying attribute `name` as `how` says: into `twin.name` for a
    slot, into the copied `__dict__` (`d`) otherwise. No test or `try` per attribute: one
    `try` around them all falls back to `_slow_copy` when a slot is unset."""
    target = f"twin.{name}" if slot else f"d[{name!r}]"
    if isinstance(how, Owned):  # `k`: the class's copier, compiled when first called
        key = f"k{index}"
        env[key] = _late(env, key, how.cls)
        expr = how.expr.replace("k(", f"{key}(")
        if not slot:
            return [
                f"        v = d.get({name!r})",
                "        if v is not None:",
                f"            {target} = {expr}",
            ]
        return [f"        v = self.{name}", f"        {target} = v if v is None else {expr}"]
    if isinstance(how, Rebuilt):
        env[f"k{index}"] = how.value
        source = f"self.{name}" if slot else f"d.get({name!r})"
        return [f"        {target} = k{index}(twin, {source})"]
    if how.fixed:  # a new value, not read from the original
        env[f"k{index}"] = how.value
        return [f"        {target} = k{index}{'()' if how.expr == 'k()' else ''}"]
    if how.uses_value:  # the expression reads `k`: bind it first
        env[f"k{index}"] = how.value
        prefix = [f"        k = k{index}"]
        if not slot:
            return [
                *prefix,
                f"        v = d.get({name!r})",
                "        if v is not None:",
                f"            {target} = {how.expr}",
            ]
        return [
            *prefix,
            f"        v = self.{name}",
            f"        {target} = v if v is None else {how.expr}",
        ]
    if how.expr == "v":  # shared: a slot is assigned, a __dict__ entry is already there
        return [f"        {target} = self.{name}"] if slot else []
    if not slot:
        return [
            f"        v = d.get({name!r})",
            "        if v is not None:",
            f"            {target} = {how.expr}",
        ]
    return [f"        v = self.{name}", f"        {target} = v if v is None else {how.expr}"]


def _slow_copy(obj: Any, memo: dict[Any, Any], twin: Any) -> None:
    """The copy of an object with an unset slot (rare: the compiled copier met an
    AttributeError): attribute by attribute, an unset slot left unset in the copy."""
    cls = type(obj)
    plan = plan_of(cls)
    has_dict = _has_dict(cls)
    if has_dict:
        twin.__dict__ = obj.__dict__.copy()
    values: list[tuple[str, How, Any]] = []
    for name in slots_of(cls):
        value = getattr(obj, name, _MISSING)
        if value is _MISSING and hasattr(twin, name):
            delattr(twin, name)
        values.append((name, plan.get(name, SHARE), value))
    if has_dict:
        values += [(n, how, obj.__dict__.get(n, _MISSING)) for n, how in plan.items()]
    for phase in (0, 1, 2):  # as the compiled copier: copies, then the memo's readers, then rebuilt
        for name, how, value in values:
            if _phase(how) != phase:
                continue
            if isinstance(how, Rebuilt):
                setattr(twin, name, how.value(twin, None if value is _MISSING else value))
            elif how.fixed:
                setattr(twin, name, how.apply(None, memo))
            elif value is not _MISSING:
                setattr(twin, name, value if value is None else how.apply(value, memo))


def _phase(how: How) -> int:
    """When an attribute is copied: 0 with the others, 1 once they are (it reads the memo
    they fill), 2 last of all (`rebuilt`: it reads the finished copy)."""
    return 2 if isinstance(how, Rebuilt) else 1 if how.late else 0


def _late(env: dict[str, Any], key: str, cls: type) -> Copier:
    """A stand-in for `cls`'s owned copier in a generated copier's globals: compiles it
    when first called and puts it in its place (a class may contain itself)."""

    def first(obj: Any, memo: dict[Any, Any]) -> Any:
        copier = env[key] = compile_copier(cls, memo=False)
        return copier(obj, memo)

    return first


def compile_copier(cls: type, *, memo: bool = True) -> Copier:
    """`cls`'s copier, generated and compiled on first use, then kept."""
    table = _COPIERS if memo else _OWNED
    copier = table.get(cls)
    if copier is None:
        source, env = copier_source(cls, memo=memo)
        name = f"<copier of {cls.__qualname__}{'' if memo else ', owned'}>"
        exec(compile(source, name, "exec"), env)
        copier = table[cls] = env["copier"]
    return copier


def clone_of(obj: Any) -> Any:
    """A copy of `obj` and everything its plan says to copy, with a fresh memo."""
    return _COPIERS[obj.__class__](obj, {})


def own_copy(obj: Any) -> Any:
    """A copy of one object held only where it is going (its plan's owned copier, no
    memo): what a state takes for itself when a card leaves a pile whose cards it shares
    with its clones (a pile declared `LIST`: the list copied, its cards shared). Every way
    out of such a pile must take it, and no rule may change a card lying there: then a
    look-ahead copy costs the cards in play, not the whole deck (docs/ai.md, "Cheaper
    copies"; tests/contract: a copy never changes its original's future)."""
    return _OWNED[obj.__class__](obj, {})


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
            how = plan.get(name, SHARE)
            shape = how.shape if isinstance(how, Owned) else _SHAPES.get(how)
            if shape == "one":
                walk(mine, theirs, where)
            elif shape in ("many", "tuple"):
                for index, (x, y) in enumerate(zip(mine, theirs, strict=False)):
                    walk(x, y, f"{where}[{index}]")
            elif shape == "dict":
                for key in mine:
                    if key in theirs:
                        walk(mine[key], theirs[key], f"{where}[{key!r}]")

    walk(original, twin, type(original).__name__)
    return found
