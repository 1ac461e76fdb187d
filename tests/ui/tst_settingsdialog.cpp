#include "AnalysisQueue.h"
#include "MainWindow.h"
#include "PrivateUserDirs.h"
#include "ScratchRepo.h"
#include "SettingsDialog.h"
#include "pipeline/ResolveOptions.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace difftriage;

// Settings: an interpreter per version, reaching the analyses' options, and the sandbox those
// interpreters get, found out off the GUI thread and shown before any analysis.
class SettingsDialogTest final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        test::usePrivateUserDirectories(m_home.path(), QStringLiteral("tst_settingsdialog"));
        QSettings().setValue(QStringLiteral("analysis/python"), python());
    }

    void showsTheSandboxOfTheInterpreters()
    {
        ui::SettingsDialog dialog;
        auto *state = dialog.findChild<QLabel *>(QStringLiteral("sandboxState"));
        QVERIFY(state);
        QTRY_VERIFY_WITH_TIMEOUT(!state->text().startsWith(QStringLiteral("Checking")), 60000);
        QVERIFY2(state->text().startsWith(QStringLiteral("Full")) ||
                     state->text().startsWith(QStringLiteral("Degraded")),
                 qPrintable(state->text()));
        QVERIFY2(state->text().contains(python()), qPrintable(state->text()));
        QVERIFY(!state->toolTip().isEmpty()); // what protects the host, and what does not
        // The whole verdict is on show, not only in the tooltip.
        QVERIFY2(state->text().contains(state->toolTip()), qPrintable(state->text()));

        // Rechecked as the reviewer types, without leaving the field.
        auto *newer = dialog.findChild<QLineEdit *>(QStringLiteral("pythonNew"));
        QVERIFY(newer);
        QTest::keyClicks(newer, QStringLiteral("no-such-python-3.99"));
        QTRY_VERIFY_WITH_TIMEOUT(state->text().startsWith(QStringLiteral("Unknown")), 60000);
        QVERIFY2(state->text().contains(QStringLiteral("no-such-python-3.99")),
                 qPrintable(state->text()));
    }

    // Labels show their mnemonic as an underline, never as a literal "&"; a language change
    // says it needs a restart.
    void labelsAndRestartNote()
    {
        ui::SettingsDialog dialog;
        dialog.show();
        for (const QLabel *label : dialog.findChildren<QLabel *>())
            if (label->text().contains(QLatin1Char('&')) && !label->text().contains(u'<'))
                QVERIFY2(label->buddy(), qPrintable(label->text()));
        auto *note = dialog.findChild<QLabel *>(QStringLiteral("restartNote"));
        QVERIFY(note && !note->isVisible());
        auto *language = dialog.findChild<QComboBox *>(QStringLiteral("language"));
        QVERIFY(language);
        language->setCurrentIndex((language->currentIndex() + 1) % language->count());
        QVERIFY(note->isVisible());
    }

    void eachVersionGetsItsInterpreter()
    {
        {
            ui::SettingsDialog dialog;
            dialog.findChild<QLineEdit *>(QStringLiteral("pythonNew"))
                ->setText(QStringLiteral("/opt/python3.13/bin/python3"));
            dialog.accept();
        }
        {
            ui::MainWindow window;
            const auto [oldPython, newPython] =
                engine::chooseInterpreters(window.queue()->choices(), QString());
            QCOMPARE(oldPython, python());
            QCOMPARE(newPython, QStringLiteral("/opt/python3.13/bin/python3"));
        }
        {
            ui::SettingsDialog dialog;
            dialog.findChild<QLineEdit *>(QStringLiteral("pythonNew"))->clear();
            dialog.accept();
        }
        ui::MainWindow window; // an empty one means the old version's
        QCOMPARE(engine::chooseInterpreters(window.queue()->choices(), QString()).second, python());
    }

    // The effort defaults to normal and reaches the analyses' options.
    void theEffortReachesTheAnalyses()
    {
        {
            ui::MainWindow window;
            QCOMPARE(window.queue()->choices().effort, engine::Effort::Normal);
        }
        {
            ui::SettingsDialog dialog;
            auto *effort = dialog.findChild<QComboBox *>(QStringLiteral("effort"));
            QVERIFY(effort);
            QCOMPARE(effort->currentData().toString(), engine::spelling(engine::Effort::Normal));
            effort->setCurrentIndex(effort->findData(engine::spelling(engine::Effort::Thorough)));
            dialog.accept();
        }
        {
            ui::MainWindow window;
            QCOMPARE(window.queue()->choices().effort, engine::Effort::Thorough);
        }
        QSettings().remove(QStringLiteral("analysis/effort"));
    }

    // The project's `python` in .difftriage.json beats the interpreter in Settings, in the window
    // as on the command line: here it names one that does not exist, so the analysis must fail
    // naming it (with Settings' interpreter it would run).
    void theProjectsInterpreterWins()
    {
        test::ScratchRepo repo;
        repo.write(QStringLiteral(".difftriage.json"), R"({"python": "no-such-python-3.99"})");
        repo.write(QStringLiteral("pkg/__init__.py"), "def f(x):\n    return x\n");
        const QString base = repo.commit(QStringLiteral("base"));
        repo.write(QStringLiteral("pkg/__init__.py"), "def f(x):\n    return x + 1\n");
        const QString head = repo.commit(QStringLiteral("head"));
        ui::MainWindow window;
        engine::ChangeSpec change;
        change.base = base;
        change.head = head;
        QSignalSpy failed(window.queue(), &ui::AnalysisQueue::failed);
        window.queue()->enqueue(repo.path(), change);
        QVERIFY(failed.wait(120000));
        const QString message = failed.first().at(1).toString();
        QVERIFY2(message.contains(QStringLiteral("no-such-python-3.99")), qPrintable(message));
    }

private:
    static QString python()
    {
        return qEnvironmentVariable("DIFFTRIAGE_TEST_PYTHON", "/usr/bin/python3");
    }

    QTemporaryDir m_home;
};

QTEST_MAIN(SettingsDialogTest)
#include "tst_settingsdialog.moc"
