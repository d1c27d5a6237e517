#pragma once
// element2d(m, xs, columns, row, column, c): c = xs[row][column], the matrix given row by
// row, `columns` a row; rows and columns counted from first_row and first_column (0 by
// default; MiniZinc's x[i,j] keeps the index sets of its array).
//
// Native: the Element2dVars propagator (propagators/element.hpp), domain consistent on
// both indices and on c, the live cells kept reversibly. Decomposed, as MiniZinc's
// standard library (std/redefinitions-2.5.2.mzn): both indices bounded, a flat index
// k = row * columns + column (shifted to 0), a linear equality at domain consistency, and
// element(xs, k, c).
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "backtrack/csp/int_model.hpp"

namespace backtrack::csp {

inline void element2d(IntModel& m, std::span<const IntVar> xs, std::size_t columns, IntVar row, IntVar column, IntVar c,
                      Value first_row = 0, Value first_column = 0) {
  if (xs.empty() || columns == 0 || xs.size() % columns != 0) {
    throw std::invalid_argument("element2d: " + std::to_string(xs.size()) + " variables are no rows of " +
                                std::to_string(columns));
  }
  const std::size_t rows = xs.size() / columns;
  for (const auto& [first, count] : {std::pair{first_row, rows}, std::pair{first_column, columns}}) {
    if (count > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max()) ||
        first < std::numeric_limits<std::int32_t>::min() + Value{1} ||
        first + static_cast<Value>(count) > std::numeric_limits<std::int32_t>::max()) {
      throw std::invalid_argument("element2d: indices from " + std::to_string(first) + " go past the 32-bit values");
    }
  }
  if (m.globals() == Globals::decomposed) {
    const IntVar k = m.int_var(0, static_cast<Value>(xs.size()) - 1);
    const auto width = static_cast<Value>(columns);
    // The flat index alone would let a column past the end name a cell of the next row
    // (MiniZinc's compiler bounds both indices before it flattens).
    m.post(LinearExpr(row) >= LinearExpr(first_row));
    m.post(LinearExpr(row) <= LinearExpr(first_row + static_cast<Value>(rows) - 1));
    m.post(LinearExpr(column) >= LinearExpr(first_column));
    m.post(LinearExpr(column) <= LinearExpr(first_column + width - 1));
    m.post(LinearExpr(k) == width * LinearExpr(row) + LinearExpr(column) - LinearExpr(first_row * width + first_column),
           LinearStrength::domain);
    m.element(std::vector<IntVar>(xs.begin(), xs.end()), k, c);
    return;
  }
  Element2dVars p{{}, row.id, column.id, c.id, static_cast<int>(columns), first_row, first_column};
  for (IntVar x : xs) p.xs.push_back(x.id);
  m.add(std::move(p));
}

}  // namespace backtrack::csp
