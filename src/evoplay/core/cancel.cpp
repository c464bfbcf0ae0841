#include "evoplay/core/cancel.hpp"

#include <signal.h>

#include "evoplay/core/atomic_file.hpp"

namespace evoplay {

namespace {

// A signal handler can reach nothing but globals: the flag of the token being watched (owned by
// the Interrupts alive, which clears this before it goes), and whether a signal came.
std::atomic<std::atomic<bool>*> g_watched{nullptr};
std::atomic<bool> g_signalled{false};
static_assert(std::atomic<std::atomic<bool>*>::is_always_lock_free);

extern "C" void cancel_on_signal(int sig) {
  std::atomic<bool>* flag = g_watched.load();
  if (flag == nullptr || g_signalled.exchange(true)) {
    remove_temporaries_and_exit(sig);  // a second signal: end now
    return;
  }
  flag->store(true);
}

}  // namespace

Interrupts::Interrupts(const CancelToken& token) : token_(token) {
  g_signalled = false;
  // The token's flag lives as long as token_ does: this object keeps a copy.
  g_watched = const_cast<std::atomic<bool>*>(token_.flag());
  struct sigaction action {};
  action.sa_handler = cancel_on_signal;
  sigemptyset(&action.sa_mask);
  for (int sig : {SIGINT, SIGTERM}) sigaction(sig, &action, nullptr);
}

Interrupts::~Interrupts() {
  g_watched = nullptr;
  remove_temporaries_on_signals();  // back to the program's own handlers
}

bool Interrupts::interrupted() const { return g_signalled.load(); }

}  // namespace evoplay
