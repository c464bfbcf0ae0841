#pragma once
// Base64 (RFC 4648, with padding): bytes as JSON-safe text, e.g. the files a unit of work made
// on another MPI rank, carried in its JSON result (dist/runner.hpp).

#include <string>
#include <string_view>

namespace evoplay {

std::string base64_encode(std::string_view bytes);
/// Throws Error for text that is not padded base64.
std::string base64_decode(std::string_view text);

}  // namespace evoplay
