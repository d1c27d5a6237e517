#include "worker.hpp"

#include <boost/mpi/status.hpp>

namespace backtrack::mpi {

Worker::Worker(boost::mpi::communicator world, unsigned threads)
    : world_(std::move(world)), threads_(std::max(1u, threads)), refill_at_(threads_) {}

Worker::~Worker() {
  {
    std::lock_guard lock(mutex_);
    abandoned_ = true;
  }
  handed_.notify_all();
  wake_.notify_all();
  if (messages_.joinable()) messages_.join();
}

void Worker::begin(std::span<const std::size_t>) { messages_ = std::thread([this] { exchange(); }); }

std::optional<std::size_t> Worker::next() {
  std::unique_lock lock(mutex_);
  handed_.wait(lock, [this] { return !ready_.empty() || exhausted_ || abandoned_; });
  if (ready_.empty()) return std::nullopt;
  const std::size_t index = ready_.front();
  ready_.pop_front();
  if (needs_more()) wake_.notify_one();
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
  wake_.notify_one();
  if (messages_.joinable()) messages_.join();
  return {};
}

void Worker::exchange() {
  for (;;) {
    std::vector<ResultWords> results;
    bool ask = false;
    bool last = false;
    {
      std::unique_lock lock(mutex_);
      wake_.wait_for(lock, result_batch_interval, [this] { return abandoned_ || searching_done_ || needs_more(); });
      if (abandoned_) return;
      results.swap(outbox_);
      ask = needs_more();
      // Every search thread has returned, so every result is in `results`.
      last = searching_done_;
    }
    // One message for the batch: the coordinator's thread shares a core with a search.
    if (!results.empty()) {
      world_.send(0, Tag::result, results.front().data(), static_cast<int>(results.size() * results.front().size()));
    }
    if (ask) receive_chunk();
    if (last) break;
  }
  world_.send(0, Tag::goodbye);
}

void Worker::receive_chunk() {
  world_.send(0, Tag::request);
  auto pause = shortest_pause;
  while (!world_.iprobe(0, Tag::subtrees)) {
    std::this_thread::sleep_for(pause);
    pause = std::min(2 * pause, longest_pause);
  }
  SubtreeWords chunk;
  world_.recv(0, Tag::subtrees, chunk.data(), static_cast<int>(chunk.size()));
  {
    std::lock_guard lock(mutex_);
    if (chunk[0] == 0) exhausted_ = true;
    for (std::size_t k = 1; k <= chunk[0]; ++k) ready_.push_back(static_cast<std::size_t>(chunk[k]));
    refill_at_ = std::max<std::size_t>(threads_, chunk[0] / 2);
  }
  handed_.notify_all();
}

}  // namespace backtrack::mpi
