#pragma once
// Regular: the word x[0] .. x[n-1] is accepted by a deterministic finite automaton, at
// domain consistency, by Pesant's layered graph (CP 2004), kept incrementally as Gecode's
// Extensional::LayeredGraph keeps it.
//
// Layer i holds the states the automaton may be in after i symbols, reachable from the
// start and able to reach a final state in the symbols left; an edge from layer i to
// layer i + 1 reads one symbol, a value of x[i]. A value stays while an edge reads it.
// In the space's reversible words: each edge alive or not, each node's count of live
// edges in and out, each (layer, symbol)'s count of live edges. A run looks only at the
// layers whose variable's size moved since it last saw them: an edge whose symbol left
// dies, a node left without edges in (or out) dies with all its edges, and the symbols
// whose count reached zero leave their variables. The graph is built once, from the
// automaton alone; a run allocates nothing.
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "backtrack/csp/propagators/basics.hpp"

namespace backtrack::csp {

class Regular {
 public:
  // States 1 .. states, symbols 1 .. symbols; next[(q - 1) * symbols + (s - 1)]: the state
  // after reading s in q, 0 for none; the word starts in `start` and ends in one of `final`.
  // (The arguments are checked by globals/regular.hpp.)
  Regular(std::vector<int> variables, int states, int symbols, const std::vector<int>& next, int start,
          const std::vector<int>& final)
      : xs(std::move(variables)), symbols_(symbols) {
    const std::size_t n = xs.size();
    const auto q_count = static_cast<std::size_t>(states) + 1;
    auto step = [&](int q, int s) { return next[static_cast<std::size_t>((q - 1) * symbols + (s - 1))]; };
    // reach[i * q_count + q]: q may be the state after i symbols, and may still end in a final one.
    std::vector<char> reach((n + 1) * q_count, 0);
    reach[static_cast<std::size_t>(start)] = 1;
    for (std::size_t i = 0; i < n; ++i) {
      for (int q = 1; q <= states; ++q) {
        if (reach[i * q_count + static_cast<std::size_t>(q)] == 0) continue;
        for (int s = 1; s <= symbols; ++s) {
          if (step(q, s) > 0) reach[(i + 1) * q_count + static_cast<std::size_t>(step(q, s))] = 1;
        }
      }
    }
    std::vector<char> is_final(q_count, 0);
    for (int q : final) is_final[static_cast<std::size_t>(q)] = 1;
    for (std::size_t q = 0; q < q_count; ++q) reach[n * q_count + q] &= is_final[q];
    for (std::size_t i = n; i-- > 0;) {
      for (int q = 1; q <= states; ++q) {
        char& r = reach[i * q_count + static_cast<std::size_t>(q)];
        if (r == 0) continue;
        r = 0;
        for (int s = 1; s <= symbols && r == 0; ++s) {
          if (step(q, s) > 0 && reach[(i + 1) * q_count + static_cast<std::size_t>(step(q, s))] != 0) r = 1;
        }
      }
    }
    // Nodes numbered layer by layer; edges layer by layer, by symbol within a layer.
    std::vector<int> node_of(reach.size(), -1);
    for (std::size_t k = 0; k < reach.size(); ++k) {
      if (reach[k] != 0) node_of[k] = nodes_++;
    }
    std::vector<int> in_count(static_cast<std::size_t>(nodes_), 0);
    std::vector<int> out_count(static_cast<std::size_t>(nodes_), 0);
    for (std::size_t i = 0; i < n; ++i) {
      for (int s = 1; s <= symbols; ++s) {
        symbol_first_.push_back(static_cast<int>(edges_.size()));
        for (int q = 1; q <= states; ++q) {
          const int from = node_of[i * q_count + static_cast<std::size_t>(q)];
          if (from < 0 || step(q, s) == 0) continue;
          const int to = node_of[(i + 1) * q_count + static_cast<std::size_t>(step(q, s))];
          if (to < 0) continue;
          edges_.push_back({from, to, static_cast<int>(i), s});
          ++out_count[static_cast<std::size_t>(from)];
          ++in_count[static_cast<std::size_t>(to)];
        }
      }
    }
    symbol_first_.push_back(static_cast<int>(edges_.size()));
    // Each node's edges in and out, as index lists.
    auto lists = [&](const std::vector<int>& count, bool incoming, std::vector<int>& first, std::vector<int>& list) {
      first.assign(static_cast<std::size_t>(nodes_) + 1, 0);
      for (std::size_t v = 0; v < count.size(); ++v) first[v + 1] = first[v] + count[v];
      list.assign(edges_.size(), 0);
      std::vector<int> at(first.begin(), first.end() - 1);
      for (std::size_t e = 0; e < edges_.size(); ++e) {
        const int v = incoming ? edges_[e].to : edges_[e].from;
        list[static_cast<std::size_t>(at[static_cast<std::size_t>(v)]++)] = static_cast<int>(e);
      }
    };
    lists(in_count, true, in_first_, in_list_);
    lists(out_count, false, out_first_, out_list_);
    // The first layer's node has an edge in, the last layer's an edge out, that never die.
    for (std::size_t k = 0; k < q_count; ++k) {
      if (node_of[k] >= 0) ++in_count[static_cast<std::size_t>(node_of[k])];
      if (node_of[n * q_count + k] >= 0) ++out_count[static_cast<std::size_t>(node_of[n * q_count + k])];
    }
    initial_in_ = std::move(in_count);
    initial_out_ = std::move(out_count);
  }

  std::vector<int> xs;

  static constexpr bool idempotent = true;
  static constexpr Cost cost = Cost::high;

  void prepare(Space& s) {
    alive_at_ = s.reserve_words((edges_.size() + 63) / 64, ~std::uint64_t{0});
    in_at_ = s.reserve_words(0);
    for (int c : initial_in_) s.reserve_words(1, static_cast<std::uint64_t>(c));
    out_at_ = s.reserve_words(0);
    for (int c : initial_out_) s.reserve_words(1, static_cast<std::uint64_t>(c));
    count_at_ = s.reserve_words(0);
    for (std::size_t k = 0; k + 1 < symbol_first_.size(); ++k) {
      s.reserve_words(1, static_cast<std::uint64_t>(symbol_first_[k + 1] - symbol_first_[k]));
    }
    size_at_ = s.reserve_words(xs.size(), never_seen);
    stack_at_ = s.reserve_scratch(2 * static_cast<std::size_t>(nodes_) + 1);  // a node twice: no edge in, no edge out
  }
  std::vector<Subscription> subscriptions() const {
    std::vector<Subscription> subs;
    for (int x : xs) subs.push_back({x, Event::domain});
    return subs;
  }

  bool propagate(Space& s) const {
    if (nodes_ == 0) return s.fail();  // no word of this length is accepted
    // Until no layer's variable moved since its edges were last brought in line with it
    // (a variable at two positions moves another layer when one is pruned).
    for (bool moved = true; moved;) {
      moved = false;
      for (std::size_t i = 0; i < xs.size(); ++i) {
        if (s.word(size_at_ + i) == s.size(xs[i])) continue;
        moved = true;
        const bool first = s.word(size_at_ + i) == never_seen;
        s.set_word(size_at_ + i, s.size(xs[i]));
        if (first && (!s.set_min(xs[i], 1) || !s.set_max(xs[i], symbols_))) return false;
        for (int sym = 1; sym <= symbols_; ++sym) {
          if (count(s, i, sym) == 0 || s.contains(xs[i], sym)) continue;
          for (int e = symbol_first_[slot(i, sym)]; e < symbol_first_[slot(i, sym) + 1]; ++e) kill(s, e);
        }
      }
      if (!moved) break;
      for (std::size_t i = 0; i < xs.size(); ++i) {
        for (int sym = 1; sym <= symbols_; ++sym) {
          if (count(s, i, sym) == 0 && s.contains(xs[i], sym) && !s.remove(xs[i], sym)) return false;
        }
      }
    }
    return true;
  }

 private:
  struct Edge {
    int from, to, layer, symbol;
  };
  static constexpr std::uint64_t never_seen = ~std::uint64_t{0};

  std::size_t slot(std::size_t layer, int symbol) const {
    return layer * static_cast<std::size_t>(symbols_) + static_cast<std::size_t>(symbol - 1);
  }
  std::uint64_t count(const Space& s, std::size_t layer, int symbol) const { return s.word(count_at_ + slot(layer, symbol)); }
  bool alive(const Space& s, int e) const {
    return ((s.word(alive_at_ + static_cast<std::size_t>(e) / 64) >> (e % 64)) & 1) != 0;
  }
  static void decrement(Space& s, std::size_t w) { s.set_word(w, s.word(w) - 1); }

  // Edge e dies, and with it every node it leaves without edges in or out, and theirs.
  void kill(Space& s, int first) const {
    int* stack = s.scratch_ints().data() + stack_at_;
    std::size_t top = 0;
    auto die = [&](int e) {
      if (!alive(s, e)) return;
      const std::size_t w = alive_at_ + static_cast<std::size_t>(e) / 64;
      s.set_word(w, s.word(w) & ~(std::uint64_t{1} << (e % 64)));
      const Edge& d = edges_[static_cast<std::size_t>(e)];
      decrement(s, count_at_ + slot(static_cast<std::size_t>(d.layer), d.symbol));
      decrement(s, out_at_ + static_cast<std::size_t>(d.from));
      if (s.word(out_at_ + static_cast<std::size_t>(d.from)) == 0) stack[top++] = d.from;
      decrement(s, in_at_ + static_cast<std::size_t>(d.to));
      if (s.word(in_at_ + static_cast<std::size_t>(d.to)) == 0) stack[top++] = d.to;
    };
    die(first);
    while (top > 0) {
      const auto v = static_cast<std::size_t>(stack[--top]);
      for (int k = in_first_[v]; k < in_first_[v + 1]; ++k) die(in_list_[static_cast<std::size_t>(k)]);
      for (int k = out_first_[v]; k < out_first_[v + 1]; ++k) die(out_list_[static_cast<std::size_t>(k)]);
    }
  }

  int symbols_;
  int nodes_ = 0;
  std::vector<Edge> edges_;
  std::vector<int> symbol_first_;  // the edges of (layer, symbol) start at symbol_first_[slot]
  std::vector<int> in_first_, in_list_, out_first_, out_list_;
  std::vector<int> initial_in_, initial_out_;
  std::size_t alive_at_ = 0, in_at_ = 0, out_at_ = 0, count_at_ = 0, size_at_ = 0;  // Space words
  std::size_t stack_at_ = 0;                                                       // scratch
};

}  // namespace backtrack::csp
