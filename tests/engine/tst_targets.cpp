// Changed functions and access information (analyze.py `targets` through engine::analyzeTargets)
// on every PR of the demo repository, the DiffTestGen-style rendering, the answer cache and bad
// input.
#include "ScratchRepo.h"
#include "change/DiffAnalysis.h"
#include "change/TreeCache.h"
#include "core/PythonInterpreter.h"
#include "demo/DemoBuilder.h"
#include "git/Repository.h"
#include "targets/AccessInfoRenderer.h"
#include "targets/TargetAnalysis.h"

#include <QDir>
#include <QFile>
#include <QMap>
#include <QtTest>

using namespace difftriage;
using namespace difftriage::engine;

namespace {

QString joined(const QList<int> &lines)
{
    QStringList parts;
    for (int line : lines)
        parts << QString::number(line);
    return parts.join(QLatin1Char(','));
}

// "qualname kind versions old=.. new=.. reasons=.. [names=..]": everything a generator relies on.
QString describe(const ChangedFunction &function)
{
    QString text = QStringLiteral("%1 %2 %3 old=%4 new=%5 reasons=%6")
                       .arg(function.qualname, spelling(function.kind), spelling(function.versions),
                            joined(function.oldLines), joined(function.newLines),
                            function.reasons.join(QLatin1Char(',')));
    if (!function.moduleLevelNames.isEmpty())
        text += QStringLiteral(" names=") + function.moduleLevelNames.join(QLatin1Char(','));
    return text;
}

// One line per target ("target: reachable old/new") and per way in ("  type versions path |
// import line [| trigger]").
QStringList describe(const QList<AccessInfo> &access)
{
    const auto flag = [](bool reachable) {
        return reachable ? QStringLiteral("yes") : QStringLiteral("no");
    };
    QStringList lines;
    for (const AccessInfo &info : access) {
        lines << QStringLiteral("%1: reachable old=%2 new=%3")
                     .arg(info.target, flag(info.reachableOld), flag(info.reachableNew));
        for (const AccessMethod &method : info.methods) {
            QString line = QStringLiteral("  %1 %2 %3 | %4")
                               .arg(spelling(method.type), spelling(method.versions),
                                    method.path.join(QStringLiteral(" -> ")), method.importLine);
            if (!method.triggerMethod.isEmpty())
                line += QStringLiteral(" | %1: %2").arg(method.triggerMethod, method.triggerHint);
            lines << line;
        }
    }
    return lines;
}

QString dumped(const nlohmann::json &document)
{
    return QString::fromStdString(document.dump());
}

QStringList cacheFiles(const QString &directory)
{
    return QDir(directory).entryList({QStringLiteral("*.json")}, QDir::Files);
}

} // namespace

class TargetsTest final : public QObject
{
    Q_OBJECT

private:
    // analyzeTargets on base..head of the repository at `path`, trees in the test's tree cache.
    Expected<Targets> analyze(const QString &path, const QString &base, const QString &head,
                              const QString &cacheDirectory, const PythonInterpreter &python)
    {
        auto repository = git::Repository::open(path);
        if (!repository)
            return repository.error();
        auto baseId = repository->resolveCommit(base);
        auto headId = repository->resolveCommit(head);
        if (!baseId || !headId)
            return makeError(QStringLiteral("cannot resolve %1..%2").arg(base, head));
        auto diff = DiffAnalysis::run(*repository, *baseId, *headId);
        if (!diff)
            return diff.error();
        TreeCache trees(m_dir.filePath(QStringLiteral("trees")));
        auto oldTree = trees.materialize(*repository, *baseId);
        auto newTree = trees.materialize(*repository, *headId);
        if (!oldTree || !newTree)
            return makeError(QStringLiteral("cannot materialise %1..%2").arg(base, head));
        TargetAnalysisInput input;
        input.python = python;
        input.oldRoot = *oldTree;
        input.newRoot = *newTree;
        input.base = *baseId;
        input.head = *headId;
        input.files = diff->pythonFiles();
        input.cacheDirectory = cacheDirectory;
        return analyzeTargets(input);
    }

    // The demo PR's targets, analysed once per test run.
    const Targets *demo(int number)
    {
        if (!m_demoTargets.contains(number)) {
            const QString merge = m_mergeCommits.value(number);
            if (merge.isEmpty())
                return nullptr;
            auto targets = analyze(m_demo, merge + QStringLiteral("^1"), merge,
                                   m_dir.filePath(QStringLiteral("targets-cache")), m_python);
            if (!targets) {
                qWarning("PR #%d: %s", number, qPrintable(targets.error().message));
                return nullptr;
            }
            m_demoTargets.insert(number, *targets);
        }
        return &m_demoTargets[number];
    }

    QString renderDemo(int number)
    {
        const Targets *targets = demo(number);
        auto renderer = AccessInfoRenderer::load();
        if (!targets || !renderer)
            return {};
        return renderer->render(*targets);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString requested = qEnvironmentVariable("DIFFTRIAGE_TEST_PYTHON");
        QVERIFY2(!requested.isEmpty(), "DIFFTRIAGE_TEST_PYTHON is not set");
        auto python = resolvePythonInterpreter(requested);
        QVERIFY2(python.ok(), python.ok() ? "" : qPrintable(python.error().message));
        m_python = *python;

        m_demo = m_dir.filePath(QStringLiteral("demo"));
        auto prs = DemoBuilder::build(m_demo);
        QVERIFY2(prs.ok(), prs.ok() ? "" : qPrintable(prs.error().message));
        for (const DemoPr &pr : *prs)
            m_mergeCommits.insert(pr.number, pr.mergeCommit);
        QCOMPARE(m_mergeCommits.size(), 10);
    }

    void cleanupTestCase()
    {
        // Cached trees are read-only on disk; QTemporaryDir could not remove them.
        const QDir trees(m_dir.filePath(QStringLiteral("trees")));
        for (const QString &name : trees.entryList(QDir::Dirs | QDir::NoDotAndDotDot))
            TreeCache::removeTree(trees.filePath(name));
    }

    void demoPr_data()
    {
        QTest::addColumn<int>("number");
        QTest::addColumn<QStringList>("functions");
        QTest::addColumn<QStringList>("access");
        const auto function = [](const QString &qualname, const QString &importLine) {
            return QStringList{QStringLiteral("%1: reachable old=yes new=yes").arg(qualname),
                               QStringLiteral("  function both %1 | %2").arg(qualname, importLine)};
        };

        // The import line changed too, but Decimal is imported as before: only the rounding
        // constants count as changed names, so to_decimal (which reads Decimal) is no target.
        QTest::newRow("#12 public function")
            << 12
            << QStringList{QStringLiteral(
                   "invoicekit.money.round_amount public both old=55 new=60 reasons=body,"
                   "module_level names=invoicekit.money.ROUND_HALF_EVEN,"
                   "invoicekit.money.ROUND_HALF_UP")}
            << function(QStringLiteral("invoicekit.money.round_amount"),
                        QStringLiteral("from invoicekit import round_amount"));
        QTest::newRow("#15 private, two calls deep")
            << 15
            << QStringList{QStringLiteral("invoicekit.tax._tier_for private both "
                                          "old=59,60,61,62,63,65 new=59,60,61,63,64,65 "
                                          "reasons=body")}
            << QStringList{QStringLiteral("invoicekit.tax._tier_for: reachable old=yes new=yes"),
                           QStringLiteral("  call_path both invoicekit.tax.discount_for -> "
                                          "invoicekit.tax._discount_rate -> "
                                          "invoicekit.tax._tier_for | "
                                          "from invoicekit import discount_for")};
        QTest::newRow("#17 special method")
            << 17
            << QStringList{QStringLiteral("invoicekit.invoice.Invoice.__contains__ special both "
                                          "old=92 new=94,95,96,97 reasons=body")}
            << QStringList{
                   QStringLiteral(
                       "invoicekit.invoice.Invoice.__contains__: reachable old=yes new=yes"),
                   QStringLiteral("  special both invoicekit.invoice.Invoice.__contains__ | "
                                  "from invoicekit import Invoice | __contains__: called by the "
                                  "`in` operator: item in obj")};
        QTest::newRow("#18 method and new private helper")
            << 18
            << QStringList{QStringLiteral("invoicekit.invoice.Invoice._net_amounts private "
                                          "new_only old= new=77 reasons=body,signature"),
                           QStringLiteral("invoicekit.invoice.Invoice.subtotal public both "
                                          "old=73,74,75,76 new=73 reasons=body")}
            << QStringList{
                   QStringLiteral("invoicekit.invoice.Invoice._net_amounts: reachable old=no "
                                  "new=yes"),
                   QStringLiteral("  call_path new_only invoicekit.invoice.Invoice.subtotal -> "
                                  "invoicekit.invoice.Invoice._net_amounts | "
                                  "from invoicekit import Invoice"),
                   QStringLiteral("invoicekit.invoice.Invoice.subtotal: reachable old=yes "
                                  "new=yes"),
                   QStringLiteral("  method both invoicekit.invoice.Invoice.subtotal | "
                                  "from invoicekit import Invoice")};
        QTest::newRow("#21 function and new private helper")
            << 21
            << QStringList{QStringLiteral("invoicekit.report._utc_now private new_only old= "
                                          "new=23 reasons=body,signature"),
                           QStringLiteral("invoicekit.report.invoice_header public both "
                                          "old=29,30 new=34,35,36,37,42 reasons=body")}
            << QStringList{QStringLiteral("invoicekit.report._utc_now: reachable old=no new=yes"),
                           QStringLiteral("  call_path new_only invoicekit.report.invoice_header "
                                          "-> invoicekit.report._utc_now | "
                                          "from invoicekit import invoice_header")} +
                   function(QStringLiteral("invoicekit.report.invoice_header"),
                            QStringLiteral("from invoicekit import invoice_header"));
        QTest::newRow("#23 method raising a new exception class")
            << 23
            << QStringList{QStringLiteral("invoicekit.invoice.Invoice.remove public both old=69 "
                                          "new=76 reasons=body,module_level "
                                          "names=invoicekit.invoice.ItemNotFoundError")}
            << QStringList{
                   QStringLiteral("invoicekit.invoice.Invoice.remove: reachable old=yes new=yes"),
                   QStringLiteral("  method both invoicekit.invoice.Invoice.remove | "
                                  "from invoicekit import Invoice")};
        QTest::newRow("#24 module constant")
            << 24
            << QStringList{QStringLiteral("invoicekit.tax.tax_for public both old= new= "
                                          "reasons=module_level "
                                          "names=invoicekit.tax.DEFAULT_TAX_RATE")}
            << function(QStringLiteral("invoicekit.tax.tax_for"),
                        QStringLiteral("from invoicekit import tax_for"));
        QTest::newRow("#27 public function")
            << 27
            << QStringList{QStringLiteral("invoicekit.parsing.parse_items public both old=42 "
                                          "new=44 reasons=body")}
            << function(QStringLiteral("invoicekit.parsing.parse_items"),
                        QStringLiteral("from invoicekit import parse_items"));
        QTest::newRow("#30 API change")
            << 30
            << QStringList{QStringLiteral("invoicekit.money.format_amount public old_only "
                                          "old=75,77 new= reasons=body,signature"),
                           QStringLiteral("invoicekit.money.format_money public new_only old= "
                                          "new=79,80,82 reasons=body,signature"),
                           QStringLiteral("invoicekit.report.render_invoice public both "
                                          "old=55,57,58,59 new=55,57,58,59 "
                                          "reasons=body,module_level "
                                          "names=invoicekit.report.format_amount,"
                                          "invoicekit.report.format_money")}
            << QStringList{QStringLiteral("invoicekit.money.format_amount: reachable old=yes "
                                          "new=no"),
                           QStringLiteral("  function old_only invoicekit.money.format_amount | "
                                          "from invoicekit import format_amount"),
                           QStringLiteral("invoicekit.money.format_money: reachable old=no "
                                          "new=yes"),
                           QStringLiteral("  function new_only invoicekit.money.format_money | "
                                          "from invoicekit import format_money")} +
                   function(QStringLiteral("invoicekit.report.render_invoice"),
                            QStringLiteral("from invoicekit import render_invoice"));
        QTest::newRow("#33 public function, a relation breaks")
            << 33
            << QStringList{QStringLiteral("invoicekit.parsing.parse_item public both old=25 "
                                          "new=25,28 reasons=body")}
            << function(QStringLiteral("invoicekit.parsing.parse_item"),
                        QStringLiteral("from invoicekit import parse_item"));
    }

    void demoPr()
    {
        QFETCH(int, number);
        QFETCH(QStringList, functions);
        QFETCH(QStringList, access);
        const Targets *targets = demo(number);
        QVERIFY(targets);
        QStringList actual;
        for (const ChangedFunction &function : targets->functions)
            actual << describe(function);
        QCOMPARE(actual, functions);
        QCOMPARE(describe(targets->access), access);
        QVERIFY(targets->notAnalysable.isEmpty());
        // Every changed function has its access information, in the same order.
        QCOMPARE(targets->access.size(), targets->functions.size());
        for (const ChangedFunction &function : targets->functions)
            QVERIFY(targets->accessFor(function.qualname));
    }

    void rendersPrivateCallPath()
    {
        const QString text = renderDemo(15);
        const qsizetype heading = text.indexOf(QStringLiteral(
            "The following information is available for both the old and the new versions of "
            "code:"));
        const qsizetype target = text.indexOf(
            QStringLiteral("To access the changed function invoicekit.tax._tier_for:"));
        const qsizetype method = text.indexOf(
            QStringLiteral("Method #0: by calling function 'invoicekit.discount_for'\n"
                           "from invoicekit import discount_for\n"
                           "def discount_for(quantity: int, unit_price: Number) -> Decimal\n"));
        const qsizetype path = text.indexOf(QStringLiteral(
            "(call path: invoicekit.tax.discount_for -> invoicekit.tax._discount_rate -> "
            "invoicekit.tax._tier_for)"));
        QVERIFY2(heading >= 0 && heading < target && target < method && method < path,
                 qPrintable(text));
        QVERIFY(!text.contains(QStringLiteral("only for the")));
        QVERIFY(!text.contains(QStringLiteral("Method #1")));
    }

    void rendersApiChangeHeadings()
    {
        const QString text = renderDemo(30);
        const qsizetype both = text.indexOf(QStringLiteral("for both the old and the new"));
        const qsizetype old =
            text.indexOf(QStringLiteral("The following information is available only for the "
                                        "old code version:"));
        const qsizetype fresh =
            text.indexOf(QStringLiteral("The following information is available only for the "
                                        "new code version:"));
        const qsizetype renderInvoice = text.indexOf(
            QStringLiteral("To access the changed function invoicekit.report.render_invoice:"));
        const qsizetype formatAmount = text.indexOf(
            QStringLiteral("Method #0: by calling function 'invoicekit.format_amount'\n"
                           "from invoicekit import format_amount\n"));
        const qsizetype formatMoney = text.indexOf(
            QStringLiteral("Method #0: by calling function 'invoicekit.format_money'\n"
                           "from invoicekit import format_money\n"
                           "def format_money(value: Number, currency: str = \"EUR\", *, symbol: "
                           "bool = True) -> str\n"));
        QVERIFY2(both >= 0 && both < renderInvoice && renderInvoice < old && old < formatAmount &&
                     formatAmount < fresh && fresh < formatMoney,
                 qPrintable(text));
    }

    void rendersSpecialMethodWithItsClass()
    {
        const QString text = renderDemo(17);
        QVERIFY2(text.contains(QStringLiteral(
                     "Method #0: by triggering special method '__contains__' of the following "
                     "imported class\n"
                     "Hints: called by the `in` operator: item in obj.\n"
                     "from invoicekit import Invoice\n"
                     "class Invoice(customer: str, currency: str = \"EUR\", items: "
                     "Iterable[LineItem] = ())\n")),
                 qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("The following shows the signatures and docstrings "
                                             "of the relevant classes")));
    }

    void cachedAnswerIsReused()
    {
        const QString cache = m_dir.filePath(QStringLiteral("cache-test"));
        const QString merge = m_mergeCommits.value(15);
        const QString base = merge + QStringLiteral("^1");
        auto first = analyze(m_demo, base, merge, cache, m_python);
        QVERIFY2(first.ok(), first.ok() ? "" : qPrintable(first.error().message));
        const QStringList files = cacheFiles(cache);
        QCOMPARE(files.size(), 1);
        const QString cached = cache + QLatin1Char('/') + files.first();

        // A second call reads the cache: a marker planted in the cached answer comes back, so
        // the analyzer did not run again.
        nlohmann::json planted = first->raw;
        planted["notes"] = nlohmann::json::array({"planted in the cache"});
        {
            QFile file(cached);
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
            file.write(QByteArray::fromStdString(planted.dump()));
        }
        auto second = analyze(m_demo, base, merge, cache, m_python);
        QVERIFY(second.ok());
        QCOMPARE(second->notes, QStringList{QStringLiteral("planted in the cache")});
        QCOMPARE(dumped(second->raw["changed_functions"]), dumped(first->raw["changed_functions"]));

        // A damaged cache file (not JSON, or JSON of the wrong shape) is replaced by a new answer.
        for (const QByteArray &damage :
             {QByteArray("{\"mode\": \"targ"),
              QByteArray("{\"mode\": \"targets\", \"changed_functions\": [1, 2]}")}) {
            {
                QFile file(cached);
                QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
                file.write(damage);
            }
            auto again = analyze(m_demo, base, merge, cache, m_python);
            QVERIFY2(again.ok(), again.ok() ? "" : qPrintable(again.error().message));
            QCOMPARE(dumped(again->raw), dumped(first->raw));
            QFile file(cached);
            QVERIFY(file.open(QIODevice::ReadOnly));
            QCOMPARE(dumped(nlohmann::json::parse(file.readAll().toStdString())),
                     dumped(first->raw));
        }

        // Another interpreter is another cache entry: one that cannot start fails, naming itself.
        PythonInterpreter missing = m_python;
        missing.executable = m_dir.filePath(QStringLiteral("no-such-python"));
        auto failed = analyze(m_demo, base, merge, cache, missing);
        QVERIFY(!failed.ok());
        QVERIFY2(failed.error().message.contains(missing.executable),
                 qPrintable(failed.error().message));
        QCOMPARE(cacheFiles(cache).size(), 1);
    }

    void malformedDocumentsAreErrors()
    {
        QVERIFY(!parseTargets(nlohmann::json::object()).ok());
        QVERIFY(!parseTargets(nlohmann::json::parse(R"({"mode": 3})")).ok());
        auto shape = parseTargets(nlohmann::json::parse(
            R"({"mode": "targets", "changed_functions": [{"files": 1, "changed_lines": []}]})"));
        QVERIFY(!shape.ok());
        QVERIFY2(shape.error().message.contains(QStringLiteral("malformed")),
                 qPrintable(shape.error().message));
    }

    void syntaxErrorOnOneSide()
    {
        test::ScratchRepo repo;
        repo.write(QStringLiteral("pkg/__init__.py"), "from .a import f\nfrom .b import h\n");
        repo.write(QStringLiteral("pkg/a.py"),
                   "def f(x):\n    return x + 1\n\n\ndef g(x):\n    return x - 1\n");
        repo.write(QStringLiteral("pkg/b.py"), "def h(x):\n    return x * 2\n");
        const QString base = repo.commit(QStringLiteral("base"));
        repo.write(QStringLiteral("pkg/a.py"),
                   "def f(x):\n    return x +* 2\n\n\ndef g(x):\n    return x - 1\n");
        repo.write(QStringLiteral("pkg/b.py"), "def h(x):\n    return x * 3\n");
        const QString head = repo.commit(QStringLiteral("head"));

        auto targets = analyze(repo.path(), base, head,
                               m_dir.filePath(QStringLiteral("scratch-cache")), m_python);
        QVERIFY2(targets.ok(), targets.ok() ? "" : qPrintable(targets.error().message));
        QStringList functions;
        for (const ChangedFunction &function : targets->functions)
            functions << describe(function);
        // f only exists in the version that parses; g is untouched; h is analysed as usual.
        QCOMPARE(functions, (QStringList{QStringLiteral("pkg.a.f public old_only old=2 new= "
                                                        "reasons=body"),
                                         QStringLiteral("pkg.b.h public both old=2 new=2 "
                                                        "reasons=body")}));
        QCOMPARE(targets->functions.first().notes.size(), 1);
        QVERIFY2(targets->functions.first().notes.first().contains(
                     QStringLiteral("new version of pkg/a.py is not analysable")),
                 qPrintable(targets->functions.first().notes.first()));
        QCOMPARE(targets->notAnalysable.size(), 1);
        const NotAnalysableFile &broken = targets->notAnalysable.first();
        QCOMPARE(broken.side, QStringLiteral("new"));
        QCOMPARE(broken.file, QStringLiteral("pkg/a.py"));
        QCOMPARE(broken.kind, QStringLiteral("syntax_error"));
        QCOMPARE(broken.line, 2);
        QVERIFY(broken.changed);
        QVERIFY(broken.message.contains(QStringLiteral("SyntaxError")));
        QCOMPARE(describe(targets->access),
                 (QStringList{QStringLiteral("pkg.a.f: reachable old=yes new=no"),
                              QStringLiteral("  function old_only pkg.a.f | from pkg import f"),
                              QStringLiteral("pkg.b.h: reachable old=yes new=yes"),
                              QStringLiteral("  function both pkg.b.h | from pkg import h")}));
    }

    void rendersUnreachableTargetsAndUnknownConstructors()
    {
        test::ScratchRepo repo;
        repo.write(QStringLiteral("pkg/__init__.py"), "from .m import Table\n");
        const QByteArray module = "class Table(dict):\n"
                                  "    \"\"\"Keys are matched as '{signature}' and {index}.\"\"\"\n"
                                  "\n"
                                  "    def __contains__(self, key):\n"
                                  "        return dict.__contains__(self, key)\n"
                                  "\n"
                                  "\n"
                                  "def _orphan(x):\n"
                                  "    return x + 1\n";
        repo.write(QStringLiteral("pkg/m.py"), module);
        const QString base = repo.commit(QStringLiteral("base"));
        QByteArray changed = module;
        changed.replace("dict.__contains__(self, key)", "dict.__contains__(self, key.lower())");
        changed.replace("x + 1", "x + 2");
        repo.write(QStringLiteral("pkg/m.py"), changed);
        const QString head = repo.commit(QStringLiteral("head"));

        auto targets = analyze(repo.path(), base, head,
                               m_dir.filePath(QStringLiteral("scratch-cache")), m_python);
        QVERIFY2(targets.ok(), targets.ok() ? "" : qPrintable(targets.error().message));
        QCOMPARE(describe(targets->access),
                 (QStringList{QStringLiteral("pkg.m.Table.__contains__: reachable old=yes new=yes"),
                              QStringLiteral("  special both pkg.m.Table.__contains__ | from pkg "
                                             "import Table | __contains__: called by the `in` "
                                             "operator: item in obj"),
                              QStringLiteral("pkg.m._orphan: reachable old=no new=no")}));
        auto renderer = AccessInfoRenderer::load();
        QVERIFY(renderer.ok());
        const QString text = renderer->render(*targets);
        // No public way in is said, not left out.
        QVERIFY2(text.contains(QStringLiteral("To access the changed function pkg.m._orphan:\n"
                                              "No public way to reach pkg.m._orphan was found in "
                                              "this version.")),
                 qPrintable(text));
        // A dict subclass's constructor is unknown: the class line still names the class, and
        // placeholders inside a docstring are text, not template fields.
        QVERIFY2(text.contains(QStringLiteral("from pkg import Table\nclass Table\n    \"\"\"Keys "
                                              "are matched as '{signature}' and {index}.\"\"\"")),
                 qPrintable(text));
        QCOMPARE(renderer->render(*targets, {QStringLiteral("pkg.m._orphan")})
                     .count(QStringLiteral("To access the changed function")),
                 1);
    }

    void missingInterpreterIsNamed()
    {
        const QString path = m_dir.filePath(QStringLiteral("bin/python3.99"));
        auto byPath = resolvePythonInterpreter(path);
        QVERIFY(!byPath.ok());
        QVERIFY2(byPath.error().message.contains(path), qPrintable(byPath.error().message));

        auto byName = resolvePythonInterpreter(QStringLiteral("difftriage-no-such-python"));
        QVERIFY(!byName.ok());
        QVERIFY2(byName.error().message.contains(QStringLiteral("'difftriage-no-such-python' not "
                                                                "found on PATH")),
                 qPrintable(byName.error().message));
    }

private:
    QTemporaryDir m_dir;
    QString m_demo;
    PythonInterpreter m_python;
    QMap<int, QString> m_mergeCommits;
    QMap<int, Targets> m_demoTargets;
};

QTEST_GUILESS_MAIN(TargetsTest)
#include "tst_targets.moc"
