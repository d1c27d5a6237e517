#pragma once
// Rank 0 of a count: the SubtreeSource that hands the pending subtrees out, in order,
// to this rank's threads and to every other rank that asks, and adds up what the
// others searched.
//
// A message thread answers the other ranks while this rank's threads search; it is
// the only thread that calls MPI (MPI_THREAD_SERIALIZED is enough). The subtrees the
// others finish go to the checkpoint and the progress line like this rank's own, so
// rank 0 alone writes the journal.
//
// This rank's threads start once every other rank has asked for its first chunk: a rank
// that starts up late would otherwise find a short count already done here.
#include <boost/mpi/communicator.hpp>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

#include "backtrack/checkpoint.hpp"
#include "backtrack/solver_interface.hpp"
#include "backtrack/subtree_source.hpp"

namespace backtrack::mpi {

class Coordinator final : public SubtreeSource {
 public:
  Coordinator(boost::mpi::communicator world, Checkpoint* checkpoint, Progress* progress);
  // After an error on this rank: stops answering, without waiting for the others.
  ~Coordinator() override;

  void begin(std::span<const std::size_t> pending) override;
  std::optional<std::size_t> next() override;
  void searched(std::size_t, const SearchStats&) override { ++searched_here_; }
  // Waits until every other rank has sent all its results; logs (-v) how many
  // subtrees each rank searched.
  SearchStats finish() override;

 private:
  void serve();
  // A batch of results: `words` words, a ResultWords per subtree.
  void receive_results(int rank, int words);
  // The message thread heard from `rank` (a request or a goodbye).
  void heard_from(int rank);

  boost::mpi::communicator world_;
  Checkpoint* checkpoint_;
  Progress* progress_;
  PendingSubtrees pending_;  // shared by this rank's threads and the message thread
  SearchStats elsewhere_;    // the other ranks' subtrees; only the message thread writes it
  std::vector<std::size_t> searched_by_rank_;  // likewise
  std::atomic<std::size_t> searched_here_{0};
  std::atomic<bool> abandoned_{false};
  std::vector<bool> heard_;  // by rank; only the message thread reads and writes it
  std::mutex start_mutex_;
  std::condition_variable all_heard_;
  int others_heard_ = 0;  // guarded by start_mutex_
  std::atomic<bool> started_{false};
  std::thread messages_;
};

}  // namespace backtrack::mpi
