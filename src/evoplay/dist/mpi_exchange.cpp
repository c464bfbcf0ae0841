#include "evoplay/dist/mpi_exchange.hpp"

#include <mpi.h>

#include <numeric>

#include "evoplay/core/error.hpp"
#include "evoplay/dist/mpi_session.hpp"

namespace evoplay::dist {

namespace {

/// MPI_Allgather of each rank's length, then MPI_Allgatherv of the bytes.
class WorldExchange : public Exchange {
 public:
  explicit WorldExchange(World w) : world_(w) {}
  int rank() const override { return world_.rank; }
  int size() const override { return world_.size; }

  std::vector<std::string> all_gather(const std::string& mine) override {
    const int length = static_cast<int>(mine.size());
    std::vector<int> lengths(static_cast<std::size_t>(world_.size));
    check_mpi(MPI_Allgather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, MPI_COMM_WORLD),
              "MPI_Allgather");
    std::vector<int> offsets(lengths.size(), 0);
    std::exclusive_scan(lengths.begin(), lengths.end(), offsets.begin(), 0);
    std::string all(static_cast<std::size_t>(offsets.back() + lengths.back()), '\0');
    check_mpi(MPI_Allgatherv(mine.data(), length, MPI_CHAR, all.data(), lengths.data(),
                             offsets.data(), MPI_CHAR, MPI_COMM_WORLD),
              "MPI_Allgatherv");
    std::vector<std::string> parts;
    for (std::size_t r = 0; r < lengths.size(); ++r) {
      parts.push_back(
          all.substr(static_cast<std::size_t>(offsets[r]), static_cast<std::size_t>(lengths[r])));
    }
    return parts;
  }

 private:
  World world_;
};

}  // namespace

std::unique_ptr<Exchange> world_exchange() {
  const World w = world();
  if (w.size < 2) return nullptr;
  return std::make_unique<WorldExchange>(w);
}

}  // namespace evoplay::dist
