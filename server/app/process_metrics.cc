#include "server/app/process_metrics.h"

#include <fmt/format.h>
#include <sys/resource.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "server/log/build_info.h"

namespace kafenio::server {
namespace {

void Metric(std::string& out, const char* name, const char* type, const char* help, double value) {
  out += fmt::format("# HELP {0} {1}\n# TYPE {0} {2}\n{0} {3}\n", name, help, type, value);
}

// Fields of /proc/self/stat after the command name (which may hold spaces): field 14 of
// the file is utime, 15 stime, 22 starttime, 23 vsize, 24 rss (proc(5)).
struct ProcStat {
  double utime = 0, stime = 0, starttime = 0, vsize = 0, rss = 0;
};

ProcStat ReadProcStat() {
  std::ifstream file("/proc/self/stat");
  std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  ProcStat stat;
  const auto close = text.rfind(')');
  if (close == std::string::npos) return stat;
  std::istringstream rest(text.substr(close + 2));
  std::string field;
  for (int number = 3; rest >> field; ++number) {
    if (number == 14) stat.utime = std::stod(field);
    if (number == 15) stat.stime = std::stod(field);
    if (number == 22) stat.starttime = std::stod(field);
    if (number == 23) stat.vsize = std::stod(field);
    if (number == 24) stat.rss = std::stod(field);
  }
  return stat;
}

// The machine's boot time, in Unix seconds (/proc/stat's btime).
double BootTime() {
  std::ifstream file("/proc/stat");
  std::string key;
  double value = 0;
  while (file >> key) {
    if (key == "btime" && file >> value) return value;
    file.ignore(1 << 20, '\n');
  }
  return 0;
}

}  // namespace

std::string RenderProcessMetrics() {
  std::string out;
  out += fmt::format(
      "# HELP kafenio_build_info The running program's version, commit and compiler.\n"
      "# TYPE kafenio_build_info gauge\n"
      "kafenio_build_info{{version=\"{}\",commit=\"{}\",compiler=\"{}\"}} 1\n",
      Version(), Commit(), Compiler());
  const ProcStat stat = ReadProcStat();
  const double ticks = static_cast<double>(sysconf(_SC_CLK_TCK));
  const double page = static_cast<double>(sysconf(_SC_PAGESIZE));
  Metric(out, "process_cpu_seconds_total", "counter", "User and system CPU time spent, in seconds.",
         (stat.utime + stat.stime) / ticks);
  Metric(out, "process_resident_memory_bytes", "gauge", "Resident memory size in bytes.",
         stat.rss * page);
  Metric(out, "process_virtual_memory_bytes", "gauge", "Virtual memory size in bytes.", stat.vsize);
  Metric(out, "process_start_time_seconds", "gauge", "Start time of the process, Unix seconds.",
         BootTime() + stat.starttime / ticks);
  std::error_code ec;
  double open = 0;
  for (auto it = std::filesystem::directory_iterator("/proc/self/fd", ec);
       !ec && it != std::filesystem::directory_iterator(); it.increment(ec)) {
    ++open;
  }
  Metric(out, "process_open_fds", "gauge", "Open file descriptors.", open);
  rlimit files{};
  if (getrlimit(RLIMIT_NOFILE, &files) == 0) {
    Metric(out, "process_max_fds", "gauge", "Most file descriptors the process may open.",
           static_cast<double>(files.rlim_cur));
  }
  return out;
}

}  // namespace kafenio::server
