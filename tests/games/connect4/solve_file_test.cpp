// connect4::solve_positions, the library call under `connect4 solve`: results streamed in line
// order with the file's scores (data/connect4/), bad lines reported while the run goes on,
// --check findings, settings checked by name, a time limit that leaves proven bounds, and a
// cancel that stops in the middle of a long position, on one thread or two.
#include "evoplay/games/connect4/solve_file.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "evoplay/core/error.hpp"
#include "evoplay/core/text.hpp"
#include "support/process.hpp"

using namespace evoplay;
using namespace evoplay::games::connect4;

namespace {

// Lines 1-3 of Test_L2_R1 (scores from Pons' set), a comment, a bad line, a blank line.
const std::string kLines =
    "5554224333234511764415115 4\n"
    "52753311433677442422121 8\n"
    "# a comment\n"
    "44444444\n"
    "\n"
    "271713432331713132 -11\n";

struct Collected {
  std::vector<PositionResult> solved;
  std::vector<Error> bad;
  PositionSink sink() {
    PositionSink s;
    s.solved = [this](const PositionResult& p) { solved.push_back(p); };
    s.bad_line = [this](const Error& e) { bad.push_back(e); };
    return s;
  }
};

// The first early position of the given number of moves and its score (data/connect4/early_100:
// scores checked against Pons' solver).
std::pair<std::string, int> early(std::size_t moves) {
  const std::string path = test_support::source_path("data/connect4/early_100");
  const std::string text = read_text(path);
  for (auto line : split_lines(text)) {
    line = trim(line);
    const auto space = line.find(' ');
    if (line.empty() || line.front() == '#' || space != moves) continue;
    return {std::string(line.substr(0, space)),
            static_cast<int>(parse_int(line.substr(space + 1), path, 0, "score"))};
  }
  ADD_FAILURE() << "no early position of " << moves << " moves";
  return {};
}

}  // namespace

TEST(Connect4SolveFile, StreamsResultsInLineOrderAndReportsBadLines) {
  Collected c;
  SolveSettings s;
  s.table_mib = 8;
  const auto r = solve_positions(kLines, "lines.txt", s, c.sink());
  ASSERT_EQ(c.solved.size(), 3u);
  EXPECT_EQ(c.solved[0].line, 1);
  EXPECT_EQ(c.solved[0].score, 4);
  EXPECT_EQ(c.solved[1].line, 2);
  EXPECT_EQ(c.solved[1].score, 8);
  EXPECT_EQ(c.solved[2].line, 6);
  EXPECT_EQ(c.solved[2].score, -11);
  EXPECT_EQ(c.solved[2].moves, "271713432331713132");
  for (const auto& p : c.solved) EXPECT_TRUE(p.complete && p.low == p.score && p.high == p.score);
  ASSERT_EQ(c.bad.size(), 1u);
  EXPECT_EQ(c.bad[0].line(), 4);
  EXPECT_EQ(c.bad[0].column(), 7);
  EXPECT_EQ(r.solved, 3);
  EXPECT_EQ(r.bad, 1);
  EXPECT_FALSE(r.cancelled);
  EXPECT_EQ(r.nodes, c.solved[0].nodes + c.solved[1].nodes + c.solved[2].nodes);
  EXPECT_EQ(r.to_json()["positions"], 3);
  EXPECT_NE(r.summary(false).find("3 positions solved"), std::string::npos);
  // The text and JSON records as the command prints them.
  EXPECT_EQ(c.solved[0].to_text(false).rfind("5554224333234511764415115 4 ", 0), 0u);
  EXPECT_EQ(c.solved[2].to_text(true).rfind("271713432331713132 loss ", 0), 0u);
  EXPECT_EQ(c.solved[2].to_json(false)["result"], "loss");
}

TEST(Connect4SolveFile, CheckFindsTheLinesWhoseScoreDiffers) {
  Collected c;
  SolveSettings s;
  s.check = true;
  s.table_mib = 8;
  const auto r = solve_positions("5554224333234511764415115 4\n52753311433677442422121 7\n44\n",
                                 "f", s, c.sink());
  ASSERT_EQ(c.solved.size(), 2u);
  EXPECT_FALSE(c.solved[0].wrong());
  EXPECT_TRUE(c.solved[1].wrong());
  EXPECT_EQ(r.wrong_lines, std::vector<int>{2});
  EXPECT_NE(c.solved[1].to_text(false).find("WRONG (expected 7)"), std::string::npos);
  EXPECT_EQ(c.solved[1].to_json(true)["correct"], false);
  ASSERT_EQ(c.bad.size(), 1u);  // line 3 has no score to check against
  EXPECT_EQ(c.bad[0].line(), 3);
  // Weak: the expected score's sign.
  s.weak = true;
  Collected w;
  const auto weak = solve_positions("52753311433677442422121 7\n", "f", s, w.sink());
  EXPECT_TRUE(weak.wrong_lines.empty());
}

// By default each line starts from an empty table: a line's node count does not depend on the
// lines before it. With keep_table the table carries over: a line seen before costs fewer nodes,
// and every score stays the same.
TEST(Connect4SolveFile, KeepTableReusesEarlierLinesWithTheSameScores) {
  const std::string lines =
      "5554224333234511764415115 4\n52753311433677442422121 8\n5554224333234511764415115 4\n";
  SolveSettings s;
  s.check = true;
  s.table_mib = 8;
  Collected fresh, kept;
  const auto a = solve_positions(lines, "f", s, fresh.sink());
  s.keep_table = true;
  const auto b = solve_positions(lines, "f", s, kept.sink());
  ASSERT_EQ(fresh.solved.size(), 3u);
  ASSERT_EQ(kept.solved.size(), 3u);
  EXPECT_TRUE(a.wrong_lines.empty());
  EXPECT_TRUE(b.wrong_lines.empty());
  for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(fresh.solved[i].score, kept.solved[i].score);
  EXPECT_EQ(fresh.solved[0].nodes, fresh.solved[2].nodes);  // each line on its own
  EXPECT_EQ(kept.solved[0].nodes, fresh.solved[0].nodes);   // nothing before the first line
  EXPECT_LT(kept.solved[2].nodes * 2, kept.solved[0].nodes) << "the table did not carry over";
  EXPECT_TRUE(SolveSettings{}.keep_table == false);
}

TEST(Connect4SolveFile, SettingsAreCheckedByName) {
  auto refused = [](SolveSettings s) {
    try {
      s.validate();
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  SolveSettings s;
  EXPECT_EQ(refused(s), "accepted");
  s.table_mib = 0.5;
  EXPECT_EQ(refused(s).rfind("table-mib:", 0), 0u) << refused(s);
  s = {};
  s.threads = -1;
  EXPECT_EQ(refused(s).rfind("threads:", 0), 0u) << refused(s);
  s = {};
  s.seconds = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(refused(s).rfind("time-limit:", 0), 0u) << refused(s);
  s.seconds = -1;
  EXPECT_EQ(refused(s).rfind("time-limit:", 0), 0u) << refused(s);
  EXPECT_THROW(solve_positions("4\n", "f", s, {}), Error);
  const auto j = SolveSettings{}.to_json();
  for (const char* key : {"weak", "check", "table_mib", "threads", "keep_table", "time_limit"})
    EXPECT_TRUE(j.contains(key)) << key;
}

// A limit of 20 ms on a 4-move position (seconds for the solver): solved on a fast machine, else
// the bounds proven so far, which hold the file's score.
TEST(Connect4SolveFile, ATimeLimitLeavesTheBoundsProvenSoFar) {
  const auto [moves, score] = early(4);
  for (const bool weak : {false, true}) {
    Collected c;
    SolveSettings s;
    s.table_mib = 8;
    s.seconds = 0.02;
    s.weak = weak;
    const auto r = solve_positions(moves + "\n", "f", s, c.sink());
    ASSERT_EQ(c.solved.size(), 1u);
    const auto& p = c.solved[0];
    const int expected = weak ? (score > 0) - (score < 0) : score;
    if (p.complete) {
      EXPECT_EQ(p.score, expected);
      EXPECT_EQ(r.unfinished, 0);
    } else {
      EXPECT_LE(p.low, expected);
      EXPECT_GE(p.high, expected);
      EXPECT_LT(p.low, p.high);
      EXPECT_EQ(r.unfinished, 1);
      EXPECT_EQ(p.to_json(false)["complete"], false);
      EXPECT_NE(p.to_text(weak).find(" unfinished"), std::string::npos);
    }
    EXPECT_FALSE(r.cancelled);
  }
}

// Cancelled when line 2 starts: line 1 is reported, nothing after it.
TEST(Connect4SolveFile, ACancelBetweenLinesKeepsWhatIsFinished) {
  Collected c;
  Control control;
  PositionSink sink = c.sink();
  sink.status = [&](const SolveStatus& s) {
    if (s.line == 2) control.cancel.cancel();
  };
  SolveSettings s;
  s.table_mib = 8;
  const auto r = solve_positions(kLines, "f", s, sink, control);
  ASSERT_EQ(c.solved.size(), 1u);
  EXPECT_EQ(c.solved[0].line, 1);
  EXPECT_TRUE(r.cancelled);
  EXPECT_EQ(r.to_json()["stopped"], "cancelled");
}

// A one-stone position takes minutes: the search reports its status while it runs, and a cancel
// from there stops it (on one thread, and on two: the helper stops with it). The line is not
// reported, and the lines after it are not solved.
TEST(Connect4SolveFile, ACancelStopsInTheMiddleOfALongPosition) {
  for (const int threads : {1, 2}) {
    Collected c;
    Control control;
    PositionSink sink = c.sink();
    sink.status_seconds = 0.01;
    int statuses = 0;
    sink.status = [&](const SolveStatus& s) {
      ++statuses;
      EXPECT_EQ(s.moves, "4");
      EXPECT_LE(s.low, s.high);
      if (s.nodes > 0) control.cancel.cancel();  // a status from inside the search
    };
    SolveSettings s;
    s.table_mib = 8;
    s.threads = threads;
    const auto r = solve_positions("4\n5554224333234511764415115 4\n", "f", s, sink, control);
    EXPECT_TRUE(r.cancelled);
    EXPECT_TRUE(c.solved.empty());
    EXPECT_GE(statuses, 2);
  }
}

// --check: a score no position of those moves can have was called missing (a number past a
// long long) or was found wrong only after the search (99). It is refused before any search,
// at its column, with the range the position allows.
TEST(Connect4SolveFile, CheckRefusesAScoreOutOfThePositionsRangeBeforeSolving) {
  SolveSettings s;
  s.check = true;
  s.table_mib = 8;
  Collected c;
  const auto r =
      solve_positions(". 99\n4453 -20\n44 99999999999999999999\n44 x\n", "f", s, c.sink());
  EXPECT_TRUE(c.solved.empty());  // nothing searched
  EXPECT_EQ(r.bad, 4);
  ASSERT_EQ(c.bad.size(), 4u);
  EXPECT_EQ(c.bad[0].line(), 1);
  EXPECT_EQ(c.bad[0].column(), 3);
  EXPECT_NE(c.bad[0].message().find(
                "--check: expected a score from -21 to 21 (a position of 0 moves), found '99'"),
            std::string::npos)
      << c.bad[0].what();
  EXPECT_NE(c.bad[1].message().find("expected a score from -19 to 19 (a position of 4 moves), "
                                    "found '-20'"),
            std::string::npos)
      << c.bad[1].what();
  EXPECT_NE(c.bad[2].message().find("found '99999999999999999999'"), std::string::npos)
      << c.bad[2].what();
  EXPECT_NE(c.bad[3].message().find("found 'x'"), std::string::npos) << c.bad[3].what();
  // At the edges of the range the line is solved (and here found right or wrong).
  Collected edge;
  const auto e = solve_positions("52753311433677442422121 10\n52753311433677442422121 -9\n", "f", s,
                                 edge.sink());
  EXPECT_EQ(e.bad, 0);
  EXPECT_EQ(edge.solved.size(), 2u);
}
