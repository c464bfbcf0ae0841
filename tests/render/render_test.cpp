#include <cairo.h>
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <limits>

#include "evoplay/core/atomic_file.hpp"
#include "evoplay/render/canvas.hpp"
#include "evoplay/render/gif.hpp"
#include "evoplay/render/history_plot.hpp"
#include "evoplay/render/plot.hpp"
#include "support/error.hpp"
#include "support/process.hpp"

using namespace evoplay;
using namespace evoplay::render;

TEST(Plot, NiceTicks) {
  EXPECT_EQ(nice_ticks(0, 10, 6), (std::vector<double>{0, 2, 4, 6, 8, 10}));
  const auto unit = nice_ticks(0, 1, 6);
  ASSERT_EQ(unit.size(), 6u);
  for (std::size_t i = 0; i < unit.size(); ++i)
    EXPECT_NEAR(unit[i], 0.2 * static_cast<double>(i), 1e-12);
  const auto t = nice_ticks(3.2, 97.5, 6);
  EXPECT_LE(t.front(), 3.2);
  EXPECT_GE(t.back(), 97.5);
  EXPECT_EQ(tick_label(0.2, 0.2), "0.2");
  EXPECT_EQ(tick_label(40, 20), "40");
  EXPECT_EQ(tick_label(2.5, 2.5), "2.5");
}

// A log axis's decades in one notation: the nodes-per-depth chart of the demo goes from 1 to
// 1e6 and used to read "100000" beside "1e6".
TEST(Plot, LogTicksAreLabelledOneWay) {
  EXPECT_EQ(
      log_tick_labels({1, 10, 100, 1e3, 1e4, 1e5, 1e6}),
      (std::vector<std::string>{"1", "10", "100", "1,000", "10,000", "100,000", "1,000,000"}));
  EXPECT_EQ(log_tick_labels({1e5, 1e6, 1e7}), (std::vector<std::string>{"1e5", "1e6", "1e7"}));
  EXPECT_EQ(log_tick_labels({0.01, 0.1, 1, 10}),
            (std::vector<std::string>{"1e-2", "1e-1", "1e0", "1e1"}));
}

// Ticks for any range of doubles, even one wider than the largest double (the span from -9e307
// to 9e307 overflows): finite, ascending, covering the range.
TEST(Plot, TicksAtTheEdgesOfDoubles) {
  constexpr double kMax = std::numeric_limits<double>::max();
  for (const auto& [lo, hi] : std::vector<std::pair<double, double>>{
           {-9e307, 9e307}, {-kMax, kMax}, {0, kMax}, {kMax / 2, kMax}, {1e-300, 2e-300}}) {
    const auto t = nice_ticks(lo, hi, 6);
    ASSERT_FALSE(t.empty()) << lo << " " << hi;
    ASSERT_GE(t.size(), 2u) << lo << " " << hi;
    const double step = t[1] - t[0];
    EXPECT_LE(t.front(), lo) << lo << " " << hi;
    EXPECT_GE(t.back() / 2 + step / 2, hi / 2) << "within a step of the top: " << lo << " " << hi;
    for (std::size_t i = 0; i < t.size(); ++i) {
      EXPECT_TRUE(std::isfinite(t[i]));
      if (i > 0) {
        EXPECT_LT(t[i - 1], t[i]);
      }
    }
  }
}

// Whatever the values, a plot is drawn: huge, opposite, equal at the largest double, infinite
// or not a number (those are left out of the curve).
TEST(Plot, ExtremeValuesStillPlot) {
  const auto dir = test_support::scratch_dir("plot-extremes");
  constexpr double kMax = std::numeric_limits<double>::max(),
                   kInf = std::numeric_limits<double>::infinity();
  const std::vector<std::vector<double>> cases = {
      {9e307, -9e307}, {kMax, -kMax}, {kMax, kMax}, {kInf, 1, std::nan("")}, {-kInf, kInf}};
  int n = 0;
  for (const auto& ys : cases) {
    for (bool log : {false, true}) {
      LinePlot plot;
      Series s;
      for (std::size_t i = 0; i < ys.size(); ++i) {
        s.x.push_back(static_cast<double>(i));
        s.y.push_back(ys[i]);
      }
      plot.series.push_back(s);
      plot.log_y = log;
      const auto file = dir / fmt::format("p{}.png", n++);
      save_line_plot(file, plot);
      EXPECT_GT(std::filesystem::file_size(file), 1000u) << file;
    }
  }
}

TEST(Plot, WritesAPngOfTheRequestedSize) {
  const auto dir = test_support::scratch_dir("plot");
  LinePlot plot;
  plot.title = "test";
  Series s;
  s.label = "best";
  for (int i = 0; i < 50; ++i) {
    s.x.push_back(i);
    s.y.push_back(std::exp(-i / 10.0));
  }
  plot.series.push_back(s);
  s.right_axis = true;
  s.label = "diversity";
  plot.series.push_back(s);
  plot.width = 640;
  plot.height = 400;
  save_line_plot(dir / "a.png", plot);
  cairo_surface_t* img = cairo_image_surface_create_from_png((dir / "a.png").c_str());
  ASSERT_EQ(cairo_surface_status(img), CAIRO_STATUS_SUCCESS);
  EXPECT_EQ(cairo_image_surface_get_width(img), 640);
  EXPECT_EQ(cairo_image_surface_get_height(img), 400);
  // Something other than white was drawn in the middle of the plot area.
  cairo_surface_flush(img);
  const unsigned char* data = cairo_image_surface_get_data(img);
  const int stride = cairo_image_surface_get_stride(img);
  int coloured = 0;
  for (int y = 50; y < 350; ++y) {
    for (int x = 100; x < 540; ++x) {
      const auto px = reinterpret_cast<const std::uint32_t*>(data + y * stride)[x] & 0xFFFFFF;
      coloured += px != 0xFFFFFF;
    }
  }
  cairo_surface_destroy(img);
  EXPECT_GT(coloured, 500);

  BarChart chart;
  chart.categories = {"a", "b", "c"};
  chart.groups = {{"x", {1, 2, 3}, {0.5, 0.5, 0.5}}, {"y", {3, 2, 1}, {}}};
  save_bar_chart(dir / "b.svg", chart);
  EXPECT_NE(test_support::slurp(dir / "b.svg").find("<svg"), std::string::npos);
}

namespace {

// Pixels of a PNG in the rectangle [x0, x1) x [y0, y1) for which `keep(0xRRGGBB)` holds.
template <class Keep>
int count_pixels(const std::filesystem::path& png, Keep keep, int x0, int y0, int x1, int y1) {
  cairo_surface_t* img = cairo_image_surface_create_from_png(png.c_str());
  EXPECT_EQ(cairo_surface_status(img), CAIRO_STATUS_SUCCESS);
  cairo_surface_flush(img);
  const unsigned char* data = cairo_image_surface_get_data(img);
  const int stride = cairo_image_surface_get_stride(img);
  int n = 0;
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) {
      n += keep(reinterpret_cast<const std::uint32_t*>(data + y * stride)[x] & 0xFFFFFF);
    }
  }
  cairo_surface_destroy(img);
  return n;
}

int count_colour(const std::filesystem::path& png, std::uint32_t rgb, int x0, int y0, int x1,
                 int y1) {
  return count_pixels(
      png, [rgb](std::uint32_t px) { return px == rgb; }, x0, y0, x1, y1);
}

// Text and axes: every channel darker than 100.
bool dark(std::uint32_t px) {
  return (px >> 16) < 100 && ((px >> 8) & 0xFF) < 100 && (px & 0xFF) < 100;
}

}  // namespace

// The legend goes to the corner where it hides the least of the curves: a curve climbing to the
// top right (a fitness that grows) leaves the top left free, and the legend's swatch (the
// series' colour) is drawn there, not over the curve.
TEST(Plot, LegendAvoidsTheCurves) {
  const auto dir = test_support::scratch_dir("plot-legend");
  LinePlot plot;
  Series s;
  s.label = "best fitness";
  for (int i = 0; i <= 100; ++i) {
    s.x.push_back(i);
    s.y.push_back(i < 50 ? 0 : 2.0 * (i - 50));  // flat, then up to the top right corner
  }
  plot.series.push_back(s);
  save_line_plot(dir / "rising.png", plot);
  const std::uint32_t blue = 0x0072B2;  // kSeriesColors[0]
  // Top left quarter: no curve there, only the legend's swatch.
  EXPECT_GT(count_colour(dir / "rising.png", blue, 88, 40, 480, 200), 20);
  // A falling curve (a cost that goes down) leaves the top right free: the legend stays there.
  std::reverse(plot.series[0].y.begin(), plot.series[0].y.end());
  save_line_plot(dir / "falling.png", plot);
  EXPECT_GT(count_colour(dir / "falling.png", blue, 600, 40, 936, 200), 20);
}

// Tick labels wider than the usual margin ("1,000,000" on a log axis) widen it: the axis title
// is drawn inside the picture, not cut at its left edge.
TEST(Plot, WideTickLabelsKeepTheAxisTitleInThePicture) {
  const auto dir = test_support::scratch_dir("plot-margin");
  LinePlot plot;
  plot.y_label = "nodes";
  plot.log_y = true;
  Series s;
  s.x = {1, 2, 3};
  s.y = {1, 1000, 1e6};
  plot.series.push_back(s);
  save_line_plot(dir / "log.png", plot);
  // And ticks of a fine step on a large value ("12345.0002": a fitness near a constant).
  plot.log_y = false;
  plot.series[0].y = {12345.0001, 12345.0005, 12345.0009};
  save_line_plot(dir / "fine.png", plot);
  for (const char* png : {"log.png", "fine.png"}) {
    // Nothing dark in the first 4 columns (the title was cut at x = 0 with a margin of 88); the
    // title is there, left of the tick labels.
    EXPECT_EQ(count_pixels(dir / png, dark, 0, 0, 4, 600), 0) << png;
    EXPECT_GT(count_pixels(dir / png, dark, 0, 200, 40, 400), 10) << png;
  }
}

// Found by the fuzzer (fuzz/plot_history.cpp, `evoplay plot --log`): a logarithmic axis with no
// positive value, or with values near the largest double, counted decades forever (out of memory).
// A history's chart: a series per column asked, its legend the column's name or the words given
// for it (the Birds generator's min_hamming reads "closest pair of individuals"); a right-axis
// column without values is left out; a missing column names the file.
TEST(HistoryPlot, SeriesPerColumnLabelledAsAsked) {
  const auto table = evoplay::parse_csv(
      "generation,best,mean,min_hamming,diversity\n0,5,7,3,\n1,4,6,2,\n", "h.csv");
  HistoryPlotOptions options;
  options.columns = {"best", "min_hamming"};
  options.labels = {{"min_hamming", "closest pair of individuals"}};
  const LinePlot plot = history_line_plot(table, options, "h.csv");
  ASSERT_EQ(plot.series.size(), 2u);  // diversity (right axis) has no values
  EXPECT_EQ(plot.series[0].label, "best");
  EXPECT_EQ(plot.series[1].label, "closest pair of individuals");
  EXPECT_EQ(plot.series[1].y, (std::vector<double>{3, 2}));
  options.columns = {"worst"};
  const auto e = test_support::error_from([&] { history_line_plot(table, options, "h.csv"); },
                                          "missing column");
  EXPECT_NE(e.message().find("no column 'worst'"), std::string::npos) << e.message();
  EXPECT_EQ(e.file(), "h.csv");
}

TEST(Plot, LogAxesOfAnyValuesEnd) {
  const auto dir = test_support::scratch_dir("plot-log");
  for (const std::vector<double>& y :
       {std::vector<double>{0, -1, NAN}, {1e308, 1.5e308, 1.2e308}, {1e-300, 1.7e308, INFINITY}}) {
    LinePlot plot;
    plot.log_y = true;
    Series s;
    s.label = "best";
    s.y = y;
    s.x = {0, 1, 2};
    plot.series.push_back(s);
    save_line_plot(dir / "log.svg", plot);
    EXPECT_NE(test_support::slurp(dir / "log.svg").find("<svg"), std::string::npos);
  }
}

// Found by the fuzzer (tests/data/fuzz/plot_history/crash-span-beyond-the-largest-double.csv):
// values of both signs near the largest double made the span overflow and the tick list empty,
// then read (undefined behaviour; `evoplay plot` crashed).
TEST(Plot, TicksOfASpanBeyondTheLargestDouble) {
  for (const auto& [lo, hi] : {std::pair{-9e307, 9e307}, std::pair{-1.7e308, 1.7e308},
                               std::pair{-1.7976931348623157e308, 1.7976931348623157e308}}) {
    for (int target : {2, 6, 8}) {
      const auto t = nice_ticks(lo, hi, target);
      ASSERT_FALSE(t.empty()) << lo << " " << hi << " " << target;
      EXPECT_LE(t.front(), hi);
    }
  }
  const auto dir = test_support::scratch_dir("plot-span");
  LinePlot plot;
  Series s;
  s.label = "best";
  s.x = {0, 1, 2};
  s.y = {9e307, -9e307, 1.5e308};
  plot.series.push_back(s);
  save_line_plot(dir / "span.svg", plot);
  EXPECT_NE(test_support::slurp(dir / "span.svg").find("<svg"), std::string::npos);
}

TEST(Gif, WritesAnAnimationAtomically) {
  const auto dir = test_support::scratch_dir("gif");
  {
    GifWriter gif(dir / "a.gif", 20, 10,
                  palette_with({Color::rgb(255, 0, 0), Color::rgb(0, 0, 255)}));
    std::vector<std::uint32_t> frame(200, 0xFF0000);
    gif.add_frame(frame, 10);
    frame.assign(200, 0x0000FF);
    gif.add_frame(frame, 10);
    EXPECT_FALSE(std::filesystem::exists(dir / "a.gif"));  // not there until closed
    gif.close();
    EXPECT_EQ(gif.frames(), 2u);
  }
  const auto bytes = test_support::slurp(dir / "a.gif");
  EXPECT_EQ(bytes.substr(0, 6), "GIF89a");
  EXPECT_NE(bytes.find("NETSCAPE2.0"), std::string::npos);
  EXPECT_EQ(bytes.back(), ';');  // the GIF trailer
  { GifWriter abandoned(dir / "b.gif", 4, 4, palette_with({})); }
  EXPECT_FALSE(std::filesystem::exists(dir / "b.gif"));
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir)) ++files;
  EXPECT_EQ(files, 1u);
}

TEST(Palette, NearestColour) {
  Palette p({0x000000, 0xFFFFFF, 0xFF0000});
  EXPECT_EQ(p.nearest(0x101010), 0);
  EXPECT_EQ(p.nearest(0xF0F0F0), 1);
  EXPECT_EQ(p.nearest(0xE01010), 2);
}
