#include "evoplay/dist/unit_store.hpp"

#include <fstream>
#include <iterator>

#include "evoplay/core/atomic_file.hpp"
#include "evoplay/core/json_text.hpp"

namespace evoplay::dist {

UnitResults UnitStore::load(const UnitJob& job) const {
  UnitResults results(job.count);
  std::error_code ec;
  if (!std::filesystem::is_directory(dir_, ec)) return results;
  for (std::size_t i = 0; i < job.count; ++i) {
    std::ifstream in(dir_ / (std::to_string(i) + ".json"), std::ios::binary);
    if (!in) continue;
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    const auto j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("key") || !j.contains("result")) continue;
    if (j["key"] != job.key(i)) continue;
    results[i] = j["result"];
  }
  return results;
}

void UnitStore::save(std::size_t index, const std::string& key,
                     const nlohmann::json& result) const {
  std::filesystem::create_directories(dir_);
  const nlohmann::json j = {{"key", key}, {"result", result}};
  write_file_atomic(dir_ / (std::to_string(index) + ".json"), json_text(j) + "\n");
}

void UnitStore::clear() const {
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
}

}  // namespace evoplay::dist
