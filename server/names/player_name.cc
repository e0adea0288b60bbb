#include "server/names/player_name.h"

#include <unicode/locid.h>
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/uspoof.h>
#include <unicode/utf8.h>

#include <memory>

namespace kafenio::names {
namespace {

// One checker for the process: ICU documents a USpoofChecker as safe to use from several
// threads at once when it is only read (uspoof_getSkeleton).
const USpoofChecker* SpoofChecker() {
  static const USpoofChecker* checker = [] {
    UErrorCode status = U_ZERO_ERROR;
    USpoofChecker* made = uspoof_open(&status);
    return U_SUCCESS(status) ? made : nullptr;
  }();
  return checker;
}

bool IsLetter(UChar32 c) {
  switch (u_charType(c)) {
    case U_UPPERCASE_LETTER:
    case U_LOWERCASE_LETTER:
    case U_TITLECASE_LETTER:
    case U_MODIFIER_LETTER:
    case U_OTHER_LETTER:
      return true;
    default:
      return false;
  }
}

bool IsCombiningMark(UChar32 c) {
  const auto type = u_charType(c);
  return type == U_NON_SPACING_MARK || type == U_COMBINING_SPACING_MARK;
}

bool IsNamePunctuation(UChar32 c) {
  return c == '.' || c == '\'' || c == '-' || c == '_';
}

CheckedName Refuse(std::string why) {
  CheckedName out;
  out.error = std::move(why);
  return out;
}

std::string ToUtf8(const icu::UnicodeString& text) {
  std::string out;
  text.toUTF8String(out);
  return out;
}

// ICU counts bytes in int32_t; a name is at most one frame (64 KB), far below that.
icu::UnicodeString FromUtf8(std::string_view text) {
  return icu::UnicodeString::fromUTF8(
      icu::StringPiece(text.data(), static_cast<std::int32_t>(text.size())));
}

}  // namespace

int CountCodePoints(std::string_view utf8) {
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(utf8.data());
  const auto length = static_cast<std::int32_t>(utf8.size());
  if (static_cast<std::size_t>(length) != utf8.size()) return -1;
  int count = 0;
  for (std::int32_t i = 0; i < length;) {
    UChar32 c = 0;
    U8_NEXT(bytes, i, length, c);
    if (c < 0) return -1;
    ++count;
  }
  return count;
}

std::string NameKey(std::string_view nfc_name) {
  icu::UnicodeString text = FromUtf8(nfc_name);
  // Capitals, not small letters, go into the skeleton: most Greek and Cyrillic capitals
  // have Latin lookalikes (Β, Ο, Р...), fewer small letters do (β is not b). Folding first
  // makes "ß" and "ss", "ς" and "σ" one before the capitals are taken.
  text.foldCase();
  text.toUpper(icu::Locale::getRoot());
  const USpoofChecker* checker = SpoofChecker();
  if (checker == nullptr) return ToUtf8(text.foldCase());
  icu::UnicodeString skeleton;
  UErrorCode status = U_ZERO_ERROR;
  uspoof_getSkeletonUnicodeString(checker, 0, text, skeleton, &status);
  if (U_FAILURE(status)) return ToUtf8(text.foldCase());
  skeleton.foldCase();
  return ToUtf8(skeleton);
}

CheckedName CheckName(std::string_view typed) {
  // Far longer than any name, and refused before ICU spends time on it.
  if (typed.empty() || typed.size() > 4 * kMostNameCharacters * 4) return Refuse(kNameRule);
  if (CountCodePoints(typed) < 0) return Refuse("a name must be text (UTF-8)");
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
  if (U_FAILURE(status)) return Refuse("names cannot be checked right now");
  const icu::UnicodeString text = nfc->normalize(FromUtf8(typed), status);
  if (U_FAILURE(status)) return Refuse(kNameRule);
  if (text.countChar32() > kMostNameCharacters) return Refuse(kNameRule);

  UChar32 previous = 0;
  for (std::int32_t i = 0; i < text.length(); i = text.moveIndex32(i, 1)) {
    const UChar32 c = text.char32At(i);
    const bool first = i == 0;
    if (IsLetter(c) || u_charType(c) == U_DECIMAL_DIGIT_NUMBER) {
      // fine anywhere
    } else if (IsCombiningMark(c)) {
      // Marks belong to the letter before them; marks alone would stack invisibly.
      if (first || !(IsLetter(previous) || IsCombiningMark(previous))) return Refuse(kNameRule);
    } else if (c == ' ') {
      if (first || previous == ' ') return Refuse(kNameRule);
    } else if (IsNamePunctuation(c)) {
      if (first) return Refuse(kNameRule);
    } else {
      // Controls, format characters (bidi overrides, zero-width joiners), symbols, other
      // spaces and punctuation: none of them belong in a name.
      return Refuse(kNameRule);
    }
    previous = c;
  }
  if (previous == ' ') return Refuse(kNameRule);

  CheckedName out;
  out.name = ToUtf8(text);
  out.key = NameKey(out.name);
  return out;
}

}  // namespace kafenio::names
