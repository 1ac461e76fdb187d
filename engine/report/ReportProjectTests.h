#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>
#include <optional>
#include <utility>

namespace difftriage::engine {

// The project test a generated test came from (the project_tests strategy): its file and its id
// (`tests/test_x.py::test_y[1]`, `tests/test_x.py::Cases::test_z`, `pkg/mod.py::pkg.mod.f` for a
// doctest).
struct ProjectTestOrigin
{
    QString file;
    QString test;

    bool operator==(const ProjectTestOrigin &) const = default;
};

// What the analysis made of the project's own suite: how much of it ran on the old version,
// which tests reached a changed line, which of those became snippets, and why the others did not.
struct ReportProjectTests
{
    int filesSearched = 0;
    int testsFound = 0;
    int testsRun = 0;
    bool budgetSpent = false;
    QStringList reaching;
    QStringList converted;
    QList<std::pair<QString, QString>> skipped; // test id, reason

    bool operator==(const ReportProjectTests &) const = default;
};

nlohmann::json toJson(const std::optional<ProjectTestOrigin> &origin);
// Null, or an object without a test id: no origin.
std::optional<ProjectTestOrigin> projectTestOriginFromJson(const nlohmann::json &value);
nlohmann::json toJson(const std::optional<ReportProjectTests> &summary);
std::optional<ReportProjectTests> projectTestsFromJson(const nlohmann::json &value);

} // namespace difftriage::engine
