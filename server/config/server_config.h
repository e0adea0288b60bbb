#pragma once
// Everything `kafenio serve` can be told: command-line flags, and the same keys in a
// config file (KEY=VALUE lines, '#' comments). Flags win over the file.
#include <cstdint>
#include <string>
#include <vector>

#include "server/config/abuse_limits.h"

namespace kafenio::server {

struct ServerConfig {
  std::string listen_address = "127.0.0.1";
  std::uint16_t listen_port = 8080;  // 0: any free port (printed at start-up)
  std::string db_path = "./var/kafenio.db";
  // The deal-seed secret (docs/fairness.md); empty: "server-secret" beside the database
  // (with --db memory: a fresh one held in memory).
  std::string secret_file;
  std::string web_root = "web";
  // Several nodes on one PostgreSQL database (docs/scaling.md): this node's name (empty:
  // one server alone), the WebSocket URL clients reach it at (empty: ws://listen/ws), and
  // how long a table's lease lasts without renewal.
  std::string node_name;
  std::string public_address;
  int lease_ms = 3000;
  int threads = 2;
  std::vector<std::string> allowed_origins;  // besides the server's own host

  std::size_t max_message_bytes = 64 * 1024;
  int handshake_timeout_ms = 10000;
  int idle_timeout_ms = 60000;  // pinged at half of it; closed when nothing comes back
  double messages_per_second = 50;
  double message_burst = 100;
  // Sign-in throttling (docs/security.md): failures allowed before each try must wait, and
  // the longest wait, per account (short: a real player is never locked out for long)
  // and per address (more failures: many players may share a café's address).
  int sign_in_free_failures = 3;
  int sign_in_longest_wait_ms = 30 * 1000;
  int address_sign_in_free_failures = 20;
  int address_sign_in_longest_wait_ms = 5 * 60 * 1000;
  // Besides the server's own host: the only browser origins allowed when set (a reverse
  // proxy's public address, e.g. https://kafenio.example); the request's Host is not
  // trusted then.
  std::vector<std::string> public_origins;
  std::size_t send_queue_limit = 1024;  // queued messages before a slow reader is dropped
  AbuseLimits abuse;  // per address and per account (abuse_limits.h, docs/security.md)
  // Lobby subscribers get the tables changed at most once per this long, each in its
  // latest state (server/app/lobby.h); 0: every change at once.
  int lobby_update_ms = 250;

  int default_turn_clock_ms = 30000;
  int min_turn_clock_ms = 100;
  int max_turn_clock_ms = 600000;
  int timeouts_before_bot = 3;
  // How long a match waits for a seated player whose connections have all dropped before a
  // bot holds the seat (their turns, too, then go to it); reconnecting gives it back.
  int disconnect_grace_ms = 20000;
  int bot_delay_ms = 0;  // how long a bot waits before its move (0: at once)
  // The strong bot's budget, in playouts per decision (docs/bots.md), and the threads of
  // the bot pool where every bot thinks (off the I/O threads).
  int bot_iterations = 300;
  int bot_threads = 1;
  // How long a table whose seated players are all disconnected stays open for them when no
  // match is in play (a dropped connection between matches, a match that ended while they
  // were away, a restart that finished their match); 0 closes it at once.
  int empty_table_grace_ms = 120000;
  std::size_t chat_max_bytes = 280;
  int chat_messages_per_10s = 5;
  int session_ttl_hours = 24 * 7;
  // Argon2id password hashing (register, sign in) runs on threads of its own; sign-ins
  // beyond the queue limit (running or waiting) are refused with RATE_LIMITED.
  int password_threads = 1;
  int password_queue_limit = 64;
  std::size_t event_history = 256;  // events kept per match for reconnects
  // After a match's write failed, how long its table waits before the bot, the clock or
  // the deal tries again (players who moved are told at once).
  int storage_retry_ms = 1000;
  // Reads of storage (results, sessions) run on threads of their own, never on an I/O
  // thread; reads beyond the queue limit (running or waiting) are refused with
  // RATE_LIMITED.
  int read_threads = 2;
  int read_queue_limit = 256;

  // The admin console (docs/admin.md): its own listener, never the public one; its page is
  // web_root/admin. Cookies are marked Secure when the console is served over HTTPS (a
  // TLS proxy in front); sign-ins are limited per name and per address.
  std::string admin_listen_address = "127.0.0.1";
  std::uint16_t admin_listen_port = 8081;  // 0: any free port (printed at start-up)
  bool admin_cookie_secure = false;
  int admin_session_hours = 12;
  double admin_logins_per_minute = 5;

  // The log on stderr (docs/operations.md, "Logs"): its lowest level (debug, info, warn,
  // error, off) and its form (json: one object a line; text: for people).
  std::string log_level = "info";
  std::string log_format = "json";
};

// Applies one KEY=VALUE setting; false with `error` set when it is not understood.
bool ApplySetting(ServerConfig& config, const std::string& key, const std::string& value,
                  std::string& error);
bool LoadConfigFile(ServerConfig& config, const std::string& path, std::string& error);
// "ADDR:PORT" (or ":PORT", or "PORT").
bool ParseListen(ServerConfig& config, const std::string& text, std::string& error);
// --admin-listen, the same forms.
bool ParseAdminListen(ServerConfig& config, const std::string& text, std::string& error);

}  // namespace kafenio::server
