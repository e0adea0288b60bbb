#pragma once
// Reads JSON text into a RapidJSON document with every number converted by std::from_chars
// (exact: correctly rounded, and bounded) instead of by RapidJSON itself. RapidJSON 1.1.0,
// Debian 12's, reads out of bounds in its full-precision conversion of numbers such as
// 0.0232…2E-347: the envelope_json fuzz target found it, and one text frame holding such a
// number crashed the server (docs/security.md, "Fuzzing"). Its other conversion is
// inexact. So the reader hands each number over as its text, and it is converted here.
#include <rapidjson/document.h>
#include <rapidjson/encodedstream.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>
#include <system_error>

namespace kafenio::json {

// The events of one parse, passed on to `document`; a number comes as its text (JSON's
// grammar, checked by the reader: -?digits[.digits][(e|E)[+-]digits]) and is stored as
// RapidJSON would store it: an integer that fits in 64 bits as one, anything else as a
// double.
class ExactNumbers {
 public:
  explicit ExactNumbers(rapidjson::Document& document) : document_(document) {}

  bool Null() { return document_.Null(); }
  bool Bool(bool value) { return document_.Bool(value); }
  bool Int(int value) { return document_.Int(value); }
  bool Uint(unsigned value) { return document_.Uint(value); }
  bool Int64(std::int64_t value) { return document_.Int64(value); }
  bool Uint64(std::uint64_t value) { return document_.Uint64(value); }
  bool Double(double value) { return document_.Double(value); }
  bool String(const char* text, rapidjson::SizeType length, bool copy) {
    return document_.String(text, length, copy);
  }
  bool StartObject() { return document_.StartObject(); }
  bool Key(const char* text, rapidjson::SizeType length, bool copy) {
    return document_.Key(text, length, copy);
  }
  bool EndObject(rapidjson::SizeType members) { return document_.EndObject(members); }
  bool StartArray() { return document_.StartArray(); }
  bool EndArray(rapidjson::SizeType elements) { return document_.EndArray(elements); }

  bool RawNumber(const char* text, rapidjson::SizeType length, bool /*copy*/) {
    const char* const end = text + length;
    const bool integer =
        std::none_of(text, end, [](char c) { return c == '.' || c == 'e' || c == 'E'; });
    if (integer && *text == '-') {
      std::int64_t value = 0;
      if (const auto [stop, problem] = std::from_chars(text, end, value);
          problem == std::errc{} && stop == end) {
        return document_.Int64(value);
      }
    } else if (integer) {
      std::uint64_t value = 0;
      if (const auto [stop, problem] = std::from_chars(text, end, value);
          problem == std::errc{} && stop == end) {
        return document_.Uint64(value);
      }
    }
    double value = 0;
    const auto [stop, problem] = std::from_chars(text, end, value);
    if (problem != std::errc{} || stop != end) {
      // Beyond a double either way (1e309, or 1e-400, below the smallest one): refused,
      // where RapidJSON would have read the first as an error and the second as 0.
      out_of_range_ = true;
      return false;
    }
    return document_.Double(value);
  }

  bool out_of_range() const { return out_of_range_; }

 private:
  rapidjson::Document& document_;
  bool out_of_range_ = false;
};

// Parses `text` into `document`: without recursion (nesting cannot exhaust the stack),
// UTF-8 checked, numbers by ExactNumbers. False with `error` set when the text is not JSON.
inline bool ParseJson(std::string_view text, rapidjson::Document& document, std::string& error) {
  ExactNumbers numbers(document);
  rapidjson::ParseResult result;
  auto parse = [&](rapidjson::Document&) {
    rapidjson::MemoryStream memory(text.data(), text.size());
    rapidjson::EncodedInputStream<rapidjson::UTF8<>, rapidjson::MemoryStream> input(memory);
    rapidjson::Reader reader;
    result = reader.Parse<rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag |
                          rapidjson::kParseNumbersAsStringsFlag>(input, numbers);
    return !result.IsError();
  };
  document.Populate(parse);
  if (!result.IsError()) return true;
  // The reader itself refuses an exponent beyond a double's (1e309) before handing the
  // number over: out of range too, for the one who sent it.
  const bool out_of_range =
      numbers.out_of_range() || result.Code() == rapidjson::kParseErrorNumberTooBig;
  error = std::string(out_of_range ? "a number out of range" : "not JSON") + " (at byte " +
          std::to_string(result.Offset()) + ")";
  return false;
}

}  // namespace kafenio::json
