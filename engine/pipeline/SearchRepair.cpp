// SearchSession's runtime repair loop: a test that raised the same error on both versions from
// its own code (a misspelt name, a wrong call) goes back to the generator, at most five times.
#include "pipeline/SearchSession.h"

namespace difftriage::engine {

namespace {

constexpr int MaxRuntimeRepairs = 5;
constexpr int TracebackTailLines = 12;

QString problemOf(const TestOutcome &run)
{
    const QStringList lines = run.traceback.trimmed().split(QLatin1Char('\n'));
    const QStringList tail = lines.mid(std::max<qsizetype>(0, lines.size() - TracebackTailLines));
    return QStringLiteral("%1: %2\n%3")
        .arg(run.errorType, run.errorMessage, tail.join(QLatin1Char('\n')));
}

} // namespace

bool needsRuntimeRepair(const TestRecord &record)
{
    const TestOutcome &oldRun = record.oldRun, &newRun = record.newRun;
    if (oldRun.status != RunStatus::Raised || newRun.status != RunStatus::Raised ||
        oldRun.errorType != newRun.errorType)
        return false; // an error on one side only is a difference, never repaired away
    // The innermost frame is the test's own code, not the project raising on purpose.
    const qsizetype last = oldRun.traceback.lastIndexOf(QLatin1String("File \""));
    return last >= 0 && oldRun.traceback.mid(last).startsWith(QLatin1String("File \"<test>\""));
}

Status SearchSession::repairRuntimeErrors(const QList<int> &broken, int round)
{
    for (int index : broken) {
        Candidate current = m_tests.at(index).candidate;
        TestOutcome failed = m_tests.at(index).oldRun;
        for (int attempt = 0; attempt < MaxRuntimeRepairs && !cancelled(); ++attempt) {
            auto repaired = m_context.generator->repair(
                current, RepairProblem{RepairProblem::Kind::Runtime, problemOf(failed)});
            if (!repaired)
                return repaired.error();
            if (!*repaired)
                break; // this generator cannot repair it (the offline search replaces instead)
            current = **repaired;
            const QString id = testIdFor(current.code);
            if (m_testIndex.contains(id))
                break;
            auto runs = runPairs({current}, 0);
            if (!runs)
                return runs.error();
            TestRecord record{id, round, current, runs->first.value(0), runs->second.value(0)};
            if (auto admitted = admit(std::move(record), false); !admitted)
                return admitted.error();
            if (!needsRuntimeRepair(m_tests.last()))
                break;
            failed = m_tests.last().oldRun;
        }
    }
    return Ok{};
}

} // namespace difftriage::engine
