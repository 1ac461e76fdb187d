#pragma once

#include "core/Vocabulary.h"
#include "report/ReportAttribution.h"
#include "report/ReportProjectTests.h"
#include "report/ReportRelation.h"
#include "report/ReportSearch.h"

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>
#include <optional>

namespace difftriage::engine {

// The `difftriage-report/1` document (docs/ARCHITECTURE.md): what `analyze --report` writes, what
// the GUI saves and loads, what every exporter reads. Later versions only add fields.
struct ReportSide
{
    QString output;
    std::optional<QString> errorType;
    std::optional<QString> errorMessage;
    RunStatus status = RunStatus::Ok;
    // For an OSError: "sandbox" when the sandbox refused the access, else "system".
    std::optional<QString> osError;
};

struct ReportDifference
{
    QString id;
    QString fingerprint;
    QString cluster;
    QString testId;
    QString testCode;
    QString originalTestCode;
    QString target;
    ReportSide oldSide;
    ReportSide newSide;
    // What the original test did on each version, when shrinking changed it: "Show original
    // test" shows these beside it. Absent in reports written before they were kept.
    std::optional<ReportSide> originalOld;
    std::optional<ReportSide> originalNew;
    DifferenceKind kind = DifferenceKind::DifferentOutput;
    Verdict verdict = Verdict::None;
    QString note; // the reviewer's note beside the verdict (from the triage store)
    Verdict suggestedVerdict = Verdict::None;
    QStringList suggestionReasons;
    std::optional<Confidence> suggestionConfidence;
    std::optional<SuggestionSource> suggestionSource; // none without a suggestion
    std::optional<ReportRelation> relation;           // when the test is a relation check
    std::optional<ProjectTestOrigin> projectTest;     // when it came from the project's tests
    // In a range analysis: the step of the first-parent line that introduced it, or why that
    // could not be told. Initialised so that aggregate initialisers stopping earlier compile
    // warning-free.
    std::optional<ReportAttribution> attribution = {};
    // In a release document: whether the release's head still shows it (`merge --head`).
    HeadPresence atHead = HeadPresence::Unchecked;
};

struct ReportChangedFunction
{
    QString name;
    FunctionKind kind = FunctionKind::Public;
    Presence versions = Presence::Both;
    QString reason; // body | module_level
    double unionCoverage = 1.0;
};

struct ReportChangedLine
{
    QString file;
    QString side; // old | new
    int line = 0;
    bool executable = true;
    QStringList hitBy;
    bool atImport = false; // outside every changed function: run by importing its module
};

struct ReportRound
{
    int index = 0;
    int testsGenerated = 0;
    double unionCoverage = 0;
};

struct ReportTest
{
    QString id;
    QString code;
    int round = 0;
    QString target;
    std::optional<TestFate> outcome; // none in reports written before it existed
    // Initialised here so that older aggregate initialisers, which stop at `outcome`, still
    // compile warning-free.
    QString relation = {}; // the relation label when the test is a relation check
    std::optional<RelationVerdict> relationVerdict = {}; // on the old version
    QString strategy = {}; // the generator's strategy that made it; empty when unknown
    std::optional<ProjectTestOrigin> projectTest = {}; // when it came from the project's tests
};

struct Report
{
    static constexpr auto Schema = "difftriage-report/1";

    QString repo, base, head, title, body;
    QStringList commitMessages; // the change's own commits, newest first: stated intent too
    std::optional<int> number;
    GeneratorKind generator = GeneratorKind::Offline;
    std::optional<QString> model;
    quint64 seed = 1;
    SandboxLevel sandbox = SandboxLevel::Full;
    QString sandboxNote;
    // The same in the language of the window that ran the analysis; absent when that is English.
    std::optional<QString> sandboxNoteTranslated;
    StopReason stopReason = StopReason::NothingToAnalyse;
    std::optional<Effort> effort;       // none in reports written before efforts existed
    std::optional<ReportSearch> search; // the schedule and each target's search
    double unionCoverage = 1.0;
    QString pythonOld, pythonNew;
    QList<ReportChangedFunction> changedFunctions;
    QList<ReportChangedLine> changedLines;
    QList<ReportRound> rounds;
    int testsExecuted = 0;
    int flakyDiscarded = 0;
    QList<ReportTest> tests;
    QList<ReportDifference> differences;
    QList<ReportRelationReview> relationReviews;    // relations broken on both versions
    QStringList notes;                              // what could not be analysed, and why
    std::optional<ReportProjectTests> projectTests; // none when the strategy did not run
    nlohmann::json llm; // the LLM generator's model, usage, cost and rendered prompts; null offline
    nlohmann::json notAnalysable = nlohmann::json::array();
    double seconds = 0;

    nlohmann::json toJson() const;
    static std::optional<Report> fromJson(const nlohmann::json &document, QString *error = nullptr);
    // The covered changed lines that run when their module is imported: every test covers
    // them, so they say nothing of what the tests exercised.
    int coveredAtImport() const;
};

nlohmann::json toJson(const ReportSide &side);
ReportSide sideFromJson(const nlohmann::json &object, const QString &where, QStringList &problems);
// One difference as the report writes it, and back; what is wrong with it (a word outside the
// vocabulary, no kind) is added to `problems`.
nlohmann::json toJson(const ReportDifference &difference);
ReportDifference differenceFromJson(const nlohmann::json &item, QStringList &problems);

} // namespace difftriage::engine
