#include "solver_for.hpp"

namespace backtrack::xcc {

template std::unique_ptr<Solver> solver_for<false>(std::shared_ptr<const XccFile> file, exact_cover::ItemChoice choice,
                                                  std::string description);

}  // namespace backtrack::xcc
