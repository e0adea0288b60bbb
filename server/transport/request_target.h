#pragma once
// The parts of an HTTP request target ("/tournaments/7/standings.json?round=2&q=%CE%93"):
// the path before any '?' or '#', and the query's KEY=VALUE pairs, form-decoded. One
// reading for every route, the public and the admin listener alike.
#include <map>
#include <string>
#include <string_view>

namespace kafenio::server {

using QueryParams = std::map<std::string, std::string>;

// The path: everything before the first '?' or '#'.
std::string_view TargetPath(std::string_view target);

// The query's pairs (application/x-www-form-urlencoded: '+' is a space, %XX a byte; a
// malformed %-escape is kept as written). A pair without '=' is ignored; of a key given
// twice the last value wins.
QueryParams ParseQuery(std::string_view target);

}  // namespace kafenio::server
