#include "server/codec/frame_codec.h"

#include <google/protobuf/stubs/logging.h>

#include <catch2/catch.hpp>

namespace kafenio::server {
namespace {

v1::Envelope SampleMove() {
  v1::Envelope envelope;
  envelope.set_request_id("r7");
  v1::PlayMove& play = *envelope.mutable_play_move();
  play.set_table_id("abc");
  play.mutable_move()->set_notation("play Jh belote");
  play.mutable_move()->set_seat(0);
  return envelope;
}

TEST_CASE("binary and JSON frames carry the same envelope") {
  const v1::Envelope original = SampleMove();
  for (const bool text : {false, true}) {
    const std::string frame = EncodeFrame(original, text);
    v1::Envelope decoded;
    std::string error;
    REQUIRE(DecodeFrame(frame, text, decoded, error));
    CHECK(decoded.SerializeAsString() == original.SerializeAsString());
  }
}

TEST_CASE("JSON frames use the .proto field names and print seat 0") {
  const std::string json = EncodeFrame(SampleMove(), true);
  CHECK(json.find("\"request_id\":\"r7\"") != std::string::npos);
  CHECK(json.find("\"play_move\"") != std::string::npos);
  CHECK(json.find("\"seat\":0") != std::string::npos);
}

TEST_CASE("JSON input may use lowerCamelCase names too") {
  v1::Envelope decoded;
  std::string error;
  REQUIRE(DecodeFrame(R"({"requestId":"x","signInGuest":{"name":"eleni"}})", true, decoded, error));
  CHECK(decoded.sign_in_guest().name() == "eleni");
}

TEST_CASE("malformed frames are refused with a reason") {
  v1::Envelope decoded;
  std::string error;
  CHECK_FALSE(DecodeFrame("{not json", true, decoded, error));
  CHECK_FALSE(error.empty());
  error.clear();
  CHECK_FALSE(DecodeFrame(R"({"no_such_field":1})", true, decoded, error));
  CHECK_FALSE(error.empty());
  error.clear();
  CHECK_FALSE(DecodeFrame(std::string("\xff\xff\xff\xff", 4), false, decoded, error));
  CHECK(error == "not a protobuf Envelope (or a string in it is not UTF-8)");
}

// Counts what the protobuf library logs while it is installed.
int logged_lines = 0;
void CountLogLine(google::protobuf::LogLevel, const char*, int, const std::string&) {
  ++logged_lines;
}

TEST_CASE("a binary frame whose string is not UTF-8 is refused without a line in the log") {
  std::string frame = SampleMove().SerializeAsString();
  const auto at = frame.find("r7");
  REQUIRE(at != std::string::npos);
  frame[at] = '\xff';
  logged_lines = 0;
  const auto previous = google::protobuf::SetLogHandler(&CountLogLine);
  v1::Envelope decoded;
  std::string error;
  CHECK_FALSE(DecodeFrame(frame, false, decoded, error));
  // The library still logs outside the decoder (the handler is the one that counts).
  GOOGLE_LOG(ERROR) << "outside the decoder";
  google::protobuf::SetLogHandler(previous);
  CHECK(error == "not a protobuf Envelope (or a string in it is not UTF-8)");
  CHECK(logged_lines == 1);
}

}  // namespace
}  // namespace kafenio::server
