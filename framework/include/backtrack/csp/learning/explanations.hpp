#pragma once
// What explains a narrowing or a failure of one propagator's run (explained_trail.hpp):
// literals that held before it and imply it by that propagator's constraint alone. Where
// a propagator says no more, the domains of its whole scope when its run began (bounds
// and holes); where it reads less, less:
//   - a nogood: its literals that held (all but the one it refuted);
//   - a linear <=: the bounds its sum read (the smallest value of every other term: the
//     lower bound where a > 0, the upper where a < 0);
//   - a linear =: the same, or the largest values for a bound moved the other way;
//   - a reified linear relation: b, and what the relation's propagation read; b decided
//     by the bounds that decide the relation (for = and != with one term open, the
//     others' values and its hole at the value that makes the sum);
//   - x = v tied to b: b, or x's literal;
//   - a clause, and, or, xor over Booleans: the values of the others fixed (for r of an
//     and/or decided by one x, that x alone);
//   - an all-different taking fixed values from the others: x != v by the variable fixed
//     to v; a bound moved past values by the variables fixed to them (or x's holes); a
//     failure by two variables fixed to one value. Or, where fewer literals, by a Hall
//     interval: the others whose ranges fill the values moved past (or more than fill
//     them: a failure), each by its bounds. What only holes show (gac), by a Hall set:
//     the others whose domains hold no more values than there are of them, v among
//     them, each by its domain within those values (explain_by_hall_set there);
//   - a cumulative: what its time-table shows (TimeTable there), the tasks surely running
//     at the times that are too full; what its energies show, the tasks that must run
//     within a window (explain_overload, explain_edge_finding there);
//   - a disjunctive: the tasks its rules showed to run before (or after) the task moved,
//     by the bounds that make them so (UnaryExplainer there);
//   - an element of constants: for each value it took, what took its support (a position
//     by its value gone from z, a value by its positions gone from the index);
//   - a table of allowed tuples: for each value it took, a value gone from each of its
//     tuples (explain_table there);
//   - a min or max: the bounds of the others that make a bound (explain_min_max there);
//   - a product: the bounds of the other two (fewer where x and y are at least 0:
//     explain_times there); a quotient or a remainder: the bounds of the three; an
//     absolute value: the other's domain;
//   - an element of variables: a position by its variable sharing no value with z, a
//     bound of z by the values it passed missing from each variable left, and, the
//     index fixed, the index and the two domains (explain_element_vars there);
//   - a linear !=: the values of the other terms;
//   - a linear = at domain consistency: a value by the others' bounds, or of two terms
//     the other's one value that would support it, gone (explain_linear_domain there);
//   - a circuit: the fixed edges of the path (or cycle) its chains read, and for a
//     subcircuit a node that must be in (explain_circuit there);
//   - an inverse: a value gone from f[i] by g[j] lacking i, and the reverse
//     (explain_inverse there);
//   - a lexicographic order: the equal prefix, the other's bound, and the suffix that
//     forces a strict step (explain_lex there);
//   - a count: the xs in (or out of) the target that make c's bound, or that leave an x
//     no other way, with c's bound (explain_count there).
// A bound that moved past holes also needs them (ExplainedTrail::holes_passed()). The
// shorter the explanation, the more general the nogood learnt from it.
// The rules are compiled once, in framework/src/csp/explanations.cpp.
#include <cstddef>
#include <vector>

#include "backtrack/csp/learning/explained_trail.hpp"
#include "backtrack/csp/propagation.hpp"

namespace backtrack::csp {

// A nogood's explanation of narrowing `at` (-1: its failure): its literals that held
// before it, all but the one refuted, and the holes a bound moved past. The model's
// nogoods (restarts) and those the search learns explain themselves so.
void explain_nogood(const std::vector<Literal>& literals, const ExplainedTrail& trail, const Space& s, long at,
                    std::vector<Literal>& out);

// Appends the explanation of narrowing `at` of propagator p (-1: the failure of p's run
// that began at log position run_start) to `out`; returns the log position its literals
// held before. A propagator's own explanation reads the domains just before the narrowing
// (or the failure): smaller than when its run began, so they imply what the run's start
// implied, and they hold what the run narrowed before (a bound moved past holes).
std::size_t explain(const Propagator& p, const std::vector<int>& scope, const ExplainedTrail& trail, const Space& s,
                    long at, std::size_t run_start, std::vector<Literal>& out);

}  // namespace backtrack::csp
