// The project-test seeds' rules proven by ablation (docs/SEARCH.md, "Ablation"): for each, a
// scratch repository with a test suite, whose behavioural difference only a mutant of the
// project's own test shows, missed with the rule switched off and found with it on.
#include "AblationHarness.h"
#include "InputModelSources.h"

using difftriage::test::findersOf;
using difftriage::test::ScratchRepo;

class ProjectTestRulesTest final : public QObject, private difftriage::test::AblationHarness
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // number_spellings by ablation: a port is parsed by isdigit() instead of int(), inside a
    // web address a guard checks first. Only the project's test holds an address that gets
    // that far; its port spelled '-1' or '1_0' tells the versions apart.
    void digitsInsideTestStringsGetNumberSpellings()
    {
        const auto core = [](const char *parse) {
            return QByteArray("def port_of(url):\n"
                              "    if not url.startswith(('http://', 'https://')):\n"
                              "        raise ValueError('not a web address: %r' % (url,))\n"
                              "    host = url.split('://', 1)[1].split('/', 1)[0]\n"
                              "    name, colon, port = host.rpartition(':')\n"
                              "    if not colon:\n"
                              "        return 443 if url.startswith('https') else 80\n") +
                   parse;
        };
        ScratchRepo repo;
        repo.write(QStringLiteral("tests/test_core.py"),
                   "from pkg.core import port_of\n\n\ndef test_explicit_port():\n"
                   "    assert port_of('http://example.com:8080/index.html') == 8080\n");
        const auto [base, head] =
            commitChange(repo,
                         core("    try:\n"
                              "        return int(port)\n"
                              "    except ValueError:\n"
                              "        raise ValueError('bad port: %r' % (port,)) from None\n"),
                         core("    if not port.strip().isdigit():\n"
                              "        raise ValueError('bad port: %r' % (port,))\n"
                              "    return int(port)\n"));
        QVERIFY(!foundOnlyBy(repo, base, head, QStringLiteral("number_spellings"),
                             QStringLiteral("project_tests"))
                     .isEmpty());
    }

    // flag_settings by ablation: an arm moved above the check of a bad key changes what one
    // setting of an option does. Only the project's test builds a schema that gets that far
    // (a Field subclass); it leaves the option at its default, and no literal of it can tell
    // the versions apart. Set as a keyword on its constructor call, the option does.
    void optionsTheChangedArmDecidesOnAreSetOnTheProjectsTests()
    {
        ScratchRepo repo;
        repo.write(QStringLiteral("tests/test_core.py"),
                   "import pytest\n\nfrom pkg.core import Field, Schema\n\n\n"
                   "class Cents(Field):\n    def convert(self, value):\n"
                   "        return round(float(value) * 100)\n\n\n"
                   "def test_a_bad_extra_name_is_refused():\n"
                   "    schema = Schema().add('price', Cents())\n"
                   "    with pytest.raises(KeyError):\n"
                   "        schema.dump({'price': '1.25', 'x-note': 'late'})\n");
        const auto core = scratch::schemaWithExtras;
        const auto [base, head] = commitChange(repo,
                                               core("            elif not key.isidentifier():\n"
                                                    "                raise KeyError(key)\n"
                                                    "            elif self.extra == KEEP:\n"
                                                    "                out[key] = record[key]\n"),
                                               core("            elif self.extra == KEEP:\n"
                                                    "                out[key] = record[key]\n"
                                                    "            elif not key.isidentifier():\n"
                                                    "                raise KeyError(key)\n"));
        QVERIFY(!foundOnlyBy(repo, base, head, QStringLiteral("flag_settings"),
                             QStringLiteral("project_tests"))
                     .isEmpty());
    }

    // checked_classes by ablation: what a missing Required key adds changes. The project's
    // test passes plain names only; its literal wrapped in the class the guard of the changed
    // line tests for, Required('b'), tells the versions apart.
    void literalsAreWrappedInTheClassesTheChangeTestsFor()
    {
        ScratchRepo repo;
        repo.write(QStringLiteral("tests/test_core.py"),
                   "from pkg.core import missing\n\n\n"
                   "def test_plain_names_are_never_missing():\n"
                   "    assert missing({'a': int, 'b': str}, {'a': 1}) == []\n");
        const auto core = scratch::requiredMarkers;
        const auto [base, head] =
            commitChange(repo, core("                out.append(key.name)\n"),
                         core("                out.append(key.message or 'no ' + key.name)\n"));
        QVERIFY(!foundOnlyBy(repo, base, head, QStringLiteral("checked_classes"),
                             QStringLiteral("project_tests"))
                     .isEmpty());
    }

    // type_variety on the project's tests, by ablation: a key formatted with % is put in a
    // tuple. Only a tuple key, in the schema and the record alike, reads otherwise.
    void valuesFormattedWithPercentBecomeTuplesInTheProjectsTests()
    {
        const auto core = scratch::keyFormatting;
        ScratchRepo repo;
        repo.write(QStringLiteral("tests/test_core.py"),
                   "from pkg.core import describe\n\n\n"
                   "def test_a_bad_value_names_its_key():\n"
                   "    assert describe({'k': int}, {'k': 'x'}) == \"Key 'k' error\"\n");
        const auto [base, head] = commitChange(repo, core("key"), core("(key,)"));
        QVERIFY(!foundOnlyBy(repo, base, head, QStringLiteral("type_variety"),
                             QStringLiteral("project_tests"))
                     .isEmpty());
    }

    // A check added in front of an unpacking raises the same type for the same inputs, with
    // another message: only a project test's mutant that raises, rerun printing what it raises,
    // tells the versions apart.
    void projectTestsThatRaiseShowTheirMessage()
    {
        const auto core = [](const char *check) {
            return QByteArray("def parse_pair(text):\n    parts = text.split('=')\n") + check +
                   "    key, value = parts\n"
                   "    return key.strip(), value.strip()\n";
        };
        ScratchRepo repo;
        repo.write(QStringLiteral("tests/test_core.py"),
                   "from pkg.core import parse_pair\n\n\ndef test_pair():\n"
                   "    assert parse_pair('colour = red') == ('colour', 'red')\n");
        const auto [base, head] =
            commitChange(repo, core(""),
                         core("    if len(parts) != 2:\n"
                              "        raise ValueError('expected one = in %r' % (text,))\n"));
        const QString rule = QStringLiteral("exception_messages");
        QVERIFY(findersOf(analyze(repo, base, head, {QStringLiteral("--disable-strategy"), rule}))
                    .isEmpty());
        // A generated call that prints its exception may come first and stand for the cluster:
        // the project test's own outcome says whether it told the versions apart.
        bool shown = false;
        for (const QJsonValue test :
             analyze(repo, base, head, {})[QStringLiteral("tests")].toArray())
            shown = shown || (test[QStringLiteral("strategy")] == QStringLiteral("project_tests") &&
                              test[QStringLiteral("code")].toString().contains(
                                  QStringLiteral("print('raises'")) &&
                              test[QStringLiteral("outcome")] != QStringLiteral("same"));
        QVERIFY2(shown, "no project test printing its exception differs");
    }

    // flag_settings on an attribute of another object: the changed condition reads a check's
    // _error, which only its constructor's error= sets. The project's test builds the check
    // without it; given on that construction, the option tells the versions apart.
    void attributesTheChangeReadsAreSetOnTheTestsConstructions()
    {
        const auto core = [](const char *reason) {
            return QByteArray("class Check:\n"
                              "    def __init__(self, predicate, error=None):\n"
                              "        self.predicate = predicate\n"
                              "        self._error = error\n\n"
                              "    def validate(self, value):\n"
                              "        if not self.predicate(value):\n"
                              "            raise ValueError('rejected %r' % (value,))\n"
                              "        return value\n\n\n"
                              "def wrong_keys(checks, data):\n"
                              "    out = {}\n"
                              "    for key in data:\n"
                              "        reasons = []\n"
                              "        for check in checks:\n"
                              "            try:\n"
                              "                check.validate(key)\n"
                              "                break\n"
                              "            except ValueError as error:\n") +
                   reason +
                   "        else:\n"
                   "            out[key] = reasons\n"
                   "    return out\n";
        };
        ScratchRepo repo;
        repo.write(QStringLiteral("tests/test_core.py"),
                   "from pkg.core import Check, wrong_keys\n\n\n"
                   "def test_a_key_no_check_accepts_is_listed():\n"
                   "    assert wrong_keys([Check(str.isalpha)], {'a': 1, '1': 2}) == "
                   "{'1': [\"rejected '1'\"]}\n");
        const auto [base, head] =
            commitChange(repo, core("                reasons.append(str(error))\n"),
                         core("                if getattr(check, '_error', None) is not None:\n"
                              "                    reasons.append(check._error)\n"
                              "                else:\n"
                              "                    reasons.append(str(error))\n"));
        QVERIFY(!foundOnlyBy(repo, base, head, QStringLiteral("flag_settings"),
                             QStringLiteral("project_tests"))
                     .isEmpty());
    }

    // checked_classes through a helper: the changed line asks a method whether the marker's
    // schema is a group, and only that method names the class. The project's test builds the
    // marker from a plain name; only that name in a Group takes the new branch.
    void classAHelperOfTheChangedLineTestsForWrapsTheTestsLiterals()
    {
        const auto core = [](const char *candidates) {
            return QByteArray("class Group:\n"
                              "    def __init__(self, *options):\n"
                              "        self.options = options\n\n\n"
                              "class Required:\n"
                              "    def __init__(self, schema):\n"
                              "        self.schema = schema\n"
                              "        self.candidates = ") +
                   candidates +
                   "\n\n"
                   "    def _is_group(self, schema):\n"
                   "        return isinstance(schema, Group)\n";
        };
        ScratchRepo repo;
        repo.write(QStringLiteral("tests/test_core.py"),
                   "from pkg.core import Required\n\n\n"
                   "def test_a_name_is_its_own_candidate():\n"
                   "    assert Required('name').candidates == ['name']\n");
        const auto [base, head] =
            commitChange(repo, core("[schema]"),
                         core("list(schema.options) if self._is_group(schema) and "
                              "schema.options else [schema]"));
        QVERIFY(!foundOnlyBy(repo, base, head, QStringLiteral("checked_classes"),
                             QStringLiteral("project_tests"))
                     .isEmpty());
    }

    // callee_arguments by ablation: the changed branch runs only for a text whose fingerprint
    // is one number. The project's test of the fingerprint helper holds such a text (joined
    // from a name it binds), but it calls the helper, not the changed function.
    void argumentsOfTheCalleesTestsReachTheCaller()
    {
        const auto core = [](const char *word) {
            return QByteArray("import zlib\n\n\n"
                              "def fingerprint(text):\n"
                              "    return zlib.crc32(text.encode('utf-8')) % 100000\n\n\n"
                              "def availability(text):\n"
                              "    if fingerprint(text) == 6495:\n"
                              "        return '") +
                   word + "'\n    return 'free'\n";
        };
        ScratchRepo repo;
        repo.write(QStringLiteral("tests/test_core.py"),
                   "from pkg.core import fingerprint\n\n\n"
                   "def test_the_fingerprint_is_stable():\n"
                   "    name = 'zebra'\n"
                   "    assert fingerprint(name + '-7') == 6495\n");
        const auto [base, head] = commitChange(repo, core("reserved"), core("taken"));
        QVERIFY(!foundOnlyBy(repo, base, head, QStringLiteral("callee_arguments")).isEmpty());
    }
    // test_objects by ablation: the changed loop of a method drops a repeated item. Only the
    // test builds the method's objects (the constructor wants two expressions or more), and
    // its own call repeats none; the method called on its objects, with a list of them, does.
    void theChangedMethodIsCalledOnTheTestsObjects()
    {
        const auto core = [](const char *check) {
            return QByteArray("class Expr:\n"
                              "    def __init__(self, *args):\n"
                              "        if len(args) < 2 or not all(isinstance(a, Expr) "
                              "for a in args):\n"
                              "            raise TypeError('two expressions or more')\n"
                              "        self.args = args\n\n"
                              "    def __and__(self, other):\n"
                              "        return And(self, other)\n\n\n"
                              "class Sym(Expr):\n"
                              "    def __init__(self, name):\n"
                              "        if not isinstance(name, str) or not name.isidentifier():\n"
                              "            raise ValueError('a symbol is named by an identifier')\n"
                              "        self.name = name\n"
                              "        self.args = ()\n\n"
                              "    def __repr__(self):\n"
                              "        return self.name\n\n\n"
                              "class And(Expr):\n"
                              "    def __repr__(self):\n"
                              "        return '&'.join(map(repr, self.args))\n\n"
                              "    def absorb(self, others):\n"
                              "        kept = []\n"
                              "        for item in others:\n"
                              "            ") +
                   check +
                   "\n                kept.append(item)\n"
                   "        return kept\n\n"
                   "    def simplify(self):\n"
                   "        return And(*self.absorb(list(self.args)))\n";
        };
        ScratchRepo repo;
        repo.write(QStringLiteral("tests/test_core.py"),
                   "from pkg.core import Sym\n\n\n"
                   "def test_simplify_keeps_distinct_terms():\n"
                   "    a, b = Sym('a'), Sym('b')\n"
                   "    e = a & b\n"
                   "    assert repr(e.simplify()) == 'a&b'\n");
        const auto [base, head] =
            commitChange(repo, core("if True:"), core("if item not in kept:"));
        QVERIFY(!foundOnlyBy(repo, base, head, QStringLiteral("test_objects"),
                             QStringLiteral("project_tests"))
                     .isEmpty());
    }
};

QTEST_GUILESS_MAIN(ProjectTestRulesTest)
#include "tst_projecttestrules.moc"
