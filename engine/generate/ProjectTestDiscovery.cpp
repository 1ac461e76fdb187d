#include "generate/ProjectTestDiscovery.h"

#include "core/HelperScript.h"
#include "core/Json.h"
#include "execute/Executor.h"

#include <QElapsedTimer>
#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <algorithm>
#include <vector>

namespace difftriage::engine {

namespace {

using nlohmann::json;

constexpr int MaxNotes = 5;
// Cases of one parametrised test run before any other test's later cases: a test with dozens
// of cases exercises one path with other data, and would take a budget meant for many files.
constexpr int FirstCasesPerTest = 10;
// Tests the runner refused (a fixture it cannot provide) listed with the reason, at most.
constexpr int MaxRefused = 20;

struct CandidateFile
{
    QString file;
    bool doctestsOnly = false;
    QSet<QString> prefer; // functions and classes that name the changed code
    QSet<QString> xfail;  // those marked to fail: what the old version is known to get wrong
    QHash<QString, int> relevance; // per test: its text's share of the changed lines' words
    QStringList tests;
};

QHash<QString, int> relevanceField(const json &file)
{
    QHash<QString, int> scores;
    const json &relevance = field(file, "relevance");
    if (relevance.is_object())
        for (const auto &[test, score] : relevance.items())
            if (score.is_number_integer())
                scores.insert(QString::fromStdString(test), score.get<int>());
    return scores;
}

json helperRequest(const ProjectTestDiscoveryInput &input)
{
    return {{"targets", input.targets->raw},
            {"old_root", input.oldRoot.toStdString()},
            {"new_root", input.oldRoot.toStdString()},
            {"import_roots", {{"old", input.oldImportRoot.toStdString()}}},
            {"max_files", input.budget.maxFiles}};
}

Expected<json> callHelper(const ProjectTestDiscoveryInput &input, const QString &mode,
                          const json &request)
{
    auto output =
        runHelperScript(input.python, {QStringLiteral("generate.py"),
                                       {mode, QStringLiteral("--request"), QStringLiteral("-")},
                                       toJsonBytes(request),
                                       120000});
    if (!output)
        return output.error();
    json document = parseJson(*output).value_or(nullptr);
    if (!document.is_object())
        return makeError(QStringLiteral("generate.py %1 answered with malformed JSON").arg(mode));
    return document;
}

// A test's function or class, as the static filter names them.
QString baseName(const QString &test)
{
    return test.section(QLatin1Char('['), 0, 0).section(QStringLiteral("::"), 0, 0);
}

// The words of a test's name, lower-cased: `TestOutputFormat::test_python[1]` gives test,
// output, format, python and 1.
QSet<QString> nameWords(const QString &test)
{
    static const QRegularExpression word(QStringLiteral("[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+"));
    QSet<QString> words;
    for (auto it = word.globalMatch(test); it.hasNext();)
        words.insert(it.next().captured().toLower());
    return words;
}

// How a test ranks for the run: the tests marked to fail first, then those that name the
// changed code, then the others; within each, by the words of the changed names its own name
// shares and by its text's relevance to the changed lines (in steps of about one rare word, so
// files still take turns among tests of a similar score).
int rank(const CandidateFile &file, const QString &test, const QSet<QString> &words)
{
    constexpr int TierSize = 1000000;
    const int tier = file.xfail.contains(baseName(test))                         ? 2
                     : file.doctestsOnly || file.prefer.contains(baseName(test)) ? 1
                                                                                 : 0;
    const int named = static_cast<int>(nameWords(test).intersect(words).size());
    const int relevance = file.relevance.value(test.section(QLatin1Char('['), 0, 0)) / 10;
    return tier * TierSize + std::min(named + relevance, TierSize - 1);
}

// The order with each test's cases after its first FirstCasesPerTest moved to the end, in turn.
QList<std::pair<QString, QString>> fewCasesFirst(const QList<std::pair<QString, QString>> &order)
{
    QHash<QString, int> taken;
    QList<std::pair<QString, QString>> first;
    QList<std::pair<QString, QString>> later;
    for (const auto &item : order) {
        const QString test = item.first + QStringLiteral("::") + item.second.section('[', 0, 0);
        (++taken[test] <= FirstCasesPerTest ? first : later) << item;
    }
    return first + later;
}

// The tests by rank; within a rank round-robin over the files, best file first, so a budget
// reaches every file; a parametrised test's cases beyond its first few come last.
QList<std::pair<QString, QString>> runOrder(const QList<CandidateFile> &files,
                                            const QSet<QString> &words)
{
    QList<QList<int>> ranks;
    QList<int> distinct;
    for (const CandidateFile &file : files) {
        QList<int> fileRanks;
        for (const QString &test : file.tests) {
            fileRanks << rank(file, test, words);
            if (!distinct.contains(fileRanks.last()))
                distinct << fileRanks.last();
        }
        ranks << fileRanks;
    }
    std::sort(distinct.begin(), distinct.end(), std::greater<>());
    QList<std::pair<QString, QString>> order;
    for (const int wanted : distinct) {
        QList<QStringList> queues;
        for (qsizetype i = 0; i < files.size(); ++i) {
            QStringList queue;
            for (qsizetype t = 0; t < files[i].tests.size(); ++t)
                if (ranks[i][t] == wanted)
                    queue << files[i].tests[t];
            queues << queue;
        }
        for (bool more = true; more;) {
            more = false;
            for (qsizetype i = 0; i < files.size(); ++i) {
                if (queues[i].isEmpty())
                    continue;
                order.append({files[i].file, queues[i].takeFirst()});
                more = true;
            }
        }
    }
    return fewCasesFirst(order);
}

bool cancelled(const ProjectTestDiscoveryInput &input)
{
    return input.cancel && input.cancel->load();
}

Status collect(const ProjectTestDiscoveryInput &input, QList<CandidateFile> &files,
               ProjectTestSeeds &seeds)
{
    if (files.isEmpty() || cancelled(input))
        return Ok{};
    QList<Executor::CollectRequest> requests;
    for (const CandidateFile &file : files)
        requests << Executor::CollectRequest{file.file, file.doctestsOnly};
    auto answers = input.executor->collectTests(Side::Old, requests, input.testTimeoutSeconds);
    if (!answers)
        return cancelled(input) ? Status(Ok{}) : Status(answers.error());
    for (qsizetype i = 0; i < files.size(); ++i) {
        CandidateFile &file = files[i];
        const nlohmann::json &answer = answers->at(i);
        const QString error = stringField(answer, "error_type");
        if (!error.isEmpty() && seeds.notes.size() < MaxNotes)
            seeds.notes << QStringLiteral("the project's test file %1 does not load on the old "
                                          "version (%2: %3): its tests are not used")
                               .arg(file.file, error, stringField(answer, "error_message"));
        for (const json &test : arrayField(answer, "tests"))
            file.tests << stringField(test, "name");
        seeds.testsFound += static_cast<int>(file.tests.size());
    }
    return Ok{};
}

// The old lines a test must run to reach the change: the changed ones, and the stand-ins that
// find-tests gives (`key`) for functions changed only by added lines (none changed on the old
// side): reach_lines, all of them; near_lines, those around the added lines.
QMap<QString, QList<int>> reachLines(const ProjectTestDiscoveryInput &input, const json &found,
                                     const char *key)
{
    QMap<QString, QList<int>> lines = input.targets->changedLines(QStringLiteral("old"));
    const json &extra = field(found, key);
    if (!extra.is_object())
        return lines;
    for (const auto &[file, numbers] : extra.items()) {
        if (!numbers.is_array())
            continue;
        QList<int> &list = lines[QString::fromStdString(file)];
        for (const json &number : numbers)
            if (number.is_number_integer() && !list.contains(number.get<int>()))
                list << number.get<int>();
        std::sort(list.begin(), list.end());
    }
    return lines;
}

Status run(const ProjectTestDiscoveryInput &input, const QList<std::pair<QString, QString>> &order,
           const QMap<QString, QList<int>> &lines, const QMap<QString, QList<int>> &nearest,
           ProjectTestSeeds &seeds)
{
    QElapsedTimer clock;
    clock.start();
    const int chunk = std::max(4, 2 * input.executor->workersPerVersion());
    for (qsizetype start = 0; start < order.size(); start += chunk) {
        if (cancelled(input))
            return Ok{};
        if (clock.elapsed() > input.budget.seconds * 1000) {
            seeds.budgetSpent = true;
            return Ok{};
        }
        QList<TestRequest> requests;
        for (const auto &[file, name] : order.mid(start, chunk)) {
            TestRequest request;
            request.id = QStringLiteral("p%1").arg(start + requests.size());
            request.projectFile = file;
            request.projectTest = name;
            request.timeoutSeconds = input.testTimeoutSeconds;
            request.coverage = lines;
            request.callersOf = nearest; // the test's statements that come nearest
            requests << request;
        }
        auto outcomes = input.executor->run(Side::Old, requests, 0);
        if (!outcomes)
            return cancelled(input) ? Status(Ok{}) : Status(outcomes.error());
        for (qsizetype i = 0; i < outcomes->size(); ++i) {
            ++seeds.testsRun;
            const TestOutcome &outcome = outcomes->at(i);
            const bool reached = std::any_of(outcome.covered.cbegin(), outcome.covered.cend(),
                                             [](const QList<int> &hit) { return !hit.isEmpty(); });
            if (reached)
                seeds.reaching << ProjectTestSeed{requests[i].projectFile, requests[i].projectTest,
                                                  outcome.covered, outcome.reachedFrom,
                                                  outcome.entryCalls};
            else if (outcome.errorType == QLatin1String("difftriage.UsageError") &&
                     seeds.skipped.size() < MaxRefused)
                // It never ran its own code: whether it reaches the change is unknown.
                seeds.skipped.append(
                    {requests[i].projectFile + QStringLiteral("::") + requests[i].projectTest,
                     QStringLiteral("the runner cannot run it: %1").arg(outcome.errorMessage)});
        }
        if (input.progress)
            input.progress(double(start + requests.size()) / order.size());
    }
    return Ok{};
}

} // namespace

QString projectTestsStrategy()
{
    return QStringLiteral("project_tests");
}

json ProjectTestSeeds::generationJson() const
{
    if (reaching.isEmpty())
        return nullptr;
    json tests = json::array();
    for (const ProjectTestSeed &seed : reaching)
        tests.push_back(
            {{"file", seed.file.toStdString()},
             {"name", seed.name.toStdString()},
             {"covered", lineMapToJson(seed.covered)},
             {"reached_from", std::vector<int>(seed.reachedFrom.cbegin(), seed.reachedFrom.cend())},
             {"entry_calls", seed.entryCalls}});
    return {{"tests", tests}};
}

Expected<ProjectTestSeeds> discoverProjectTests(const ProjectTestDiscoveryInput &input)
{
    ProjectTestSeeds seeds;
    auto found = callHelper(input, QStringLiteral("find-tests"), helperRequest(input));
    if (!found)
        return found.error();
    QList<CandidateFile> files;
    for (const json &item : arrayField(*found, "files")) {
        const QStringList prefer = stringListField(item, "prefer");
        const QStringList xfail = stringListField(item, "xfail");
        files << CandidateFile{stringField(item, "file"),
                               boolField(item, "doctests_only"),
                               QSet<QString>(prefer.cbegin(), prefer.cend()),
                               QSet<QString>(xfail.cbegin(), xfail.cend()),
                               relevanceField(item),
                               {}};
    }
    seeds.filesSearched = static_cast<int>(files.size());
    if (Status collected = collect(input, files, seeds); !collected)
        return collected.error();
    const QStringList words = stringListField(*found, "words");
    QList<std::pair<QString, QString>> order =
        runOrder(files, QSet<QString>(words.cbegin(), words.cend()));
    if (order.size() > input.budget.maxTests) {
        order = order.mid(0, input.budget.maxTests);
        seeds.budgetSpent = true;
    }
    if (Status ran = run(input, order, reachLines(input, *found, "reach_lines"),
                         reachLines(input, *found, "near_lines"), seeds);
        !ran)
        return ran.error();
    if (seeds.reaching.isEmpty() || cancelled(input))
        return seeds;
    json request = helperRequest(input);
    request["project_tests"] = seeds.generationJson();
    auto converted = callHelper(input, QStringLiteral("convert-tests"), request);
    if (!converted)
        return converted.error();
    for (const json &item : arrayField(*converted, "converted"))
        seeds.converted << stringField(item, "test");
    for (const json &item : arrayField(*converted, "skipped"))
        seeds.skipped.append({stringField(item, "test"), stringField(item, "reason")});
    return seeds;
}

} // namespace difftriage::engine
