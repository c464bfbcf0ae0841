#pragma once
// Cancellation of long work, and Ctrl-C turned into it.
//
// Why it exists: every long call of the library (a solve, a study, a generator, a tournament)
// takes a CancelToken and stops soon after it is cancelled, returning what it finished. A front
// end cancels the token: the command line on Ctrl-C (Interrupts), a server when its client goes
// away, Python on KeyboardInterrupt. Copies of a token share one flag.

#include <atomic>
#include <memory>

namespace evoplay {

class CancelToken {
 public:
  CancelToken() : flag_(std::make_shared<std::atomic<bool>>(false)) {}

  /// Asks the work to stop (from any thread).
  void cancel() const { flag_->store(true, std::memory_order_relaxed); }
  bool cancelled() const { return flag_->load(std::memory_order_relaxed); }
  /// The shared flag, for code that polls a plain atomic (evo::Stopping::cancel).
  const std::atomic<bool>* flag() const { return flag_.get(); }

 private:
  std::shared_ptr<std::atomic<bool>> flag_;
};

/// While alive, the first Ctrl-C (SIGINT) or SIGTERM cancels `token` instead of ending the
/// program; a second one ends it at once, removing the temporary files being written (see
/// remove_temporaries_on_signals), so that still only whole files are left. One at a time.
class Interrupts {
 public:
  explicit Interrupts(const CancelToken& token);
  ~Interrupts();
  Interrupts(const Interrupts&) = delete;
  Interrupts& operator=(const Interrupts&) = delete;

  /// Whether a signal cancelled the token while this was alive.
  bool interrupted() const;

 private:
  CancelToken token_;
};

}  // namespace evoplay
