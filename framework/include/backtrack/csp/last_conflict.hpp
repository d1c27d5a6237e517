#pragma once
// Last conflict (--last-conflict, Lecoutre, Saïs, Tabary and Vidal 2009), a modifier of any
// variable order, for both constraint layers: the variable whose decision failed last is
// chosen again, before the order's own choice, until a decision assigns it without a
// failure. A failure deep in the tree often comes from a variable decided far above it;
// chosen again right after the backtrack, it shows that at once rather than after the
// subtrees of every variable between. What it remembers is learned, as failure weights
// are: untrailed, it lives on across backtracks (a layer's learns() counts it).
namespace backtrack::csp {

class LastConflict {
 public:
  // A decision on x was made: it failed, or it held and x is `assigned` now (or not).
  void decided(int x, bool failed, bool assigned) {
    if (failed) {
      x_ = x;
    } else if (assigned && x == x_) {
      x_ = -1;
    }
  }
  // The variable to choose first, if it is still open (open(x)); -1 for none.
  template <class Open>
  int choice(Open open) const {
    return x_ >= 0 && open(x_) ? x_ : -1;
  }

 private:
  int x_ = -1;
};

}  // namespace backtrack::csp
