#pragma once
// Rank 0 of a count: the SubtreeSource that hands the pending subtrees out, in order,
// to this rank's threads and to every other rank that asks, and adds up what the
// others searched.
//
// A message thread answers the other ranks while this rank's threads search; it is
// the only thread that calls MPI (MPI_THREAD_SERIALIZED is enough). The subtrees the
// others finish go to the checkpoint and the progress line like this rank's own, so
// rank 0 alone writes the journal.
#include <boost/mpi/communicator.hpp>
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
  std::optional<std::size_t> next() override { return pending_.next(); }
  void searched(std::size_t, const SearchStats&) override { ++searched_here_; }
  // Waits until every other rank has sent all its results; logs (-v) how many
  // subtrees each rank searched.
  SearchStats finish() override;

 private:
  void serve();
  // A batch of results: `words` words, a ResultWords per subtree.
  void receive_results(int rank, int words);

  boost::mpi::communicator world_;
  Checkpoint* checkpoint_;
  Progress* progress_;
  PendingSubtrees pending_;  // shared by this rank's threads and the message thread
  SearchStats elsewhere_;    // the other ranks' subtrees; only the message thread writes it
  std::vector<std::size_t> searched_by_rank_;  // likewise
  std::atomic<std::size_t> searched_here_{0};
  std::atomic<bool> abandoned_{false};
  std::thread messages_;
};

}  // namespace backtrack::mpi
