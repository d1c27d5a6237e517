#pragma once
// A first-in first-out queue of the numbers 0 .. capacity-1, each at most once at a time
// (the propagation's variables and constraints waiting to be run). A ring preallocated
// once: pushing and popping never allocate.
#include <cstddef>
#include <vector>

namespace backtrack::csp {

class WorkQueue {
 public:
  void reset(int capacity) {
    items_.assign(static_cast<std::size_t>(capacity), 0);
    queued_.assign(static_cast<std::size_t>(capacity), 0);
    head_ = size_ = 0;
  }
  void push(int i) {
    char& q = queued_[static_cast<std::size_t>(i)];
    if (q != 0) return;
    q = 1;
    std::size_t tail = head_ + size_;
    if (tail >= items_.size()) tail -= items_.size();
    items_[tail] = i;
    ++size_;
  }
  bool empty() const { return size_ == 0; }
  bool contains(int i) const { return queued_[static_cast<std::size_t>(i)] != 0; }
  int pop() {
    const int i = items_[head_];
    if (++head_ == items_.size()) head_ = 0;
    --size_;
    queued_[static_cast<std::size_t>(i)] = 0;
    return i;
  }
  void clear() {
    while (!empty()) pop();
  }

 private:
  std::vector<int> items_;
  std::vector<char> queued_;
  std::size_t head_ = 0;
  std::size_t size_ = 0;
};

}  // namespace backtrack::csp
