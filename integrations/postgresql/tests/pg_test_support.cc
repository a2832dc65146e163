// SPDX-License-Identifier: Apache-2.0
#include "integrations/postgresql/tests/pg_test_support.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "gtest/gtest.h"

namespace u8guard::pgtest {
namespace {

// The server's socket directory, from the state file pg_cluster.sh wrote.
std::string SocketDirectory() {
  const char* state = std::getenv("U8GUARD_PG_STATE");
  if (state == nullptr) return "";
  std::ifstream in(state);
  std::string dir;
  std::getline(in, dir);
  return std::string(absl::StripAsciiWhitespace(dir));
}

// A conninfo value, quoted.
std::string Quoted(std::string_view value) {
  std::string out = "'";
  for (const char c : value) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

Result ToResult(PGresult* r, PGconn* conn) {
  Result out;
  if (r == nullptr) {
    out.sqlstate = "08000";
    out.message = PQerrorMessage(conn);
    return out;
  }
  const ExecStatusType status = PQresultStatus(r);
  if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) {
    out.ok = true;
    for (int i = 0; i < PQntuples(r); ++i) {
      Row row;
      for (int j = 0; j < PQnfields(r); ++j) {
        if (PQgetisnull(r, i, j)) {
          row.push_back(std::nullopt);
        } else {
          row.emplace_back(std::string(
              PQgetvalue(r, i, j), static_cast<size_t>(PQgetlength(r, i, j))));
        }
      }
      out.rows.push_back(std::move(row));
    }
  } else {
    const auto field = [r](int code) {
      const char* v = PQresultErrorField(r, code);
      return std::string(v == nullptr ? "" : v);
    };
    out.sqlstate = field(PG_DIAG_SQLSTATE);
    out.message = field(PG_DIAG_MESSAGE_PRIMARY);
    out.detail = field(PG_DIAG_MESSAGE_DETAIL);
    if (out.message.empty()) out.message = PQresultErrorMessage(r);
  }
  PQclear(r);
  return out;
}

// `value` escaped for COPY's text format.
std::string CopyEscaped(std::string_view value) {
  std::string out;
  for (const char c : value) {
    switch (c) {
      case '\\':
        out += "\\\\";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace

std::string ConnectionString(std::string_view dbname) {
  const std::string dir = SocketDirectory();
  if (dir.empty()) {
    ADD_FAILURE() << "no test server: U8GUARD_PG_STATE does not name the "
                     "state file of pg_cluster.sh (run through ctest, whose "
                     "fixture PostgreSQL.start starts it)";
    return "";
  }
  return absl::StrCat("host=", Quoted(dir),
                      " user=postgres dbname=", Quoted(dbname),
                      " connect_timeout=30");
}

std::string Result::Describe() const {
  if (ok) return absl::StrCat("ok, ", rows.size(), " rows");
  return absl::StrCat(sqlstate, ": ", message,
                      detail.empty() ? "" : absl::StrCat(" (", detail, ")"));
}

Connection::Connection(std::string_view dbname)
    : conn_(PQconnectdb(ConnectionString(dbname).c_str())) {}

Connection::~Connection() { PQfinish(conn_); }

bool Connection::ok() const {
  return conn_ != nullptr && PQstatus(conn_) == CONNECTION_OK;
}

std::string Connection::error() const {
  return conn_ == nullptr ? "no connection" : PQerrorMessage(conn_);
}

Result Connection::Exec(const std::string& sql) {
  return ToResult(PQexec(conn_, sql.c_str()), conn_);
}

Result Connection::Exec(const std::string& sql,
                        const std::vector<Value>& params) {
  std::vector<const char*> values;
  for (const Value& v : params) {
    values.push_back(v.has_value() ? v->c_str() : nullptr);
  }
  return ToResult(
      PQexecParams(conn_, sql.c_str(), static_cast<int>(values.size()), nullptr,
                   values.data(), nullptr, nullptr, 0),
      conn_);
}

std::vector<Row> Connection::Query(const std::string& sql) {
  Result r = Exec(sql);
  EXPECT_TRUE(r.ok) << sql << ": " << r.Describe();
  return std::move(r.rows);
}

std::vector<Row> Connection::Query(const std::string& sql,
                                   const std::vector<Value>& params) {
  Result r = Exec(sql, params);
  EXPECT_TRUE(r.ok) << sql << ": " << r.Describe();
  return std::move(r.rows);
}

void Connection::Copy(const std::string& table_and_columns,
                      const std::vector<Row>& rows) {
  Result start = ToResult(
      PQexec(conn_,
             absl::StrCat("COPY ", table_and_columns, " FROM STDIN").c_str()),
      conn_);
  // COPY IN is neither COMMAND_OK nor TUPLES_OK: ToResult reports it as a
  // failure without an SQLSTATE.
  if (!start.sqlstate.empty()) {
    ADD_FAILURE() << "COPY " << table_and_columns << ": " << start.Describe();
    return;
  }
  std::string data;
  for (const Row& row : rows) {
    for (size_t i = 0; i < row.size(); ++i) {
      if (i > 0) data += '\t';
      data += row[i].has_value() ? CopyEscaped(*row[i]) : "\\N";
    }
    data += '\n';
  }
  if (PQputCopyData(conn_, data.data(), static_cast<int>(data.size())) != 1 ||
      PQputCopyEnd(conn_, nullptr) != 1) {
    ADD_FAILURE() << "COPY " << table_and_columns << ": "
                  << PQerrorMessage(conn_);
  }
  const Result end = ToResult(PQgetResult(conn_), conn_);
  EXPECT_TRUE(end.ok) << "COPY " << table_and_columns << ": " << end.Describe();
  while (PGresult* r = PQgetResult(conn_)) PQclear(r);
}

TestDatabase::TestDatabase(bool with_extension, std::string_view encoding,
                           std::string_view suffix) {
  const ::testing::TestInfo* info =
      ::testing::UnitTest::GetInstance()->current_test_info();
  name_ = absl::AsciiStrToLower(absl::StrCat(
      "t_", info->test_suite_name(), "_", info->name(), std::string(suffix)));
  for (char& c : name_) {
    if (!absl::ascii_isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  // PostgreSQL keeps 63 bytes of a name: a long one keeps its start and a
  // hash of the whole, so that two tests never share a database.
  if (name_.size() > 63) {
    name_ =
        absl::StrFormat("%s_%08x", name_.substr(0, 54),
                        static_cast<uint32_t>(std::hash<std::string>()(name_)));
  }
  Create(with_extension, encoding);
}

void TestDatabase::Create(bool with_extension, std::string_view encoding) {
  Connection admin("postgres");
  ASSERT_TRUE(admin.ok()) << admin.error();
  admin.Exec(absl::StrCat("DROP DATABASE IF EXISTS ", name_, " WITH (FORCE)"));
  const Result created = admin.Exec(
      absl::StrFormat("CREATE DATABASE %s TEMPLATE template0 ENCODING '%s' "
                      "LC_COLLATE 'C' LC_CTYPE 'C'",
                      name_, encoding));
  ASSERT_TRUE(created.ok) << created.Describe();
  if (with_extension) {
    const Result r = conn().Exec("CREATE EXTENSION u8guard");
    ASSERT_TRUE(r.ok) << "CREATE EXTENSION u8guard: " << r.Describe();
  }
}

TestDatabase::~TestDatabase() {
  conn_.reset();
  Connection admin("postgres");
  if (admin.ok()) {
    admin.Exec(
        absl::StrCat("DROP DATABASE IF EXISTS ", name_, " WITH (FORCE)"));
  }
}

Connection& TestDatabase::conn() {
  if (!conn_.has_value()) {
    conn_.emplace(name_);
    EXPECT_TRUE(conn_->ok()) << conn_->error();
  }
  return *conn_;
}

std::string MakeTablespaceDirectory(std::string_view name) {
  const std::string server_dir = SocketDirectory();
  struct stat owner;
  if (server_dir.empty() || stat(server_dir.c_str(), &owner) != 0) {
    ADD_FAILURE() << "no test server directory";
    return "";
  }
  const std::string dir = server_dir + "/" + std::string(name);
  if (mkdir(dir.c_str(), 0700) != 0 ||
      chown(dir.c_str(), owner.st_uid, owner.st_gid) != 0) {
    ADD_FAILURE() << dir << ": " << std::strerror(errno);
    return "";
  }
  return dir;
}

std::string ByteaLiteral(std::string_view value) {
  std::string out = "\\x";
  for (const char c : value) {
    absl::StrAppendFormat(&out, "%02x", static_cast<unsigned char>(c));
  }
  return out;
}

}  // namespace u8guard::pgtest
