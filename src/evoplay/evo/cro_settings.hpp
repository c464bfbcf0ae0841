#pragma once
// CRO's settings by name, as text: the command line's --cro-NAME options go through
// set_cro_setting, so a value typed as text is read and checked in one place. (Python's
// evo.CRO takes typed keywords over a preset; CroParams::validate checks both.)

#include <span>
#include <string_view>

#include "evoplay/evo/cro_params.hpp"

namespace evoplay::evo {

/// One setting: its name, the kind of value it takes (for help texts) and what it means.
struct CroSettingInfo {
  std::string_view name, kind, help;
};

/// Every setting set_cro_setting accepts, in the order help texts list them.
std::span<const CroSettingInfo> cro_setting_list();

/// Sets the setting `name` of `params` from `value` as typed (reef "10x10", occupancy "0.9",
/// pairs "uniform", substrates "pmx,swap" | "all" | "none", ...). Throws Error "NAME: expected
/// ..., found 'VALUE'" for a value out of range or of the wrong kind, or an unknown name.
void set_cro_setting(CroParams& params, std::string_view name, std::string_view value);

}  // namespace evoplay::evo
