// join_mpi_job() with Open MPI and Boost.MPI.
#include <boost/mpi/communicator.hpp>
#include <boost/mpi/environment.hpp>

#include "../output/report.hpp"
#include "../program/error_exit.hpp"
#include "coordinator.hpp"
#include "job.hpp"
#include "worker.hpp"

namespace backtrack {
namespace {

class OpenMpiJob final : public MpiJob {
 public:
  OpenMpiJob() {
    // One thread per rank calls MPI (the message thread), not always the main one.
    if (environment_.thread_level() < boost::mpi::threading::serialized) {
      throw std::runtime_error("the MPI library does not allow calls from a thread other than the main one");
    }
  }

  bool is_rank_zero() const override { return world_.rank() == 0; }
  int ranks() const override { return world_.size(); }

  RunResult count(const Solver& solver, RunRequest request) override {
    try {
      std::unique_ptr<SubtreeSource> subtrees;
      if (is_rank_zero()) {
        subtrees = std::make_unique<mpi::Coordinator>(world_, request.checkpoint, request.progress);
      } else {
        subtrees = std::make_unique<mpi::Worker>(world_, request.threads);
        request.checkpoint = nullptr;
        request.progress = nullptr;
      }
      request.subtrees = subtrees.get();
      return solver.run(request, ignore_solutions());
    } catch (...) {
      world_.abort(exit_code_for_current_exception());
      throw;  // not reached: abort() ends the process
    }
  }

 private:
  boost::mpi::environment environment_{boost::mpi::threading::serialized, /*abort_on_exception=*/false};
  boost::mpi::communicator world_;
};

}  // namespace

std::unique_ptr<MpiJob> join_mpi_job() { return std::make_unique<OpenMpiJob>(); }

}  // namespace backtrack
