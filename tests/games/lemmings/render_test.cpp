// lemmings::render_file: a PNG frame after a step from -1 to kMaxRenderStep, the paths with no
// step, any other step an Error (what `lemmings render --step` and Python's render_png both
// refuse).
#include "evoplay/games/lemmings/render.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "evoplay/core/error.hpp"
#include "evoplay/games/lemmings/plan.hpp"
#include "support/lemmings.hpp"
#include "support/process.hpp"

using namespace evoplay;
using namespace evoplay::games::lemmings;

TEST(LemmingsRender, AStepOutOfRangeIsAnError) {
  const Level level = test_support::suite_level("easy-01-down-the-hole");
  const auto dir = test_support::scratch_dir("lemmings-render-step");
  const auto png = dir / "x.png";
  for (int step : {-5, -2, kMaxRenderStep + 1}) {
    try {
      render_file(level, Plan{}, png, {.step = step});
      ADD_FAILURE() << "step " << step << " accepted";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("step: expected a whole number from -1 to 100000000"),
                std::string::npos)
          << e.what();
    }
    EXPECT_FALSE(std::filesystem::exists(png));
  }
  EXPECT_NO_THROW(render_file(level, Plan{}, png, {.step = -1}));  // the start
  EXPECT_NO_THROW(render_file(level, Plan{}, png, {.step = 3}));
  EXPECT_NO_THROW(render_file(level, Plan{}, png));  // the paths (no step)
  EXPECT_TRUE(std::filesystem::exists(png));
}
