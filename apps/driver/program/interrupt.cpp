#include "interrupt.hpp"

#include <csignal>

namespace backtrack::interrupt {
namespace {
std::atomic<bool> stop_requested{false};
volatile std::sig_atomic_t received = 0;
std::atomic<bool>* host_flag = nullptr;

extern "C" void on_signal(int signal) {
  received = signal;
  stop_requested.store(true);
}
}  // namespace

const std::atomic<bool>& install() {
  if (host_flag != nullptr) return *host_flag;
  static const bool installed = [] {
    struct sigaction action {};
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;  // the second Ctrl-C is not caught: it ends the program
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
    return true;
  }();
  (void)installed;
  return stop_requested;
}

int signal_number() { return received; }

int exit_code() { return received != 0 ? 128 + received : 130; }

void request_stop() { (host_flag != nullptr ? *host_flag : stop_requested).store(true); }

void use_host_flag(std::atomic<bool>* flag) { host_flag = flag; }

}  // namespace backtrack::interrupt
