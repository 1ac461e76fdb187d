// The offline intent heuristic on a table of PR texts: what it suggests for one difference, and
// the words and names it reads them by.
#include "VocabularyTestSupport.h"
#include "triage/intent/IntentHeuristic.h"
#include "triage/intent/ReasonPhrases.h"
#include "triage/intent/TargetName.h"

#include <QTranslator>
#include <QtTest>

using namespace difftriage::engine;

namespace {

// "text" prints text; "!Type: message" raises; "@timeout" aborts.
ReportSide side(const QString &spec)
{
    ReportSide result;
    if (spec.startsWith(QLatin1Char('@'))) {
        result.status = word<RunStatus>(qPrintable(spec.mid(1)));
        result.errorType = spec.mid(1);
    } else if (spec.startsWith(QLatin1Char('!'))) {
        result.status = RunStatus::Raised;
        result.errorType = spec.mid(1).section(QStringLiteral(": "), 0, 0);
        result.errorMessage = spec.mid(1).section(QStringLiteral(": "), 1);
    } else {
        result.status = RunStatus::Ok;
        result.output = spec;
    }
    return result;
}

ReportDifference difference(const QString &target, const QString &kind, const QString &oldSpec,
                            const QString &newSpec)
{
    ReportDifference d;
    d.id = QStringLiteral("d1");
    d.target = target;
    d.kind = word<DifferenceKind>(qPrintable(kind));
    d.oldSide = side(oldSpec);
    d.newSide = side(newSpec);
    return d;
}

const QString Output = QStringLiteral("different_output");
const QString NewRaises = QStringLiteral("only_new_raises");
const QString OldRaises = QStringLiteral("only_old_raises");
const QString Exception = QStringLiteral("different_exception");
const QString Api = QStringLiteral("api_change");
const QString NewAborts = QStringLiteral("only_new_aborts");
const QString OldAborts = QStringLiteral("only_old_aborts");
const QString Warnings = QStringLiteral("different_warnings");

// Marks every reason phrase it translates and braces its values, and turns one round: a language
// that puts the placeholders in another order.
class MarkingTranslator final : public QTranslator
{
public:
    QString translate(const char *context, const char *source, const char *, int) const override
    {
        if (qstrcmp(context, "Reason") != 0)
            return {};
        if (qstrcmp(source, reason::ExceptionChanges) == 0)
            return QStringLiteral("%2 <- %1");
        static const QRegularExpression placeholder(QStringLiteral("(%[1-9])"));
        return QStringLiteral("<<") +
               QString::fromUtf8(source).replace(placeholder, QStringLiteral("{\\1}")) +
               QStringLiteral(">>");
    }
    bool isEmpty() const override { return false; }
};

} // namespace

class IntentHeuristicTest final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void suggests_data();
    void suggests();
    void readsCommitMessages();
    void splitsIdentifiers_data();
    void splitsIdentifiers();
    void mentions_data();
    void mentions();
    void annotatesReport();
    void translatesReasons_data();
    void translatesReasons();

private:
    MarkingTranslator m_translator;
};

void IntentHeuristicTest::initTestCase()
{
    QVERIFY(QCoreApplication::installTranslator(&m_translator));
}

void IntentHeuristicTest::suggests_data()
{
    QTest::addColumn<QString>("title");
    QTest::addColumn<QString>("body");
    QTest::addColumn<QString>("target");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("oldSide");
    QTest::addColumn<QString>("newSide");
    QTest::addColumn<QString>("verdict");
    QTest::addColumn<QString>("reason"); // a piece of one reason, or empty

    const QString intended = QStringLiteral("intended"), regression = QStringLiteral("regression"),
                  undecided = QStringLiteral("spec_undecided"),
                  coincidental = QStringLiteral("coincidental_fix");

    // Texts like the demo repository's PRs.
    QTest::newRow("announced rounding change")
        << "Use banker's rounding in round_amount"
        << "Finance asked us to round the same way as the accounting system.\n\n**This "
           "intentionally changes results** for amounts exactly halfway: `round_amount(\"0.125\")` "
           "now returns `Decimal('0.12')`. Amounts that are not exactly halfway are unaffected."
        << "invoicekit.money.round_amount" << Output << "Decimal('0.13')"
        << "Decimal('0.12')" << intended << "names round_amount";
    QTest::newRow("no functional change intended")
        << "Simplify discount tier lookup"
        << "Small cleanup in `invoicekit/tax.py`: `_tier_for` now walks the tiers in ascending "
           "order with early returns.\n\nNo functional change intended; the existing tests pass "
           "unchanged."
        << "invoicekit.tax._tier_for" << Output << "Decimal('10.00')"
        << "Decimal('5.00')" << regression << "no functional change";
    QTest::newRow("intended special method change")
        << "Make SKU membership checks case-insensitive"
        << "`Invoice.__contains__` now compares SKUs ignoring case. Values that are not strings "
           "are never contained. This is an intended behaviour change of the `in` operator; "
           "`Invoice.remove()` keeps its exact matching for now."
        << "invoicekit.invoice.Invoice.__contains__" << Output << "False"
        << "True" << intended << "Invoice.__contains__";
    QTest::newRow("named new exception type")
        << "Raise ItemNotFoundError from Invoice.remove"
        << "`Invoice.remove` raised a bare `KeyError(sku)`, which says nothing.\n\nIt now raises "
           "a dedicated `ItemNotFoundError` with a readable message."
        << "invoicekit.invoice.Invoice.remove" << Exception << "!KeyError: 'XX-9'"
        << "!invoicekit.invoice.ItemNotFoundError: no line with SKU 'XX-9'" << intended
        << "ItemNotFoundError";
    QTest::newRow("module constant, words of the name")
        << "Lower DEFAULT_TAX_RATE to 19 %"
        << "Most of our users now invoice in jurisdictions with a 19 % standard rate, so make "
           "that the default. Callers that pass `rate=` explicitly are unaffected."
        << "invoicekit.tax.tax_for" << Output << "Decimal('20.00')"
        << "Decimal('19.00')" << intended << "tax";
    QTest::newRow("new side raises the failure the PR fixes")
        << "parse_items: split records on newlines only"
        << "`parse_items` used `str.splitlines()`. Descriptions pasted from word processors "
           "often contain U+2028, so one record was cut in two and the second half failed with "
           "`expected 4 fields`.\n\nRecords are now separated by `\\n` only. Ordinary text files "
           "parse exactly as before."
        << "invoicekit.parsing.parse_items" << NewRaises << "[LineItem(sku='AB-1')]"
        << "!ValueError: line 2: expected 4 fields, got 1: '\\r'" << regression
        << "expected 4 fields";
    QTest::newRow("old side raised the failure the PR fixes")
        << "parse_items: split records on newlines only"
        << "One record was cut in two and the second half failed with `expected 4 fields`. "
           "Records are now separated by `\\n` only."
        << "invoicekit.parsing.parse_items" << OldRaises
        << "!ValueError: line 2: expected 4 fields, got 1: 'blue'"
        << "[LineItem(sku='AB-1')]" << intended << "failure it fixes";
    QTest::newRow("announced removal")
        << "Replace format_amount with format_money"
        << "**Breaking:** `format_amount` is removed from `invoicekit`; `render_invoice` output "
           "is unchanged."
        << "invoicekit.money.format_amount" << Api << "'€1,234.50'"
        << "!AttributeError: module 'invoicekit' has no attribute 'format_amount'" << intended
        << "removed";
    QTest::newRow("announced addition")
        << "Replace format_amount with format_money"
        << "This replaces `format_amount` with `format_money(value, currency=\"EUR\")`."
        << "invoicekit.money.format_money" << Api
        << "!AttributeError: module 'invoicekit' has no attribute 'format_money'"
        << "'EUR 1,234.50'" << intended << "added";
    QTest::newRow("pure refactor")
        << "Tidy up Invoice.subtotal"
        << "Pure refactor, no behaviour change: replace the loop with "
           "sum() over a small helper."
        << "invoicekit.invoice.Invoice.subtotal" << Output << "Decimal('9.00')"
        << "Decimal('9.50')" << regression << "the PR says";
    QTest::newRow("refactor only") << "Build the invoice header from a list of lines"
                                   << "Refactor only. The header text is unchanged."
                                   << "invoicekit.report.invoice_header" << Output << "Invoice 1"
                                   << "Invoice  1" << regression << "refactor only";

    // Negations.
    QTest::newRow("no behaviour change") << "Reuse the parser"
                                         << "No behaviour change."
                                         << "pkg.parse.parse_line" << Output << "1"
                                         << "2" << regression << "no behaviour change";
    QTest::newRow("does not change behaviour")
        << "Move helpers"
        << "This does not change behaviour, it only moves code."
        << "pkg.util.slugify" << Output << "'a-b'"
        << "'a_b'" << regression << "not change";
    QTest::newRow("doesn't alter") << "Restructure exporters"
                                   << "Doesn't alter any behaviour; the code just moved around."
                                   << "pkg.export.to_csv" << Output << "'a,b'"
                                   << "'a;b'" << regression << "alter";
    QTest::newRow("without functional changes")
        << "Extract the tokenizer"
        << "Split out of lexer.py without any functional changes."
        << "pkg.lexer.tokenize" << Output << "['a']"
        << "['a', '']" << regression << "without any functional changes";
    QTest::newRow("NFC in the title") << "Rename local variables in _split (NFC)"
                                      << ""
                                      << "pkg.text._split" << Output << "['a']"
                                      << "['a', 'b']" << regression << "nfc";
    QTest::newRow("behaviour is unchanged")
        << "Clean up date helpers"
        << "Behaviour is unchanged."
        << "pkg.dates.parse_date" << Output << "date(2024, 1, 1)"
        << "date(2024, 1, 2)" << regression << "unchanged";
    QTest::newRow("conventional refactor, title only") << "refactor: extract helper from render"
                                                       << ""
                                                       << "pkg.view.render" << Output << "<p>"
                                                       << "<div>" << regression << "refactor";
    QTest::newRow("simplify, title only") << "Simplify tier lookup"
                                          << ""
                                          << "shop.tax._tier_for" << Output << "0.1"
                                          << "0.05" << regression << "simplify";
    QTest::newRow("fix a typo is a tidy-up") << "Fix typo in docstring"
                                             << ""
                                             << "pkg.calc.compute" << Output << "3"
                                             << "4" << regression << "fix typo";
    QTest::newRow("no other changes does not deny the change")
        << "Make slugify lowercase"
        << "slugify now lowercases its result; no other changes."
        << "pkg.util.slugify" << Output << "'A-b'"
        << "'a-b'" << intended << "names slugify";
    QTest::newRow("no API change says nothing about behaviour")
        << "Make find_user case-insensitive"
        << "find_user now ignores case. No API change."
        << "app.users.find_user" << Output << "None"
        << "User('bob')" << intended << "find_user";
    QTest::newRow("scoped negation")
        << "Use a faster parser"
        << "This does not change the result unless the input has a BOM; parse_csv now strips it."
        << "pkg.io.parse_csv" << Output << "['\\ufeffa']"
        << "['a']" << intended << "parse_csv";

    // Announced changes.
    QTest::newRow("now accepts") << "Make parse_date accept ISO week dates"
                                 << "parse_date now accepts `2024-W01-1`."
                                 << "pkg.dates.parse_date" << Output << "None"
                                 << "date(2024, 1, 1)" << intended << "parse_date";
    QTest::newRow("breaking change")
        << "load_config returns a dict"
        << "This is a breaking change: load_config returns a dict instead of a tuple."
        << "pkg.config.load_config" << Output << "('a', 1)"
        << "{'a': 1}" << intended << "breaking";
    QTest::newRow("conventional feat") << "feat: case-insensitive lookup in find_user"
                                       << ""
                                       << "app.users.find_user" << Output << "None"
                                       << "User('bob')" << intended << "feat";
    QTest::newRow("new default") << "Change the default encoding of read_text to UTF-8"
                                 << "Most files are UTF-8 now."
                                 << "pkg.files.read_text" << Output << "'Ã©'"
                                 << "'é'" << intended << "read_text";
    QTest::newRow("no longer strips") << "Keep trailing spaces in render_line"
                                      << "render_line no longer strips trailing whitespace."
                                      << "pkg.text.render_line" << Output << "'a'"
                                      << "'a  '" << intended << "no longer";
    QTest::newRow("announced change, target only in a caller's words")
        << "Use banker's rounding"
        << "This intentionally changes results for halves."
        << "shop.money.round_half" << Output << "0.13"
        << "0.12" << intended << "round";

    // Fixes.
    QTest::newRow("fixed off-by-one") << "Fix off-by-one in paginate"
                                      << "paginate returned one item too many on the last page."
                                      << "pkg.paging.paginate" << Output << "[1, 2, 3]"
                                      << "[1, 2]" << intended << "fix";
    QTest::newRow("fixed crash") << "Fix crash in parse_header on empty input"
                                 << ""
                                 << "pkg.http.parse_header" << OldRaises
                                 << "!IndexError: list index out of range"
                                 << "{}" << intended << "fix";
    QTest::newRow("fix with issue reference")
        << "Handle None in normalize_name"
        << "Fixes #123."
        << "pkg.names.normalize_name" << OldRaises
        << "!AttributeError: 'NoneType' object has no attribute 'strip'"
        << "''" << intended << "normalize_name";
    QTest::newRow("fix elsewhere, difference here") << "Fix the retry loop"
                                                    << "The retry loop gave up too early."
                                                    << "pkg.fmt.format_size" << Output << "'1 KB'"
                                                    << "'1 KiB'" << undecided << "does not mention";

    // Exceptions.
    QTest::newRow("announced new raise")
        << "Raise ValueError for negative quantities in add_item"
        << ""
        << "shop.cart.add_item" << NewRaises << "None"
        << "!ValueError: quantity must be positive" << intended << "ValueError";
    QTest::newRow("rejects") << "Validate rates"
                             << "set_rate now rejects rates above 1."
                             << "shop.tax.set_rate" << NewRaises << "None"
                             << "!ValueError: rate 2 > 1" << intended << "rejects";
    QTest::newRow("new crash under a speed-up")
        << "Speed up tokenize"
        << "Uses a compiled regex."
        << "pkg.lexer.tokenize" << NewRaises << "['a']"
        << "!TypeError: expected string" << regression << "does not say it should raise";
    QTest::newRow("new crash beside an announced change")
        << "Make SKU checks case-insensitive"
        << "`Invoice.__contains__` now compares SKUs ignoring case."
        << "invoicekit.invoice.Invoice.__contains__" << NewRaises << "False"
        << "!AttributeError: 'int' object has no attribute 'upper'" << regression
        << "does not say it should raise";
    QTest::newRow("announced exception type")
        << "Raise LookupError from get_item"
        << ""
        << "pkg.store.get_item" << Exception << "!KeyError: 'a'"
        << "!LookupError: no item 'a'" << intended << "LookupError";
    QTest::newRow("exception type changed under a refactor")
        << "Refactor get_item"
        << ""
        << "pkg.store.get_item" << Exception << "!KeyError: 'a'"
        << "!IndexError: list index out of range" << regression << "handlers";
    QTest::newRow("only the message differs")
        << "parse_items: split records on newlines only"
        << "Records are now separated by `\\n`."
        << "invoicekit.parsing.parse_items" << Exception
        << "!AttributeError: 'NoneType' object has no attribute 'splitlines'"
        << "!AttributeError: 'NoneType' object has no attribute 'split'" << intended
        << "only its message";
    QTest::newRow("a crash went away under a refactor")
        << "Pure refactor of normalize"
        << ""
        << "pkg.names.normalize" << OldRaises
        << "!AttributeError: 'NoneType' object has no attribute 'lower'"
        << "''" << coincidental << "bug that went away";
    QTest::newRow("validation lost under a refactor")
        << "Refactor quantity parsing"
        << "No functional change."
        << "shop.cart.parse_quantity" << OldRaises << "!ValueError: negative quantity"
        << "-1" << regression << "accepts what the old one rejected";
    QTest::newRow("no longer raises")
        << "Return None from lookup"
        << "lookup no longer raises KeyError for missing keys; it returns None."
        << "pkg.table.lookup" << OldRaises << "!KeyError: 'x'"
        << "None" << intended << "no longer raises";
    QTest::newRow("never raises, yet it does")
        << "Harden parse"
        << "parse never raises on malformed input; it returns None."
        << "pkg.parse.parse" << NewRaises << "None"
        << "!ValueError: bad input" << regression << "never raises";

    // Time-outs and crashes.
    QTest::newRow("new time-out") << "Make retry smarter"
                                  << "retry now backs off exponentially."
                                  << "pkg.net.retry" << NewAborts << "3"
                                  << "@timeout" << regression << "new version times out";
    QTest::newRow("old hang fixed") << "Fix infinite loop in retry"
                                    << ""
                                    << "pkg.net.retry" << OldAborts << "@timeout"
                                    << "3" << intended << "fix";
    QTest::newRow("old hang gone under a refactor") << "Refactor retry"
                                                    << "Pure refactor."
                                                    << "pkg.net.retry" << OldAborts << "@timeout"
                                                    << "3" << coincidental << "timed out";

    // Entry points.
    QTest::newRow("deprecated helper removed")
        << "Remove deprecated helper old_api"
        << ""
        << "pkg.compat.old_api" << Api << "1"
        << "!AttributeError: module 'pkg.compat' has no attribute 'old_api'" << intended
        << "old_api";
    QTest::newRow("entry point lost in a tidy-up")
        << "Tidy up imports"
        << ""
        << "pkg.util.helper" << Api << "1"
        << "!ImportError: cannot import name 'helper'" << regression << "removed";
    QTest::newRow("no API changes")
        << "Speed up export"
        << "No API changes."
        << "pkg.export.to_json" << Api << "'{}'"
        << "!AttributeError: module 'pkg.export' has no attribute 'to_json'" << regression
        << "no api changes";
    QTest::newRow("helper added") << "Add slugify helper"
                                  << ""
                                  << "pkg.text.slugify" << Api
                                  << "!AttributeError: module 'pkg.text' has no attribute 'slugify'"
                                  << "'a-b'" << intended << "added";

    // Warnings.
    QTest::newRow("deprecation warning announced") << "Deprecate the legacy flag of export"
                                                   << ""
                                                   << "pkg.export.export" << Warnings << "1"
                                                   << "1" << intended << "deprecate";
    QTest::newRow("warnings under a refactor") << "Refactor export"
                                               << ""
                                               << "pkg.export.export" << Warnings << "1"
                                               << "1" << undecided << "warnings differ";

    // Layout only.
    QTest::newRow("announced alignment") << "Align columns in render_table"
                                         << ""
                                         << "pkg.view.render_table" << Output << "a b"
                                         << "a  b" << intended << "whitespace";
    QTest::newRow("whitespace under a pure refactor") << "Pure refactor"
                                                      << ""
                                                      << "pkg.view.render_table" << Output << "a b"
                                                      << "a  b" << regression << "whitespace";
    QTest::newRow("order only, nothing said") << "Update view.py"
                                              << ""
                                              << "pkg.view.items" << Output << "[1, 2]"
                                              << "[2, 1]" << undecided << "order";

    // PRs that say nothing.
    QTest::newRow("update file") << "Update foo.py"
                                 << ""
                                 << "pkg.foo.bar" << Output << "1"
                                 << "2" << undecided << "does not say";
    QTest::newRow("empty") << ""
                           << ""
                           << "pkg.foo.bar" << Output << "1"
                           << "2" << undecided << "does not say";
    QTest::newRow("wip") << "WIP"
                         << "See ticket."
                         << "pkg.foo.bar" << NewRaises << "1"
                         << "!TypeError: x" << undecided << "does not say";
    QTest::newRow("name without intent") << "round_amount"
                                         << ""
                                         << "pkg.money.round_amount" << Output << "1"
                                         << "2" << undecided << "does not say";

    // Scoped claims that a function keeps its behaviour.
    QTest::newRow("output said unchanged")
        << "Add format_money"
        << "`format_money` is new; `render_invoice` output is unchanged."
        << "invoicekit.report.render_invoice" << Output << "'€1.00'"
        << "'EUR 1.00'" << regression << "unchanged";
    // A title's imperative "keep the spacing" is the change, not a claim that nothing changes.
    QTest::newRow("imperative keep in a title")
        << "parse_item: keep the spacing of descriptions"
        << ""
        << "invoicekit.parsing.parse_item" << Output << "'  x'"
        << "'x'" << undecided << "only whitespace";
    QTest::newRow("method said to keep its matching")
        << "Make lookups case-insensitive"
        << "`Invoice.remove()` keeps its exact matching."
        << "invoicekit.invoice.Invoice.remove" << Output << "None"
        << "1" << regression << "keeps";

    // Both claims at once.
    QTest::newRow("claims no change and a change") << "Pure refactor"
                                                   << "Also intentionally changes the rounding."
                                                   << "pkg.money.round_up" << Output << "1"
                                                   << "2" << undecided << "but also";
}

void IntentHeuristicTest::suggests()
{
    QFETCH(QString, title);
    QFETCH(QString, body);
    QFETCH(QString, target);
    QFETCH(QString, kind);
    QFETCH(QString, oldSide);
    QFETCH(QString, newSide);
    QFETCH(QString, verdict);
    QFETCH(QString, reason);
    const IntentHeuristic heuristic{IntentText(title, body)};
    const IntentSuggestion suggestion =
        heuristic.suggest(difference(target, kind, oldSide, newSide));
    const QString reasons = suggestion.reasons.join(QStringLiteral(" | "));
    QVERIFY2(spelling(suggestion.verdict) == verdict,
             qPrintable(spelling(suggestion.verdict) + QStringLiteral(": ") + reasons));
    QVERIFY(!suggestion.reasons.isEmpty());
    QVERIFY2(reasons.contains(reason, Qt::CaseInsensitive), qPrintable(reasons));
    // Every reason is a phrase of the table, so the window can show it translated, and no value
    // splits a quotation.
    static const QRegularExpression value(QStringLiteral("\\{([^{}]*)\\}"));
    for (const QString &given : suggestion.reasons) {
        if (given.startsWith(QStringLiteral("the exception changes")))
            continue;
        const QString shown = translatedReason(given);
        QCOMPARE(QString(shown).remove(QLatin1Char('{')).remove(QLatin1Char('}')),
                 QStringLiteral("<<") + given + QStringLiteral(">>"));
        for (auto it = value.globalMatch(shown); it.hasNext();)
            QVERIFY2(it.next().captured(1).count(QLatin1Char('"')) % 2 == 0, qPrintable(shown));
    }
}

void IntentHeuristicTest::readsCommitMessages()
{
    const auto d = difference(QStringLiteral("shop.money.round_amount"), Output,
                              QStringLiteral("0.13"), QStringLiteral("0.12"));
    const IntentSuggestion silent =
        IntentHeuristic(IntentText(QStringLiteral("Update"), {})).suggest(d);
    QCOMPARE(spelling(silent.verdict), QStringLiteral("spec_undecided"));
    QCOMPARE(spelling(silent.confidence), QStringLiteral("low"));
    const IntentSuggestion withCommits =
        IntentHeuristic(IntentText(QStringLiteral("Update"), {},
                                   {QStringLiteral("Fix rounding bug in round_amount\n\nHalves "
                                                   "went the wrong way.")}))
            .suggest(d);
    QCOMPARE(spelling(withCommits.verdict), QStringLiteral("intended"));
    QCOMPARE(spelling(withCommits.confidence), QStringLiteral("high"));
}

void IntentHeuristicTest::splitsIdentifiers_data()
{
    QTest::addColumn<QString>("identifier");
    QTest::addColumn<QStringList>("words");
    QTest::newRow("snake") << "_tier_for" << QStringList{"tier", "for"};
    QTest::newRow("camel") << "ItemNotFoundError" << QStringList{"item", "not", "found", "error"};
    QTest::newRow("caps") << "DEFAULT_TAX_RATE" << QStringList{"default", "tax", "rate"};
    QTest::newRow("acronym") << "parseHTTPResponse" << QStringList{"parse", "http", "response"};
    QTest::newRow("dunder") << "__contains__" << QStringList{"contains"};
}

void IntentHeuristicTest::splitsIdentifiers()
{
    QFETCH(QString, identifier);
    QFETCH(QStringList, words);
    QCOMPARE(splitIdentifier(identifier), words);
}

void IntentHeuristicTest::mentions_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("target");
    QTest::addColumn<int>("mention");
    QTest::newRow("identifier") << "Tweak `_tier_for`"
                                << "shop.tax._tier_for" << int(Mention::Name);
    QTest::newRow("identifier without underscore") << "tier_for is faster"
                                                   << "shop.tax._tier_for" << int(Mention::Name);
    QTest::newRow("method") << "Invoice.remove raises"
                            << "shop.invoice.Invoice.remove" << int(Mention::Name);
    QTest::newRow("words") << "Simplify discount tier lookup"
                           << "shop.tax._tier_for" << int(Mention::Words);
    QTest::newRow("stemmed words") << "Rounding amounts"
                                   << "shop.money.round_amount" << int(Mention::Words);
    QTest::newRow("special method alias")
        << "SKU membership checks"
        << "shop.invoice.Invoice.__contains__" << int(Mention::Words);
    QTest::newRow("module path") << "Clean up shop/tax.py"
                                 << "shop.tax._tier_for" << int(Mention::Module);
    QTest::newRow("class") << "Invoice totals"
                           << "shop.invoice.Invoice.subtotal" << int(Mention::Module);
    QTest::newRow("generic module is no mention") << "Update the utils"
                                                  << "pkg.utils.slug" << int(Mention::None);
    QTest::newRow("nothing") << "Bump version"
                             << "shop.tax._tier_for" << int(Mention::None);
}

void IntentHeuristicTest::mentions()
{
    QFETCH(QString, text);
    QFETCH(QString, target);
    QFETCH(int, mention);
    QCOMPARE(int(IntentText(text, {}).mention(TargetName::parse(target))), mention);
}

void IntentHeuristicTest::annotatesReport()
{
    Report report;
    report.title = QStringLiteral("Tidy up");
    report.body = QStringLiteral("No functional change.");
    report.differences << difference(QStringLiteral("pkg.mod.f"), Output, QStringLiteral("1"),
                                     QStringLiteral("2"));
    suggestIntent(report);
    const ReportDifference &d = report.differences.first();
    QCOMPARE(d.suggestedVerdict, Verdict::Regression);
    QCOMPARE(d.suggestionConfidence, Confidence::High);
    QCOMPARE(d.suggestionSource, SuggestionSource::Heuristic);
    QVERIFY(!d.suggestionReasons.isEmpty());
    const auto back = Report::fromJson(report.toJson());
    QVERIFY(back);
    QCOMPARE(back->differences.first().suggestionConfidence, d.suggestionConfidence);
    QCOMPARE(back->differences.first().suggestionSource, d.suggestionSource);
    QCOMPARE(back->differences.first().suggestionReasons, d.suggestionReasons);
}

void IntentHeuristicTest::translatesReasons_data()
{
    QTest::addColumn<QString>("english");
    QTest::addColumn<QString>("shown");
    QTest::newRow("one value") << "the PR names pkg.f"
                               << "<<the PR names {pkg.f}>>";
    QTest::newRow("the longer phrase wins") << "the PR says \"a\" but also \"b\""
                                            << "<<the PR says {\"a\"} but also {\"b\"}>>";
    QTest::newRow("a quotation stays one value")
        << "the PR says \"no functional change intended\""
        << "<<the PR says {\"no functional change intended\"}>>";
    QTest::newRow("a name and a quotation") << "the PR says pkg.f \"now raises\""
                                            << "<<the PR says {pkg.f} {\"now raises\"}>>";
    QTest::newRow("values in another order") << "the exception changes from KeyError to ValueError"
                                             << "ValueError <- KeyError";
    QTest::newRow("a value holding a placeholder") << "the PR says \"%2 off\""
                                                   << "<<the PR says {\"%2 off\"}>>";
    QTest::newRow("a model's answer with its reason")
        << "noteworthy: the output is user-facing"
        << "<<noteworthy>>: the output is user-facing";
    QTest::newRow("a model's own words") << "looks fine to me"
                                         << "looks fine to me";
}

void IntentHeuristicTest::translatesReasons()
{
    QFETCH(QString, english);
    QFETCH(QString, shown);
    QCOMPARE(translatedReason(english), shown);
}

QTEST_GUILESS_MAIN(IntentHeuristicTest)
#include "tst_intentheuristic.moc"
