#pragma once
// All-different at bounds consistency in O(n log n) (López-Ortiz, Quimper, Tromp and van
// Beek, IJCAI 2003): the ranges' ends, sorted, become a line of bounds; one sweep in
// increasing max (then one in decreasing min) places each range as low (high) as it can
// go in a union-find over that line ("t"), and where the values left in a stretch of the
// line equal the ranges squeezed into it, that stretch is a Hall interval, recorded in a
// second union-find ("h") through which later ranges jump past it.
//
// The scratch is the caller's (no allocation): for k variables, 8k + 4 ints and 6k + 4
// values.
#include <algorithm>
#include <cstddef>
#include <span>

#include "backtrack/csp/space.hpp"

namespace backtrack::csp {

class BoundsAllDifferent {
 public:
  static constexpr std::size_t ints_for(std::size_t k) { return 8 * k + 4; }
  static constexpr std::size_t values_for(std::size_t k) { return 6 * k + 4; }

  BoundsAllDifferent(std::span<const int> xs, int* ints, Value* values)
      : xs_(xs), n_(static_cast<int>(xs.size())), ints_(ints), values_(values) {}

  // The scratch's first use: both orders start as 0 .. k-1.
  static void prepare(int* ints, std::size_t k) {
    for (std::size_t i = 0; i < k; ++i) ints[i] = ints[k + i] = static_cast<int>(i);
  }

  // One round of both sweeps; false when no all-different assignment of the ranges is left.
  // `moved` is set when a bound moved.
  bool filter(Space& s, bool& moved) {
    int* minsorted = ints_;
    int* maxsorted = ints_ + n_;
    int* minrank = ints_ + 2 * n_;
    int* maxrank = ints_ + 3 * n_;
    int* t = ints_ + 4 * n_;           // the line's union-finds: two of nb + 2 <= 2n + 2
    Value* lo = values_;
    Value* hi = values_ + n_;
    Value* bounds = values_ + 2 * n_;  // the line (nb + 2), then the values left in each stretch
    for (int i = 0; i < n_; ++i) {
      lo[i] = s.min(xs_[static_cast<std::size_t>(i)]);
      hi[i] = s.max(xs_[static_cast<std::size_t>(i)]);
    }
    // The orders of the run before are kept (the scratch is not undone): nearly sorted,
    // so insertion sort is about linear.
    insertion_sort(minsorted, lo);
    insertion_sort(maxsorted, hi);
    // The line: every min and every max + 1, in order, between two sentinels.
    int nb = 0;
    {
      Value last = lo[minsorted[0]] - 2;
      bounds[0] = last;
      int i = 0;
      int j = 0;
      Value next_min = lo[minsorted[0]];
      Value next_max = hi[maxsorted[0]] + 1;
      for (;;) {
        if (i < n_ && next_min <= next_max) {
          if (next_min != last) bounds[++nb] = last = next_min;
          minrank[minsorted[i]] = nb;
          if (++i < n_) next_min = lo[minsorted[i]];
        } else {
          if (next_max != last) bounds[++nb] = last = next_max;
          maxrank[maxsorted[j]] = nb;
          if (++j == n_) break;
          next_max = hi[maxsorted[j]] + 1;
        }
      }
      bounds[nb + 1] = bounds[nb] + 2;
    }
    int* tt = t;
    int* hh = t + (nb + 2);
    Value* dd = bounds + (nb + 2);
    // Lower bounds: ranges in increasing max.
    for (int i = 1; i <= nb + 1; ++i) {
      tt[i] = hh[i] = i - 1;
      dd[i] = bounds[i] - bounds[i - 1];
    }
    for (int k = 0; k < n_; ++k) {
      const int v = maxsorted[k];
      const int x = minrank[v];
      const int y = maxrank[v];
      int z = path_max(tt, x + 1);
      const int j = tt[z];
      if (--dd[z] == 0) {
        tt[z] = z + 1;
        z = path_max(tt, tt[z]);
        tt[z] = j;
      }
      path_set(tt, x + 1, z, z);
      if (dd[z] < bounds[z] - bounds[y]) return s.fail();
      if (hh[x] > x) {
        const int w = path_max(hh, hh[x]);
        if (bounds[w] > lo[v]) {
          lo[v] = bounds[w];
          moved = true;
          if (!s.set_min(xs_[static_cast<std::size_t>(v)], bounds[w])) return false;
        }
        path_set(hh, x, w, w);
      }
      if (dd[z] == bounds[z] - bounds[y]) {
        path_set(hh, hh[y], j - 1, y);
        hh[y] = j - 1;
      }
    }
    // Upper bounds: ranges in decreasing min.
    for (int i = 0; i <= nb; ++i) {
      tt[i] = hh[i] = i + 1;
      dd[i] = bounds[i + 1] - bounds[i];
    }
    for (int k = n_ - 1; k >= 0; --k) {
      const int v = minsorted[k];
      const int x = maxrank[v];
      const int y = minrank[v];
      int z = path_min(tt, x - 1);
      const int j = tt[z];
      if (--dd[z] == 0) {
        tt[z] = z - 1;
        z = path_min(tt, tt[z]);
        tt[z] = j;
      }
      path_set(tt, x - 1, z, z);
      if (dd[z] < bounds[y] - bounds[z]) return s.fail();
      if (hh[x] < x) {
        const int w = path_min(hh, hh[x]);
        if (bounds[w] - 1 < hi[v]) {
          hi[v] = bounds[w] - 1;
          moved = true;
          if (!s.set_max(xs_[static_cast<std::size_t>(v)], bounds[w] - 1)) return false;
        }
        path_set(hh, x, w, w);
      }
      if (dd[z] == bounds[y] - bounds[z]) {
        path_set(hh, hh[y], j + 1, y);
        hh[y] = j + 1;
      }
    }
    return true;
  }

 private:
  void insertion_sort(int* order, const Value* key) const {
    for (int i = 1; i < n_; ++i) {
      const int v = order[i];
      int j = i;
      for (; j > 0 && key[order[j - 1]] > key[v]; --j) order[j] = order[j - 1];
      order[j] = v;
    }
  }

  static int path_max(const int* a, int x) {
    while (a[x] > x) x = a[x];
    return x;
  }
  static int path_min(const int* a, int x) {
    while (a[x] < x) x = a[x];
    return x;
  }
  static void path_set(int* a, int from, int to, int value) {
    for (int k = from; k != to;) {
      const int next = a[k];
      a[k] = value;
      k = next;
    }
  }

  std::span<const int> xs_;
  int n_;
  int* ints_;
  Value* values_;
};

}  // namespace backtrack::csp
