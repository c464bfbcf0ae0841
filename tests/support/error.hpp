#pragma once
// Catching the evoplay::Error a piece of code throws, to check the file, line, column and
// message it names.

#include <gtest/gtest.h>

#include <string>

#include "evoplay/core/error.hpp"

namespace evoplay::test_support {

/// The Error that `fn()` throws. If it throws none, a test failure naming `input` (what was
/// given to `fn`), and an empty Error, so that the caller's checks fail too.
template <class Fn>
evoplay::Error error_from(Fn&& fn, const std::string& input) {
  try {
    fn();
  } catch (const evoplay::Error& e) {
    return e;
  }
  ADD_FAILURE() << "no error for:\n" << input;
  return evoplay::Error("");
}

}  // namespace evoplay::test_support
