#pragma once
// The one place transport errors go. Normal ends of a connection (the peer closed it, a
// timeout, our own cancellation) are ignored; a client's protocol mistake is logged at
// debug level; anything else is unexpected and logged as a warning, once, where it ended
// the connection.
#include <boost/system/error_code.hpp>

namespace kafenio::server {

void ReportTransportError(const char* where, const boost::system::error_code& error);

}  // namespace kafenio::server
