"""Constraint models from Python: integer and Boolean variables, expressions written with
Python's operators, global constraints, an objective.

A model is written out as FlatZinc and solved by the problem ``fzn``, whose reader posts
each constraint on the integer CSP layer: the model API of the C++ plugins, with its
propagators, pruning levels and search options, not a second solver.
"""
from __future__ import annotations

import itertools
import os
import tempfile
from typing import Iterable, Iterator, Sequence

__all__ = ["Model", "IntVar", "BoolVar", "Expr", "Constraint",
           "all_different", "table", "element", "circuit", "cumulative",
           "global_cardinality", "increasing", "minimum", "maximum"]


class Expr:
    """A linear expression: sum of coefficient * variable, plus a constant."""

    __slots__ = ("terms", "const")

    def __init__(self, terms=None, const=0):
        self.terms = dict(terms or {})  # IntVar -> int coefficient (ordered as first used)
        self.const = int(const)

    @staticmethod
    def of(value) -> "Expr":
        if isinstance(value, Expr):
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, bool):
                return Expr(const=int(value))
            raise TypeError(f"expected an int, a variable or an expression, got {type(value).__name__}")
        return Expr(const=value)

    def _combine(self, other, sign):
        other = Expr.of(other)
        terms = dict(self.terms)
        for var, coef in other.terms.items():
            terms[var] = terms.get(var, 0) + sign * coef
        return Expr({v: c for v, c in terms.items() if c != 0}, self.const + sign * other.const)

    def __add__(self, other):
        return self._combine(other, 1)

    def __radd__(self, other):
        return self._combine(other, 1)

    def __sub__(self, other):
        return self._combine(other, -1)

    def __rsub__(self, other):
        return Expr.of(other)._combine(self, -1)

    def __neg__(self):
        return Expr({v: -c for v, c in self.terms.items()}, -self.const)

    def __mul__(self, other):
        if isinstance(other, Expr) and not isinstance(other, bool):
            if not other.terms:
                other = other.const
            elif not self.terms:
                return other * self.const
            else:
                return _model_of(self, other)._product(self, other)
        if not isinstance(other, int):
            return NotImplemented
        return Expr({v: c * other for v, c in self.terms.items() if c * other != 0}, self.const * other)

    __rmul__ = __mul__

    def __abs__(self):
        return _model_of(self)._abs(self)

    # Comparisons make constraints (so an expression is no dictionary key: __hash__ below).
    def __le__(self, other):
        return Linear(self - other, "<=")

    def __lt__(self, other):
        return Linear(self - other + 1, "<=")

    def __ge__(self, other):
        return Linear(Expr.of(other) - self, "<=")

    def __gt__(self, other):
        return Linear(Expr.of(other) - self + 1, "<=")

    def __eq__(self, other):  # type: ignore[override]
        if isinstance(other, Constraint):
            return NotImplemented
        return Linear(self - other, "==")

    def __ne__(self, other):  # type: ignore[override]
        if isinstance(other, Constraint):
            return NotImplemented
        return Linear(self - other, "!=")

    __hash__ = None  # type: ignore[assignment]

    def bounds(self):
        """The smallest and largest value the expression can take from its variables' domains."""
        lo = hi = self.const
        for var, coef in self.terms.items():
            a, b = coef * var.lb, coef * var.ub
            lo += min(a, b)
            hi += max(a, b)
        return lo, hi

    def value(self, values) -> int:
        return self.const + sum(c * values[v] for v, c in self.terms.items())


class IntVar(Expr):
    """An integer variable of a Model, with the domain lb..ub (or the values given)."""

    __slots__ = ("model", "index", "name", "lb", "ub", "values")

    def __init__(self, model, index, name, lb, ub, values=None):
        self.model, self.index, self.name, self.lb, self.ub = model, index, name, lb, ub
        self.values = values
        Expr.__init__(self, {self: 1}, 0)

    def __hash__(self):
        return hash((id(self.model), self.index))

    def __repr__(self):
        return f"{self.name}"

    def _fzn_name(self):
        return f"X{self.index}"


class _Logic:
    """``|``, ``&`` and ``implies`` of Booleans and constraints alike; each class says what
    its ``~`` is."""

    def __or__(self, other):
        return Clause([self, other], "or")

    __ror__ = __or__

    def __and__(self, other):
        return Clause([self, other], "and")

    __rand__ = __and__

    def implies(self, other):
        """``b.implies(c)``: c holds where b is true."""
        return Clause([~self, other], "or")


class BoolVar(_Logic, IntVar):
    """A Boolean variable: an integer 0..1 in arithmetic, a truth value in logic
    (``b == (x <= y)`` reifies, ``a | b``, ``a & b``, ``~a``)."""

    __slots__ = ()

    def _fzn_bool(self):
        return f"B{self.index}"

    def __eq__(self, other):  # type: ignore[override]
        if isinstance(other, Constraint):
            return Reified(self, other)
        return IntVar.__eq__(self, other)

    def __ne__(self, other):  # type: ignore[override]
        if isinstance(other, Constraint):
            return Reified(self, other, negated=True)
        return IntVar.__ne__(self, other)

    __hash__ = IntVar.__hash__

    def __invert__(self):
        return Linear(Expr.of(self) - 0, "==")  # b == 0


class Constraint(_Logic):
    """Something a model requires; ``m += constraint`` posts it. Constraints combine with
    ``|``, ``&``, ``~`` and ``implies`` (each then reified to a Boolean)."""

    def __invert__(self):
        return Not(self)

    def __bool__(self):
        raise TypeError("a constraint has no truth value in Python: post it (model += c) or combine it with | & ~")

    def _variables(self):
        return []


class Linear(Constraint):
    """sum(terms) + const  <= 0, == 0 or != 0."""

    def __init__(self, expr, op):
        self.expr, self.op = Expr.of(expr), op

    def _variables(self):
        return list(self.expr.terms)

    def holds(self, values):
        v = self.expr.value(values)
        return {"<=": v <= 0, "==": v == 0, "!=": v != 0}[self.op]

    def negation(self):
        if self.op == "<=":
            return Linear(-self.expr + 1, "<=")
        return Linear(self.expr, "!=" if self.op == "==" else "==")


class Not(Constraint):
    def __init__(self, inner):
        self.inner = inner

    def _variables(self):
        return self.inner._variables()


class Clause(Constraint):
    def __init__(self, parts, kind):
        self.parts, self.kind = parts, kind

    def _variables(self):
        return [v for p in self.parts for v in (p._variables() if isinstance(p, Constraint) else [p])]


class Reified(Constraint):
    def __init__(self, b, inner, negated=False):
        self.b, self.inner, self.negated = b, inner, negated

    def _variables(self):
        return [self.b] + self.inner._variables()


class Global(Constraint):
    """A global constraint, posted as the FlatZinc builtin that names it."""

    def __init__(self, name, args, variables):
        self.name, self.args, self.vars = name, args, variables

    def _variables(self):
        return self.vars


def _vars(xs):
    return [x for x in xs if isinstance(x, IntVar)]


def _model_of(*items):
    for item in items:
        if isinstance(item, IntVar):
            return item.model
        if isinstance(item, Expr):
            for var in item.terms:
                return var.model
        if isinstance(item, (list, tuple)):
            found = _model_of(*item)
            if found is not None:
                return found
    return None


def all_different(xs: Sequence) -> Constraint:
    """Every variable takes a different value."""
    xs = list(xs)
    return Global("fzn_all_different_int", [("vars", xs)], _vars(xs))


def table(xs: Sequence, rows: Iterable[Sequence[int]]) -> Constraint:
    """The tuple of the variables is one of the rows."""
    xs, rows = list(xs), [tuple(int(v) for v in r) for r in rows]
    if any(len(r) != len(xs) for r in rows):
        raise ValueError(f"table: every row needs {len(xs)} values")
    return Global("fzn_table_int", [("vars", xs), ("ints", [v for r in rows for v in r])], _vars(xs))


def element(array: Sequence, index, value) -> Constraint:
    """array[index] == value, the index counted from 0 as Python counts."""
    return Element(list(array), index, value)


class Element(Constraint):
    def __init__(self, array, index, value):
        self.array, self.index, self.value = array, index, value

    def _variables(self):
        return _vars(self.array + [self.index, self.value])


def circuit(succ: Sequence) -> Constraint:
    """succ[i] is the node after i (counted from 0) on one cycle through every node."""
    succ = list(succ)
    return Global("backtrack_circuit", [("int", 0), ("vars", succ)], _vars(succ))


def cumulative(starts: Sequence, durations: Sequence, demands: Sequence, capacity) -> Constraint:
    """Tasks with these starts, durations and demands never need more than capacity at once."""
    s, d, r = list(starts), list(durations), list(demands)
    return Global("fzn_cumulative", [("vars", s), ("vars", d), ("vars", r), ("var", capacity)],
                  _vars(s + d + r + [capacity]))


def global_cardinality(xs: Sequence, values: Sequence[int], counts: Sequence) -> Constraint:
    """counts[i] of the variables take values[i]."""
    xs, values, counts = list(xs), [int(v) for v in values], list(counts)
    return Global("fzn_global_cardinality", [("vars", xs), ("ints", values), ("vars", counts)], _vars(xs + counts))


def increasing(xs: Sequence) -> Constraint:
    """xs[0] <= xs[1] <= ..."""
    xs = list(xs)
    return Global("fzn_increasing_int", [("vars", xs)], _vars(xs))


def minimum(xs: Sequence):
    """A new variable equal to the smallest of xs."""
    return _model_of(list(xs))._array_extreme("array_int_minimum", list(xs), min)


def maximum(xs: Sequence):
    """A new variable equal to the largest of xs."""
    return _model_of(list(xs))._array_extreme("array_int_maximum", list(xs), max)


class Model:
    """A constraint model: ``m = Model(); x = m.int_var(0, 9, "x"); m += x + 1 <= 5;
    m.solve()``. Search options are the command line's: prune, order, values,
    restarts, threads, time_limit, seed, max_nodes, ..."""

    def __init__(self):
        self.variables: list[IntVar] = []
        self.constraints: list[Constraint] = []
        self.objective = None  # (sense, Expr)
        # What defines the variables that expressions made (x * y, abs(x), minimum(xs)),
        # kept; and the constraints of one writing out, made anew each time.
        self._definitions: list[str] = []
        self._lines: list[str] = []

    # Variables --------------------------------------------------------------
    def int_var(self, lb: int, ub: int, name: str | None = None) -> IntVar:
        """An integer variable with the values lb..ub."""
        lb, ub = int(lb), int(ub)
        if lb > ub:
            raise ValueError(f"int_var: empty domain {lb}..{ub}")
        var = IntVar(self, len(self.variables), name or f"x{len(self.variables)}", lb, ub)
        self.variables.append(var)
        return var

    def int_vars(self, n: int, lb: int, ub: int, name: str = "x") -> list[IntVar]:
        return [self.int_var(lb, ub, f"{name}[{i}]") for i in range(n)]

    def bool_var(self, name: str | None = None) -> BoolVar:
        var = BoolVar(self, len(self.variables), name or f"b{len(self.variables)}", 0, 1)
        self.variables.append(var)
        return var

    def bool_vars(self, n: int, name: str = "b") -> list[BoolVar]:
        return [self.bool_var(f"{name}[{i}]") for i in range(n)]

    def _aux(self, lb, ub):
        var = IntVar(self, len(self.variables), f"_aux{len(self.variables)}", lb, ub)
        self.variables.append(var)
        return var

    def _aux_bool(self):
        var = BoolVar(self, len(self.variables), f"_aux{len(self.variables)}", 0, 1)
        self.variables.append(var)
        return var

    # Constraints ------------------------------------------------------------
    def add(self, constraint) -> "Model":
        """Posts a constraint (a list of them too); a Boolean variable alone must be true."""
        if isinstance(constraint, (list, tuple)):
            for c in constraint:
                self.add(c)
            return self
        if isinstance(constraint, BoolVar):
            constraint = Linear(Expr.of(constraint) - 1, "==")
        if isinstance(constraint, bool):
            if not constraint:
                constraint = Linear(Expr(const=1), "==")  # false: no solution
            else:
                return self
        if not isinstance(constraint, Constraint):
            raise TypeError(f"not a constraint: {constraint!r}")
        for var in constraint._variables():
            if isinstance(var, IntVar) and var.model is not self:
                raise ValueError(f"{var.name} belongs to another model")
        self.constraints.append(constraint)
        return self

    def __iadd__(self, constraint):
        return self.add(constraint)

    def minimize(self, expr) -> None:
        self.objective = ("minimize", Expr.of(expr))

    def maximize(self, expr) -> None:
        self.objective = ("maximize", Expr.of(expr))

    def _define(self, make_line):
        """Keeps a defining constraint, with the sums its arguments needed, for every writing out."""
        saved, self._lines = self._lines, []
        try:
            line = make_line()
            self._definitions += self._lines + [line]
        finally:
            self._lines = saved

    def _product(self, a, b):
        a, b = Expr.of(a), Expr.of(b)
        (al, ah), (bl, bh) = a.bounds(), b.bounds()
        corners = [al * bl, al * bh, ah * bl, ah * bh]
        z = self._aux(min(corners), max(corners))
        self._define(lambda: f"constraint int_times({self._var_of(a)}, {self._var_of(b)}, {z._fzn_name()});")
        return z

    def _abs(self, a):
        a = Expr.of(a)
        lo, hi = a.bounds()
        z = self._aux(0 if lo <= 0 <= hi else min(abs(lo), abs(hi)), max(abs(lo), abs(hi)))
        self._define(lambda: f"constraint int_abs({self._var_of(a)}, {z._fzn_name()});")
        return z

    def _array_extreme(self, builtin, xs, pick):
        bounds = [Expr.of(x).bounds() for x in xs]
        z = self._aux(pick(b[0] for b in bounds), pick(b[1] for b in bounds))
        self._define(lambda: f"constraint {builtin}({z._fzn_name()}, [{', '.join(self._var_of(x) for x in xs)}]);")
        return z

    # FlatZinc ---------------------------------------------------------------
    def _var_of(self, value) -> str:
        """A FlatZinc integer variable (or literal) equal to the expression."""
        if isinstance(value, int) and not isinstance(value, bool):
            return str(value)
        e = Expr.of(value)
        if not e.terms:
            return str(e.const)
        if e.const == 0 and len(e.terms) == 1:
            (var, coef), = e.terms.items()
            if coef == 1:
                return var._fzn_name()
        lo, hi = e.bounds()
        z = self._aux(lo, hi)
        self._post_linear(e - z, "==", None)
        return z._fzn_name()

    def _post_linear(self, e, op, reif):
        coefs = ", ".join(str(c) for c in e.terms.values())
        names = ", ".join(v._fzn_name() for v in e.terms)
        builtin = {"<=": "int_lin_le", "==": "int_lin_eq", "!=": "int_lin_ne"}[op]
        if not e.terms:
            holds = {"<=": e.const <= 0, "==": e.const == 0, "!=": e.const != 0}[op]
            if reif is None:
                if not holds:
                    self._lines.append("constraint bool_eq(true, false);")
            else:
                self._lines.append(f"constraint bool_eq({reif}, {'true' if holds else 'false'});")
            return
        if reif is None:
            self._lines.append(f"constraint {builtin}([{coefs}], [{names}], {-e.const});")
        else:
            self._lines.append(f"constraint {builtin}_reif([{coefs}], [{names}], {-e.const}, {reif});")

    def _literal(self, part) -> str:
        """A FlatZinc Boolean equal to the truth of `part` (a BoolVar or a constraint)."""
        if isinstance(part, BoolVar):
            return part._fzn_bool()
        if isinstance(part, bool):
            return "true" if part else "false"
        b = self._aux_bool()
        self._post(part, b._fzn_bool())
        return b._fzn_bool()

    def _post(self, c, reif=None):
        """Writes constraint c; with reif, the Boolean reif is its truth."""
        if isinstance(c, Linear):
            self._post_linear(c.expr, c.op, reif)
        elif isinstance(c, Not):
            inner = self._literal(c.inner)
            if reif is None:
                self._lines.append(f"constraint bool_eq({inner}, false);")
            else:
                self._lines.append(f"constraint bool_not({inner}, {reif});")
        elif isinstance(c, Clause):
            lits = [self._literal(p) for p in c.parts]
            builtin = "array_bool_or" if c.kind == "or" else "array_bool_and"
            self._lines.append(f"constraint {builtin}([{', '.join(lits)}], {reif or 'true'});")
        elif isinstance(c, Reified):
            inner = self._literal(c.inner)
            op = "bool_ne" if c.negated else "bool_eq"
            if reif is None:
                self._lines.append(f"constraint {op}({c.b._fzn_bool()}, {inner});")
            else:
                self._lines.append(f"constraint {op}_reif({c.b._fzn_bool()}, {inner}, {reif});")
        elif reif is not None:
            raise ValueError(f"{type(c).__name__} cannot be reified (combined with | & ~ or b == ...)")
        elif isinstance(c, Element):
            index = self._var_of(Expr.of(c.index) + 1)  # FlatZinc counts from 1
            items = [Expr.of(x) for x in c.array]
            if all(not x.terms for x in items):
                array = ", ".join(str(x.const) for x in items)
                self._lines.append(f"constraint array_int_element({index}, [{array}], {self._var_of(c.value)});")
            else:
                array = ", ".join(self._var_of(x) for x in items)
                self._lines.append(f"constraint array_var_int_element({index}, [{array}], {self._var_of(c.value)});")
        elif isinstance(c, Global):
            args = []
            for kind, value in c.args:
                if kind == "vars":
                    args.append("[" + ", ".join(self._var_of(x) for x in value) + "]")
                elif kind == "ints":
                    args.append("[" + ", ".join(str(int(v)) for v in value) + "]")
                elif kind == "var":
                    args.append(self._var_of(value))
                else:
                    args.append(str(value))
            self._lines.append(f"constraint {c.name}({', '.join(args)});")
        else:
            raise TypeError(f"not a constraint: {c!r}")

    def flatzinc(self) -> str:
        """The model as FlatZinc, as the problem fzn reads it."""
        # The variables made while writing (sums, reified parts) are this text's alone.
        kept = len(self.variables)
        self._lines = []
        try:
            for c in self.constraints:
                self._post(c)
            objective_line = "solve satisfy;"
            if self.objective is not None:
                sense, expr = self.objective
                objective_line = f"solve {sense} {self._var_of(expr)};"
            head = []
            for var in self.variables:
                shown = "" if var.name.startswith("_aux") else " :: output_var"
                head.append(f"var {var.lb}..{var.ub}: {var._fzn_name()}{shown};")
                if isinstance(var, BoolVar):
                    head.append(f"var bool: {var._fzn_bool()};")
                    self._lines.append(f"constraint bool2int({var._fzn_bool()}, {var._fzn_name()});")
            return "\n".join(head + self._definitions + self._lines + [objective_line]) + "\n"
        finally:
            del self.variables[kept:]
            self._lines = []

    # Solving ----------------------------------------------------------------
    def _run(self, mode, options, iterate=False):
        from . import _search
        if "file" in options:
            raise ValueError("file: a model is its own input")
        fd, path = tempfile.mkstemp(suffix=".fzn", prefix="backtrack-model-")
        with os.fdopen(fd, "w") as f:
            f.write(self.flatzinc())
        try:  # the reader has read the file once the search is built
            search = _search.make("fzn", mode, {**options, "file": path}, hand_over=iterate)
        finally:
            os.unlink(path)
        if iterate:
            return _search.iterate(search, self._values_of)
        return _search.finish(search, self._values_of)

    def _values_of(self, fields):
        values = {}
        for var in self.variables:
            key = var._fzn_name()
            if key in fields:
                values[var] = bool(fields[key]) if isinstance(var, BoolVar) else int(fields[key])
        return values

    def solve(self, **options):
        """The first solution, or the best one where the model has an objective: a Result
        (``result[x]``, ``result.status``, ``result.objective``, ``result.stats``)."""
        return self._run("best", options)

    def count(self, **options) -> int:
        """How many solutions the model has."""
        if self.objective is not None:
            raise ValueError("a model with an objective is solved, not counted")
        return self._run("count", options).count

    def solutions(self, **options) -> Iterator:
        """Each solution as the search finds it; leaving the loop stops the search."""
        return self._run("all", options, iterate=True)

    def brute_force(self) -> Iterator[dict]:
        """Every solution by trying every assignment (small models only): for tests."""
        user = [v for v in self.variables if not v.name.startswith("_aux")]
        for combo in itertools.product(*[range(v.lb, v.ub + 1) for v in user]):
            yield dict(zip(user, combo))
