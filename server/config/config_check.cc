#include "server/config/config_check.h"

#include <fmt/format.h>

#include <cstdint>
#include <regex>

namespace kafenio::server {
namespace {

// "KEY must be between LOW and HIGH, got VALUE" when it is not.
template <class T>
std::string Within(const char* key, T value, T low, T high) {
  if (value >= low && value <= high) return {};
  return fmt::format("{} must be between {} and {}, got {}", key, low, high, value);
}

}  // namespace

std::string CheckBounds(const ServerConfig& c) {
  constexpr int kDay = 24 * 3600 * 1000;
  for (const std::string& problem : {
           Within("threads", c.threads, 1, 256),
           Within<std::size_t>("max_message_bytes", c.max_message_bytes, 256, 64 << 20),
           Within("handshake_timeout_ms", c.handshake_timeout_ms, 100, 600000),
           Within("idle_timeout_ms", c.idle_timeout_ms, 200, kDay),
           Within("messages_per_second", c.messages_per_second, 0.01, 1e7),
           Within("message_burst", c.message_burst, 1.0, 1e7),
           Within("sign_in_free_failures", c.sign_in_free_failures, 0, 1000000),
           Within("sign_in_longest_wait_ms", c.sign_in_longest_wait_ms, 0, kDay),
           Within("address_sign_in_free_failures", c.address_sign_in_free_failures, 0, 1000000),
           Within("address_sign_in_longest_wait_ms", c.address_sign_in_longest_wait_ms, 0, kDay),
           Within<std::size_t>("send_queue_limit", c.send_queue_limit, 1, 10000000),
           Within("min_turn_clock_ms", c.min_turn_clock_ms, 100, kDay),
           Within("max_turn_clock_ms", c.max_turn_clock_ms, c.min_turn_clock_ms, kDay),
           Within("default_turn_clock_ms", c.default_turn_clock_ms, c.min_turn_clock_ms,
                  c.max_turn_clock_ms),
           Within("timeouts_before_bot", c.timeouts_before_bot, 1, 100),
           Within("disconnect_grace_ms", c.disconnect_grace_ms, 0, kDay),
           Within("bot_delay_ms", c.bot_delay_ms, 0, 60000),
           Within("bot_iterations", c.bot_iterations, 1, 10000000),
           Within("bot_threads", c.bot_threads, 1, 256),
           Within("empty_table_grace_ms", c.empty_table_grace_ms, 0, kDay),
           Within<std::size_t>("chat_max_bytes", c.chat_max_bytes, 1, c.max_message_bytes),
           Within("chat_messages_per_10s", c.chat_messages_per_10s, 1, 10000),
           Within("session_ttl_hours", c.session_ttl_hours, 1, 24 * 366),
           Within("password_threads", c.password_threads, 1, 256),
           Within("password_queue_limit", c.password_queue_limit, 1, 1000000),
           Within<std::size_t>("event_history", c.event_history, 1, 1000000),
           Within("storage_retry_ms", c.storage_retry_ms, 10, 600000),
           Within("read_threads", c.read_threads, 1, 256),
           Within("read_queue_limit", c.read_queue_limit, 1, 1000000),
           Within("lease_ms", c.lease_ms, 300, 600000),
           Within("admin_session_hours", c.admin_session_hours, 1, 24 * 31),
           Within("admin_logins_per_minute", c.admin_logins_per_minute, 0.01, 1e6),
       }) {
    if (!problem.empty()) return problem;
  }
  return {};
}

std::string HidePassword(const std::string& text) {
  static const std::regex uri_password(R"((://[^:/@]*:)[^@]*@)");
  static const std::regex keyword_password(R"((password\s*=\s*)('[^']*'|\S+))");
  return std::regex_replace(std::regex_replace(text, uri_password, "$1***@"), keyword_password,
                            "$1***");
}

std::vector<std::pair<std::string, std::string>> DescribeSettings(const ServerConfig& c) {
  auto join = [](const std::vector<std::string>& items) {
    return fmt::format("{}", fmt::join(items, " "));
  };
  return {
      {"listen", fmt::format("{}:{}", c.listen_address, c.listen_port)},
      {"admin_listen", fmt::format("{}:{}", c.admin_listen_address, c.admin_listen_port)},
      {"db", HidePassword(c.db_path)},
      {"secret_file", c.secret_file},
      {"node", c.node_name},
      {"public_address", c.public_address},
      {"lease_ms", std::to_string(c.lease_ms)},
      {"web_root", c.web_root},
      {"threads", std::to_string(c.threads)},
      {"allowed_origin", join(c.allowed_origins)},
      {"public_origin", join(c.public_origins)},
      {"max_message_bytes", std::to_string(c.max_message_bytes)},
      {"handshake_timeout_ms", std::to_string(c.handshake_timeout_ms)},
      {"idle_timeout_ms", std::to_string(c.idle_timeout_ms)},
      {"messages_per_second", fmt::format("{}", c.messages_per_second)},
      {"message_burst", fmt::format("{}", c.message_burst)},
      {"sign_in_free_failures", std::to_string(c.sign_in_free_failures)},
      {"sign_in_longest_wait_ms", std::to_string(c.sign_in_longest_wait_ms)},
      {"address_sign_in_free_failures", std::to_string(c.address_sign_in_free_failures)},
      {"address_sign_in_longest_wait_ms", std::to_string(c.address_sign_in_longest_wait_ms)},
      {"send_queue_limit", std::to_string(c.send_queue_limit)},
      {"default_turn_clock_ms", std::to_string(c.default_turn_clock_ms)},
      {"min_turn_clock_ms", std::to_string(c.min_turn_clock_ms)},
      {"max_turn_clock_ms", std::to_string(c.max_turn_clock_ms)},
      {"timeouts_before_bot", std::to_string(c.timeouts_before_bot)},
      {"disconnect_grace_ms", std::to_string(c.disconnect_grace_ms)},
      {"bot_delay_ms", std::to_string(c.bot_delay_ms)},
      {"bot_iterations", std::to_string(c.bot_iterations)},
      {"bot_threads", std::to_string(c.bot_threads)},
      {"empty_table_grace_ms", std::to_string(c.empty_table_grace_ms)},
      {"chat_max_bytes", std::to_string(c.chat_max_bytes)},
      {"chat_messages_per_10s", std::to_string(c.chat_messages_per_10s)},
      {"session_ttl_hours", std::to_string(c.session_ttl_hours)},
      {"password_threads", std::to_string(c.password_threads)},
      {"password_queue_limit", std::to_string(c.password_queue_limit)},
      {"event_history", std::to_string(c.event_history)},
      {"storage_retry_ms", std::to_string(c.storage_retry_ms)},
      {"read_threads", std::to_string(c.read_threads)},
      {"read_queue_limit", std::to_string(c.read_queue_limit)},
      {"admin_cookie_secure", c.admin_cookie_secure ? "true" : "false"},
      {"admin_session_hours", std::to_string(c.admin_session_hours)},
      {"admin_logins_per_minute", fmt::format("{}", c.admin_logins_per_minute)},
      {"log_level", c.log_level},
      {"log_format", c.log_format},
  };
}

}  // namespace kafenio::server
