#include "server/config/server_config.h"

#include <charconv>
#include <fstream>

#include "server/log/log.h"

namespace kafenio::server {
namespace {

template <class T>
bool ParseNumber(const std::string& text, T& out) {
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc{} && ptr == text.data() + text.size();
}

std::string Trim(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r");
  if (first == std::string::npos) return {};
  const auto last = text.find_last_not_of(" \t\r");
  return text.substr(first, last - first + 1);
}

}  // namespace

namespace {

// "ADDR:PORT", ":PORT" or "PORT" into `address` (kept when not given) and `port`.
bool ParseAddressPort(const std::string& what, const std::string& text, std::string& address,
                      std::uint16_t& port, std::string& error) {
  const auto colon = text.rfind(':');
  const std::string host = colon == std::string::npos ? std::string() : text.substr(0, colon);
  const std::string digits = colon == std::string::npos ? text : text.substr(colon + 1);
  unsigned value = 0;
  if (!ParseNumber(digits, value) || value > 65535) {
    error = what + " must be ADDR:PORT, got '" + text + "'";
    return false;
  }
  if (!host.empty()) address = host;
  port = static_cast<std::uint16_t>(value);
  return true;
}

}  // namespace

bool ParseListen(ServerConfig& config, const std::string& text, std::string& error) {
  return ParseAddressPort("listen", text, config.listen_address, config.listen_port, error);
}

bool ParseAdminListen(ServerConfig& config, const std::string& text, std::string& error) {
  return ParseAddressPort("admin_listen", text, config.admin_listen_address,
                          config.admin_listen_port, error);
}

bool ApplySetting(ServerConfig& config, const std::string& key, const std::string& value,
                  std::string& error) {
  auto number = [&](auto& field) {
    if (!ParseNumber(value, field)) {
      error = key + " must be a number, got '" + value + "'";
      return false;
    }
    return true;
  };
  // The abuse settings say "not mine" with an empty error; an error left from an earlier
  // setting must not read as theirs.
  error.clear();
  if (ApplyAbuseSetting(config.abuse, key, value, error)) return true;
  if (!error.empty()) return false;
  if (key == "listen") return ParseListen(config, value, error);
  if (key == "db") {
    config.db_path = value;
    return true;
  }
  if (key == "secret_file") {
    config.secret_file = value;
    return true;
  }
  if (key == "node") {
    config.node_name = value;
    return true;
  }
  if (key == "public_address") {
    config.public_address = value;
    return true;
  }
  if (key == "lease_ms") {
    if (!number(config.lease_ms)) return false;
    if (config.lease_ms >= 300) return true;
    error = "lease_ms must be at least 300";
    return false;
  }
  if (key == "web_root") {
    config.web_root = value;
    return true;
  }
  if (key == "public_origin") {
    config.public_origins.push_back(value);
    return true;
  }
  if (key == "allowed_origin") {
    config.allowed_origins.push_back(value);
    return true;
  }
  if (key == "threads") {
    if (number(config.threads) && config.threads > 0) return true;
    error = "threads must be a positive number";
    return false;
  }
  if (key == "password_threads" || key == "password_queue_limit" || key == "read_threads" ||
      key == "read_queue_limit") {
    int& field = key == "password_threads"       ? config.password_threads
                 : key == "password_queue_limit" ? config.password_queue_limit
                 : key == "read_threads"         ? config.read_threads
                                                 : config.read_queue_limit;
    if (number(field) && field > 0) return true;
    error = key + " must be a positive number";
    return false;
  }
  if (key == "max_message_bytes") return number(config.max_message_bytes);
  if (key == "handshake_timeout_ms") return number(config.handshake_timeout_ms);
  if (key == "idle_timeout_ms") return number(config.idle_timeout_ms);
  if (key == "messages_per_second") return number(config.messages_per_second);
  if (key == "message_burst") return number(config.message_burst);
  if (key == "sign_in_free_failures") return number(config.sign_in_free_failures);
  if (key == "sign_in_longest_wait_ms") return number(config.sign_in_longest_wait_ms);
  if (key == "address_sign_in_free_failures") {
    return number(config.address_sign_in_free_failures);
  }
  if (key == "address_sign_in_longest_wait_ms") {
    return number(config.address_sign_in_longest_wait_ms);
  }
  if (key == "send_queue_limit") return number(config.send_queue_limit);
  if (key == "lobby_update_ms") return number(config.lobby_update_ms);
  if (key == "default_turn_clock_ms") return number(config.default_turn_clock_ms);
  if (key == "min_turn_clock_ms") return number(config.min_turn_clock_ms);
  if (key == "max_turn_clock_ms") return number(config.max_turn_clock_ms);
  if (key == "timeouts_before_bot") return number(config.timeouts_before_bot);
  if (key == "disconnect_grace_ms") return number(config.disconnect_grace_ms);
  if (key == "bot_delay_ms") return number(config.bot_delay_ms);
  if (key == "bot_iterations" || key == "bot_threads") {
    int& field = key == "bot_iterations" ? config.bot_iterations : config.bot_threads;
    if (number(field) && field > 0) return true;
    error = key + " must be a positive number";
    return false;
  }
  if (key == "empty_table_grace_ms") return number(config.empty_table_grace_ms);
  if (key == "chat_max_bytes") return number(config.chat_max_bytes);
  if (key == "chat_messages_per_10s") return number(config.chat_messages_per_10s);
  if (key == "session_ttl_hours") return number(config.session_ttl_hours);
  if (key == "event_history") return number(config.event_history);
  if (key == "storage_retry_ms") return number(config.storage_retry_ms);
  if (key == "admin_listen") return ParseAdminListen(config, value, error);
  if (key == "admin_cookie_secure") {
    if (value != "true" && value != "false") {
      error = "admin_cookie_secure must be true or false";
      return false;
    }
    config.admin_cookie_secure = value == "true";
    return true;
  }
  if (key == "admin_session_hours") return number(config.admin_session_hours);
  if (key == "admin_logins_per_minute") return number(config.admin_logins_per_minute);
  if (key == "log_level" || key == "log_format") {
    log::Level level;
    log::Format format;
    if (key == "log_level" ? log::ParseLevel(value, level) : log::ParseFormat(value, format)) {
      (key == "log_level" ? config.log_level : config.log_format) = value;
      return true;
    }
    error = key == "log_level"
                ? "log_level must be debug, info, warn, error or off, got '" + value + "'"
                : "log_format must be json or text, got '" + value + "'";
    return false;
  }
  error = "unknown setting '" + key + "'";
  return false;
}

bool LoadConfigFile(ServerConfig& config, const std::string& path, std::string& error) {
  std::ifstream in(path);
  if (!in) {
    error = "cannot read config file " + path;
    return false;
  }
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    const auto hash = line.find('#');
    if (hash != std::string::npos) line.resize(hash);
    line = Trim(line);
    if (line.empty()) continue;
    const auto eq = line.find('=');
    if (eq == std::string::npos) {
      error = path + ":" + std::to_string(number) + ": expected KEY=VALUE";
      return false;
    }
    if (!ApplySetting(config, Trim(line.substr(0, eq)), Trim(line.substr(eq + 1)), error)) {
      error = path + ":" + std::to_string(number) + ": " + error;
      return false;
    }
  }
  return true;
}

}  // namespace kafenio::server
