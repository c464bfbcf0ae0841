// evoplay.settings(name, **kwargs) and evoplay.settings_fields(name): the settings a call would
// use, resolved from keyword arguments as that call resolves them (presets, then the keywords,
// then the library's rules), and the declaration of every field. What a user reads to see the
// defaults, and what the tests walk to check that every declared field is a keyword.
#include <pybind11/stl.h>

#include <functional>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "evo_keywords.hpp"
#include "evoplay/core/fields_schema.hpp"
#include "evoplay/games/birds/generate_settings.hpp"
#include "evoplay/games/birds/inspect_settings.hpp"
#include "evoplay/games/birds/simulation_settings.hpp"
#include "evoplay/games/lemmings/render.hpp"
#include "evoplay/games/lemmings/study.hpp"
#include "evoplay/games/sudoku/experiment.hpp"
#include "evoplay/games/sudoku/solve_file.hpp"
#include "fields.hpp"

namespace evoplay::python {

namespace {

struct Entry {
  std::string name;
  std::function<nlohmann::json(const py::dict&)> resolve;
  std::function<std::vector<fields::Info>()> describe;
  std::vector<std::string> types;  // each field's Python type, in the order of describe()
  // The call's keywords that are Python objects, not settings (callback=, map=), with their
  // types: the stubs list them beside the settings.
  std::vector<std::pair<std::string, std::string>> objects;
};

/// The keywords evo.GA, evo.CRO and evo.ACO take out before their settings (evo.cpp).
const std::vector<std::pair<std::string, std::string>> kRunObjects = {
    {"callback", "Optional[Callable[[dict], Any]]"}, {"map", "Optional[Callable[..., Any]]"}};

/// The Python type of the values a key's JSON Schema (core/fields_schema.hpp) takes, as the
/// stubs write it: what json_of reads into the field.
std::string python_type(const nlohmann::json& schema) {
  auto type = schema.value("type", nlohmann::json());
  bool none = type.is_array();  // [T, "null"]: an optional value
  if (none) type = type[0];
  std::string out;
  if (schema.contains("enum")) {
    bool text = false, flag = false;
    for (const auto& v : schema["enum"]) {
      text = text || v.is_string();
      flag = flag || v.is_boolean();
      none = none || v.is_null();
    }
    out = flag && text ? "Union[bool, str]" : flag ? "bool" : "str";
  } else if (type == "boolean") {
    out = "bool";
  } else if (type == "integer") {
    out = "int";
  } else if (type == "number") {
    out = "float";
  } else if (type == "array") {
    const std::string item = python_type(schema.at("items"));
    out =
        schema.value("minItems", 0) == 2 && schema.value("maxItems", 0) == 2
            ? "Tuple[" + item + ", " + item + "]"    // a pair of bounds
            : "Union[str, Sequence[" + item + "]]";  // a list, or its items as on the command line
  } else {
    out = "str";  // text, and specifications read from text (a selection, a reef's shape)
  }
  return none ? "Optional[" + out + "]" : out;
}

template <class S>
Entry entry(std::string name, S defaults,
            std::vector<std::pair<std::string, std::string>> objects = {}) {
  std::vector<std::string> types;
  const auto schema = fields::json_schema(defaults);
  fields::for_each(defaults, [&](const fields::Slot& slot, const auto&) {
    types.push_back(python_type(schema["properties"].at(slot.key())));
  });
  return {std::move(name),
          [defaults](const py::dict& kwargs) {
            S s = apply_kwargs(defaults, kwargs);
            s.validate();
            return fields::to_json(s);
          },
          [defaults] { return fields::describe(defaults); }, std::move(types), std::move(objects)};
}

/// The settings of every Python call that takes declared keyword arguments.
const std::vector<Entry>& entries() {
  static const std::vector<Entry> kEntries = [] {
    // GaKeywords and the others have no validate() of their own: their Params do.
    struct Ga : GaKeywords {
      void validate() const { params.validate(); }
    };
    struct Cro : CroKeywords {
      void validate() const { params.validate(); }
    };
    struct Aco : AcoKeywords {
      void validate() const { params.validate(); }
    };
    struct Nsga2 : Nsga2Keywords {
      void validate() const { params.validate(); }
    };
    Cro cro;
    static_cast<CroKeywords&>(cro) = CroKeywords::defaults();
    auto experiment = games::sudoku::ExperimentSettings{};
    experiment.threads = 1;
    return std::vector<Entry>{
        entry("evo.GA", Ga{},
              [] {
                auto objects = kRunObjects;
                objects.emplace_back("initial", "Optional[Sequence[Any]]");
                return objects;
              }()),
        entry("evo.CRO", cro, kRunObjects),
        entry("evo.ACO", Aco{}, kRunObjects),
        entry("evo.NSGA2", Nsga2{}, {{"map", "Optional[Callable[..., Any]]"}}),
        entry("lemmings.solve", games::lemmings::SolverSettings{}),
        entry("lemmings.Study", games::lemmings::StudySpec{}),
        entry("lemmings.render_png", games::lemmings::RenderSettings{}),
        entry("lemmings.render_gif", games::lemmings::RenderSettings{}),
        entry("sudoku.solve", games::sudoku::SolveSettings{}),
        entry("sudoku.experiment", experiment),
        entry("birds.simulate", games::birds::SimulationSettings{}),
        entry("birds.check", games::birds::CheckSettings{}),
        entry("birds.render_png", games::birds::RenderSettings{}),
        entry("birds.diversity", games::birds::DiversitySettings{}),
        entry("birds.generate", games::birds::GenerateSettings{}),
    };
  }();
  return kEntries;
}

const Entry& find(const std::string& name) {
  std::string names;
  for (const auto& e : entries()) {
    if (e.name == name) return e;
    names += (names.empty() ? "" : ", ") + e.name;
  }
  throw py::key_error("no settings named '" + name + "' (settings: " + names + ")");
}

}  // namespace

void add_settings(py::module_& m) {
  m.def(
      "settings",
      [](const std::string& name, const py::kwargs& kwargs) {
        return to_python(find(name).resolve(kwargs));
      },
      py::arg("name"),
      "The settings the call `name` (one of settings_names: evo.GA, lemmings.solve, "
      "birds.generate, ...) would use with these keyword arguments, as config.json records "
      "them: the defaults, a preset, then the keywords given.");
  m.def(
      "settings_fields",
      [](const std::string& name) {
        py::list out;
        const Entry& e = find(name);
        const auto infos = e.describe();
        for (std::size_t k = 0; k < infos.size(); ++k) {
          const auto& i = infos[k];
          py::dict d;
          d["keyword"] = i.slot.key();
          d["type"] = e.types[k];
          d["option"] = "--" + i.slot.name;
          d["kind"] = i.kind;
          d["default"] = to_python(i.default_json);
          d["limits"] = i.limits;
          d["help"] = std::string(i.slot.field.help);
          d["advanced"] = i.slot.field.advanced;
          out.append(d);
        }
        return out;
      },
      py::arg("name"),
      "Every field of the settings of `name`: keyword, its Python type (as the stubs write it), "
      "the command line's option, kind, default, limits, help.");
  m.def(
      "_stub_keywords",
      [](const std::string& name) {
        const Entry& e = find(name);
        std::vector<std::pair<std::string, std::string>> out;
        const auto infos = e.describe();
        for (std::size_t k = 0; k < infos.size(); ++k)
          out.emplace_back(infos[k].slot.key(), e.types[k]);
        out.insert(out.end(), e.objects.begin(), e.objects.end());
        return out;
      },
      py::arg("name"),
      "The keywords of the call `name` with their Python types (python/make_stubs.py writes "
      "them in place of **kwargs).");
  py::list names;
  for (const auto& e : entries()) names.append(e.name);
  m.attr("settings_names") = names;
}

}  // namespace evoplay::python
