#include "evoplay/cli/cro_options.hpp"

#include <fmt/format.h>

#include "evoplay/core/error.hpp"
#include "evoplay/evo/cro_settings.hpp"

namespace evoplay::cli {

void CroOptions::add(CLI::App* cmd) {
  cmd->add_option("--cro-preset", preset,
                  "CRO's settings: thesis (the values of the Lemmings thesis), standard (every "
                  "coral reproduces each epoch, every brooded larva mutated), sl (standard with "
                  "substrate layers, CRO-SL) or sl-unique (sl whose reef never holds two equal "
                  "corals: the best measured); the --cro-... options below change one value")
      ->capture_default_str()
      ->check(CLI::IsMember(std::vector<std::string>(std::begin(evo::CroParams::kPresets),
                                                     std::end(evo::CroParams::kPresets))));
  const auto list = evo::cro_setting_list();
  values.resize(list.size());
  for (std::size_t i = 0; i < list.size(); ++i) {
    values[i].first = list[i].name;
    options.push_back(cmd->add_option(fmt::format("--cro-{}", list[i].name), values[i].second,
                                      std::string(list[i].help))
                          ->type_name(std::string(list[i].kind)));
  }
}

bool CroOptions::gamma_given() const {
  for (std::size_t i = 0; i < values.size(); ++i)
    if (values[i].first == "gamma") return options[i]->count() > 0;
  return false;
}

evo::CroParams CroOptions::resolve() const {
  evo::CroParams p = evo::CroParams::preset_named(preset);
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (options[i]->count() == 0) continue;
    try {
      evo::set_cro_setting(p, values[i].first, values[i].second);
    } catch (const Error& e) {
      throw Error("--cro-" + e.message());
    }
  }
  p.validate();
  return p;
}

void refuse_cro_options_unless(const CLI::App* cmd, bool runs, std::string_view where) {
  if (runs) return;
  for (const CLI::Option* o : cmd->get_options()) {
    const std::string name = o->get_name();
    if (name.starts_with("--cro-") && o->count() > 0) {
      throw Error(fmt::format("{} applies only with {}", name, where));
    }
  }
}

std::shared_ptr<CroOptions> add_cro_options(CLI::App* cmd) {
  auto opt = std::make_shared<CroOptions>();
  opt->add(cmd);
  return opt;
}

}  // namespace evoplay::cli
