#include "evoplay/core/base64.hpp"

#include <gtest/gtest.h>

#include "evoplay/core/error.hpp"

using namespace evoplay;

// The test vectors of RFC 4648, section 10.
TEST(Base64, EncodesTheRfcVectors) {
  EXPECT_EQ(base64_encode(""), "");
  EXPECT_EQ(base64_encode("f"), "Zg==");
  EXPECT_EQ(base64_encode("fo"), "Zm8=");
  EXPECT_EQ(base64_encode("foo"), "Zm9v");
  EXPECT_EQ(base64_encode("foob"), "Zm9vYg==");
  EXPECT_EQ(base64_encode("fooba"), "Zm9vYmE=");
  EXPECT_EQ(base64_encode("foobar"), "Zm9vYmFy");
}

TEST(Base64, DecodesWhatItEncodesEveryByteIncluded) {
  std::string all;
  for (int c = 0; c < 256; ++c) all += static_cast<char>(c);
  for (std::size_t n = 0; n <= all.size(); n += 37) {
    EXPECT_EQ(base64_decode(base64_encode(all.substr(0, n))), all.substr(0, n));
  }
  EXPECT_EQ(base64_decode("Zm9vYmE="), "fooba");
}

TEST(Base64, RefusesTextThatIsNotBase64) {
  for (const char* bad : {"Zg=", "Z===", "Zm9v!A==", "Zg==Zg==", "=Zm9"}) {
    EXPECT_THROW((void)base64_decode(bad), Error) << bad;
  }
}
