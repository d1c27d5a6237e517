#pragma once
// The global constraints of the integer layer, each in a file of its own (globals/): a
// function that posts it on an IntModel, natively (its own propagator, propagators/) or
// decomposed into smaller constraints, as IntModel::globals() says (options.hpp's
// Globals). Each file states the consistency of its propagator and the algorithm it
// follows; docs/csp.md lists them.

#include "backtrack/csp/globals/cumulative.hpp"
#include "backtrack/csp/globals/disjunctive.hpp"
#include "backtrack/csp/globals/diffn.hpp"
#include "backtrack/csp/globals/count.hpp"
#include "backtrack/csp/globals/global_cardinality.hpp"
#include "backtrack/csp/globals/regular.hpp"
#include "backtrack/csp/globals/bin_packing.hpp"
#include "backtrack/csp/globals/increasing.hpp"
#include "backtrack/csp/globals/lex.hpp"
#include "backtrack/csp/globals/circuit.hpp"
#include "backtrack/csp/globals/inverse.hpp"
#include "backtrack/csp/globals/nvalue.hpp"
#include "backtrack/csp/globals/element2d.hpp"
