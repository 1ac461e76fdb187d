// What the ablation tests share: a scratch repository analysed at the quick effort with a rule
// switched off and on, and the strategies behind the differences each analysis reports.
#pragma once

#include "CliRun.h"
#include "ScratchRepo.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>
#include <utility>

namespace difftriage::test {

inline QJsonObject readJson(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(file.readAll()).object()
                                          : QJsonObject();
}

// The strategies of the tests behind the report's differences.
inline QStringList findersOf(const QJsonObject &report)
{
    QHash<QString, QString> strategyOf;
    for (const QJsonValue test : report.value(QStringLiteral("tests")).toArray())
        strategyOf.insert(test[QStringLiteral("id")].toString(),
                          test[QStringLiteral("strategy")].toString());
    QStringList finders;
    for (const QJsonValue difference : report.value(QStringLiteral("differences")).toArray())
        finders << strategyOf.value(difference[QStringLiteral("test_id")].toString());
    return finders;
}

class AblationHarness
{
protected:
    QTemporaryDir m_dir;
    int m_runs = 0;

    // A fresh tree cache per analysis, the quick effort, the default seed.
    QJsonObject analyze(const ScratchRepo &repo, const QString &base, const QString &head,
                        const QStringList &extra)
    {
        const QString report = m_dir.filePath(QStringLiteral("report-%1.json").arg(++m_runs));
        QProcessEnvironment environment;
        environment.insert(QStringLiteral("XDG_CACHE_HOME"),
                           m_dir.filePath(QStringLiteral("cache-%1").arg(m_runs)));
        const CliRun run = difftriage::test::runCli(
            QStringList{QStringLiteral("analyze"), QStringLiteral("--repo"), repo.path(),
                        QStringLiteral("--base"), base, QStringLiteral("--head"), head,
                        QStringLiteral("--effort"), QStringLiteral("quick"),
                        QStringLiteral("--python"), qEnvironmentVariable("DIFFTRIAGE_TEST_PYTHON"),
                        QStringLiteral("--report"), report} +
                extra,
            environment);
        if (run.exitCode != 0)
            qWarning("analyze failed: %s", run.err.constData());
        return readJson(report);
    }

    // The report with every strategy on when it holds a difference found by `finder` (by
    // default `rule` itself) and the analysis without `rule` finds none; else an empty object
    // (the reason is logged).
    QJsonObject foundOnlyBy(const ScratchRepo &repo, const QString &base, const QString &head,
                            const QString &rule, const QString &finder = {})
    {
        const QJsonObject without =
            analyze(repo, base, head, {QStringLiteral("--disable-strategy"), rule});
        if (without.isEmpty() || !findersOf(without).isEmpty()) {
            qWarning("found without %s by %s", qPrintable(rule),
                     qPrintable(findersOf(without).join(QLatin1Char(','))));
            return {};
        }
        const QJsonObject with = analyze(repo, base, head, {});
        if (findersOf(with).contains(finder.isEmpty() ? rule : finder))
            return with;
        qWarning("not found by %s", qPrintable(finder.isEmpty() ? rule : finder));
        return {};
    }

    // foundOnlyBy on a scratch repository whose pkg/core.py changes from before to after.
    QJsonObject foundOnlyByRule(const QByteArray &before, const QByteArray &after,
                                const QString &rule)
    {
        ScratchRepo repo;
        const auto [base, head] = commitChange(repo, before, after);
        return foundOnlyBy(repo, base, head, rule);
    }

    // Whether an analysis with every strategy on reports a difference between the two sources.
    bool foundBetween(const QByteArray &before, const QByteArray &after)
    {
        ScratchRepo repo;
        const auto [base, head] = commitChange(repo, before, after);
        return !findersOf(analyze(repo, base, head, {})).isEmpty();
    }

    // pkg/core.py committed as before, then as after: (base, head).
    static std::pair<QString, QString> commitChange(ScratchRepo &repo, const QByteArray &before,
                                                    const QByteArray &after)
    {
        repo.write(QStringLiteral("pkg/__init__.py"), "");
        repo.write(QStringLiteral("pkg/core.py"), before);
        const QString base = repo.commit(QStringLiteral("base"));
        repo.write(QStringLiteral("pkg/core.py"), after);
        return {base, repo.commit(QStringLiteral("change"))};
    }
};

} // namespace difftriage::test
