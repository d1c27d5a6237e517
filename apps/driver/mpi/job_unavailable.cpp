// join_mpi_job() in a build configured without -DBACKTRACK_MPI=ON.
#include "backtrack/errors.hpp"
#include "job.hpp"

namespace backtrack {

std::unique_ptr<MpiJob> join_mpi_job() {
  throw UsageError(
      "--mpi: this backtrack was built without MPI. Install Open MPI and Boost.MPI (apt-get install "
      "openmpi-bin libopenmpi-dev libboost-mpi-dev) and build it again: MPI is then built in "
      "(-DBACKTRACK_MPI=AUTO, the default; ON insists)");
}

}  // namespace backtrack
