#pragma once
// Any rank but 0: the SubtreeSource that asks rank 0 for chunks of subtrees and sends
// back the statistics of each one searched here.
//
// A message thread, the only one that calls MPI, sleeps until the subtrees waiting here
// run low, then asks for the next chunk while the search threads go on with the rest,
// so that they rarely wait for an answer. It sends the results in batches, and says
// goodbye once rank 0 has no subtree left and every result is sent.
#include <boost/mpi/communicator.hpp>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

#include "backtrack/subtree_source.hpp"
#include "messages.hpp"

namespace backtrack::mpi {

class Worker final : public SubtreeSource {
 public:
  Worker(boost::mpi::communicator world, unsigned threads);
  // After an error on this rank: stops the message thread, without a goodbye.
  ~Worker() override;

  // Rank 0 decides what is pending; this rank only asks.
  void begin(std::span<const std::size_t> pending) override;
  std::optional<std::size_t> next() override;
  void searched(std::size_t index, const SearchStats& stats) override;
  // Waits until every result is sent; the totals are rank 0's to add up.
  SearchStats finish() override;

 private:
  void exchange();
  // Waits for rank 0's answer to a request and puts the chunk in ready_.
  void receive_chunk();
  bool needs_more() const { return !exhausted_ && ready_.size() <= refill_at_; }

  boost::mpi::communicator world_;
  const std::size_t threads_;

  std::mutex mutex_;  // guards everything below
  std::condition_variable handed_;  // search threads wait for a chunk
  std::condition_variable wake_;    // the message thread waits for work
  std::deque<std::size_t> ready_;   // handed out by rank 0, not taken yet
  std::size_t refill_at_;           // ask for more when no more than this many wait
  bool exhausted_ = false;          // rank 0 answered with an empty chunk
  std::vector<ResultWords> outbox_; // results not sent yet
  bool searching_done_ = false;     // finish() was called
  bool abandoned_ = false;
  std::thread messages_;
};

}  // namespace backtrack::mpi
