#include "evoplay/dist/mpi_session.hpp"

#include <mpi.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <sstream>
#include <streambuf>
#include <string>
#include <thread>

#include "evoplay/core/error.hpp"

namespace evoplay::dist {

namespace {
std::atomic<bool> units_over_flag{false};  // see note_units_over
/// Standard input under a launcher: Open MPI gives it to rank 0 only. Every rank reads it at
/// the same point of the same command (read_bytes("-"), a person's moves), so the first read
/// is collective: rank 0 reads its standard input to the end and broadcasts the bytes; every
/// rank then reads them from memory.
class SharedStdin : public std::streambuf {
 public:
  explicit SharedStdin(std::streambuf* real) : real_(real) {}

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    if (loaded_) return traits_type::eof();
    load();
    return gptr() < egptr() ? traits_type::to_int_type(*gptr()) : traits_type::eof();
  }

 private:
  void load() {
    loaded_ = true;
    if (world().leader()) {
      std::ostringstream all;
      if (real_) all << real_;
      bytes_ = all.str();
    }
    unsigned long long size = bytes_.size();
    check_mpi(MPI_Bcast(&size, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD), "MPI_Bcast");
    bytes_.resize(static_cast<std::size_t>(size));
    constexpr std::size_t kChunk = 1 << 30;  // MPI counts are ints
    for (std::size_t at = 0; at < bytes_.size(); at += kChunk) {
      const int count = static_cast<int>(std::min(kChunk, bytes_.size() - at));
      check_mpi(MPI_Bcast(bytes_.data() + at, count, MPI_CHAR, 0, MPI_COMM_WORLD), "MPI_Bcast");
    }
    setg(bytes_.data(), bytes_.data(), bytes_.data() + bytes_.size());
  }

  std::streambuf* real_;
  std::string bytes_;
  bool loaded_ = false;
};

}  // namespace

void note_units_over() { units_over_flag = true; }
bool units_over() { return units_over_flag; }

bool launched_by_mpi() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK"}) {
    if (std::getenv(name)) return true;
  }
  return false;
}

World world() {
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  World w;
  if (!initialized || finalized) return w;
  MPI_Comm_rank(MPI_COMM_WORLD, &w.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &w.size);
  return w;
}

MpiSession::MpiSession() {
  if (!launched_by_mpi()) return;
  int provided = 0;
  if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
    throw Error("MPI: MPI_Init_thread failed");
  }
  active_ = true;
  // Errors come back as return codes, not an abort of the job.
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  if (!world().leader() && !std::freopen("/dev/null", "w", stdout)) {
    throw Error("MPI: cannot silence the standard output of a worker rank");
  }
  if (world().size > 1) {
    real_stdin_ = std::cin.rdbuf();
    shared_stdin_ = std::make_unique<SharedStdin>(real_stdin_);
    std::cin.rdbuf(shared_stdin_.get());
  }
}

MpiSession::~MpiSession() {
  if (shared_stdin_) {
    std::cin.rdbuf(real_stdin_);
    shared_stdin_.reset();
  }
  if (active_) MPI_Finalize();
}

bool every_rank_failed(double seconds) {
  MPI_Request request = MPI_REQUEST_NULL;
  if (MPI_Ibarrier(MPI_COMM_WORLD, &request) != MPI_SUCCESS) return false;
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  for (;;) {
    int done = 0;
    if (MPI_Test(&request, &done, MPI_STATUS_IGNORE) != MPI_SUCCESS) return false;
    if (done) return true;
    if (std::chrono::steady_clock::now() > end) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

void abandon(int status) {
  std::fflush(stdout);
  std::fflush(stderr);
  ::_exit(status);
}

void check_mpi(int code, const char* what) {
  if (code != MPI_SUCCESS) throw InternalError(std::string("MPI: ") + what + " failed");
}

}  // namespace evoplay::dist
