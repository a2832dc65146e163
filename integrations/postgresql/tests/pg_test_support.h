// SPDX-License-Identifier: Apache-2.0
// Helpers for the PostgreSQL extension's tests: connections to the server
// that pg_cluster.sh started (ctest fixture PostgreSQL), a database of its
// own per test with the extension created the way a user creates it, and
// results as strings.

#ifndef U8GUARD_INTEGRATIONS_POSTGRESQL_TESTS_PG_TEST_SUPPORT_H_
#define U8GUARD_INTEGRATIONS_POSTGRESQL_TESTS_PG_TEST_SUPPORT_H_

#include <libpq-fe.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace u8guard::pgtest {

// The connection string of the test server's database `dbname`: its socket
// directory is read from the file that the environment variable
// U8GUARD_PG_STATE names (pg_cluster.sh). Fails the current test, and
// returns "", when there is none.
std::string ConnectionString(std::string_view dbname);

// One value of a result row: nullopt for SQL NULL.
using Value = std::optional<std::string>;
using Row = std::vector<Value>;

// What a statement returned: its rows, or the error the server raised.
struct Result {
  bool ok = false;
  std::vector<Row> rows;
  std::string sqlstate;  // "" when ok
  std::string message;   // the primary message
  std::string detail;    // DETAIL, "" when none
  // "SQLSTATE: message (DETAIL)", for failure messages.
  std::string Describe() const;
};

// A connection (libpq) to one database of the test server.
class Connection {
 public:
  // Connects to database `dbname`; ok() says whether that worked.
  explicit Connection(std::string_view dbname);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  bool ok() const;
  // libpq's message when !ok().
  std::string error() const;

  // Runs `sql` (one or more statements; the result is the last one's).
  Result Exec(const std::string& sql);
  // Runs `sql` with text parameters $1, $2, ... (nullopt: NULL), which may
  // hold any bytes but NUL; binary parameters are not used.
  Result Exec(const std::string& sql, const std::vector<Value>& params);
  // Runs `sql`, failing the current test when it fails; returns its rows.
  std::vector<Row> Query(const std::string& sql);
  std::vector<Row> Query(const std::string& sql,
                         const std::vector<Value>& params);
  // COPY `table_and_columns` FROM STDIN of `rows` in COPY's text format
  // (values escaped here; nullopt is NULL). Fails the current test on
  // error.
  void Copy(const std::string& table_and_columns, const std::vector<Row>& rows);

  PGconn* raw() { return conn_; }

 private:
  PGconn* conn_;
};

// A database of its own for the running test, created from template0 in
// `encoding` (UTF8 unless a test asks otherwise), with CREATE EXTENSION
// u8guard run in it unless `with_extension` is false; dropped (WITH FORCE)
// when it goes out of scope. A test that needs two gives the second a
// `suffix`.
class TestDatabase {
 public:
  explicit TestDatabase(bool with_extension = true,
                        std::string_view encoding = "UTF8",
                        std::string_view suffix = "");
  ~TestDatabase();
  TestDatabase(const TestDatabase&) = delete;
  TestDatabase& operator=(const TestDatabase&) = delete;

  const std::string& name() const { return name_; }
  // A connection to it, made on first use and kept.
  Connection& conn();

 private:
  // The constructor's work (GoogleTest's ASSERTs need a void function).
  void Create(bool with_extension, std::string_view encoding);

  std::string name_;
  std::optional<Connection> conn_;
};

// A new empty directory for a tablespace of the test server, owned by the
// user the server runs as, under the server's own directory: its absolute
// path. Fails the current test, and returns "", when it cannot be made.
std::string MakeTablespaceDirectory(std::string_view name);

// The bytes of `value` as the literal text of a bytea input ("\x616263").
std::string ByteaLiteral(std::string_view value);

}  // namespace u8guard::pgtest

#endif  // U8GUARD_INTEGRATIONS_POSTGRESQL_TESTS_PG_TEST_SUPPORT_H_
