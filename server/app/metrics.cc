#include "server/app/metrics.h"

#include "server/app/process_metrics.h"

namespace kafenio::server {

std::string Metrics::Render() const {
  std::string out;
  auto metric = [&](const char* name, const char* type, const char* help, std::int64_t value) {
    out += std::string("# HELP ") + name + " " + help + "\n# TYPE " + name + " " + type + "\n" +
           name + " " + std::to_string(value) + "\n";
  };
  metric("kafenio_connections", "gauge", "Open WebSocket connections.", connections.load());
  metric("kafenio_connections_total", "counter", "WebSocket connections accepted.",
         connections_total.load());
  metric("kafenio_tables", "gauge", "Open tables.", tables.load());
  metric("kafenio_live_matches", "gauge", "Matches in play.", live_matches.load());
  metric("kafenio_bot_decisions_waiting", "gauge",
         "Strong bots' decisions queued or running on the bot pool.", bot_decisions_waiting.load());
  metric("kafenio_bot_decisions_total", "counter", "Strong bots' decisions made on the bot pool.",
         bot_decisions_total.load());
  metric("kafenio_moves_total", "counter", "Moves accepted, stored and broadcast.",
         moves_total.load());
  metric("kafenio_frames_in_total", "counter", "WebSocket messages received.",
         frames_in_total.load());
  metric("kafenio_frames_out_total", "counter", "WebSocket messages sent.",
         frames_out_total.load());
  metric("kafenio_errors_total", "counter", "Typed errors sent to clients.", errors_total.load());
  metric("kafenio_slow_consumers_total", "counter",
         "Connections closed because their send queue filled.", slow_consumers_total.load());
  metric("kafenio_storage_errors_total", "counter",
         "Writes storage failed; the players were told STORAGE_UNAVAILABLE.",
         storage_errors_total.load());
  out += metrics::LatencyHistogram::Render("kafenio_move_latency_seconds",
                                           "Time from a move's arrival to its durable broadcast.",
                                           move_latency_.Read());
  auto per_game = [&](const char* name, const char* help, const PerGame& counters) {
    out += std::string("# HELP ") + name + " " + help + "\n# TYPE " + name + " counter\n";
    for (std::size_t i = 0; i < kGames.size(); ++i) {
      out += std::string(name) + "{game=\"" + kGames[i] + "\"} " +
             std::to_string(counters[i].load(std::memory_order_relaxed)) + "\n";
    }
  };
  per_game("kafenio_game_moves_total", "Moves accepted, stored and broadcast, per game.",
           moves_by_game_);
  per_game("kafenio_game_matches_started_total", "Matches started, per game.",
           matches_started_by_game_);
  per_game("kafenio_game_matches_finished_total", "Matches finished, per game.",
           matches_finished_by_game_);
  if (storage_section) out += storage_section();
  out += RenderProcessMetrics();
  return out;
}

}  // namespace kafenio::server
