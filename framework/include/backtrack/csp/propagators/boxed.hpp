#pragma once
// A propagator kept behind a pointer in the model's std::variant (propagation.hpp). The
// variant is as wide as its widest alternative, and a model may hold thousands of small
// propagators (a magic sequence of 100: 10,000 reified comparisons of 24 bytes) that a
// run should read in one cache line each; the few wide ones (a compact table: 128 bytes)
// are boxed so that the slot stays at 64 bytes. A copy of the model copies the box's
// propagator.
#include <memory>
#include <utility>
#include <vector>

#include "backtrack/csp/propagators/basics.hpp"

namespace backtrack::csp {

template <class P>
class Boxed {
 public:
  Boxed(P p) : p_(std::make_unique<P>(std::move(p))) {}  // NOLINT: a P is posted as itself
  Boxed(const Boxed& other) : p_(std::make_unique<P>(*other.p_)) {}
  Boxed& operator=(const Boxed& other) {
    p_ = std::make_unique<P>(*other.p_);
    return *this;
  }
  Boxed(Boxed&&) noexcept = default;
  Boxed& operator=(Boxed&&) noexcept = default;
  ~Boxed() = default;

  static constexpr bool idempotent = P::idempotent;
  static constexpr Cost cost = cost_of<P>();
  const P& operator*() const { return *p_; }
  std::vector<Subscription> subscriptions() const { return p_->subscriptions(); }
  void prepare(Space& s)
    requires requires(P& p) { p.prepare(s); }
  {
    p_->prepare(s);
  }
  auto propagate(Space& s) const { return p_->propagate(s); }
  bool entailed(const Space& s) const
    requires requires(const P& p) { p.entailed(s); }
  {
    return p_->entailed(s);
  }

 private:
  std::unique_ptr<P> p_;
};

}  // namespace backtrack::csp
