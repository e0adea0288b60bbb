#pragma once
// What the two envelope fuzz targets check of a decoded Envelope: the server's own round
// trips keep it. Its binary re-encoding reads back to the same message, and so does its
// JSON form (the server answers a JSON client in JSON). Unknown fields are dropped first:
// the JSON form has no place for them.
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "server/codec/frame_codec.h"

namespace kafenio::fuzz {

// The message's bytes in one canonical order, so equal messages compare equal.
inline std::string CanonicalBytes(const v1::Envelope& envelope) {
  std::string bytes;
  google::protobuf::io::StringOutputStream stream(&bytes);
  google::protobuf::io::CodedOutputStream coded(&stream);
  coded.SetSerializationDeterministic(true);
  envelope.SerializeToCodedStream(&coded);
  coded.Trim();
  return bytes;
}

inline void RequireSame(const char* what, const std::string& expected, const v1::Envelope& got) {
  if (CanonicalBytes(got) == expected) return;
  std::fprintf(stderr, "%s changed the Envelope\n", what);
  std::abort();
}

inline void CheckRoundTrips(v1::Envelope& envelope) {
  envelope.DiscardUnknownFields();
  const std::string expected = CanonicalBytes(envelope);
  v1::Envelope again;
  std::string error;
  if (!server::DecodeFrame(server::EncodeFrame(envelope, false), false, again, error)) {
    std::fprintf(stderr, "binary re-encoding refused: %s\n", error.c_str());
    std::abort();
  }
  RequireSame("binary round trip", expected, again);
  const std::string json = server::EncodeFrame(envelope, true);
  if (!server::DecodeFrame(json, true, again, error)) {
    std::fprintf(stderr, "JSON form refused: %s\n%s\n", error.c_str(), json.c_str());
    std::abort();
  }
  // Compared as JSON: a NaN's payload bits do not survive its JSON form ("NaN"), and need not.
  if (server::EncodeFrame(again, true) != json) {
    std::fprintf(stderr, "JSON round trip changed the Envelope\n%s\n", json.c_str());
    std::abort();
  }
}

}  // namespace kafenio::fuzz
