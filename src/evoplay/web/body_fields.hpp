#pragma once
// Which fields of a request's JSON body its handler read: a field that no getter (request.hpp),
// no read_settings (settings.hpp) and no note_read took is a mistake of the client's
// ("popluation"), refused with 400 naming it and the nearest field read, before any job starts
// or any answer leaves.
//
// Why it exists: one check for every POST route, whatever it reads and however it reads it,
// instead of a list of accepted keys per route kept in step with its code by hand.

#include <nlohmann/json.hpp>
#include <string_view>

namespace evoplay::web::body_fields {

/// The body of the request under way on this thread: each of its top-level keys must be read.
void expect(const nlohmann::json& body);
/// `key` was read (by a getter, or by code that reads the body itself).
void note_read(std::string_view key);
/// BadRequest 400 "KEY: no such setting (did you mean '...'?)" for the first key of the body not
/// read; nothing when every key was read or no body is expected.
void check();
/// Forgets the request (at its start and end).
void clear();

}  // namespace evoplay::web::body_fields

namespace evoplay::web {
using body_fields::note_read;
}  // namespace evoplay::web
