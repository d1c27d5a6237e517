#include "coordinator.hpp"

#include <boost/mpi/status.hpp>
#include <algorithm>
#include <tuple>
#include <vector>

#include "../program/log.hpp"
#include "backtrack/cli.hpp"
#include "messages.hpp"

namespace backtrack::mpi {

Coordinator::Coordinator(boost::mpi::communicator world, Checkpoint* checkpoint, Progress* progress)
    : world_(std::move(world)),
      checkpoint_(checkpoint),
      progress_(progress),
      searched_by_rank_(static_cast<std::size_t>(world_.size()), 0),
      heard_(static_cast<std::size_t>(world_.size()), false) {}

Coordinator::~Coordinator() {
  abandoned_ = true;
  if (messages_.joinable()) messages_.join();
}

void Coordinator::begin(std::span<const std::size_t> pending) {
  pending_.begin(pending);
  messages_ = std::thread([this] { serve(); });
}

std::optional<std::size_t> Coordinator::next() {
  if (!started_) {
    std::unique_lock lock(start_mutex_);
    all_heard_.wait(lock, [this] { return others_heard_ == world_.size() - 1; });
    started_ = true;
  }
  return pending_.next();
}

void Coordinator::heard_from(int rank) {
  if (heard_[static_cast<std::size_t>(rank)]) return;
  heard_[static_cast<std::size_t>(rank)] = true;
  {
    std::lock_guard lock(start_mutex_);
    ++others_heard_;
  }
  all_heard_.notify_all();
}

SearchStats Coordinator::finish() {
  if (messages_.joinable()) messages_.join();
  searched_by_rank_[0] = searched_here_;
  if (log::debug_enabled()) {
    std::string shares;
    for (const auto n : searched_by_rank_) shares += (shares.empty() ? "" : ", ") + std::to_string(n);
    log::debug("subtrees searched by rank 0, 1, ...: " + shares);
  }
  return elsewhere_;
}

void Coordinator::serve() {
  const int others = world_.size() - 1;
  int done = 0;  // ranks that said goodbye
  auto pause = shortest_pause;
  while (done < others && !abandoned_) {
    const auto status = world_.iprobe(boost::mpi::any_source, boost::mpi::any_tag);
    if (!status) {
      std::this_thread::sleep_for(pause);
      pause = std::min(2 * pause, longest_pause);
      continue;
    }
    pause = shortest_pause;
    const int rank = status->source();
    switch (status->tag()) {
      case Tag::request: {
        world_.recv(rank, Tag::request);
        heard_from(rank);
        SubtreeWords chunk{};
        const std::size_t wanted = chunk_size(pending_.left(), world_.size());
        while (chunk[0] < wanted) {
          const auto index = pending_.next();
          if (!index) break;
          chunk[++chunk[0]] = *index;
        }
        world_.send(rank, Tag::subtrees, chunk.data(), static_cast<int>(chunk.size()));
        break;
      }
      case Tag::result:
        receive_results(rank, status->count<std::uint64_t>().value_or(0));
        break;
      case Tag::goodbye:
        world_.recv(rank, Tag::goodbye);
        heard_from(rank);
        ++done;
        break;
      default:  // another program in the job: nothing sensible is left to do
        log::critical("internal error: rank " + std::to_string(rank) + " sent a message with tag " +
                      std::to_string(status->tag()));
        world_.abort(exit_internal);
    }
  }
}

void Coordinator::receive_results(int rank, int words) {
  std::vector<ResultWords> batch(static_cast<std::size_t>(words) / std::tuple_size_v<ResultWords>);
  world_.recv(rank, Tag::result, batch.empty() ? nullptr : batch.front().data(), words);
  for (const auto& w : batch) {
    const FinishedSubtree f = unpack(w);
    elsewhere_ += f.stats;
    ++searched_by_rank_[static_cast<std::size_t>(rank)];
    if (!f.stats.complete()) continue;
    if (checkpoint_ != nullptr) checkpoint_->record(f.index, f.stats);
    if (progress_ != nullptr) {
      progress_->nodes += f.stats.nodes;
      ++progress_->done;
    }
  }
}

}  // namespace backtrack::mpi
