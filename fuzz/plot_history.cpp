// Fuzzing harness: `evoplay plot RUN_DIR`, which reads the run's history.csv with core's parse_csv
// and draws it with render/history_plot.hpp save_history_plot (best, mean and worst against
// generation, diversity on the right axis; a logarithmic axis for inputs of odd length). The
// picture is written as SVG (the same drawing as PNG, without the cost of pixels) to a folder of
// its own under the system's temporary folder.

#include <unistd.h>

#include <filesystem>

#include "evoplay/core/history.hpp"
#include "evoplay/render/history_plot.hpp"
#include "fuzz/harness.hpp"

namespace {

/// A folder for the picture, removed when the program ends.
struct ScratchDir {
  std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("evoplay-fuzz-plot-" + std::to_string(::getpid()));
  ScratchDir() { std::filesystem::create_directories(path); }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const ScratchDir scratch;
  const std::string file = "history.csv";
  const std::string_view text = evoplay::fuzz::as_text(data, size);
  try {
    const auto table = evoplay::parse_csv(text, file);
    if (table.rows.empty()) return 0;  // refused by the command before it draws
    evoplay::render::HistoryPlotOptions options;
    options.title = "fuzz";
    options.log_y = size % 2 == 1;
    evoplay::render::save_history_plot(scratch.path / "fitness.svg", table, options, file);
  } catch (const evoplay::Error& e) {
    evoplay::fuzz::check_error(e, file, text);
  }
  return 0;
}
