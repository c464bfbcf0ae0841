#include <fmt/format.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "evoplay/core/atomic_file.hpp"
#include "evoplay/core/error.hpp"
#include "evoplay/core/history.hpp"
#include "evoplay/core/run_dir.hpp"
#include "evoplay/core/text.hpp"
#include "support/process.hpp"

namespace fs = std::filesystem;
using namespace evoplay;

namespace {
std::size_t entries(const fs::path& dir) {
  return static_cast<std::size_t>(
      std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}
}  // namespace

TEST(AtomicFile, WritesAndReplaces) {
  const auto dir = test_support::scratch_dir("atomic");
  write_file_atomic(dir / "a.txt", "one");
  write_file_atomic(dir / "a.txt", "two");
  EXPECT_EQ(read_text((dir / "a.txt").string()), "two");
  EXPECT_EQ(entries(dir), 1u);  // no temporary left behind
}

TEST(AtomicFile, UncommittedLeavesOldContentAndNoTemp) {
  const auto dir = test_support::scratch_dir("abort");
  write_file_atomic(dir / "a.txt", "old");
  {
    AtomicFile f(dir / "a.txt");
    f.out() << "half written";
    // destroyed without commit, as when an error is thrown midway
  }
  EXPECT_EQ(read_text((dir / "a.txt").string()), "old");
  EXPECT_EQ(entries(dir), 1u);
}

TEST(AtomicFile, CreatesParentFolders) {
  const auto dir = test_support::scratch_dir("parents");
  write_file_atomic(dir / "x" / "y" / "z.txt", "deep");
  EXPECT_EQ(read_text((dir / "x" / "y" / "z.txt").string()), "deep");
}

TEST(RunDir, DefaultNameIsCommandAndTimestamp) {
  const auto dir = test_support::scratch_dir("rundir");
  const auto old = fs::current_path();
  fs::current_path(dir);
  const auto a = RunDir::create("", "sudoku");
  const auto b = RunDir::create("", "sudoku");
  fs::current_path(old);
  EXPECT_TRUE(a.path().string().starts_with("runs/sudoku-"));
  EXPECT_NE(a.path(), b.path());  // a second run in the same second gets its own folder
}

TEST(RunDir, RefusesAFile) {
  const auto dir = test_support::scratch_dir("rundir-file");
  write_file_atomic(dir / "f", "x");
  EXPECT_THROW(RunDir::create((dir / "f").string(), "x"), Error);
}

TEST(History, CsvRoundTrip) {
  History h;
  GenerationRecord r;
  r.generation = 0;
  r.evaluations = 100;
  r.best = 1.5;
  r.mean = 2.25;
  r.worst = 3;
  r.extra = {{"occupancy", 0.8}};
  h.add(r);
  r.generation = 1;
  r.evaluations = 200;
  r.diversity = 0.5;
  h.add(r);
  const auto table = parse_csv(h.to_csv(), "h.csv");
  ASSERT_EQ(table.rows.size(), 2u);
  EXPECT_EQ(table.columns.back(), "occupancy");
  EXPECT_TRUE(std::isnan(table.values("diversity")[0]));
  EXPECT_DOUBLE_EQ(table.values("diversity")[1], 0.5);
  EXPECT_DOUBLE_EQ(table.values("mean")[0], 2.25);
  EXPECT_DOUBLE_EQ(table.values("evaluations")[1], 200);
}

TEST(History, CsvErrorsNameTheLine) {
  try {
    parse_csv("a,b\n1,2\n3\n", "bad.csv");
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_EQ(e.file(), "bad.csv");
    EXPECT_EQ(e.line(), 3);
    EXPECT_NE(std::string(e.what()).find("bad.csv:3:"), std::string::npos);
  }
}

TEST(Error, Formats) {
  EXPECT_STREQ(Error("a.txt", 3, "bad").what(), "a.txt:3: bad");
  EXPECT_STREQ(Error("a.txt", 3, 7, "bad").what(), "a.txt:3:7: bad");
  EXPECT_STREQ(Error("a.txt", 0, "bad").what(), "a.txt: bad");
  EXPECT_STREQ(Error("bad").what(), "bad");
  EXPECT_STREQ(Error("", 2, "bad").in_file("x").what(), "x:2: bad");
}

// What a message echoes is fit to print: a NUL no longer cuts it short, control characters
// (a terminal's escape sequences) are shown as \xNN, and a huge bad line is cut.
TEST(Error, MessagesArePrintableAndShort) {
  const Error nul("f.txt", 1, std::string("found 'a\0b\x1b[31m'", 16));
  EXPECT_STREQ(nul.what(), "f.txt:1: found 'a\\x00b\\x1B[31m'");
  EXPECT_EQ(Error("a\nb\tc").message(), "a\nb\tc");  // line breaks and tabs stay
  const Error huge("f.txt", 2, "found '" + std::string(10'000'000, '7') + "'");
  EXPECT_LT(std::string(huge.what()).size(), 1100u);
  EXPECT_NE(std::string(huge.what()).find("more bytes"), std::string::npos);
  // Cut between characters, never inside one.
  const Error utf8(std::string(999, 'a') + "\xC3\xA9" + std::string(50, 'b'));
  EXPECT_NE(utf8.message().find(std::string(999, 'a') + "... ("), std::string::npos);
  EXPECT_EQ(Error("", 2, std::string(5000, 'x')).in_file("y").message(),
            Error(std::string(5000, 'x')).message());  // not cut twice
}

namespace {
/// The PID of a process that has ended (a child that exited and was waited for).
pid_t ended_process() {
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  int status = 0;
  ::waitpid(child, &status, 0);
  return child;
}
}  // namespace

// Temporaries of programs that no longer run are removed by the next run into the folder; those
// of a running program (this one), other hidden files and unfinished names are left alone.
TEST(AtomicFile, StaleTemporariesAreRemovedByTheNextRun) {
  const auto dir = test_support::scratch_dir("stale-temps");
  const pid_t gone = ended_process();
  const auto stale = dir / fmt::format(".result.json.tmp-{}-3", gone);
  const auto nested = dir / "levels" / fmt::format(".level-4.xml.tmp-{}-0", gone);
  const auto ours = dir / fmt::format(".config.json.tmp-{}-1", ::getpid());
  const auto other = dir / ".settings.tmp-notapid-2";
  fs::create_directories(dir / "levels");
  for (const auto& f : {stale, nested, ours, other}) std::ofstream(f) << "x";
  EXPECT_EQ(remove_stale_temporaries(dir, false, "config.json"), 0);  // only that name
  EXPECT_EQ(remove_stale_temporaries(dir, false), 1);
  EXPECT_FALSE(fs::exists(stale));
  EXPECT_TRUE(fs::exists(nested));
  (void)RunDir::create(dir.string(), "x");  // a run folder is cleaned through
  EXPECT_FALSE(fs::exists(nested));
  EXPECT_TRUE(fs::exists(ours));
  EXPECT_TRUE(fs::exists(other));
}

// A run folder made for a run that ends in an error is removed; one that existed is kept.
TEST(RunDir, AFolderMadeForARunThatFailsIsRemoved) {
  const auto dir = test_support::scratch_dir("rundir-fails");
  try {
    const RunDir run = RunDir::create((dir / "new").string(), "x");
    run.write_text("config.json", "{}");
    throw Error("bad input found late");
  } catch (const Error&) {
  }
  EXPECT_FALSE(fs::exists(dir / "new"));
  try {
    const RunDir run = RunDir::create(dir.string(), "x");
    run.write_text("config.json", "{}");
    throw Error("bad input found late");
  } catch (const Error&) {
  }
  EXPECT_TRUE(fs::exists(dir / "config.json"));
  { const RunDir run = RunDir::create((dir / "ok").string(), "x"); }
  EXPECT_TRUE(fs::exists(dir / "ok"));  // no error: kept
}

// A program stopped by a signal removes the temporaries it was writing, and dies of the signal
// (as it would have without the handler). The writer is a child process, stopped mid-write.
TEST(AtomicFile, ASignalRemovesTheTemporariesBeingWritten) {
  const auto dir = test_support::scratch_dir("signal-temps");
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
    const auto target = dir / fmt::format("result-{}.json", sig);
    const pid_t child = ::fork();
    if (child == 0) {
      remove_temporaries_on_signals();
      AtomicFile file(target);
      file.out() << "half of it" << std::flush;
      ::raise(sig);
      ::_exit(0);  // not reached
    }
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == sig) << status;
    EXPECT_FALSE(fs::exists(target));
    for (const auto& e : fs::directory_iterator(dir))
      ADD_FAILURE() << "left behind: " << e.path().filename();
  }
}
