#pragma once
// Time-based one-time passwords (RFC 6238, HMAC-SHA1 as every authenticator app uses),
// the optional second factor of staff sign-in. Secrets are kept and shown in base32
// (RFC 4648), as authenticator apps take them.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kafenio::server::admin {

std::string Base32Encode(std::string_view bytes);
// Upper or lower case, spaces and '=' padding ignored; none when malformed.
std::optional<std::string> Base32Decode(std::string_view text);

enum class TotpHash { sha1, sha256, sha512 };

// The code for `unix_seconds`: HOTP (RFC 4226) of the 30-second step it falls in.
std::string TotpCode(std::string_view secret, std::int64_t unix_seconds, int digits = 6,
                     TotpHash hash = TotpHash::sha1);
// Whether `code` is the code of now, the step before or the step after (clocks drift).
bool TotpMatches(std::string_view base32_secret, std::string_view code, std::int64_t unix_ms);
// A new random secret (20 bytes, base32) and the otpauth:// URI that apps read as a QR code.
std::string NewTotpSecret();
std::string TotpUri(std::string_view base32_secret, std::string_view account);

}  // namespace kafenio::server::admin
