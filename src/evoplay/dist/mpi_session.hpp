#pragma once
// MPI for the length of one program run, only when a launcher started the program.
//
// Why it exists: the same `evoplay` runs alone and under `mpirun`/`srun`. Started by a launcher
// (its environment names a rank: OMPI_COMM_WORLD_SIZE, PMIX_RANK or PMI_RANK), the program joins
// MPI_COMM_WORLD for its lifetime; started alone, MPI is never initialised, so no launcher is
// needed. Ranks other than 0 send their standard output to /dev/null: rank 0 alone prints
// results and writes the run folder.

#include <memory>
#include <streambuf>

namespace evoplay::dist {

/// This process's place among the ranks: {0, 1} when MPI is not running.
struct World {
  int rank = 0;
  int size = 1;
  bool leader() const { return rank == 0; }
};

/// The ranks of MPI_COMM_WORLD while an MpiSession is alive (MPI's own state), else {0, 1}.
World world();

/// True when the environment shows that an MPI launcher started this process.
bool launched_by_mpi();

class MpiSession {
 public:
  /// Initialises MPI (threads: funnelled, only the main thread calls MPI) when launched_by_mpi();
  /// with several ranks, standard input is read by rank 0 and shared with every rank.
  MpiSession();
  /// Finalises MPI (every rank must reach it; see abandon()).
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;

  bool active() const { return active_; }

 private:
  bool active_ = false;
  // Standard input shared by every rank (read by rank 0, broadcast at the first read).
  std::unique_ptr<std::streambuf> shared_stdin_;
  std::streambuf* real_stdin_ = nullptr;
};

/// Throws InternalError naming `what` unless `code` (an MPI call's return) is MPI_SUCCESS.
void check_mpi(int code, const char* what);

/// Marks (and tells) that this rank has left the units protocol with every other rank: from
/// then on an error ends the program normally, through MPI_Finalize, because no rank waits for
/// this one any more. (Process-wide like MPI's own state, e.g. MPI_Finalized.)
void note_units_over();
bool units_over();

/// Whether every rank called this within `seconds` (a non-blocking barrier): what failing ranks
/// call before they end, so that a usage or input error every rank meets is said once, by rank
/// 0, before any rank exits. False after `seconds` (some rank did not fail).
bool every_rank_failed(double seconds);

/// Ends this process at once with `status` without finalising MPI: what a rank does after an
/// error outside the units protocol, so that the launcher ends the job instead of waiting for
/// the other ranks in MPI_Finalize. Standard output and error are flushed first.
[[noreturn]] void abandon(int status);

}  // namespace evoplay::dist
