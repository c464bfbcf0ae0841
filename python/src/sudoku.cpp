// evoplay.sudoku: puzzles, `sudoku solve` as a call (exact, GA or CRO; the same results as the
// command line for the same seed), and the independent checker.
#include <fmt/format.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "evoplay/core/control.hpp"
#include "evoplay/evo/cro_params.hpp"
#include "evoplay/games/sudoku/board.hpp"
#include "evoplay/games/sudoku/check.hpp"
#include "evoplay/games/sudoku/render.hpp"
#include "evoplay/games/sudoku/solve_file.hpp"
#include "fields.hpp"
#include "pickling.hpp"

namespace evoplay::python {

namespace su = games::sudoku;

namespace {

/// A solve's outcome for Python: the command line's JSON records, and the solutions.
struct PySolveResult {
  py::object summary;  // result.json's object
  py::list puzzles;    // one dict per puzzle: the lines of --json
  std::vector<std::string> solutions;
  std::size_t solved = 0;
  bool cancelled = false;
};

/// `grid` (a Puzzle or the text of one) as a board of the puzzle's size, for Puzzle.png and
/// Puzzle.is_solved_by.
su::Board grid_of(const su::PuzzleEntry& puzzle, const py::object& grid) {
  if (grid.is_none()) return puzzle.board;
  if (!py::isinstance<py::str>(grid) && !py::isinstance<su::PuzzleEntry>(grid))
    throw py::type_error("grid: expected a Puzzle or the text of one");
  auto entries = sudoku_entries(grid);
  if (entries.size() != 1)
    throw py::value_error(fmt::format("grid: expected one grid, found {}", entries.size()));
  if (entries[0].board.n() != puzzle.board.n())
    throw py::value_error(
        fmt::format("grid: expected a {0}x{0} grid like the puzzle, found {1}x{1}",
                    puzzle.board.n(), entries[0].board.n()));
  return std::move(entries[0].board);
}

py::bytes puzzle_png(const su::PuzzleEntry& p, const py::object& grid) {
  const su::Board board = grid_of(p, grid);
  return written_bytes(".png", [&](const std::filesystem::path& path) {
    su::save_board_picture(path, p.board, board, "");
  });
}

}  // namespace

std::vector<su::PuzzleEntry> sudoku_entries(const py::object& puzzles) {
  if (py::isinstance<py::str>(puzzles)) {
    return su::parse_puzzles(puzzles.cast<std::string>(), "<text>");
  }
  if (py::isinstance<su::PuzzleEntry>(puzzles)) return {puzzles.cast<su::PuzzleEntry>()};
  if (!py::isinstance<py::sequence>(puzzles))
    throw py::type_error("puzzles: expected a text of puzzles, a Puzzle or a list of them");
  // A list may mix Puzzle objects and lines of text (one puzzle each).
  std::vector<su::PuzzleEntry> out;
  std::size_t index = 0;
  for (const auto item : puzzles) {
    ++index;
    if (py::isinstance<su::PuzzleEntry>(item)) {
      out.push_back(item.cast<su::PuzzleEntry>());
    } else if (py::isinstance<py::str>(item)) {
      auto parsed = su::parse_puzzles(item.cast<std::string>(), fmt::format("<puzzle {}>", index));
      if (parsed.size() != 1)
        throw py::value_error(
            fmt::format("puzzles[{}]: expected one puzzle, found {}", index - 1, parsed.size()));
      out.push_back(std::move(parsed[0]));
    } else {
      throw py::type_error(
          fmt::format("puzzles[{}]: expected a Puzzle or a text, found {}", index - 1,
                      py::str(py::type::handle_of(item).attr("__name__")).cast<std::string>()));
    }
  }
  return out;
}

void add_sudoku(py::module_& root) {
  auto m = root.def_submodule("sudoku", "Sudoku: puzzles, solve (exact, GA, CRO)");
  py::class_<su::PuzzleEntry>(m, "Puzzle",
                              "A Sudoku puzzle (or filled grid) of size 4, 6, 9 or 16, with the "
                              "line where it starts in its file.")
      .def_readonly("line", &su::PuzzleEntry::line)
      .def_property_readonly("size", [](const su::PuzzleEntry& p) { return p.board.n(); })
      .def_property_readonly(
          "cells",
          [](const su::PuzzleEntry& p) {
            return std::vector<int>(p.board.cells.begin(), p.board.cells.end());
          },
          "Row by row: 0 empty, 1..n a digit.")
      .def_property_readonly("givens", [](const su::PuzzleEntry& p) { return p.board.givens(); })
      .def("to_line", [](const su::PuzzleEntry& p) { return su::to_line(p.board); })
      .def("__str__", [](const su::PuzzleEntry& p) { return su::to_grid(p.board); })
      .def("__repr__",
           [](const su::PuzzleEntry& p) { return "<sudoku.Puzzle " + su::to_line(p.board) + ">"; })
      .def(
          "is_solved_by",
          [](const su::PuzzleEntry& p, const py::object& grid) {
            return su::is_valid_solution(p.board, grid_of(p, grid));
          },
          py::arg("grid"),
          "True when `grid` (a Puzzle or its text) is complete, keeps every given and repeats no "
          "digit in a row, column or box (the checker independent of the solvers; the parser "
          "already refuses a text with a repeated digit: evoplay.Error).")
      .def("png", &puzzle_png, py::arg("grid") = py::none(),
           "A picture (PNG bytes) of the puzzle, or of `grid` filled in from it: givens black, "
           "other digits blue.")
      .def("_repr_png_", [](const su::PuzzleEntry& p) { return puzzle_png(p, py::none()); });
  m.def(
      "parse",
      [](const std::string& text, const std::string& file) {
        return su::parse_puzzles(text, file);
      },
      py::arg("text"), py::arg("file") = "<text>",
      "Every puzzle of a text (one a line, or grids); evoplay.Error names a bad line.");
  m.def("load", &su::read_puzzles, py::arg("path"), "Every puzzle of a file.");

  py::class_<PySolveResult>(m, "SolveResult", "What `sudoku solve` found.")
      .def_readonly("puzzles", &PySolveResult::puzzles,
                    "One dict per puzzle, as the lines of `sudoku solve --json`.")
      .def_readonly("solutions", &PySolveResult::solutions,
                    "One line per puzzle: the solution (or best board), or 'no solution'.")
      .def_readonly("solved", &PySolveResult::solved)
      .def_readonly("cancelled", &PySolveResult::cancelled)
      .def(
          "to_dict", [](const PySolveResult& r) { return r.summary; }, "result.json's object.")
      .def(pickle_members<PySolveResult>(  // pickling.hpp
          "sudoku.SolveResult", {"summary", "puzzles", "solutions", "solved", "cancelled"},
          &PySolveResult::summary, &PySolveResult::puzzles, &PySolveResult::solutions,
          &PySolveResult::solved, &PySolveResult::cancelled));
  m.def(
      "solve",
      [](const py::object& puzzles, const py::kwargs& kwargs) {
        const auto entries = sudoku_entries(puzzles);
        // threads: puzzles at once (the command line's --threads); the others: the settings.
        py::dict rest(kwargs);
        const int threads = rest.contains("threads") ? rest.attr("pop")("threads").cast<int>() : 1;
        su::SolveSettings settings = apply_kwargs(su::SolveSettings{}, rest);
        settings.threads = threads;
        settings.validate();
        Control control;
        const su::SolveResult r = run_cancellable(
            control.cancel, [&] { return su::solve_puzzles(entries, settings, control); });
        PySolveResult out;
        out.summary = to_python(r.to_json());
        for (std::size_t i = 0; i < r.puzzles.size(); ++i) {
          out.puzzles.append(to_python(r.puzzle_json(i)));
        }
        const std::string text = r.solutions_text();
        std::size_t start = 0;
        while (start < text.size()) {
          const std::size_t end = text.find('\n', start);
          out.solutions.push_back(text.substr(start, end - start));
          if (end == std::string::npos) break;
          start = end + 1;
        }
        out.solved = r.solved;
        out.cancelled = r.cancelled;
        return out;
      },
      py::arg("puzzles"),
      ("Solves puzzles (a text, a Puzzle or a list of them) by method exact, ga or cro (preset "
       "paper or strong), as `sudoku solve`; puzzle i runs with seed + i; threads=N solves N "
       "puzzles at once (default 1, 0: every core)." +
       keywords_doc(su::SolveSettings{}, {"threads"}))
          .c_str());
  m.def(
      "check",
      [](const py::object& puzzles, int threads) {
        const auto entries = sudoku_entries(puzzles);
        su::CheckSettings settings{threads};
        settings.validate();
        Control control;
        const auto r = run_cancellable(
            control.cancel, [&] { return su::check_puzzles(entries, settings, control); });
        return to_python(r.to_json());
      },
      py::arg("puzzles"), py::kw_only(), py::arg("threads") = 1,
      "`sudoku check`: each puzzle's solutions counted (0, 1, or 2 for 2 or more); the whole "
      "as JSON (puzzles, unique, without_solution, several, results).");
  add_sudoku_experiment(m);
}

}  // namespace evoplay::python
