#include "evoplay/games/birds/pictures.hpp"

#include <fmt/format.h>

#include "evoplay/games/birds/render.hpp"

namespace evoplay::games::birds {

bool RenderRequest::one_file() const {
  const std::string ext = out.extension().string();
  return ext == ".png" || ext == ".svg";
}

std::vector<std::filesystem::path> render_levels(std::span<const Level> levels,
                                                 std::span<const std::string> names,
                                                 std::span<const StabilityReport> reports,
                                                 const RenderRequest& request) {
  auto report = [&](std::size_t i) { return reports.empty() ? nullptr : &reports[i]; };
  if (request.one_file() && levels.size() > 1) {
    std::vector<SheetEntry> entries;
    for (std::size_t i = 0; i < levels.size(); ++i)
      entries.push_back({&levels[i], names[i], report(i)});
    save_contact_sheet(request.out, entries, request.width > 0 ? request.width : 480,
                       request.columns);
    return {request.out};
  }
  std::vector<std::filesystem::path> written;
  for (std::size_t i = 0; i < levels.size(); ++i) {
    const auto path =
        request.one_file() ? request.out : request.out / (names[i] + "." + request.format);
    save_level_picture(path, levels[i],
                       {request.width > 0 ? request.width : 1200, names[i], report(i)});
    written.push_back(path);
  }
  return written;
}

void save_before_after(const std::filesystem::path& dir, const std::string& name,
                       const Level& level, const StabilityReport& report, double seconds) {
  save_level_picture(dir / (name + "-before.png"), level, {1200, name, nullptr});
  save_level_picture(dir / (name + "-after.png"), level,
                     {1200, name + fmt::format(" after {:g} s", seconds), &report});
}

}  // namespace evoplay::games::birds
