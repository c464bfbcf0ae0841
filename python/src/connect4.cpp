// evoplay.connect4: the state as an environment, its bots (perfect included) and the exact
// solver (Pons' scores).
#include <fmt/format.h>

#include <string>
#include <variant>

#include "evoplay/games/connect4/board.hpp"
#include "evoplay/games/connect4/bots.hpp"
#include "evoplay/games/connect4/render.hpp"
#include "evoplay/games/connect4/solve_file.hpp"
#include "evoplay/games/connect4/solver.hpp"
#include "games.hpp"

namespace evoplay::python {

namespace c4 = games::connect4;

namespace {

/// A position from a State or a string of 1-based columns ("4453").
c4::Board board_of(const std::variant<c4::Board, std::string>& position) {
  if (const auto* b = std::get_if<c4::Board>(&position)) return *b;
  return c4::Board::from_moves(std::get<std::string>(position));
}

py::bytes board_png(const c4::Board& board) {
  return written_bytes(
      ".png", [&](const std::filesystem::path& path) { c4::save_board_picture(path, board, ""); });
}

/// `table_mib` if the command line's --table-mib would take it (1 to 65536), else an Error.
double checked_table(double table_mib) {
  c4::SolveSettings settings;  // the declaration --table-mib binds to
  settings.table_mib = table_mib;
  fields::check(settings);
  return table_mib;
}

/// The exact solver with its table, kept between positions.
class PySolver {
 public:
  explicit PySolver(double table_mib) : table_mib_(checked_table(table_mib)), solver_(table_mib_) {}
  double table_mib() const { return table_mib_; }

  /// Pons' score of `position` for the side to move (weak: -1, 0, 1); None when `seconds` ran
  /// out first (or a game already over: the score of the finished game).
  py::object solve(const std::variant<c4::Board, std::string>& position, bool weak,
                   double seconds) {
    const c4::Board board = board_of(position);
    if (board.is_terminal()) return py::int_(c4::terminal_score(board));
    CancelToken token;
    solver_.engine().set_cancel(token.flag());
    const auto r = run_cancellable(
        token, [this, board, weak, seconds] { return solver_.solve(board, weak, false, seconds); });
    solver_.engine().set_cancel(nullptr);
    if (!r.complete) return py::none();
    return py::int_(r.score);
  }

 private:
  double table_mib_;
  c4::Solver solver_;
};

}  // namespace

void add_connect4(py::module_& root) {
  auto m = root.def_submodule("connect4", "Connect Four: states, bots, the exact solver");
  py::class_<c4::Board> state(m, "State",
                              "A Connect Four position (7 columns, 6 rows). Moves are columns "
                              "0-6; player 0 (X) moves first.");
  state
      .def(py::init([](const std::string& moves) { return c4::Board::from_moves(moves); }),
           py::arg("moves") = "",
           "The position after `moves`, 1-based columns as in Pons' test sets (\"4453\").")
      .def("__str__", &c4::Board::to_text)
      .def("__repr__",
           [](const c4::Board& b) {
             return "<connect4.State, " + std::to_string(b.moves()) + " stones>";
           })
      .def_property_readonly("stones", &c4::Board::moves, "Stones on the board.")
      .def("png", &board_png,
           "A picture of the board (PNG bytes); Jupyter shows it through _repr_png_.")
      .def("_repr_png_", &board_png)
      .def(
          "cell",
          [](const c4::Board& b, int col, int row) {
            if (col < 0 || col >= c4::kWidth || row < 0 || row >= c4::kHeight)
              throw py::index_error(fmt::format("cell ({}, {}): expected col 0 to {}, row 0 to {}",
                                                col, row, c4::kWidth - 1, c4::kHeight - 1));
            return b.cell(col, row);
          },
          py::arg("col"), py::arg("row"), "0 empty, 1 player 0, 2 player 1; row 0 at the bottom.")
      .def(
          "observation",
          [](const c4::Board& b) {
            auto a = planes(2, c4::kHeight, c4::kWidth);
            auto v = a.mutable_unchecked<3>();
            for (int col = 0; col < c4::kWidth; ++col) {
              for (int row = 0; row < c4::kHeight; ++row) {
                if (const int c = b.cell(col, row)) v(c - 1, c4::kHeight - 1 - row, col) = 1.0f;
              }
            }
            return a;
          },
          "float32 array (2, 6, 7): plane p holds player p's stones, top row first (as printed).");
  add_state_methods(state);
  add_bot_class(m, state, [] { return c4::bots(); });

  py::class_<PySolver>(m, "Solver",
                       "The exact solver; its transposition table is kept between positions.")
      .def(py::init<double>(), py::arg("table_mib") = c4::SolveSettings{}.table_mib)
      .def_property_readonly("table_mib", &PySolver::table_mib,
                             "The transposition table's size in MiB, as given.")
      .def("__repr__",
           [](const PySolver& s) {
             return fmt::format("<connect4.Solver table_mib={:g}>", s.table_mib());
           })
      .def("solve", &PySolver::solve, py::arg("position"), py::arg("weak") = false,
           py::arg("seconds") = 0.0,
           "Pons' score of `position` (a State or 1-based columns \"4453\") for the side to "
           "move: positive wins (22 minus the winner's stones at the end), 0 draw, negative "
           "loses; weak=True gives only -1/0/1. None when `seconds` (> 0) ran out first.");
  m.def(
      "solve",
      [](const std::variant<c4::Board, std::string>& position, bool weak, double seconds) {
        PySolver solver(16);
        return solver.solve(position, weak, seconds);
      },
      py::arg("position"), py::arg("weak") = false, py::arg("seconds") = 0.0,
      "Pons' score of `position` (a State or \"4453\"); see Solver.solve.");
}

}  // namespace evoplay::python
