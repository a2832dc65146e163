// SPDX-License-Identifier: Apache-2.0
#include "src/utf8/mapped_read.h"

#include <pthread.h>
#include <setjmp.h>
#include <signal.h>

#include <atomic>
#include <mutex>

namespace u8guard::internal {
namespace {

// The window a thread is reading in ReadMapped, and where to return to.
struct Window {
  const char* begin;
  const char* end;
  sigjmp_buf* resume;
};

// Set only while this thread runs ReadMapped's `read`. The handler reads it
// on whichever thread faults, also on threads that never called ReadMapped:
// initial-exec TLS is a fixed offset from the thread pointer, where the
// default model could allocate this library's TLS block, inside a signal
// handler, on such a thread's first access.
constinit thread_local Window* tls_window
    __attribute__((tls_model("initial-exec"))) = nullptr;

// SIGBUS's disposition before the handler was installed.
struct sigaction previous_action;
std::atomic<bool> installed{false};
// Set once a handler installed with SA_RESETHAND has been called: the
// kernel would have reset the disposition to SIG_DFL on that delivery.
std::atomic<bool> previous_reset{false};

// The default action, as without the handler (the kernel ends a process
// that ignores or blocks a fault too): raised again, it is delivered as
// soon as the handler returns.
void TakeDefaultAction() {
  struct sigaction default_action = {};
  default_action.sa_handler = SIG_DFL;
  sigemptyset(&default_action.sa_mask);
  sigaction(SIGBUS, &default_action, nullptr);
  raise(SIGBUS);
}

// Passes a SIGBUS that is not ReadMapped's on to the disposition the handler
// replaced, as the kernel would have delivered it had the handler not been
// there:
//   SIG_DFL      the default action: the process ends (with a core dump).
//   SIG_IGN      never replaced: the kernel discards an ignored signal
//                when it is sent, so it interrupts nothing, while any
//                handler, even one that drops it, makes nanosleep, poll,
//                select, pause and the like fail with EINTR. So the guard
//                is not installed over SIG_IGN (GuardMappedReads returns
//                false and the file is read instead of mapped).
//   a handler    called with the siginfo and context when it was installed
//                with SA_SIGINFO, with the signal number alone otherwise,
//                under the signal mask the kernel would have set: the mask
//                of the interrupted code (ours now, less the SIGBUS the
//                kernel added for this handler), plus the handler's
//                sa_mask, plus SIGBUS unless SA_NODEFER. So a handler that
//                leaves with siglongjmp (without a saved mask) or longjmp
//                keeps that mask, as it would have. The mask is ours again
//                once it returns.
//   SA_RESETHAND the first call resets the disposition to SIG_DFL before
//                the handler runs: from then on the replaced disposition is
//                SIG_DFL (our handler stays, for ReadMapped, and passes
//                every later SIGBUS on to the default action). One call
//                only, whichever threads fault at once.
//   SA_RESTART   a system call that a sent SIGBUS interrupts is restarted
//                when the handler returns: our handler is installed with
//                SA_RESTART when the replaced one had it.
//   SA_ONSTACK   the one flag that cannot be reproduced: the handler runs on
//                the stack our handler runs on, the thread's alternate
//                signal stack when it has one (ours is installed with
//                SA_ONSTACK), whether it asked for it or not.
// sigaction, raise, pthread_sigmask and the sigset functions are
// async-signal-safe (pthread_sigmask is on glibc; POSIX names sigprocmask).
void PassOn(int sig, siginfo_t* info, void* context) {
  const struct sigaction& previous = previous_action;
  const bool is_handler =
      (previous.sa_flags & SA_SIGINFO) != 0 ||
      (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN);
  if (is_handler && ((previous.sa_flags & SA_RESETHAND) == 0 ||
                     !previous_reset.exchange(true))) {
    sigset_t ours, during;
    pthread_sigmask(SIG_SETMASK, nullptr, &ours);
    sigorset(&during, &ours, &previous.sa_mask);
    // SIGBUS is blocked now (the kernel added it for our handler) and was
    // not blocked where the signal interrupted: a fault with SIGBUS blocked
    // ends the process, a sent SIGBUS waits until it is unblocked.
    if ((previous.sa_flags & SA_NODEFER) != 0) sigdelset(&during, SIGBUS);
    pthread_sigmask(SIG_SETMASK, &during, nullptr);
    if ((previous.sa_flags & SA_SIGINFO) != 0) {
      previous.sa_sigaction(sig, info, context);
    } else {
      previous.sa_handler(sig);
    }
    pthread_sigmask(SIG_SETMASK, &ours, nullptr);
    return;
  }
  TakeDefaultAction();
}

void OnBusError(int sig, siginfo_t* info, void* context) {
  const Window* w = tls_window;
  const char* address = static_cast<const char*>(info->si_addr);
  if (w != nullptr && info->si_code > 0 && address >= w->begin &&
      address < w->end) {
    siglongjmp(*w->resume, 1);
  }
  PassOn(sig, info, context);
}

bool HandlerIsCurrent() {
  struct sigaction current;
  if (sigaction(SIGBUS, nullptr, &current) != 0) return false;
  return (current.sa_flags & SA_SIGINFO) != 0 &&
         current.sa_sigaction == &OnBusError;
}

}  // namespace

bool GuardMappedReads() {
  static std::mutex mu;
  if (!installed.load()) {
    const std::lock_guard<std::mutex> lock(mu);
    if (!installed.load()) {
      // The previous disposition is saved before the handler can run.
      struct sigaction current;
      if (sigaction(SIGBUS, nullptr, &current) != 0) return false;
      // Not over SIG_IGN (see PassOn); asked again on the next call, in
      // case the program has set another disposition since.
      if ((current.sa_flags & SA_SIGINFO) == 0 &&
          current.sa_handler == SIG_IGN) {
        return false;
      }
      previous_action = current;
      struct sigaction action = {};
      action.sa_sigaction = &OnBusError;
      action.sa_flags = SA_SIGINFO | SA_ONSTACK;
      // A sent SIGBUS that PassOn hands to a handler that asked for
      // restarts restarts what it interrupted.
      if ((previous_action.sa_flags & SA_RESTART) != 0) {
        action.sa_flags |= SA_RESTART;
      }
      sigemptyset(&action.sa_mask);
      if (sigaction(SIGBUS, &action, nullptr) != 0) return false;
      installed.store(true);
    }
  }
  return HandlerIsCurrent();
}

bool ReadMapped(const char* begin, size_t size,
                absl::FunctionRef<void()> read) {
  sigset_t bus;
  sigemptyset(&bus);
  sigaddset(&bus, SIGBUS);
  // A fault with SIGBUS blocked would end the process without a handler.
  sigset_t caller_mask;
  pthread_sigmask(SIG_UNBLOCK, &bus, &caller_mask);
  const bool restore_mask = sigismember(&caller_mask, SIGBUS) == 1;

  sigjmp_buf resume;
  Window window{begin, begin + size, &resume};
  // Not saving the mask here (one system call fewer per window): the
  // handler returns with SIGBUS blocked, and the caller's mask is restored
  // below on both paths.
  if (sigsetjmp(resume, 0) != 0) {
    tls_window = nullptr;
    pthread_sigmask(SIG_SETMASK, &caller_mask, nullptr);
    return false;
  }
  tls_window = &window;
  std::atomic_signal_fence(std::memory_order_seq_cst);
  read();
  std::atomic_signal_fence(std::memory_order_seq_cst);
  tls_window = nullptr;
  if (restore_mask) pthread_sigmask(SIG_SETMASK, &caller_mask, nullptr);
  return true;
}

}  // namespace u8guard::internal
