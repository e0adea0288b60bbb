#pragma once
// Players' names in any script (docs/security.md, "Names"). A name is checked and put in
// Unicode NFC before it is stored or looked up; two names are the same name when their
// keys are equal: the key folds case and maps letters that look alike across scripts to
// one (ICU's spoof checker skeleton, Unicode TS #39), so "Bob", "BOB" and "Βοb" (Greek
// capital beta, small omicron) are one name, and "Γιώργος" and "ΓΙΏΡΓΟΣ" are one name.
#include <string>
#include <string_view>

namespace kafenio::names {

inline constexpr int kMostNameCharacters = 24;

// The rule in one sentence, as the server tells a player whose name is refused.
inline constexpr const char* kNameRule =
    "a name is 1 to 24 letters (any script), digits, spaces and . ' - _, beginning with a "
    "letter or digit";

struct CheckedName {
  std::string name;   // NFC, as stored and shown; empty when refused
  std::string key;    // what uniqueness and sign-in compare
  std::string error;  // empty when accepted: why the name is refused
  bool ok() const { return error.empty(); }
};

// Checks a name a player typed (any bytes): valid UTF-8; after NFC 1 to 24 code points of
// letters, combining marks after a letter, decimal digits, single spaces inside and the
// marks . ' - _; no control, format (bidi overrides, zero-width joiners) or other
// characters.
CheckedName CheckName(std::string_view typed);

// The key of a name already in NFC (a stored name): case-folded and put in capitals, then
// its confusable skeleton, case-folded again (a skeleton may map a digit to a capital).
std::string NameKey(std::string_view nfc_name);

// Counts the code points of valid UTF-8; -1 when the bytes are not valid UTF-8.
int CountCodePoints(std::string_view utf8);

}  // namespace kafenio::names
