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

// Passes a SIGBUS that is not ReadMapped's on to the previous disposition.
void PassOn(int sig, siginfo_t* info, void* context) {
  if ((previous_action.sa_flags & SA_SIGINFO) != 0) {
    previous_action.sa_sigaction(sig, info, context);
    return;
  }
  if (previous_action.sa_handler != SIG_DFL &&
      previous_action.sa_handler != SIG_IGN) {
    previous_action.sa_handler(sig);
    return;
  }
  const bool sent = info->si_code <= 0;  // kill(), sigqueue(), tgkill()
  if (sent && previous_action.sa_handler == SIG_IGN) return;
  // The default action, as without the handler (the kernel ends a process
  // that ignores a fault too): raised again, it is delivered as soon as the
  // handler returns.
  struct sigaction default_action = {};
  default_action.sa_handler = SIG_DFL;
  sigemptyset(&default_action.sa_mask);
  sigaction(SIGBUS, &default_action, nullptr);
  raise(SIGBUS);
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
  static std::once_flag once;
  std::call_once(once, [] {
    // The previous disposition is saved before the handler can run.
    if (sigaction(SIGBUS, nullptr, &previous_action) != 0) return;
    struct sigaction action = {};
    action.sa_sigaction = &OnBusError;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    installed.store(sigaction(SIGBUS, &action, nullptr) == 0);
  });
  return installed.load() && HandlerIsCurrent();
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
