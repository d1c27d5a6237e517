#include "worker.hpp"

#include <boost/mpi/status.hpp>

namespace backtrack::mpi {

Worker::Worker(boost::mpi::communicator world, unsigned threads)
    : world_(std::move(world)), ahead_(std::max(1u, threads)) {}

Worker::~Worker() {
  {
    std::lock_guard lock(mutex_);
    abandoned_ = true;
  }
  handed_.notify_all();
  if (messages_.joinable()) messages_.join();
}

void Worker::begin(std::span<const std::size_t>) { messages_ = std::thread([this] { exchange(); }); }

std::optional<std::size_t> Worker::next() {
  std::unique_lock lock(mutex_);
  handed_.wait(lock, [this] { return !ready_.empty() || exhausted_ || abandoned_; });
  if (ready_.empty()) return std::nullopt;
  const std::size_t index = ready_.front();
  ready_.pop_front();
  return index;
}

void Worker::searched(std::size_t index, const SearchStats& stats) {
  const ResultWords words = pack(FinishedSubtree{index, stats});
  std::lock_guard lock(mutex_);
  outbox_.push_back(words);
}

SearchStats Worker::finish() {
  {
    std::lock_guard lock(mutex_);
    searching_done_ = true;
  }
  if (messages_.joinable()) messages_.join();
  return {};
}

void Worker::exchange() {
  for (;;) {
    {
      std::lock_guard lock(mutex_);
      if (abandoned_) return;
      if (searching_done_ && outbox_.empty() && asked_ == 0) break;
    }
    if (!exchange_once()) std::this_thread::sleep_for(idle_pause);
  }
  world_.send(0, Tag::goodbye);
}

bool Worker::exchange_once() {
  std::vector<ResultWords> results;
  std::size_t requests = 0;
  {
    std::lock_guard lock(mutex_);
    results.swap(outbox_);
    if (!exhausted_ && asked_ == 0 && ready_.size() < ahead_) requests = 1;
    asked_ += requests;
  }
  for (const auto& words : results) world_.send(0, Tag::result, words.data(), static_cast<int>(words.size()));
  for (std::size_t k = 0; k < requests; ++k) world_.send(0, Tag::request);
  bool answered = false;
  while (world_.iprobe(0, Tag::subtrees)) {
    SubtreeWords chunk;
    world_.recv(0, Tag::subtrees, chunk.data(), static_cast<int>(chunk.size()));
    answered = true;
    std::lock_guard lock(mutex_);
    --asked_;
    if (chunk[0] == 0) exhausted_ = true;
    for (std::size_t k = 1; k <= chunk[0]; ++k) ready_.push_back(static_cast<std::size_t>(chunk[k]));
  }
  if (answered) handed_.notify_all();
  return answered || !results.empty() || requests != 0;
}

}  // namespace backtrack::mpi
