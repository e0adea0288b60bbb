#pragma once
// Every row of a cached statement read into values, then a reset (a cached statement must
// not keep its snapshot open), also when reading one throws.
#include <optional>
#include <vector>

#include "server/storage/sqlite/statement.h"

namespace kafenio::storage::sqlite {

template <class T>
std::vector<T> AllRows(Statement& statement, T (*read)(const Statement&)) {
  std::vector<T> rows;
  try {
    while (statement.Step()) rows.push_back(read(statement));
  } catch (...) {
    statement.Reset();
    throw;
  }
  statement.Reset();
  return rows;
}

// The first row, if any.
template <class T>
std::optional<T> FirstRow(Statement& statement, T (*read)(const Statement&)) {
  auto rows = AllRows(statement, read);
  if (rows.empty()) return std::nullopt;
  return rows.front();
}

}  // namespace kafenio::storage::sqlite
