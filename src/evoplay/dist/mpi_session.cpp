#include "evoplay/dist/mpi_session.hpp"

#include <mpi.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "evoplay/core/error.hpp"

namespace evoplay::dist {

namespace {
std::atomic<bool> units_over_flag{false};  // see note_units_over
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
}

MpiSession::~MpiSession() {
  if (active_) MPI_Finalize();
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
