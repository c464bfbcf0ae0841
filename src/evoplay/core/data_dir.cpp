#include "evoplay/core/data_dir.hpp"

#include <system_error>
#include <vector>

namespace evoplay {

std::filesystem::path find_data_dir(const std::string& name) {
  std::vector<std::filesystem::path> candidates = {std::filesystem::path("data") / name};
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) candidates.push_back(self.parent_path().parent_path().parent_path() / "data" / name);
  for (const auto& c : candidates) {
    if (std::filesystem::is_directory(c)) return c;
  }
  return {};
}

}  // namespace evoplay
