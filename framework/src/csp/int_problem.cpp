// IntProblem's construction and its moves, compiled once (int_problem.hpp says what they
// do): a plugin's search instantiates the engine over IntProblem, not these again.
#include "backtrack/csp/int_problem.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace backtrack::csp {

IntProblem::IntProblem(IntModel model, SearchOptions options)
    : model_(std::move(model)), options_(options), restart_seed_(options.seed) {
  if (options_.restarts != Restarts::none && !binary_) {
    // add_nogoods() reads a second branch as the refutation of the first; a child of
    // many would need the values of the siblings searched before it.
    throw UsageError("--restarts with --branching values: the nogoods that keep restarts complete are recorded for "
                     "binary branching (x = v, then x != v); use --branching binary");
  }
  Propagation& propagation = model_.propagation_to_tune();
  const DistinctStrength strength = options_.prune == Prune::domain   ? DistinctStrength::gac
                                    : options_.prune == Prune::bounds ? DistinctStrength::bounds
                                                                      : DistinctStrength::forward;
  const auto& chosen = model_.strength_from_search();
  std::vector<char> forward_checks(static_cast<std::size_t>(propagation.size()), 0);
  for (int id = 0; id < propagation.size(); ++id) {
    const auto* d = std::get_if<Distinct>(&propagation[id]);
    // A strength the model gave holds from arc up; none and forward mean the textbook's.
    if (d == nullptr || (!gated() && std::find(chosen.begin(), chosen.end(), id) == chosen.end())) continue;
    Distinct tuned = *d;
    tuned.strength = strength;
    if (strength == DistinctStrength::gac) tuned.reserve_graph(model_.space_to_tune());
    propagation.replace(id, std::move(tuned));
    forward_checks[static_cast<std::size_t>(id)] = options_.prune == Prune::forward ? 1 : 0;
  }
  // A global cardinality's flow costs more per run than its counting rules: --prune
  // bounds and domain alone ask for it, or the model, from arc up.
  const CardinalityStrength cardinality = options_.prune == Prune::domain   ? CardinalityStrength::domain
                                          : options_.prune == Prune::bounds ? CardinalityStrength::bounds
                                                                            : CardinalityStrength::counting;
  for (int id = 0; id < propagation.size(); ++id) {
    const auto* g = std::get_if<Boxed<GlobalCardinality>>(&propagation[id]);
    if (g == nullptr || (!gated() && !(**g).from_search)) continue;
    GlobalCardinality tuned = **g;
    tuned.strength = cardinality;
    if (cardinality != CardinalityStrength::counting) tuned.reserve_flow(model_.space_to_tune());
    propagation.replace(id, Boxed<GlobalCardinality>(std::move(tuned)));
  }
  // Two scheduling rules cost more per run than they usually save, so a level asks for
  // them (docs/csp.md): domain for cumulative's timetable-edge-finding; bounds and domain
  // for disjunctive's detectable precedences, which lead a search by failure counts
  // (afc-size, the FlatZinc default) no better, and sometimes astray.
  const bool domain = options_.prune == Prune::domain;
  const bool from_bounds = domain || options_.prune == Prune::bounds;
  auto turn_on = [&propagation]<class P>(int id, bool P::*rule) {
    if (const auto* p = std::get_if<Boxed<P>>(&propagation[id])) {
      P tuned = **p;
      tuned.*rule = true;
      propagation.replace(id, Boxed<P>(std::move(tuned)));
    }
  };
  for (int id = 0; id < propagation.size() && from_bounds; ++id) {
    if (domain) turn_on(id, &Cumulative::timetable_edge_finding);
    turn_on(id, &Disjunctive::precedences);
  }
  if (gated()) propagation.run_when_open_at_most(options_.prune == Prune::none ? 0 : 1, std::move(forward_checks));
  scopes_.resize(static_cast<std::size_t>(model_.variables()));
  for (int id = 0; id < propagation.size(); ++id) {
    propagator_scopes_.push_back(propagation.scope(id));
    for (int x : propagator_scopes_.back()) scopes_[static_cast<std::size_t>(x)].push_back(id);
  }
  for (const SearchPhase& p : model_.phases()) {
    phases_.push_back({decisions_.size(), decisions_.size() + p.xs.size(), p.order.value_or(options_.variables),
                       p.values.value_or(options_.values)});
    decisions_.insert(decisions_.end(), p.xs.begin(), p.xs.end());
  }
  if (const auto& o = model_.objective()) {
    objective_ = *o;
    // A solution fixes the objective: it is decided last when nothing fixes it before.
    if (std::find(decisions_.begin(), decisions_.end(), o->x) == decisions_.end()) {
      phases_.push_back({decisions_.size(), decisions_.size() + 1, options_.variables, options_.values});
      decisions_.push_back(o->x);
    }
  }
  phase_of_.assign(static_cast<std::size_t>(model_.variables()), -1);
  for (std::size_t p = phases_.size(); p-- > 0;) {  // the last phase first: the first one wins
    for (std::size_t i = phases_[p].begin; i < phases_[p].end; ++i) {
      phase_of_[static_cast<std::size_t>(decisions_[i])] = static_cast<int>(p);
    }
  }
  if (options_.lns != 0 && !objective_) {
    throw UsageError("large neighbourhood search (--lns) improves an objective; this model has none");
  }
  for (int x : decisions_) {
    depth_ += model_.space().has_holes(x) ? static_cast<int>(model_.space().size(x)) : 2 * 33;
  }
  build_root();
}

bool IntProblem::is_solution(const State& s) const {
  if (s.space.failed() || !all_fixed(s.space)) return false;
  // At none and forward a leaf is tested whole: the variables no decision names (a
  // ruler's differences) follow from the decided ones, and the propagators over them
  // were held back while they were open.
  if (gated() || !auxiliaries_fixed(s.space)) {
    Space copy = s.space;
    if (!complete(copy)) return false;
  }
  return true;
}

IntProblem::Children IntProblem::candidates(const State& s, bool by_activity) const {
  if (s.space.failed()) return {};
  const auto [x, phase] = choose_variable(s, by_activity);
  if (x < 0) return {};
  const Space& d = s.space;
  using K = Decision::Kind;
  ValueOrder order = phase->values;
  if (!d.has_holes(x)) {  // an interval alone: halves, or under learning its bound
    if (learns_clauses() && order == ValueOrder::min) return {{x, K::at_most, d.min(x)}, {x, K::more_than, d.min(x)}};
    if (learns_clauses() && order == ValueOrder::max) {
      return {{x, K::more_than, d.max(x) - 1}, {x, K::at_most, d.max(x) - 1}};
    }
    order = order == ValueOrder::max || order == ValueOrder::reverse_split ? ValueOrder::reverse_split
                                                                           : ValueOrder::split;
  }
  if (halves(order)) {
    const Value cut = split_point(d.min(x), d.max(x));
    const Decision low{x, K::at_most, cut};
    const Decision high{x, K::more_than, cut};
    return order == ValueOrder::split ? Children(low, high) : Children(high, low);
  }
  if (!guide_.empty() && binary_ && d.contains(x, guide_[static_cast<std::size_t>(x)])) {
    const Value g = guide_[static_cast<std::size_t>(x)];
    if (d.has_holes(x)) return {{x, K::equal, g}, {x, K::not_equal, g}};
    // An interval keeps no hole: the half that holds g first, down to g alone.
    if (g == d.max(x)) return {{x, K::more_than, g - 1}, {x, K::at_most, g - 1}};
    return {{x, K::at_most, g}, {x, K::more_than, g}};
  }
  const std::uint64_t draw = order == ValueOrder::random ? value_draw(options_.seed, x, d.min(x), d.max(x)) : 0;
  const Children each(d, x, order, draw);
  if (!binary_) return each;
  const Value v = (*each.begin()).v;
  return {{x, K::equal, v}, {x, K::not_equal, v}};
}

void IntProblem::apply(State& s, Move m) const {
  s.space.mark();
  if (!post(s.space, m)) {
    failed(s, -2);
  } else if (const int broken = model_.propagation().run(s.space); broken != -1) {
    failed(s, broken);
  }
  if (options_.last_conflict) s.conflict.decided(m.x, s.space.failed(), s.space.fixed(m.x));
  weigh_node(s);
}

void IntProblem::apply_all(State& s, std::span<const Move> moves) const {
  for (const Move& m : moves) {
    s.space.mark();
    if (!s.space.failed() && !post(s.space, m)) failed(s, -2);
  }
  if (moves.empty() || s.space.failed()) return;
  const int broken = model_.propagation().run(s.space);
  if (broken != -1) failed(s, broken);
}

void IntProblem::constrain(State& s, Value best) const {
  if (s.space.failed()) return;
  if (!(objective_->minimise ? s.space.set_max(objective_->x, best - 1) : s.space.set_min(objective_->x, best + 1))) {
    return failed(s, -2);
  }
  const int broken = model_.propagation().run(s.space);
  if (broken != -1) failed(s, broken);
}

std::vector<Value> IntProblem::values(std::span<const Move> path) const {
  // A solution found is rendered whole, whatever the limits say meanwhile: the search
  // has counted it.
  const SearchLimits unlimited;
  const LimitsInScope never_stopped(unlimited);
  State s = root_;
  apply_all(s, path);  // one fixpoint: the same as one per move, as propagation is monotone
  if (objective_ && !all_fixed(s.space)) {
    const int x = objective_->x;
    while (!s.space.failed()) {
      const Value v = objective_->minimise ? s.space.min(x) : s.space.max(x);
      s.space.mark();
      if (s.space.fix(x, v) && model_.propagation().run(s.space) == -1) break;
      s.space.undo();
      s.space.mark();
      if (s.space.remove(x, v)) model_.propagation().run(s.space);
    }
  }
  if (!s.space.failed()) complete(s.space);
  std::vector<Value> out(static_cast<std::size_t>(model_.variables()));
  for (int x = 0; x < model_.variables(); ++x) out[static_cast<std::size_t>(x)] = s.space.min(x);
  return out;
}

void IntProblem::add_nogoods(std::span<const Move> path, std::span<const std::uint8_t> branches) {
  if (root_.space.failed()) return;  // nothing is left to search
  std::vector<Nogood::Literal> firsts;  // the first branches taken above
  bool added = false;
  for (std::size_t i = 0; i < path.size(); ++i) {
    const auto literal = static_cast<Nogood::Literal::Kind>(path[i].kind);  // the same kinds, in order
    if (branches[i] == 0) {
      firsts.push_back({path[i].x, literal, path[i].v});
      continue;
    }
    Nogood nogood{firsts};
    nogood.literals.push_back({path[i].x, refuted(literal), path[i].v});
    if (simplify_at_root(nogood)) {
      add_propagator(std::move(nogood));
      added = true;
    }
  }
  if (added) build_root();
}

bool IntProblem::complete(Space& d) const {
  if (gated() && model_.propagation().run_all_ungated(d) != -1) return false;
  return fix_auxiliaries(d);
}

bool IntProblem::fix_auxiliaries(Space& d, std::size_t from) const {
  const auto& aux = model_.auxiliaries();
  while (from < aux.size() && d.fixed(aux[from])) ++from;
  if (from == aux.size()) return true;
  const int x = aux[from];
  const auto extends = [&](auto narrow) {
    d.mark();
    if (narrow() && model_.propagation().run_ungated(d) == -1 && fix_auxiliaries(d, from)) return true;
    d.undo();
    return false;
  };
  if (!d.has_holes(x)) {  // an interval, maybe of billions: its halves
    const Value mid = d.min(x) + (d.max(x) - d.min(x)) / 2;
    if (extends([&] { return d.set_max(x, mid); }) || extends([&] { return d.set_min(x, mid + 1); })) return true;
  } else {
    for (Value v = d.min(x), last = d.max(x); v <= last; v = d.next(x, v)) {
      if (extends([&] { return d.fix(x, v); })) return true;
    }
  }
  d.fail();
  return false;
}

void IntProblem::add_propagator(Propagator p) {
  const int id = model_.add(std::move(p));
  propagator_scopes_.push_back(model_.propagation().scope(id));
  for (int x : propagator_scopes_.back()) scopes_[static_cast<std::size_t>(x)].push_back(id);
  ++nogoods_;
}

bool IntProblem::simplify_at_root(Nogood& nogood) const {
  std::vector<Nogood::Literal> open;
  for (const Nogood::Literal& l : nogood.literals) {
    const auto truth = Nogood::holds(root_.space, l);
    if (truth == Nogood::Truth::no) return false;
    if (truth == Nogood::Truth::open) open.push_back(l);
  }
  if (open.empty()) open.push_back(nogood.literals.back());
  nogood.literals = std::move(open);
  return true;
}

void IntProblem::build_root() {
  root_.space = model_.space();
  for (const Phase& p : phases_) {
    learned_.wdeg |= learned_by(p.order).wdeg;
    learned_.afc |= learned_by(p.order).afc;
    learned_.activity |= learned_by(p.order).activity;
  }
  learned_.activity |= options_.hybrid;
  root_.weights = FailureWeights(model_.variables(), learned_, [&](auto add) {
    for (const auto& scope : propagator_scopes_) add(scope);
  });
  for (int x = 0; x < model_.variables(); ++x) heaviest_degree_ = std::max(heaviest_degree_, degree(x));
  model_.propagation().run_all(root_.space);
  root_.space.commit();
  root_.space.propagations = 0;
}

std::pair<int, const IntProblem::Phase*> IntProblem::choose_variable(const State& s, bool by_activity) const {
  const Space& d = s.space;
  const auto own_phase = [&](int x) { return &phases_[static_cast<std::size_t>(phase_of_[static_cast<std::size_t>(x)])]; };
  if (options_.last_conflict) {
    const int x = s.conflict.choice([&](int y) { return !d.fixed(y) && phase_of_[static_cast<std::size_t>(y)] >= 0; });
    if (x >= 0) return {x, own_phase(x)};
  }
  if (by_activity) {
    const int x = first_best(s, {0, decisions_.size(), VariableOrder::activity, ValueOrder::min});
    return {x, x < 0 ? nullptr : own_phase(x)};
  }
  for (const Phase& p : phases_) {
    if (const int x = first_best(s, p); x >= 0) return {x, &p};
  }
  return {-1, nullptr};
}

int IntProblem::first_best(const State& s, const Phase& p) const {
  const Space& d = s.space;
  const auto best_by = [&](const auto& merit) {
    int best = -1;
    decltype(merit(0)) best_merit{};
    for (std::size_t i = p.begin; i < p.end; ++i) {
      const int x = decisions_[i];
      if (d.fixed(x)) continue;
      if (p.order == VariableOrder::static_order) return x;
      const auto m = merit(x);
      if (best < 0 || m < best_merit) {
        best = x;
        best_merit = m;
      }
    }
    return best;
  };
  return with_merit<Wide>(p.order, DomainView{d, *this}, s.weights, best_by);
}

template class LearningSearch<IntProblem, Unwatched>;

}  // namespace backtrack::csp
