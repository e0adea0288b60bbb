#include "server/app/admin/totp.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <sodium.h>

#include <array>
#include <cctype>

namespace kafenio::server::admin {
namespace {

constexpr std::string_view kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
constexpr std::int64_t kStepSeconds = 30;

const EVP_MD* Digest(TotpHash hash) {
  switch (hash) {
    case TotpHash::sha256:
      return EVP_sha256();
    case TotpHash::sha512:
      return EVP_sha512();
    default:
      return EVP_sha1();
  }
}

}  // namespace

std::string Base32Encode(std::string_view bytes) {
  std::string out;
  std::uint32_t buffer = 0;
  int bits = 0;
  for (unsigned char byte : bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out.push_back(kAlphabet[(buffer >> (bits - 5)) & 31]);
      bits -= 5;
    }
  }
  if (bits > 0) out.push_back(kAlphabet[(buffer << (5 - bits)) & 31]);
  return out;
}

std::optional<std::string> Base32Decode(std::string_view text) {
  std::string out;
  std::uint32_t buffer = 0;
  int bits = 0;
  for (char c : text) {
    if (c == ' ' || c == '=') continue;
    const auto at = kAlphabet.find(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
    if (at == std::string_view::npos) return std::nullopt;
    buffer = (buffer << 5) | static_cast<std::uint32_t>(at);
    bits += 5;
    if (bits >= 8) {
      out.push_back(static_cast<char>((buffer >> (bits - 8)) & 0xff));
      bits -= 8;
    }
  }
  return out;
}

std::string TotpCode(std::string_view secret, std::int64_t unix_seconds, int digits,
                     TotpHash hash) {
  std::uint64_t counter = static_cast<std::uint64_t>(unix_seconds / kStepSeconds);
  std::array<unsigned char, 8> message{};
  for (int i = 7; i >= 0; --i) {
    message[i] = static_cast<unsigned char>(counter & 0xff);
    counter >>= 8;
  }
  std::array<unsigned char, EVP_MAX_MD_SIZE> mac{};
  unsigned int mac_size = 0;
  HMAC(Digest(hash), secret.data(), static_cast<int>(secret.size()), message.data(), message.size(),
       mac.data(), &mac_size);
  // RFC 4226 section 5.3: dynamic truncation.
  const int offset = mac[mac_size - 1] & 0x0f;
  const std::uint32_t binary = (static_cast<std::uint32_t>(mac[offset] & 0x7f) << 24) |
                               (static_cast<std::uint32_t>(mac[offset + 1]) << 16) |
                               (static_cast<std::uint32_t>(mac[offset + 2]) << 8) |
                               static_cast<std::uint32_t>(mac[offset + 3]);
  std::uint32_t modulus = 1;
  for (int i = 0; i < digits; ++i) modulus *= 10;
  std::string code = std::to_string(binary % modulus);
  return std::string(static_cast<std::size_t>(digits) - code.size(), '0') + code;
}

bool TotpMatches(std::string_view base32_secret, std::string_view code, std::int64_t unix_ms) {
  const auto secret = Base32Decode(base32_secret);
  if (!secret || code.size() != 6) return false;
  const std::int64_t now = unix_ms / 1000;
  bool matched = false;
  for (int step = -1; step <= 1; ++step) {
    const std::string expected = TotpCode(*secret, now + step * kStepSeconds);
    // Constant time, whichever step matches.
    matched |= sodium_memcmp(expected.data(), code.data(), expected.size()) == 0;
  }
  return matched;
}

std::string NewTotpSecret() {
  std::array<unsigned char, 20> bytes{};
  randombytes_buf(bytes.data(), bytes.size());
  return Base32Encode(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

std::string TotpUri(std::string_view base32_secret, std::string_view account) {
  // The account name is URI-escaped byte by byte: Greek names too.
  std::string escaped;
  for (unsigned char c : account) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.') {
      escaped.push_back(static_cast<char>(c));
    } else {
      static constexpr char kHex[] = "0123456789ABCDEF";
      escaped += '%';
      escaped += kHex[c >> 4];
      escaped += kHex[c & 15];
    }
  }
  return "otpauth://totp/Kafenio:" + escaped + "?secret=" + std::string(base32_secret) +
         "&issuer=Kafenio&algorithm=SHA1&digits=6&period=30";
}

}  // namespace kafenio::server::admin
