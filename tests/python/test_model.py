"""The model API against brute force: random small models, every assignment tried by
itertools, under every pruning level."""
import itertools
import random

import pytest

import backtrack
from backtrack import Model

PRUNING = ["none", "forward", "arc", "bounds", "domain"]


def brute_solutions(model, check):
    """The assignments of the model's own variables that `check` accepts, as tuples."""
    user = [v for v in model.variables if not v.name.startswith("_aux")]
    return {tuple(values) for values in itertools.product(*[range(v.lb, v.ub + 1) for v in user])
            if check(dict(zip(user, values)))}


def found_solutions(model, **options):
    user = [v for v in model.variables if not v.name.startswith("_aux")]
    return [tuple(int(s[v]) for v in user) for s in model.solutions(**options)]


def random_linear(rng, xs):
    coefs = [rng.randint(-3, 3) for _ in xs]
    return coefs, sum(c * x for c, x in zip(coefs, xs)) if xs else 0


def random_model(rng):
    """A model with a few variables and random constraints, and a checker for each."""
    m = Model()
    xs = [m.int_var(rng.randint(-2, 0), rng.randint(1, 3), f"x{i}") for i in range(rng.randint(2, 4))]
    b = m.bool_var("b")
    checks = []
    for _ in range(rng.randint(1, 3)):
        kind = rng.choice(["le", "eq", "ne", "lt", "ge", "alldiff", "table", "element", "reif", "or", "times", "abs"])
        coefs, expr = random_linear(rng, xs)
        k = rng.randint(-3, 3)
        if kind == "le":
            m += expr <= k
            checks.append(lambda v, c=coefs, k=k: sum(a * v[x] for a, x in zip(c, xs)) <= k)
        elif kind == "eq":
            m += expr == k
            checks.append(lambda v, c=coefs, k=k: sum(a * v[x] for a, x in zip(c, xs)) == k)
        elif kind == "ne":
            m += expr != k
            checks.append(lambda v, c=coefs, k=k: sum(a * v[x] for a, x in zip(c, xs)) != k)
        elif kind == "lt":
            m += xs[0] + 1 < xs[1] * 2
            checks.append(lambda v: v[xs[0]] + 1 < 2 * v[xs[1]])
        elif kind == "ge":
            m += k >= xs[-1] - xs[0]
            checks.append(lambda v, k=k: k >= v[xs[-1]] - v[xs[0]])
        elif kind == "alldiff":
            m += backtrack.all_different(xs)
            checks.append(lambda v: len({v[x] for x in xs}) == len(xs))
        elif kind == "table":
            rows = {tuple(rng.randint(-2, 3) for _ in xs[:2]) for _ in range(5)}
            m += backtrack.table(xs[:2], rows)
            checks.append(lambda v, rows=rows: (v[xs[0]], v[xs[1]]) in rows)
        elif kind == "element":
            array = [rng.randint(-2, 3) for _ in range(3)]
            m += backtrack.element(array, xs[0], xs[1])
            checks.append(lambda v, a=array: 0 <= v[xs[0]] < 3 and a[v[xs[0]]] == v[xs[1]])
        elif kind == "reif":
            m += b == (expr <= k)
            checks.append(lambda v, c=coefs, k=k: v[b] == (sum(a * v[x] for a, x in zip(c, xs)) <= k))
        elif kind == "or":
            m += (xs[0] == k) | (xs[1] != 1) | b
            checks.append(lambda v, k=k: v[xs[0]] == k or v[xs[1]] != 1 or v[b] == 1)
        elif kind == "times":
            m += xs[0] * xs[1] >= k
            checks.append(lambda v, k=k: v[xs[0]] * v[xs[1]] >= k)
        elif kind == "abs":
            m += abs(xs[0] - xs[1]) == 1 + (k % 2)
            checks.append(lambda v, k=k: abs(v[xs[0]] - v[xs[1]]) == 1 + (k % 2))
    return m, lambda v: all(c(v) for c in checks)


@pytest.mark.parametrize("prune", PRUNING)
def test_random_models_have_the_solutions_of_brute_force(prune):
    rng = random.Random(62 + PRUNING.index(prune))
    for _ in range(25):
        m, check = random_model(rng)
        want = brute_solutions(m, check)
        got = found_solutions(m, prune=prune, threads=1)
        assert len(got) == len(set(got)), m.flatzinc()
        assert set(got) == want, m.flatzinc()
        assert m.count(prune=prune) == len(want)


@pytest.mark.parametrize("sense", ["minimize", "maximize"])
def test_an_objective_reaches_the_brute_force_optimum(sense):
    rng = random.Random(7 if sense == "minimize" else 8)
    for _ in range(15):
        m, check = random_model(rng)
        xs = [v for v in m.variables if not v.name.startswith("_aux") and v.name != "b"]
        coefs = [rng.randint(-3, 3) for _ in xs]
        objective = sum(c * x for c, x in zip(coefs, xs))
        getattr(m, sense)(objective)
        values = [sum(c * v[x] for c, x in zip(coefs, xs))
                  for v in (dict(zip([u for u in m.variables if not u.name.startswith("_aux")], t))
                            for t in brute_solutions(m, check))]
        result = m.solve(threads=1)
        if not values:
            assert result.solution is None and result.status == "complete"
            continue
        best = min(values) if sense == "minimize" else max(values)
        assert result.objective == best and result.optimal
        assert objective.value(result.solution.values) == best


def test_send_more_money():
    m = Model()
    s, e, n, d, o, r, y = (m.int_var(0, 9, name) for name in "sendory")
    mm = m.int_var(1, 9, "m")
    m += backtrack.all_different([s, e, n, d, mm, o, r, y])
    m += s >= 1
    m += (1000 * s + 100 * e + 10 * n + d) + (1000 * mm + 100 * o + 10 * r + e) == \
        10000 * mm + 1000 * o + 100 * n + 10 * e + y
    result = m.solve()
    assert [result[v] for v in (s, e, n, d, mm, o, r, y)] == [9, 5, 6, 7, 1, 0, 8, 2]
    assert m.count() == 1


def test_globals_against_brute_force():
    m = Model()
    succ = m.int_vars(4, 0, 3, "succ")
    m += backtrack.circuit(succ)

    def is_circuit(v):
        node, seen = 0, set()
        for _ in range(4):
            seen.add(node)
            node = v[succ[node]]
        return node == 0 and len(seen) == 4
    assert m.count() == len(brute_solutions(m, is_circuit)) == 6

    m = Model()
    xs = m.int_vars(4, 1, 3, "x")
    counts = m.int_vars(3, 0, 4, "c")
    m += backtrack.global_cardinality(xs, [1, 2, 3], counts)
    m += backtrack.increasing(xs)
    assert m.count() == len(brute_solutions(
        m, lambda v: all(v[counts[k]] == sum(v[x] == k + 1 for x in xs) for k in range(3))
        and all(v[xs[i]] <= v[xs[i + 1]] for i in range(3))))

    m = Model()
    starts = m.int_vars(3, 0, 4, "s")
    m += backtrack.cumulative(starts, [2, 2, 2], [1, 1, 1], 2)
    low = backtrack.minimum(starts)
    m += low == 0
    assert m.count() == len(brute_solutions(
        m, lambda v: min(v[x] for x in starts) == 0 and all(
            sum(v[x] <= t < v[x] + 2 for x in starts) <= 2 for t in range(7))))


def test_model_errors():
    m = Model()
    x = m.int_var(0, 3, "x")
    with pytest.raises(ValueError):
        m.int_var(3, 1)
    with pytest.raises(TypeError):
        m += 3.5 <= x
    with pytest.raises(TypeError):
        if x <= 2:
            pass
    other = Model()
    with pytest.raises(ValueError):
        other += x <= 1
    with pytest.raises(ValueError):
        m.solve(prune="everything")
