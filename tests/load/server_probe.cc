#include "tests/load/server_probe.h"

#include <unistd.h>
#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace kafenio::load {

namespace beast = boost::beast;
namespace net = boost::asio;
using tcp = net::ip::tcp;

double RunQueueSeconds(long pid) {
  if (pid <= 0) return 0;
  double total = 0;
  std::error_code ec;
  for (const auto& task :
       std::filesystem::directory_iterator("/proc/" + std::to_string(pid) + "/task", ec)) {
    std::ifstream in(task.path() / "schedstat");
    double running_ns = 0, waiting_ns = 0;
    if (in >> running_ns >> waiting_ns) total += waiting_ns / 1e9;
  }
  return total;
}

double CpuSeconds(long pid) {
  if (pid <= 0) return 0;
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  std::getline(in, line);
  std::istringstream fields(line.substr(line.rfind(')') + 2));
  std::string field;
  long utime = 0, stime = 0;
  for (int i = 3; i <= 15 && fields >> field; ++i) {
    if (i == 14) utime = std::atol(field.c_str());
    if (i == 15) stime = std::atol(field.c_str());
  }
  return static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

std::map<double, double> LatencyHistogram(const std::string& host, const std::string& port) {
  namespace http = beast::http;
  net::io_context io;
  tcp::resolver resolver(io);
  beast::tcp_stream stream(io);
  stream.connect(resolver.resolve(host, port));
  http::request<http::empty_body> request(http::verb::get, "/metrics", 11);
  request.set(http::field::host, host);
  http::write(stream, request);
  beast::flat_buffer buffer;
  http::response<http::string_body> response;
  http::read(stream, buffer, response);
  std::map<double, double> out;
  std::istringstream lines(response.body());
  const std::string prefix = "kafenio_move_latency_seconds_bucket{le=\"";
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind(prefix, 0) != 0) continue;
    const std::string bound =
        line.substr(prefix.size(), line.find('"', prefix.size()) - prefix.size());
    const double le = bound == "+Inf" ? HUGE_VAL : std::atof(bound.c_str());
    out[le] = std::atof(line.c_str() + line.rfind(' ') + 1);
  }
  return out;
}

double HistogramPercentile(const std::map<double, double>& before,
                           const std::map<double, double>& after, double p) {
  const double total = after.empty() ? 0 : after.rbegin()->second - before.rbegin()->second;
  if (total <= 0) return 0;
  for (const auto& [le, count] : after) {
    const auto was = before.find(le);
    if (count - (was == before.end() ? 0 : was->second) >= p * total) return le * 1e6;
  }
  return 0;
}

double Percentile(std::vector<double>& values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  return values[static_cast<std::size_t>(p * static_cast<double>(values.size() - 1))];
}

}  // namespace kafenio::load
