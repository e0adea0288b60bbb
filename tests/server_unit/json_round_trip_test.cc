// The JSON text frames stay the Protobuf JSON mapping: what the server writes (the code
// protoc-gen-kafenio-json generates) parses with protobuf's own parser to the same
// message, and what protobuf's own printer writes (.proto names or lowerCamelCase, with or
// without defaults) the server reads back to the same message. For every message kind, with
// every field filled by random values.
#include <google/protobuf/util/json_util.h>
#include <google/protobuf/util/message_differencer.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <random>
#include <set>

#include "json_runtime.h"
#include "kafenio/v1/kafenio.json.h"
#include "server/codec/frame_codec.h"

namespace kafenio::server {
namespace {

namespace pb = google::protobuf;

// Fills every field of `message` with random values (strings with Greek letters, quotes and
// control characters, 64-bit extremes), nested messages to `depth`, and one member of each
// oneof.
void Fill(pb::Message& message, std::mt19937_64& rng, int depth) {
  const pb::Descriptor* descriptor = message.GetDescriptor();
  const pb::Reflection* reflection = message.GetReflection();
  const auto text = [&] {
    static const char* const kTexts[] = {
        "", "Γιώργος", "play Jh", "a \"quoted\" \\ line\n", "tab\there", "\x01\x1f", "€ ✓"};
    return std::string(kTexts[rng() % std::size(kTexts)]);
  };
  for (int i = 0; i < descriptor->field_count(); ++i) {
    const pb::FieldDescriptor* field = descriptor->field(i);
    if (field->real_containing_oneof() && rng() % 3 != 0) continue;
    if (field->real_containing_oneof() &&
        reflection->HasOneof(message, field->real_containing_oneof())) {
      continue;
    }
    const int count = field->is_repeated() ? static_cast<int>(rng() % 4) : 1;
    for (int n = 0; n < count; ++n) {
      switch (field->cpp_type()) {
        case pb::FieldDescriptor::CPPTYPE_MESSAGE:
          if (depth == 0) break;
          Fill(field->is_repeated() ? *reflection->AddMessage(&message, field)
                                    : *reflection->MutableMessage(&message, field),
               rng, depth - 1);
          break;
        case pb::FieldDescriptor::CPPTYPE_INT32: {
          const std::int32_t v = static_cast<std::int32_t>(rng()) >> (rng() % 31);
          field->is_repeated() ? reflection->AddInt32(&message, field, v)
                               : reflection->SetInt32(&message, field, v);
          break;
        }
        case pb::FieldDescriptor::CPPTYPE_INT64: {
          const std::int64_t v = rng() % 5 == 0 ? INT64_MIN : static_cast<std::int64_t>(rng());
          field->is_repeated() ? reflection->AddInt64(&message, field, v)
                               : reflection->SetInt64(&message, field, v);
          break;
        }
        case pb::FieldDescriptor::CPPTYPE_UINT64: {  // a tournament's published seed
          const std::uint64_t v = rng() % 5 == 0 ? UINT64_MAX : static_cast<std::uint64_t>(rng());
          field->is_repeated() ? reflection->AddUInt64(&message, field, v)
                               : reflection->SetUInt64(&message, field, v);
          break;
        }
        case pb::FieldDescriptor::CPPTYPE_UINT32:
        case pb::FieldDescriptor::CPPTYPE_FLOAT:
          FAIL("a field type the protocol does not use: " << field->full_name());
          break;
        case pb::FieldDescriptor::CPPTYPE_DOUBLE: {
          const double v = static_cast<double>(static_cast<std::int32_t>(rng())) / 7.0;
          field->is_repeated() ? reflection->AddDouble(&message, field, v)
                               : reflection->SetDouble(&message, field, v);
          break;
        }
        case pb::FieldDescriptor::CPPTYPE_BOOL:
          field->is_repeated() ? reflection->AddBool(&message, field, rng() % 2)
                               : reflection->SetBool(&message, field, rng() % 2);
          break;
        case pb::FieldDescriptor::CPPTYPE_ENUM: {
          const pb::EnumDescriptor* e = field->enum_type();
          const int v =
              e->value(static_cast<int>(rng() % static_cast<std::uint64_t>(e->value_count())))
                  ->number();
          field->is_repeated() ? reflection->AddEnumValue(&message, field, v)
                               : reflection->SetEnumValue(&message, field, v);
          break;
        }
        case pb::FieldDescriptor::CPPTYPE_STRING:
          field->is_repeated() ? reflection->AddString(&message, field, text())
                               : reflection->SetString(&message, field, text());
          break;
      }
    }
  }
}

// Every kind of envelope body, each filled at random several times.
std::vector<v1::Envelope> Envelopes() {
  std::vector<v1::Envelope> out;
  std::mt19937_64 rng(2026);
  const pb::OneofDescriptor* body = v1::Envelope::descriptor()->FindOneofByName("body");
  for (int i = 0; i < body->field_count(); ++i) {
    for (int round = 0; round < 20; ++round) {
      v1::Envelope envelope;
      envelope.set_request_id(round % 2 ? "r" + std::to_string(round) : "");
      Fill(*envelope.GetReflection()->MutableMessage(&envelope, body->field(i)), rng, 4);
      out.push_back(std::move(envelope));
    }
  }
  return out;
}

TEST_CASE("every message the server writes as JSON reads back the same with protobuf's parser") {
  std::set<std::string> kinds;
  for (const v1::Envelope& envelope : Envelopes()) {
    const std::string json = EncodeFrame(envelope, true);
    v1::Envelope parsed;
    const auto status = pb::util::JsonStringToMessage(json, &parsed);
    INFO(json);
    REQUIRE(status.ok());
    REQUIRE(pb::util::MessageDifferencer::Equals(parsed, envelope));
    kinds.insert(std::string(
        envelope.GetReflection()
            ->GetOneofFieldDescriptor(envelope, v1::Envelope::descriptor()->oneof_decl(0))
            ->name()));
  }
  CHECK(static_cast<int>(kinds.size()) == v1::Envelope::descriptor()->oneof_decl(0)->field_count());
}

TEST_CASE("the server reads what protobuf's own printer writes, in every form") {
  for (const v1::Envelope& envelope : Envelopes()) {
    for (const bool proto_names : {true, false}) {
      for (const bool defaults : {true, false}) {
        pb::util::JsonPrintOptions options;
        options.preserve_proto_field_names = proto_names;
        options.always_print_primitive_fields = defaults;
        std::string json;
        REQUIRE(pb::util::MessageToJsonString(envelope, &json, options).ok());
        v1::Envelope read;
        std::string error;
        INFO(json);
        REQUIRE(DecodeFrame(json, true, read, error));
        REQUIRE(pb::util::MessageDifferencer::Equals(read, envelope));
      }
    }
  }
}

TEST_CASE("a view patch prints only what changed; whole messages print every field") {
  v1::Envelope envelope;
  v1::MatchEvent& event = *envelope.mutable_match_event();
  event.set_seq(4);
  v1::PilottaView& set = *event.mutable_patch()->mutable_set()->mutable_pilotta();
  set.set_to_act(2);
  event.mutable_patch()->add_cleared("trick");
  const std::string json = EncodeFrame(envelope, true);
  CHECK(json.find(R"("set":{"pilotta":{"to_act":2}})") != std::string::npos);
  CHECK(json.find(R"("cleared":["trick"])") != std::string::npos);
  CHECK(json.find(R"("turn_deadline_unix_ms":"0")") != std::string::npos);  // outside: printed
}

TEST_CASE("JSON that is not an envelope is refused with the field where it went wrong") {
  v1::Envelope read;
  std::string error;
  CHECK_FALSE(DecodeFrame(R"({"play_move":{"move":{"seat":"x"}}})", true, read, error));
  CHECK(error == "not a JSON Envelope: play_move.move.seat: not an integer: \"x\"");
  CHECK_FALSE(DecodeFrame(R"({"ping":{},"pong":{}})", true, read, error));
  CHECK(error.find("more than one field of oneof body") != std::string::npos);
  CHECK_FALSE(DecodeFrame(R"({"ping":{}} trailing)", true, read, error));
  CHECK_FALSE(DecodeFrame(R"({"set_ready":{"ready":1}})", true, read, error));
  CHECK(error.find("true or false") != std::string::npos);
  CHECK_FALSE(DecodeFrame(R"({"get_leaderboard":{"limit":3000000000}})", true, read, error));
  CHECK(error.find("out of range") != std::string::npos);
  // Deep nesting is an error, not a crash.
  const std::string deep = "{\"ping\":" + std::string(100000, '[') + std::string(100000, ']') + "}";
  CHECK_FALSE(DecodeFrame(deep, true, read, error));
  // Enums by name or by number; nulls are defaults; 64-bit values as strings or numbers.
  REQUIRE(
      DecodeFrame(R"({"error":{"code":"NOT_YOUR_TURN"},"request_id":null})", true, read, error));
  CHECK(read.error().code() == v1::NOT_YOUR_TURN);
  REQUIRE(DecodeFrame(R"({"error":{"code":16}})", true, read, error));
  CHECK(read.error().code() == v1::NOT_YOUR_TURN);
  REQUIRE(DecodeFrame(R"({"join_table":{"last_seq":"9007199254740993","match_id":12}})", true, read,
                      error));
  CHECK(read.join_table().last_seq() == 9007199254740993);
  CHECK(read.join_table().match_id() == 12);
}

// Found with the envelope_json fuzz target's harness (tests/fuzz): 2^63 written as a JSON
// number passed the range check (INT64_MAX as a double is 2^63) and was converted to an
// int64, which is undefined behaviour.
TEST_CASE("64-bit integers written as JSON numbers at the edges of their range") {
  v1::Envelope read;
  std::string error;
  CHECK_FALSE(
      DecodeFrame(R"({"play_move":{"expected_seq":9.223372036854775807e18}})", true, read, error));
  CHECK(error.find("out of range") != std::string::npos);
  CHECK_FALSE(DecodeFrame(R"({"play_move":{"expected_seq":1e19}})", true, read, error));
  CHECK(error.find("out of range") != std::string::npos);
  REQUIRE(
      DecodeFrame(R"({"play_move":{"expected_seq":-9.223372036854775808e18}})", true, read, error));
  CHECK(read.play_move().expected_seq() == INT64_MIN);
  REQUIRE(
      DecodeFrame(R"({"play_move":{"expected_seq":4.611686018427387904e18}})", true, read, error));
  CHECK(read.play_move().expected_seq() == (std::int64_t{1} << 62));
  CHECK_FALSE(DecodeFrame(R"({"play_move":{"expected_seq":1.5}})", true, read, error));
  CHECK(error.find("an integer was expected") != std::string::npos);
}

// Found by the envelope_binary fuzz target: an enum value with no name (a binary frame may
// carry any number) was written to JSON as "", which reads back as an error.
TEST_CASE("an enum value with no name is written as its number and reads back") {
  v1::Envelope envelope;
  envelope.mutable_error()->set_code(static_cast<v1::ErrorCode>(-1));
  const std::string json = EncodeFrame(envelope, true);
  CHECK(json.find(R"("code":-1)") != std::string::npos);
  v1::Envelope read;
  std::string error;
  REQUIRE(DecodeFrame(json, true, read, error));
  CHECK(read.error().code() == -1);
}

// Found by the envelope_binary fuzz target: a NaN double (a binary frame may carry one)
// was written to JSON as nothing at all ({"points":}).
TEST_CASE("NaN and the infinities are written as the mapping's strings and read back") {
  for (const double value : {std::nan(""), HUGE_VAL, -HUGE_VAL}) {
    v1::Envelope envelope;
    envelope.mutable_tournament_match_result()->set_points(value);
    const std::string json = EncodeFrame(envelope, true);
    v1::Envelope read;
    std::string error;
    REQUIRE(DecodeFrame(json, true, read, error));
    const double back = read.tournament_match_result().points();
    CHECK((std::isnan(value) ? std::isnan(back) : back == value));
  }
}

// Found by the envelope_json fuzz target: RapidJSON reads a lone surrogate escape into
// bytes that are not UTF-8, which protobuf then cannot encode for a binary client.
TEST_CASE("a JSON string that escapes to text that is not UTF-8 is refused") {
  v1::Envelope read;
  std::string error;
  CHECK_FALSE(DecodeFrame(R"({"send_chat":{"text":"\udddd"}})", true, read, error));
  CHECK(error.find("UTF-8") != std::string::npos);
  CHECK_FALSE(DecodeFrame(R"({"send_chat":{"text":"a\ud800b"}})", true, read, error));
  // A pair of surrogates is one letter, and Greek is Greek.
  REQUIRE(DecodeFrame(R"({"send_chat":{"text":"\ud83c\udca1 \u0393\u03b5\u03b9\u03ac"}})", true,
                      read, error));
  CHECK(read.send_chat().text() == "\U0001F0A1 Γειά");
}

// Found by the envelope_json fuzz target: RapidJSON 1.1.0's full-precision conversion read
// out of bounds on numbers like these (a text frame holding one crashed the server).
// Numbers are converted by std::from_chars now (proto/json_parse.h).
TEST_CASE("numbers that crashed RapidJSON's conversion are read exactly or refused") {
  v1::Envelope read;
  std::string error;
  // Inputs the fuzzer wrote (in tests/fuzz/corpus/envelope_json too), below a double's range.
  for (
      const char* frame : {
          R"({"pmdgakovev":0.023222222222222222222222220E-000000000000000000347})",
          R"({"ping":{},"x":0.00000000000000000000000000000000000000000000000006777682325147701703e-300})",
          R"({"tournament_match_result":{"points":1e-400}})",
      }) {
    CHECK_FALSE(DecodeFrame(frame, true, read, error));
    CHECK(error.find("a number out of range") != std::string::npos);
  }
  CHECK_FALSE(DecodeFrame(R"({"tournament_match_result":{"points":1e309}})", true, read, error));
  CHECK(error.find("a number out of range") != std::string::npos);  // RapidJSON's "too big"
  CHECK_FALSE(DecodeFrame(R"({"tournament_match_result":{"points":-1e999}})", true, read, error));
  CHECK(error.find("a number out of range") != std::string::npos);
  // Read exactly: the nearest double, as a correct strtod gives it.
  const std::pair<const char*, double> exact[] = {
      {"0.1", 0.1},
      {"2.2250738585072014e-308", 2.2250738585072014e-308},
      {"5e-324", 5e-324},
      {"0.000000000000000000000000000000000000000000000000000000000000000000001e-200", 1e-269},
      {"1.7976931348623157e308", 1.7976931348623157e308},
      {"-0.0", -0.0},
      {"123456789012345678901234567890", 123456789012345678901234567890.0},
      {"2.5e2", 250.0},
  };
  for (const auto& [text, value] : exact) {
    const std::string frame = std::string(R"({"tournament_match_result":{"points":)") + text + "}}";
    REQUIRE(DecodeFrame(frame, true, read, error));
    CHECK(read.tournament_match_result().points() == value);
    CHECK(std::signbit(read.tournament_match_result().points()) == std::signbit(value));
  }
  // Integers stay integers at 64 bits, as before.
  REQUIRE(DecodeFrame(R"({"play_move":{"expected_seq":-9223372036854775808}})", true, read, error));
  CHECK(read.play_move().expected_seq() == INT64_MIN);
  REQUIRE(DecodeFrame(R"({"create_tournament":{"settings":{"seed":18446744073709551615}}})", true,
                      read, error));
  CHECK(read.create_tournament().settings().seed() == UINT64_MAX);
  CHECK_FALSE(DecodeFrame(R"({"create_tournament":{"settings":{"seed":18446744073709551616}}})",
                          true, read, error));
  CHECK(error.find("out of range") != std::string::npos);
  REQUIRE(DecodeFrame(R"({"get_leaderboard":{"limit":-0}})", true, read, error));
  CHECK(read.get_leaderboard().limit() == 0);
}

}  // namespace
}  // namespace kafenio::server
