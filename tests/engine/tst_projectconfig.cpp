#include "ScratchRepo.h"
#include "config/ProjectConfig.h"
#include "git/Repository.h"

#include <QtTest>

using namespace difftriage;
using namespace difftriage::engine;

class ProjectConfigTest final : public QObject
{
    Q_OBJECT

private slots:
    void parses()
    {
        auto config =
            parseProjectConfig("{\"python\": \"/usr/bin/python3.11\", \"import_roots\": [\"src\"], "
                               "\"prepare\": \"make gen\", \"exclude\": [\"bench/**\"], "
                               "\"normalize\": [\"id=\\\\d+\"], \"relations\": {\"pkg.f\": "
                               "[\"idempotence\"]}, \"time_limit_s\": 5, \"colour\": \"blue\"}",
                               QStringLiteral("cfg"));
        QVERIFY(config.ok());
        QCOMPARE(config->python, QStringLiteral("/usr/bin/python3.11"));
        QCOMPARE(config->importRoots, QStringList{QStringLiteral("src")});
        QCOMPARE(config->prepare, QStringLiteral("make gen"));
        QCOMPARE(config->exclude, QStringList{QStringLiteral("bench/**")});
        QCOMPARE(config->normalize, QStringList{QStringLiteral("id=\\d+")});
        QVERIFY(config->relations.contains("pkg.f"));
        QCOMPARE(config->timeLimitSeconds.value_or(0), 5.0);
        QCOMPARE(config->warnings.size(), 1);
        QVERIFY(config->warnings.first().contains(QStringLiteral("'colour'")));
    }

    void rejects_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("not json") << QByteArray("{python: 1") << "is not valid JSON";
        QTest::newRow("array") << QByteArray("[]") << "must hold a JSON object";
        QTest::newRow("python number")
            << QByteArray("{\"python\": 3}") << "'python' must be a string";
        QTest::newRow("roots string") << QByteArray("{\"import_roots\": \"src\"}")
                                      << "'import_roots' must be a list of strings";
        QTest::newRow("exclude mixed")
            << QByteArray("{\"exclude\": [\"a\", 1]}") << "'exclude' must be a list of strings";
        QTest::newRow("negative limit")
            << QByteArray("{\"time_limit_s\": -1}") << "'time_limit_s' must be a positive number";
        QTest::newRow("relations list")
            << QByteArray("{\"relations\": []}") << "'relations' must be an object";
        QTest::newRow("relations of a function not a list")
            << QByteArray("{\"relations\": {\"pkg.f\": \"idempotence\"}}")
            << "'relations.pkg.f' must be a list of strings";
        QTest::newRow("relations disable mixed")
            << QByteArray("{\"relations\": {\"disable\": [1]}}")
            << "'relations.disable' must be a list of strings";
    }

    void relationsWarnAboutUnknownLabels()
    {
        auto config = parseProjectConfig(
            "{\"relations\": {\"pkg.f\": [\"idempotence\", \"normalisation/crlf\", "
            "\"symmetry\"], \"disable\": [\"token_sensitivity\", \"pkg.g\"]}}",
            QStringLiteral("cfg"));
        QVERIFY(config.ok());
        QCOMPARE(config->relations["disable"].size(), 2u);
        QCOMPARE(config->warnings.size(), 1);
        QVERIFY(config->warnings.first().contains(QStringLiteral("'symmetry' for pkg.f")));
    }
    void rejects()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, message);
        auto config = parseProjectConfig(text, QStringLiteral(".difftriage.json at abc"));
        QVERIFY(!config.ok());
        QVERIFY2(config.error().message.contains(message), qPrintable(config.error().message));
        QVERIFY(config.error().message.startsWith(QStringLiteral(".difftriage.json at abc")));
    }

    void readFromBaseRevisionOnly()
    {
        test::ScratchRepo repo;
        repo.write(QStringLiteral(".difftriage.json"), "{\"import_roots\": [\"src\"]}");
        const QString base = repo.commit(QStringLiteral("base"));
        repo.write(QStringLiteral(".difftriage.json"), "{\"import_roots\": [\"lib\"]}");
        const QString head = repo.commit(QStringLiteral("head"));
        repo.remove(QStringLiteral(".difftriage.json"));
        const QString none = repo.commit(QStringLiteral("none"));
        auto repository = git::Repository::open(repo.path());
        QVERIFY(repository.ok());
        auto atBase = loadProjectConfig(*repository, base);
        QVERIFY(atBase.ok());
        QCOMPARE(atBase->importRoots, QStringList{QStringLiteral("src")});
        auto missing = loadProjectConfig(*repository, none);
        QVERIFY(missing.ok());
        QVERIFY(!missing->fromFile);
        QCOMPARE(missing->exclude, ProjectConfig::defaultExcludes());
        Q_UNUSED(head);
    }
};

QTEST_GUILESS_MAIN(ProjectConfigTest)
#include "tst_projectconfig.moc"
