#include "evoplay/core/exchange.hpp"

namespace evoplay {

std::uint64_t sum_over_processes(Exchange* exchange, std::uint64_t value) {
  if (!exchange || exchange->size() < 2) return value;
  std::uint64_t sum = 0;
  for (const auto& part : exchange->all_gather(std::to_string(value))) sum += std::stoull(part);
  return sum;
}

}  // namespace evoplay
