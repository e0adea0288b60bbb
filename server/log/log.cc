#include "server/log/log.h"

#include <spdlog/sinks/stdout_sinks.h>

namespace kafenio::log {

void Configure() {
  auto logger = spdlog::stderr_logger_mt("kafenio");
  logger->set_pattern("%Y-%m-%dT%H:%M:%S.%e%z %l %v");
  logger->flush_on(spdlog::level::info);
  spdlog::set_default_logger(std::move(logger));
}

}  // namespace kafenio::log
