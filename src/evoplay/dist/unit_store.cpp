#include "evoplay/dist/unit_store.hpp"

#include <fmt/format.h>

#include <fstream>
#include <iterator>

#include "evoplay/core/atomic_file.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/json_text.hpp"

namespace evoplay::dist {

namespace fs = std::filesystem;

namespace {

/// The text of a unit store file that may be read: a regular file (after symbolic links) of at
/// most kMaxUnitFileBytes. Nullopt when it is not there; throws Error(why) otherwise.
std::optional<std::string> read_store_file(const fs::path& file) {
  std::error_code ec;
  const auto status = fs::status(file, ec);
  if (!fs::exists(status)) return std::nullopt;
  if (!fs::is_regular_file(status)) throw Error("not a regular file");
  const auto size = fs::file_size(file, ec);
  if (ec) throw Error("cannot read its size: " + ec.message());
  if (size > kMaxUnitFileBytes) {
    throw Error(fmt::format("{} bytes, more than the {} MiB a saved unit may have", size,
                            kMaxUnitFileBytes >> 20));
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) throw Error("cannot open it for reading");
  std::string text;
  text.resize(static_cast<std::size_t>(size));
  in.read(text.data(), static_cast<std::streamsize>(size));
  text.resize(static_cast<std::size_t>(in.gcount()));
  return text;
}

void check_folder(const fs::path& dir) {
  std::error_code ec;
  if (fs::exists(fs::symlink_status(dir, ec)) && !fs::is_directory(dir, ec)) {
    throw Error(dir.string(), 0, "expected the folder of saved units, found something else");
  }
}

std::string short_json(const nlohmann::json& j) {
  std::string s = j.is_discarded() ? "(none)" : json_text(j, -1);
  if (s.size() > 60) s = s.substr(0, 57) + "...";
  return s;
}

void collect_changes(const nlohmann::json& saved, const nlohmann::json& now,
                     const std::string& path, std::vector<std::string>& out, std::size_t limit) {
  if (out.size() >= limit || saved == now) return;
  if (saved.is_object() && now.is_object()) {
    for (const auto& [k, v] : saved.items()) {
      const auto it = now.find(k);
      collect_changes(v, it == now.end() ? nlohmann::json(nlohmann::json::value_t::discarded) : *it,
                      path.empty() ? k : path + "." + k, out, limit);
    }
    for (const auto& [k, v] : now.items()) {
      if (!saved.contains(k))
        collect_changes(nlohmann::json(nlohmann::json::value_t::discarded), v,
                        path.empty() ? k : path + "." + k, out, limit);
    }
    return;
  }
  out.push_back(fmt::format("{}: {}, now {}", path.empty() ? "(all)" : path, short_json(saved),
                            short_json(now)));
}

}  // namespace

std::vector<std::string> fingerprint_changes(const nlohmann::json& saved, const nlohmann::json& now,
                                             std::size_t limit) {
  std::vector<std::string> out;
  collect_changes(saved, now, "", out, limit);
  return out;
}

UnitResults UnitStore::load(const UnitJob& job, std::vector<std::string>& rejected) const {
  UnitResults results(job.count);
  check_folder(dir_);
  std::error_code ec;
  if (!fs::is_directory(dir_, ec)) return results;
  for (std::size_t i = 0; i < job.count; ++i) {
    const fs::path file = dir_ / (std::to_string(i) + ".json");
    try {
      const auto text = read_store_file(file);
      if (!text) continue;
      const auto j = nlohmann::json::parse(*text, nullptr, false);
      if (j.is_discarded()) throw Error("not JSON");
      if (!j.is_object() || !j.contains("key") || !j.contains("result"))
        throw Error("expected an object with \"key\" and \"result\"");
      if (j["key"] != job.key(i)) continue;  // another unit's settings: it runs again
      const auto& result = j["result"];
      if (result.is_null()) throw Error("the result is null");
      if (job.check) job.check(i, result);
      results[i] = result;
    } catch (const nlohmann::json::exception& e) {
      // A decoder's type or range error: its message without the library's tag.
      std::string what = e.what();
      if (const auto tag = what.find("] "); what.starts_with("[json.") && tag != what.npos)
        what.erase(0, tag + 2);
      rejected.push_back(fmt::format("{}: {}", file.string(), what));
    } catch (const std::exception& e) {
      // Error (a check), out of memory: the unit runs again.
      rejected.push_back(fmt::format("{}: {}", file.string(), e.what()));
    }
  }
  return results;
}

std::optional<nlohmann::json> UnitStore::fingerprint() const {
  check_folder(dir_);
  const fs::path file = dir_ / "fingerprint.json";
  try {
    const auto text = read_store_file(file);
    if (!text) return std::nullopt;
    auto j = nlohmann::json::parse(*text, nullptr, false);
    if (!j.is_object()) throw Error("expected a JSON object");
    return j;
  } catch (const Error& e) {
    throw Error(file.string(), 0, e.message());
  }
}

void UnitStore::save_fingerprint(const nlohmann::json& fingerprint) const {
  fs::create_directories(dir_);
  write_file_atomic(dir_ / "fingerprint.json", json_text(fingerprint, 2) + "\n");
}

bool UnitStore::has_units() const {
  std::error_code ec;
  if (!fs::is_directory(dir_, ec)) return false;
  for (fs::directory_iterator it(dir_, ec), end; !ec && it != end; it.increment(ec)) {
    const auto name = it->path().filename().string();
    if (name.size() > 5 && name.ends_with(".json") &&
        name.find_first_not_of("0123456789") == name.size() - 5)
      return true;
  }
  return false;
}

void UnitStore::save(std::size_t index, const std::string& key,
                     const nlohmann::json& result) const {
  fs::create_directories(dir_);
  const nlohmann::json j = {{"key", key}, {"result", result}};
  const fs::path file = dir_ / (std::to_string(index) + ".json");
  // What load() left out as not a regular file (a folder, a pipe, a link) is replaced.
  std::error_code ec;
  if (const auto s = fs::symlink_status(file, ec); fs::exists(s) && !fs::is_regular_file(s))
    fs::remove_all(file, ec);
  write_file_atomic(file, json_text(j) + "\n");
}

void UnitStore::clear() const {
  std::error_code ec;
  fs::remove_all(dir_, ec);
}

}  // namespace evoplay::dist
