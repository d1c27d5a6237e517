#pragma once
// What the ranks of a count tell each other.
//
//   worker -> rank 0   request    "more subtrees, please" (no payload)
//   rank 0 -> worker   subtrees   a chunk of indices into the split (SubtreeWords); an
//                                 empty chunk: none left
//   worker -> rank 0   result     searched subtrees: index and statistics (a ResultWords each)
//   worker -> rank 0   goodbye    every result of this rank has been sent
//
// MPI keeps the order of the messages between two ranks, so rank 0 has every result
// of a worker once its goodbye arrives. Messages are arrays of 64-bit words, an MPI
// type of their own: no serialization on the way.
#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cstdint>

#include "backtrack/checkpoint.hpp"
#include "backtrack/search_stats.hpp"

namespace backtrack::mpi {

enum Tag : int { request = 1, subtrees = 2, result = 3, goodbye = 4 };

// A chunk of subtrees: its size, then the indices. Chunks shrink as the work runs out
// (guided scheduling): big ones while much is left, so that a worker asks rarely even
// when subtrees take microseconds, and single subtrees at the end, so that the ranks
// finish together.
inline constexpr std::size_t max_chunk = 1024;
using SubtreeWords = std::array<std::uint64_t, max_chunk + 1>;

inline std::size_t chunk_size(std::size_t left, int ranks) {
  return std::clamp<std::size_t>(left / (4 * static_cast<std::size_t>(ranks)), 1, max_chunk);
}

// Waiting for a message without a core spinning: MPI's blocking calls spin, so a
// message thread probes and sleeps, a little longer after each empty probe. The ranks
// share a core with the search threads: the fewer wake-ups the better, as long as an
// answer comes before the subtrees asked for are needed (workers ask ahead).
inline constexpr std::chrono::microseconds shortest_pause{50};
inline constexpr std::chrono::microseconds longest_pause{250};
// How long a worker keeps finished subtrees before sending them together.
inline constexpr std::chrono::milliseconds result_batch_interval{2};

// A searched subtree on the wire. MPI has no 128-bit integer, so each count travels as
// its low and high halves; `seconds` travels as the bits of its double; then the
// problem's counters (work_counters.hpp).
using ResultWords = std::array<std::uint64_t, 10 + max_work_counters>;

inline ResultWords pack(const FinishedSubtree& f) {
  const SearchStats& s = f.stats;
  ResultWords words{f.index,
          s.nodes,
          s.failures,
          static_cast<std::uint64_t>(s.solutions),
          static_cast<std::uint64_t>(s.solutions >> 64),
          static_cast<std::uint64_t>(s.representatives),
          static_cast<std::uint64_t>(s.representatives >> 64),
          static_cast<std::uint64_t>(s.max_depth),
          std::bit_cast<std::uint64_t>(s.seconds),
          static_cast<std::uint64_t>(s.stop)};
  std::copy(s.counters.value.begin(), s.counters.value.end(), words.begin() + 10);
  return words;
}

inline FinishedSubtree unpack(const ResultWords& w) {
  FinishedSubtree f;
  f.index = static_cast<std::size_t>(w[0]);
  f.stats.nodes = w[1];
  f.stats.failures = w[2];
  f.stats.solutions = (static_cast<uint128>(w[4]) << 64) | w[3];
  f.stats.representatives = (static_cast<uint128>(w[6]) << 64) | w[5];
  f.stats.max_depth = static_cast<int>(w[7]);
  f.stats.seconds = std::bit_cast<double>(w[8]);
  f.stats.stop = static_cast<StopReason>(w[9]);
  for (std::size_t i = 0; i < max_work_counters; ++i) f.stats.counters.value[i] = w[10 + i];
  return f;
}

}  // namespace backtrack::mpi
