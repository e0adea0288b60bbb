// Reading a client's frame, the first step of every move: the same envelopes as JSON text
// and as protobuf binary (server/codec/frame_codec.h). The JSON reader converts numbers
// itself since RapidJSON's full-precision conversion was found to crash
// (proto/json_parse.h); BM_ParseNumbers measures that reader against RapidJSON's own
// conversion on a text that is mostly numbers, so the price of the fix is on record.
#include <benchmark/benchmark.h>
#include <rapidjson/document.h>

#include <string>

#include "proto/json_parse.h"
#include "server/codec/frame_codec.h"

namespace kafenio::server {
namespace {

// What clients send most: a move (Pilotta's bid, Diloti's capture with its groups), with
// the sequence number as the SDKs write it (a string) and as a number.
const char* const kFrames[] = {
    R"({"request_id":"r12","play_move":{"table_id":"405db4c616","expected_seq":"57","move":{"notation":"bid 80 s"}}})",
    R"({"request_id":"r13","play_move":{"table_id":"405db4c616","expected_seq":58,"move":{"notation":"7h"}}})",
    R"({"request_id":"r14","play_move":{"table_id":"d1c9a2f0b3","expected_seq":"112","move":{"notation":"capture 7h 7c 3d+4s @7"}}})",
};

void BM_DecodeJson(benchmark::State& state) {
  const std::string frame = kFrames[state.range(0)];
  v1::Envelope out;
  std::string error;
  for (auto _ : state) {
    const bool ok = DecodeFrame(frame, true, out, error);
    benchmark::DoNotOptimize(ok);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * frame.size()));
}
BENCHMARK(BM_DecodeJson)->DenseRange(0, 2);

void BM_DecodeBinary(benchmark::State& state) {
  v1::Envelope envelope;
  std::string error;
  if (!DecodeFrame(kFrames[state.range(0)], true, envelope, error)) {
    state.SkipWithError(error.c_str());
    return;
  }
  const std::string frame = EncodeFrame(envelope, false);
  v1::Envelope out;
  for (auto _ : state) {
    const bool ok = DecodeFrame(frame, false, out, error);
    benchmark::DoNotOptimize(ok);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * frame.size()));
}
BENCHMARK(BM_DecodeBinary)->DenseRange(0, 2);

// 200 numbers of every kind a client might write (integers, fractions, exponents).
std::string Numbers() {
  std::string text = "[";
  for (int i = 0; i < 200; ++i) {
    if (i > 0) text += ',';
    switch (i % 4) {
      case 0:
        text += std::to_string(i * 7919);
        break;
      case 1:
        text += "-" + std::to_string(i) + ".25";
        break;
      case 2:
        text += "0.1e-" + std::to_string(i % 300);
        break;
      default:
        text += "123456789012345678901234567890";
        break;
    }
  }
  return text + "]";
}

// 0: json::ParseJson (std::from_chars); 1: RapidJSON's full-precision conversion, which
// frames no longer use.
void BM_ParseNumbers(benchmark::State& state) {
  const std::string text = Numbers();
  std::string error;
  for (auto _ : state) {
    rapidjson::Document document;
    bool ok = false;
    if (state.range(0) == 0) {
      ok = json::ParseJson(text, document, error);
    } else {
      document.Parse<rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag |
                     rapidjson::kParseFullPrecisionFlag>(text.data(), text.size());
      ok = !document.HasParseError();
    }
    benchmark::DoNotOptimize(ok);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * 200));
  state.SetLabel(state.range(0) == 0 ? "from_chars" : "rapidjson full precision");
}
BENCHMARK(BM_ParseNumbers)->Arg(0)->Arg(1);

}  // namespace
}  // namespace kafenio::server

BENCHMARK_MAIN();
