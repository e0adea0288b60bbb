#pragma once
// What the load tools read off the server they load: its CPU time and run-queue waits
// (/proc), and its own move-latency histogram (/metrics); and percentiles of samples.
#include <map>
#include <string>
#include <vector>

namespace kafenio::load {

// CPU seconds (user + system) the process has used.
double CpuSeconds(long pid);
// Time the server's threads spent runnable but waiting for a CPU (the second field of
// /proc/PID/task/TID/schedstat), summed over its threads: on a shared machine this is
// the part of a latency that no change to the server can remove.
double RunQueueSeconds(long pid);
// The move-latency histogram of /metrics: cumulative counts by upper bound (seconds).
std::map<double, double> LatencyHistogram(const std::string& host, const std::string& port);
// The upper bound (in us) of the bucket holding the p-th quantile of after - before.
double HistogramPercentile(const std::map<double, double>& before,
                           const std::map<double, double>& after, double p);
// The p-th quantile of the samples (sorts them).
double Percentile(std::vector<double>& values, double p);

}  // namespace kafenio::load
