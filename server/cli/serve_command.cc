// `kafenio serve`: the game server. Flags override the config file, which overrides the
// embedded defaults (ServerConfig), so `kafenio serve` alone is ready to play.
#include <unistd.h>
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "server/app/accounts.h"
#include "server/app/admin/console.h"
#include "server/app/admin/player_recheck.h"
#include "server/app/admin/staff_auth.h"
#include "server/app/admin/staff_store.h"
#include "server/app/clock.h"
#include "server/app/cluster/cluster_node.h"
#include "server/app/cluster/player_signals.h"
#include "server/app/cluster/shared_lobby.h"
#include "server/app/cluster/tournament_follower.h"
#include "server/app/crypto.h"
#include "server/app/hub.h"
#include "server/app/metrics.h"
#include "server/app/name_keys.h"
#include "server/app/storage_metrics.h"
#include "server/app/tournament/stored_tournaments.h"
#include "server/app/tournament/tournament_runner.h"
#include "server/cli/backup_files.h"
#include "server/cli/commands.h"
#include "server/cli/flags.h"
#include "server/cli/private_files.h"
#include "server/config/config_check.h"
#include "server/config/server_config.h"
#include "server/fairness/server_secret.h"
#include "server/log/build_info.h"
#include "server/log/log.h"
#include "server/storage/cluster_store.h"
#include "server/storage/game_store.h"
#include "server/storage/open_storage.h"
#include "server/storage/sqlite_storage.h"
#include "server/transport/admin_routes.h"
#include "server/transport/listener.h"
#include "server/transport/public_routes.h"
#include "server/transport/recovery_responder.h"

namespace kafenio::cli {
namespace {

constexpr const char* kServeUsage =
    "usage: kafenio serve [--listen ADDR:PORT] [--db PATH|memory|postgresql://...]\n"
    "                     [--node NAME] [--public-address ws://HOST:PORT/ws] [--config FILE]\n"
    "                     [--web DIR] [--threads N] [--set KEY=VALUE ...] [--clock "
    "system|manual]\n"
    "                     [--admin-listen ADDR:PORT] [--log-level LEVEL] [--log-format "
    "json|text]\n";

std::string FormatEndpoint(const boost::asio::ip::tcp::endpoint& endpoint) {
  return endpoint.address().to_string() + ":" + std::to_string(endpoint.port());
}

// Tests only (`--clock manual`): when KAFENIO_TEST_RECOVERY_GATE names a file, recovery
// waits until that file exists, so a test can probe the ports while the server recovers
// (tests/server/test_recovery_probes.py) without needing a recovery that happens to be slow.
void WaitForRecoveryGate() {
  const char* gate = std::getenv("KAFENIO_TEST_RECOVERY_GATE");
  if (gate == nullptr || *gate == '\0') return;
  log::warn("recovery waits for the test's gate file {}", gate);
  std::error_code ec;
  while (!std::filesystem::exists(gate, ec))
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
}

// The secret file named in the config, or "server-secret" beside the database (for
// PostgreSQL: ./var/server-secret; the nodes of a cluster must share one, docs/scaling.md).
std::string SecretPath(const server::ServerConfig& config) {
  return config.secret_file.empty() ? DefaultSecretPath(config.db_path) : config.secret_file;
}

// A clustered node's parts: its leases (and where tables are), the shared lobby, players'
// sanctions and sessions followed across the nodes, and the events: every node follows them
// all and runs those whose lease it holds.
struct Cluster {
  Cluster(const server::ServerConfig& config, const boost::asio::ip::tcp::endpoint& endpoint,
          server::Hub& hub, server::Clock& clock, server::admin::StaffStore& staff_store,
          server::StoredTournaments& tournaments, server::TournamentRunner& runner,
          std::int64_t epoch)
      : options{OptionsOf(config, endpoint, epoch)},
        leases_store(storage::OpenPostgresClusterStore(config.db_path)),
        renewals_store(storage::OpenPostgresClusterStore(config.db_path, /*durable=*/false)),
        node(options, *leases_store, hub.tables(), clock, renewals_store.get()),
        lobby(options, storage::OpenPostgresClusterStore(config.db_path), hub.tables(), hub.lobby(),
              clock, node.executor()),
        recheck(hub, staff_store),
        players(
            config.node_name, storage::OpenPostgresClusterStore(config.db_path), node.executor(),
            [this](std::int64_t account, bool renamed) { recheck.Account(account, renamed); },
            [this] { recheck.Everyone(); }),
        follower(storage::OpenPostgresClusterStore(config.db_path), tournaments,
                 std::max(config.lease_ms / 3, 1)) {
    hub.SetCluster(&node);
    hub.tables().AddListener(lobby);
    hub.SetPlayerChanges(&players);
    runner.SetClustered(&node);
    node.SetTournamentsHeld(
        [&runner](const std::vector<std::int64_t>& held) { runner.Hold(held); });
  }
  int Start() {
    follower.Start();
    const int taken = node.Start();
    lobby.Start();
    players.Start();
    return taken;
  }
  // Before the tables stop: no more lease rounds (nothing taken over while stopping).
  void StopRounds() {
    players.Stop();
    follower.Stop();
    lobby.Stop();
    node.StopRounds();
  }
  // Once every write is durable: the other nodes may take this node's tables at once.
  void Stop() {
    StopRounds();
    node.Stop();
  }
  static server::ClusterOptions OptionsOf(const server::ServerConfig& config,
                                          const boost::asio::ip::tcp::endpoint& endpoint,
                                          std::int64_t epoch) {
    server::ClusterOptions options{config.node_name, AddressOf(config, endpoint), config.lease_ms};
    options.epoch = epoch;
    return options;
  }
  static std::string AddressOf(const server::ServerConfig& config,
                               const boost::asio::ip::tcp::endpoint& endpoint) {
    if (!config.public_address.empty()) return config.public_address;
    return "ws://" + endpoint.address().to_string() + ":" + std::to_string(endpoint.port()) + "/ws";
  }

  server::ClusterOptions options;
  std::unique_ptr<storage::ClusterStore> leases_store;
  std::unique_ptr<storage::ClusterStore> renewals_store;  // the LeaseRenewer's own connection
  server::ClusterNode node;
  server::SharedLobby lobby;
  server::admin::PlayerRecheck recheck;
  server::PlayerSignals players;
  server::TournamentFollower follower;
};

}  // namespace

int RunServe(const Args& args) {
  Flags flags("serve", kServeUsage, "Runs the game server (docs/operations.md).");
  flags.Value("listen", "ADDR:PORT to serve players on (default 127.0.0.1:8080; port 0: any)")
      .Value("admin-listen", "ADDR:PORT of the admin console (default 127.0.0.1:8081)")
      .Value("db", "the database: a file, memory, or postgresql://... (default ./var/kafenio.db)")
      .Value("node", "this node's name in a cluster (PostgreSQL only)")
      .Value("public-address", "a clustered node's WebSocket URL as clients reach it")
      .Value("config", "a file of KEY=VALUE settings; flags win over it")
      .Value("web", "the folder served at / (default web)")
      .Value("threads", "I/O threads (default 2)")
      .Value("clock", "system, or manual for tests (moved by POST /debug/clock)")
      .Value("log-level", "debug, info (default), warn, error or off")
      .Value("log-format", "json (default: one object a line) or text")
      .Repeated("set", "KEY=VALUE: any setting of docs/operations.md; repeatable");
  if (const auto done = flags.Parse(args)) return *done;
  server::ServerConfig config;
  std::string error;
  auto Usage = [&flags](const std::string& message) { return flags.Fail(message); };
  // The config file first, then --set, then the flags of their own: the most specific wins.
  if (flags.Has("config") && !server::LoadConfigFile(config, flags.Get("config"), error)) {
    return Usage(error);
  }
  for (const std::string& setting : flags.GetAll("set")) {
    const auto eq = setting.find('=');
    if (eq == std::string::npos) return Usage("--set takes KEY=VALUE, got '" + setting + "'");
    if (!server::ApplySetting(config, setting.substr(0, eq), setting.substr(eq + 1), error)) {
      return Usage(error);
    }
  }
  for (const auto& [flag, key] : {std::pair{"listen", "listen"},
                                  {"admin-listen", "admin_listen"},
                                  {"db", "db"},
                                  {"node", "node"},
                                  {"public-address", "public_address"},
                                  {"web", "web_root"},
                                  {"threads", "threads"},
                                  {"log-level", "log_level"},
                                  {"log-format", "log_format"}}) {
    if (flags.Has(flag) && !server::ApplySetting(config, key, flags.Get(flag), error)) {
      return Usage(error);
    }
  }
  const std::string clock_choice = flags.Has("clock") ? flags.Get("clock") : "system";
  if (clock_choice != "system" && clock_choice != "manual") {
    return Usage("--clock is system or manual, got '" + clock_choice + "'");
  }
  const bool manual_clock = clock_choice == "manual";
  if (!server::InitCrypto()) {
    std::fputs("kafenio serve: libsodium failed to initialise\n", stderr);
    return 1;
  }

  if (const std::string out_of_bounds = server::CheckBounds(config); !out_of_bounds.empty()) {
    return Usage(out_of_bounds);
  }
  {
    log::Level level;
    log::Format format;
    log::ParseLevel(config.log_level, level);
    log::ParseFormat(config.log_format, format);
    log::Configure(level, format);
  }
  log::Info("starting",
            {{"version", Version()}, {"commit", Commit()}, {"pid", static_cast<long>(getpid())}});
  {
    const auto described = server::DescribeSettings(config);  // the fields point into it
    std::vector<log::Field> settings;
    for (const auto& [key, value] : described) settings.emplace_back(key, value);
    log::Write(log::Level::info, "settings", settings);
  }
  // --db PATH keeps everything in SQLite at PATH (docs/operations.md); --db memory keeps it
  // in an SQLite database in this process only, through the same code, for experiments;
  // --db postgresql://... in PostgreSQL, where several nodes (--node) may share it.
  const bool in_memory = config.db_path == storage::kInMemory;
  const bool postgres = storage::IsPostgres(config.db_path);
  if (!config.node_name.empty() && !postgres) {
    return Usage("--node needs a PostgreSQL database (--db postgresql://...)");
  }
  // A database (or secret) other local users can read lets them re-deal hands in play:
  // refuse it, saying how to fix it (docs/security.md).
  std::vector<std::string> shared;
  if (!in_memory && !postgres) {
    for (const char* suffix : {"", "-wal", "-shm"}) {
      shared.push_back(SharedFileProblem(config.db_path + suffix, "the database file"));
    }
  }
  if (!in_memory || !config.secret_file.empty()) {
    shared.push_back(SharedFileProblem(SecretPath(config), "the server secret"));
  }
  for (const std::string& problem : shared) {
    if (problem.empty()) continue;
    std::fprintf(stderr, "kafenio serve: %s\n", problem.c_str());
    return 1;
  }
  // The ports first: one already taken stops the server here, before the database is
  // opened or created. Connections wait in the backlog until recovery is done.
  // Destroyed before the hub and the store at shutdown (below), with the handlers it holds.
  auto io_context = std::make_unique<boost::asio::io_context>(config.threads);
  boost::asio::io_context& io = *io_context;
  auto public_port = server::BindPort(io, config.listen_address, config.listen_port, error);
  if (!public_port) {
    std::fprintf(stderr, "kafenio serve: %s\n", error.c_str());
    return 1;
  }
  auto admin_port =
      server::BindPort(io, config.admin_listen_address, config.admin_listen_port, error);
  if (!admin_port) {
    std::fprintf(stderr, "kafenio serve: admin console: %s\n", error.c_str());
    return 1;
  }
  log::Info("bound", {{"listen", FormatEndpoint(public_port->local_endpoint())},
                      {"admin_listen", FormatEndpoint(admin_port->local_endpoint())}});
  // Until the I/O threads run, after recovery, the ports' probes are answered from a thread
  // of its own: /healthz says the process lives, /readyz that it is not ready yet.
  auto recovering = std::make_unique<server::RecoveryResponder>(
      std::vector<const boost::asio::ip::tcp::acceptor*>{&*public_port, &*admin_port},
      std::chrono::milliseconds(config.handshake_timeout_ms));
  std::unique_ptr<server::GameStore> store;
  // A clustered node's process writes and holds its leases with an epoch of its own, the
  // fencing token (docs/scaling.md, "Fencing"): drawn before its writer connects.
  std::int64_t epoch = 0;
  try {
    if (!config.node_name.empty()) epoch = storage::NewLeaseEpoch(config.db_path);
    store = std::make_unique<server::GameStore>(storage::OpenStorage(
        storage::StorageChoice{config.db_path, config.node_name, config.lease_ms, epoch}));
    const int keyed = server::FillInNameKeys(store->storage());
    if (keyed > 0) log::info("filled in the name keys of {} accounts (migration 0012)", keyed);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "kafenio serve: cannot open the database %s: %s\n",
                 postgres ? "(PostgreSQL)" : config.db_path.c_str(), e.what());
    log::Error("cannot open the database", {{"error", e.what()}});
    return 1;
  }

  fairness::ServerSecret deal_secret{};
  try {
    deal_secret = in_memory && config.secret_file.empty()
                      ? fairness::NewServerSecret()
                      : fairness::LoadOrCreateServerSecret(SecretPath(config));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "kafenio serve: %s\n", e.what());
    return 1;
  }

  // Tests may run the server on a clock they move (POST /debug/clock?advance_ms=N).
  server::SystemClock system_clock;
  std::unique_ptr<server::ManualClock> test_clock;
  if (manual_clock) {
    test_clock = std::make_unique<server::ManualClock>(system_clock.NowMs());
    log::warn("the server's clock is manual: it moves only by POST /debug/clock (tests only)");
  }
  server::Clock& clock = test_clock ? static_cast<server::Clock&>(*test_clock) : system_clock;

  server::Accounts::PrepareDummyHash();
  server::Metrics metrics;
  metrics.storage_section = [&store] {
    return server::RenderStorageMetrics(store->storage().Stats());
  };
  // Bots think here, never on an I/O thread; each table has at most one decision queued.
  server::BlockingWork bot_pool(config.bot_threads, 1 << 20);
  server::Hub hub(server::HubServices{server::TableServices{io.get_executor(), config, *store,
                                                            metrics, clock, deal_secret, &bot_pool},
                                      *store, *store});
  // Tournaments (docs/tournaments.md): every event not finished, loaded from its log.
  std::unique_ptr<server::StoredTournaments> tournaments;
  try {
    tournaments = std::make_unique<server::StoredTournaments>(store->storage(), clock);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "kafenio serve: cannot read the tournaments: %s\n", e.what());
    return 1;
  }
  hub.SetTournaments(tournaments.get());
  const server::HttpRoutes routes = server::PublicRoutes(hub, test_clock.get());
  server::ServerContext context{config, hub, metrics, routes};
  const auto endpoint = server::StartListener(io, context, std::move(*public_port));
  // The admin console on its own listener (docs/admin.md); the public one never serves it.
  server::admin::StaffStore staff_store(store->storage(), clock);
  server::admin::StaffAuth staff_auth(staff_store,
                                      std::int64_t{config.admin_session_hours} * 3600 * 1000,
                                      config.admin_logins_per_minute);
  server::admin::Console console(hub, staff_store);
  server::BlockingWork console_work(1, 64);
  try {
    console.LoadSanctions();
    staff_store.RememberAuditHead();  // the audit log's anchor, logged (docs/admin.md)
  } catch (const std::exception& e) {
    std::fprintf(stderr, "kafenio serve: cannot read the sanctions: %s\n", e.what());
    return 1;
  }
  const server::HttpRoutes admin_routes =
      server::AdminRoutes(server::AdminServices{hub, staff_auth, console, console_work});
  server::ServerContext admin_context{config, hub, metrics, admin_routes, false};
  const auto admin_endpoint = server::StartListener(io, admin_context, std::move(*admin_port));
  // The server running the events' rounds (docs/tournaments.md); a clustered node runs
  // those whose lease it holds (docs/scaling.md, "Tournaments in a cluster").
  auto tournament_runner = std::make_unique<server::TournamentRunner>(
      *tournaments, hub, store->storage(), io.get_executor());
  tournament_runner->Install();
  hub.SetTournamentRunner(tournament_runner.get());
  if (manual_clock) WaitForRecoveryGate();  // tests only
  // Before serving: every match a crash interrupted carries on. A clustered node takes only
  // its own tables and those whose node is gone (server/app/cluster/).
  int recovered = 0;
  int waiting = 0;
  std::unique_ptr<Cluster> cluster;
  if (config.node_name.empty()) {
    recovered = hub.tables().RecoverUnfinishedMatches();
    waiting = hub.tables().RecoverWaitingTables();
    tournament_runner->Start();
  } else {
    try {
      cluster = std::make_unique<Cluster>(config, endpoint, hub, clock, staff_store, *tournaments,
                                          *tournament_runner, epoch);
      // Announcements reach the players of every node.
      cluster->players.OnAnnounce([&console](const std::string& text, std::int64_t sent_ms) {
        console.ShowAnnouncement(text, sent_ms);
      });
      console.SetAnnouncements(&cluster->players);
      recovered = cluster->Start();
      tournament_runner->Start();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "kafenio serve: cannot join the cluster: %s\n", e.what());
      return 1;
    }
  }
  boost::asio::signal_set signals(io, SIGINT, SIGTERM);
  signals.async_wait([&io](const boost::system::error_code&, int signal) {
    log::Info("stopping", {{"signal", signal}});
    io.stop();
  });

  std::error_code ec;
  const bool have_web = std::filesystem::is_directory(config.web_root, ec);
  std::printf(
      "kafenio: listening on http://%s:%u (WebSocket /ws), %d threads, web root %s%s, storage: "
      "%s%s\n",
      endpoint.address().to_string().c_str(), static_cast<unsigned>(endpoint.port()),
      config.threads, config.web_root.c_str(), have_web ? "" : " (absent)",
      in_memory ? "memory" : (postgres ? "postgresql" : "sqlite "),
      in_memory || postgres ? "" : config.db_path.c_str());
  std::printf("kafenio: admin console on http://%s:%u/admin/\n",
              admin_endpoint.address().to_string().c_str(),
              static_cast<unsigned>(admin_endpoint.port()));
  if (cluster) {
    std::printf("kafenio: cluster node %s at %s\n", config.node_name.c_str(),
                cluster->node.options().address.c_str());
  }
  recovering->Stop();  // the server's own listeners answer from now on
  recovering.reset();
  log::Info("ready", {{"listen", FormatEndpoint(endpoint)},
                      {"admin_listen", FormatEndpoint(admin_endpoint)},
                      {"recovered_matches", recovered},
                      {"recovered_tables", waiting}});
  if (recovered > 0) std::printf("kafenio: %d unfinished matches recovered\n", recovered);
  if (waiting > 0) std::printf("kafenio: %d tables between matches recovered\n", waiting);
  std::fflush(stdout);

  std::vector<std::thread> threads;
  for (int i = 1; i < config.threads; ++i) threads.emplace_back([&io] { io.run(); });
  io.run();
  for (auto& thread : threads) thread.join();
  // In this order: sign-ins and reads under way finish; everything queued is made durable
  // (its completions land in the stopped io_context); then the io_context goes, dropping
  // the handlers it holds (tables, connections) while what they point to still exists.
  if (cluster) cluster->StopRounds();
  console_work.Join();  // console actions under way finish while storage is open
  bot_pool.Join();      // decisions under way post their moves into the stopped io_context
  hub.Stop();
  store->Close();
  // Every write is durable: other nodes may take this node's tables now.
  if (cluster) cluster->Stop();
  io_context.reset();
  log::Info("stopped");
  std::puts("kafenio: stopped");
  return 0;
}

}  // namespace kafenio::cli
