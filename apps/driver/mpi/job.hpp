#pragma once
// One count spread over the ranks of an MPI job: `mpiexec -n K backtrack solve ... --mpi`.
//
// Every rank parses the same command line and splits the count into the same list of
// subtrees (split_tree() is deterministic). Rank 0 hands the subtrees out one at a time
// on request, to its own threads and to the other ranks, which search them with their
// own threads and send back each subtree's statistics. Rank 0 adds them up, keeps the
// checkpoint and prints; the others print nothing. All of it happens through a
// SubtreeSource given to Solver::run(), so the engine and the plugins know nothing of MPI.
//
// This header does not need MPI: in a build without it, join_mpi_job() says so.
#include <memory>

#include "backtrack/solver_interface.hpp"

namespace backtrack {

class MpiJob {
 public:
  virtual ~MpiJob() = default;
  // Rank 0 prints the results and keeps the checkpoint.
  virtual bool is_rank_zero() const = 0;
  virtual int ranks() const = 0;
  // Counts with `solver`, the subtrees shared between the ranks. On rank 0 the result
  // is the whole job's, and request.checkpoint and request.progress hear of every
  // subtree; on the other ranks it covers what they searched, and the checkpoint is
  // not touched. An error on any rank ends the whole job with its exit code, since the
  // other ranks would otherwise wait for this one forever.
  virtual RunResult count(const Solver& solver, RunRequest request) = 0;
};

// Joins the MPI job this process was started in (or a job of one rank, without
// mpiexec). Throws UsageError in a build without MPI.
std::unique_ptr<MpiJob> join_mpi_job();

}  // namespace backtrack
