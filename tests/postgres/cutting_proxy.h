#pragma once
// A proxy between libpq and the tests' PostgreSQL server, on a Unix socket of its own, that
// can cut a connection at a chosen message: to lose a COMMIT before the server sees it, or
// its answer after the server has committed. Every byte is passed on unchanged otherwise.
// One thread polls every connection; each cut happens once, on the next connection that
// sends a message containing the marker.
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "tests/storage/temp_dir.h"

namespace kafenio::testing {

class CuttingProxy {
 public:
  enum class Cut {
    none,
    before,        // the message never reaches the server; both sides are closed
    after_answer,  // the server gets the message; its answer is dropped and both closed
  };

  // `server_conninfo`: a connection string with host=DIR&port=PORT (a Unix socket).
  explicit CuttingProxy(const std::string& server_conninfo)
      : server_socket_(SocketPath(Param(server_conninfo, "host"), Param(server_conninfo, "port"))),
        conninfo_(server_conninfo) {
    const std::string host = Param(server_conninfo, "host");
    const std::string port = Param(server_conninfo, "port");
    conninfo_.replace(conninfo_.find("host=" + host), 5 + host.size(), "host=" + dir_.path());
    listener_ = Listen(SocketPath(dir_.path(), port));
    thread_ = std::thread([this] { Run(); });
  }
  ~CuttingProxy() {
    stopping_ = true;
    thread_.join();
    for (const Pair& pair : pairs_) {
      ::close(pair.client);
      ::close(pair.server);
    }
    ::close(listener_);
  }
  CuttingProxy(const CuttingProxy&) = delete;
  CuttingProxy& operator=(const CuttingProxy&) = delete;

  // The same database, through the proxy.
  const std::string& conninfo() const { return conninfo_; }

  // The next message from a client that contains `marker` is cut so.
  void Arm(Cut cut, std::string marker) {
    std::lock_guard lock(mutex_);
    cut_ = cut;
    marker_ = std::move(marker);
    done_ = false;
  }
  bool done() const {
    std::lock_guard lock(mutex_);
    return done_;
  }

 private:
  struct Pair {
    int client;
    int server;
    bool drop_answer = false;  // after_answer: the server's next bytes are dropped
    bool closed = false;
  };

  static std::string Param(const std::string& conninfo, const std::string& key) {
    const auto at = conninfo.find(key + "=");
    if (at == std::string::npos) throw std::runtime_error("no " + key + " in " + conninfo);
    const auto start = at + key.size() + 1;
    return conninfo.substr(start, conninfo.find('&', start) - start);
  }
  static std::string SocketPath(const std::string& dir, const std::string& port) {
    return dir + "/.s.PGSQL." + port;
  }
  static sockaddr_un Address(const std::string& path) {
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    if (path.size() >= sizeof address.sun_path) throw std::runtime_error("path too long: " + path);
    std::strcpy(address.sun_path, path.c_str());
    return address;
  }
  static int Listen(const std::string& path) {
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    const sockaddr_un address = Address(path);
    if (::bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0 ||
        ::listen(fd, 64) != 0) {
      throw std::runtime_error("cannot listen on " + path);
    }
    return fd;
  }
  int ConnectToServer() const {
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    const sockaddr_un address = Address(server_socket_);
    if (::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
      ::close(fd);
      return -1;
    }
    return fd;
  }

  static bool Forward(int to, const char* data, ssize_t size) {
    while (size > 0) {
      const ssize_t sent = ::send(to, data, static_cast<std::size_t>(size), MSG_NOSIGNAL);
      if (sent <= 0) return false;
      data += sent;
      size -= sent;
    }
    return true;
  }

  static void Close(Pair& pair) {
    if (pair.closed) return;
    pair.closed = true;
    ::shutdown(pair.client, SHUT_RDWR);
    ::shutdown(pair.server, SHUT_RDWR);
  }

  // The cut to apply to this message from a client, if it is the armed one.
  Cut TakeCut(const char* data, ssize_t size) {
    std::lock_guard lock(mutex_);
    if (cut_ == Cut::none || done_) return Cut::none;
    if (std::string_view(data, static_cast<std::size_t>(size)).find(marker_) ==
        std::string_view::npos) {
      return Cut::none;
    }
    done_ = true;
    return cut_;
  }

  void Run() {
    char buffer[65536];
    while (!stopping_) {
      std::vector<pollfd> fds{{listener_, POLLIN, 0}};
      for (const Pair& pair : pairs_) {
        fds.push_back({pair.closed ? -1 : pair.client, POLLIN, 0});
        fds.push_back({pair.closed ? -1 : pair.server, POLLIN, 0});
      }
      const std::size_t polled = pairs_.size();
      if (::poll(fds.data(), fds.size(), 20) <= 0) continue;
      if (fds[0].revents & POLLIN) {
        const int client = ::accept(listener_, nullptr, nullptr);
        const int server = client >= 0 ? ConnectToServer() : -1;
        if (server >= 0) {
          pairs_.push_back(Pair{client, server});
        } else if (client >= 0) {
          ::close(client);
        }
      }
      for (std::size_t k = 0; k < polled; ++k) {
        Pair& pair = pairs_[k];
        if (pair.closed) continue;
        if (fds[1 + 2 * k].revents & (POLLIN | POLLHUP | POLLERR)) {  // from the client
          const ssize_t size = ::recv(pair.client, buffer, sizeof buffer, 0);
          if (size <= 0) {
            Close(pair);
            continue;
          }
          const Cut cut = TakeCut(buffer, size);
          if (cut == Cut::before) {
            Close(pair);
            continue;
          }
          if (cut == Cut::after_answer) pair.drop_answer = true;
          if (!Forward(pair.server, buffer, size)) Close(pair);
        }
        if (pair.closed) continue;
        if (fds[2 + 2 * k].revents & (POLLIN | POLLHUP | POLLERR)) {  // from the server
          const ssize_t size = ::recv(pair.server, buffer, sizeof buffer, 0);
          if (size <= 0 || pair.drop_answer) {
            Close(pair);  // the answer (committed, by now) never reaches the client
            continue;
          }
          if (!Forward(pair.client, buffer, size)) Close(pair);
        }
      }
    }
  }

  TempDir dir_;
  std::string server_socket_;
  std::string conninfo_;
  int listener_ = -1;
  std::vector<Pair> pairs_;  // only Run's thread, until it has stopped

  mutable std::mutex mutex_;
  Cut cut_ = Cut::none;
  std::string marker_;
  bool done_ = false;

  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

}  // namespace kafenio::testing
