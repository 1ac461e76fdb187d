// The input model's rules proven by ablation (docs/SEARCH.md, "Ablation"): for each rule, a
// scratch repository whose behavioural difference the quick search misses with that rule
// switched off and finds with it on. Those shown through the project's own tests are in
// tst_projecttestrules.
#include "AblationHarness.h"
#include "InputModelSources.h"

using difftriage::test::findersOf;
using difftriage::test::ScratchRepo;

class InputModelTest final : public QObject, private difftriage::test::AblationHarness
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void ruleFindsWhatOthersMiss_data()
    {
        QTest::addColumn<QByteArray>("before");
        QTest::addColumn<QByteArray>("after");
        // A parameter became keyword-only: only a positional call tells the versions apart.
        QTest::newRow("signature_diff")
            << QByteArray("def scale(value, factor=2):\n    return value * factor\n")
            << QByteArray("def scale(value, *, factor=2):\n    return value * factor\n");
        // An option read from **options: nothing in the signature names it.
        QTest::newRow("optional_params") << QByteArray("def render(text, **options):\n"
                                                       "    if options.get('mode') == 'loud':\n"
                                                       "        return text.upper() + '!'\n"
                                                       "    return text\n")
                                         << QByteArray("def render(text, **options):\n"
                                                       "    if options.get('mode') == 'loud':\n"
                                                       "        return text.upper() + '!!'\n"
                                                       "    return text\n");
        // Rows of pairs, as the loop unpacks them: flat values fail alike on both versions.
        QTest::newRow("shapes") << QByteArray(
                                       "def total(rows):\n"
                                       "    return sum(price * count for price, count in rows)\n")
                                << QByteArray(
                                       "def total(rows):\n"
                                       "    return sum(price + count for price, count in rows)\n");
        // A boundary in words, not characters.
        QTest::newRow("sizes") << QByteArray("def label(text):\n"
                                             "    if len(text.split()) > 11:\n"
                                             "        return 'long'\n"
                                             "    return 'short'\n")
                               << QByteArray("def label(text):\n"
                                             "    if len(text.split()) >= 11:\n"
                                             "        return 'long'\n"
                                             "    return 'short'\n");
        // Bytes where the annotation says str.
        QTest::newRow("type_variety")
            << QByteArray("def shout(text: str):\n    return text.upper()\n")
            << QByteArray("def shout(text: str):\n"
                          "    return text.upper() if isinstance(text, str) else text\n");
        // One list passed as both arguments.
        QTest::newRow("value_relations") << QByteArray("def combine(first: list, second: list):\n"
                                                       "    if first is second:\n"
                                                       "        return list(first)\n"
                                                       "    return first + second\n")
                                         << QByteArray("def combine(first: list, second: list):\n"
                                                       "    return first + second\n");
        // A stored 0 was taken for a missing key: only the same key put twice, first with a
        // falsy value and another key between, shows the order it keeps.
        const auto recent = [](const char *known) {
            return QByteArray("from collections import OrderedDict\n\n\nclass Recent:\n"
                              "    def __init__(self, size=3):\n"
                              "        self.size = size\n"
                              "        self.items = OrderedDict()\n\n"
                              "    def put(self, key, value):\n"
                              "        if ") +
                   known +
                   QByteArray(":\n"
                              "            self.items.move_to_end(key)\n"
                              "        self.items[key] = value\n"
                              "        while len(self.items) > self.size:\n"
                              "            self.items.popitem(last=False)\n");
        };
        QTest::newRow("repeated_calls")
            << recent("self.items.get(key)") << recent("key in self.items");
        // Common folders by path, not by string: relative siblings and plain names give the
        // same on both versions; one absolute and one relative path make the new one raise.
        QTest::newRow("path_forms")
            << QByteArray("import os\n\n\ndef shared_folder(paths):\n"
                          "    if not paths:\n"
                          "        return None\n"
                          "    return os.path.commonprefix([os.path.dirname(p) for p in paths])\n")
            << QByteArray("import os\n\n\ndef shared_folder(paths):\n"
                          "    if not paths:\n"
                          "        return None\n"
                          "    return os.path.commonpath([os.path.dirname(p) for p in paths])\n");
        // Only ASCII digits make a port now: full-width digits passed isdigit() and int().
        QTest::newRow("unicode_forms")
            << QByteArray("def parse_port(text):\n"
                          "    text = text.strip()\n"
                          "    if not text.isdigit():\n"
                          "        raise ValueError('not a port: %r' % text)\n"
                          "    return int(text)\n")
            << QByteArray("def parse_port(text):\n"
                          "    text = text.strip()\n"
                          "    if not (text.isascii() and text.isdigit()):\n"
                          "        raise ValueError('not a port: %r' % text)\n"
                          "    return int(text)\n");
        // A path variable's number no longer fails on len(): the value is read under the
        // name the spec spells ('/x' reads values['x']), so only a key named so reaches it.
        const auto variable = [](const char *check) {
            return QByteArray("class Variable:\n"
                              "    def __init__(self, spec):\n"
                              "        self.name = spec.lstrip('/')\n"
                              "\n"
                              "    def expand(self, values):\n"
                              "        value = values.get(self.name)\n"
                              "        if value is None or (") +
                   check +
                   QByteArray(" and len(value) == 0):\n"
                              "            return None\n"
                              "        return '/' + str(value)\n");
        };
        QTest::newRow("named_keys")
            << variable("value != ''") << variable("not isinstance(value, (str, int, float))");
        // Only a string passing three checks at once reaches the change: seven characters,
        // a leading '#', hex digits after it.
        const auto simpleColour = [](const char *result) {
            return QByteArray("HEX = '0123456789abcdefABCDEF'\n"
                              "\n"
                              "\n"
                              "def parse_simple(s):\n"
                              "    if len(s) != 7 or s[0] != '#':\n"
                              "        raise ValueError('not #rrggbb: %r' % s)\n"
                              "    if not all(c in HEX for c in s[1:]):\n"
                              "        raise ValueError('not hex: %r' % s)\n"
                              "    return ") +
                   result + "\n";
        };
        QTest::newRow("guard_strings")
            << simpleColour("(int(s[1:3], 16), int(s[3:5], 16), int(s[5:7], 16))")
            << simpleColour("(int(s[1:3], 16), int(s[3:5], 16), int(s[5:7], 16), 255)");
        // Text already percent-encoded is kept as it is now: only a valid escape shows it.
        QTest::newRow("encoded_texts")
            << QByteArray("from urllib.parse import quote\n\n\ndef escape_path(value):\n"
                          "    text = str(value)\n"
                          "    return quote(text, safe='/')\n")
            << QByteArray("from urllib.parse import quote, unquote\n\n\n"
                          "def escape_path(value):\n"
                          "    text = str(value)\n"
                          "    if unquote(text) != text:\n"
                          "        return text\n"
                          "    return quote(text, safe='/')\n");
        // A reference that is only a scheme (about:) now counts as absolute: every other part
        // must be empty at once.
        QTest::newRow("sparse_values")
            << reference("bool(colon) and scheme.isalpha() and bool(rest)")
            << reference("bool(colon) and scheme.isalpha()");
        // The class becomes generic: Spec[int] works now, while every method is the same.
        const QByteArray specBody("    def __init__(self, patterns):\n"
                                  "        self.patterns = list(patterns)\n"
                                  "\n"
                                  "    def __len__(self):\n"
                                  "        return len(self.patterns)\n");
        QTest::newRow("class_header")
            << QByteArray("class Spec(object):\n") + specBody
            << QByteArray("from typing import Generic, TypeVar\n\nT = TypeVar('T')\n\n\n"
                          "class Spec(Generic[T]):\n") +
                   specBody;
        // A public table's entry changes; the only function reading it sits behind a check no
        // generated value passes (a token's digest), so only the table itself shows it.
        const auto guardedTable = [](const char *large) {
            return QByteArray("import hashlib\n\nLIMITS = {'small': 10, 'large': ") + large +
                   "}\nDIGEST = 'a6d315558def76f9dff482b4cf5a9be2b97d0646fca820a825572d712b4bed1f'"
                   "\n\n\ndef limit(token, size):\n"
                   "    if hashlib.sha256(token.encode()).hexdigest() != DIGEST:\n"
                   "        raise PermissionError('unknown token')\n"
                   "    return LIMITS[size]\n";
        };
        QTest::newRow("changed_constants") << guardedTable("100") << guardedTable("1000");
        // An iterable that can be read only once.
        QTest::newRow("protocol_objects")
            << QByteArray("def summary(values):\n"
                          "    values = list(values)\n"
                          "    return sum(values), len(values)\n")
            << QByteArray("def summary(values):\n"
                          "    return sum(values), len(list(values))\n");
        // A special method that only raised is removed: x[0] raises TypeError on both sides.
        QTest::newRow("protocol_membership")
            << QByteArray("class Reading:\n"
                          "    def __init__(self, value):\n"
                          "        self.value = value\n"
                          "\n"
                          "    def __getitem__(self, index):\n"
                          "        raise TypeError('a reading is not a sequence')\n")
            << QByteArray("class Reading:\n"
                          "    def __init__(self, value):\n"
                          "        self.value = value\n");
        // A generator function given as the callback is now iterated.
        QTest::newRow("callable_objects")
            << QByteArray("def apply(func, value):\n"
                          "    return func(value)\n")
            << QByteArray("import inspect\n"
                          "\n"
                          "\n"
                          "def apply(func, value):\n"
                          "    if inspect.isgeneratorfunction(func):\n"
                          "        return list(func(value))\n"
                          "    return func(value)\n");
        // The change is inside the function a closure factory returns.
        QTest::newRow("returned_callables") << QByteArray("def scaled(factor):\n"
                                                          "    def apply(value):\n"
                                                          "        return value * factor\n"
                                                          "\n"
                                                          "    return apply\n")
                                            << QByteArray("def scaled(factor):\n"
                                                          "    def apply(value):\n"
                                                          "        return value * factor + 1\n"
                                                          "\n"
                                                          "    return apply\n");
        // A retry decorator gives up one attempt earlier: only a function that fails its first
        // two calls, then succeeds, shows it (one that always fails raises the same on both).
        QTest::newRow("failing_callables")
            << retrying("attempt == times - 1") << retrying("attempt >= times - 2");
        // Only the message changes: both versions raise ValueError.
        QTest::newRow("exception_messages")
            << QByteArray("def parse_level(text):\n"
                          "    if not text.isdigit():\n"
                          "        raise ValueError('not a level: %s' % (text,))\n"
                          "    return int(text)\n")
            << QByteArray("def parse_level(text):\n"
                          "    if not text.isdigit():\n"
                          "        raise ValueError('not a level: %r' % (text,))\n"
                          "    return int(text)\n");
        // The digits of an escape are read in another base: only text of the escape's shape,
        // a backslash, a u and four hex digits, reaches the change.
        QTest::newRow("regex_samples")
            << QByteArray("import re\n\nESCAPE = re.compile(r'\\\\u([0-9a-f]{4})')\n\n\n"
                          "def unescape(text):\n"
                          "    return ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), text)\n")
            << QByteArray("import re\n\nESCAPE = re.compile(r'\\\\u([0-9a-f]{4})')\n\n\n"
                          "def unescape(text):\n"
                          "    return ESCAPE.sub(lambda m: chr(int(m.group(1), 10)), text)\n");
        // Only the formal greeting changes, and only the environment asks for it.
        QTest::newRow("environment_variables")
            << QByteArray("import os\n\n\ndef greeting(name):\n"
                          "    if os.environ.get('GREETING_STYLE') == 'formal':\n"
                          "        return 'Good day, %s.' % name\n"
                          "    return 'Hi %s' % name\n")
            << QByteArray("import os\n\n\ndef greeting(name):\n"
                          "    if os.environ.get('GREETING_STYLE') == 'formal':\n"
                          "        return 'Good day, %s!' % name\n"
                          "    return 'Hi %s' % name\n");
    }

    void ruleFindsWhatOthersMiss()
    {
        QFETCH(QByteArray, before);
        QFETCH(QByteArray, after);
        const QString rule = QString::fromLatin1(QTest::currentDataTag());
        ScratchRepo repo;
        const auto [base, head] = commitChange(repo, before, after);

        const QJsonObject without =
            analyze(repo, base, head, {QStringLiteral("--disable-strategy"), rule});
        QVERIFY2(!without.isEmpty(), "no report without the rule");
        QCOMPARE(without[QStringLiteral("search")][QStringLiteral("disabled_strategies")]
                     .toArray()
                     .toVariantList(),
                 QVariantList{rule});
        QVERIFY2(findersOf(without).isEmpty(),
                 qPrintable(QStringLiteral("found without %1 by %2")
                                .arg(rule, findersOf(without).join(QLatin1Char(',')))));

        // Found by the rule's own test, or by coverage feedback mutating one of them.
        const QJsonObject with = analyze(repo, base, head, {});
        QVERIFY2(!findersOf(with).isEmpty(),
                 qPrintable(QStringLiteral("not found with %1").arg(rule)));
    }

    // A changed entry of a lookup table: only its key reaches the change (every other string
    // raises the same KeyError on both sides), and the key is mined from the table.
    void changedTableEntryIsLookedUp()
    {
        const auto core = [](const char *pound) {
            return QByteArray("UNITS = {'g': 1, 'kg': 1000, 'lb': ") + pound +
                   "}\n\n\ndef grams(value, unit):\n    return value * UNITS[unit]\n";
        };
        QVERIFY2(foundBetween(core("450"), core("454")),
                 "the changed table entry was not looked up");
    }

    // A list's items meet a membership check through a helper (is_prefix(piece) reads
    // piece.lower() in PREFIXES): the words of the set are the items, repeated, that reach the
    // changed search. It now starts at the item's own place, which tells the versions apart
    // only when a prefix word comes twice.
    void listItemsGetTheWordsTheirCheckLooksFor()
    {
        const auto core = [](const char *search) {
            return QByteArray("PREFIXES = {'van', 'de', 'la', 'von'}\n\n\n"
                              "def is_prefix(piece):\n"
                              "    return piece.lower() in PREFIXES\n\n\n"
                              "def join_prefixes(pieces):\n"
                              "    out = []\n"
                              "    skip = set()\n"
                              "    for i, piece in enumerate(pieces):\n"
                              "        if i in skip:\n"
                              "            continue\n"
                              "        if is_prefix(piece) and i + 1 < len(pieces):\n"
                              "            at = ") +
                   search +
                   "\n"
                   "            out.append(piece + ' ' + pieces[at + 1])\n"
                   "            skip.add(at + 1)\n"
                   "        else:\n"
                   "            out.append(piece)\n"
                   "    return out\n";
        };
        QVERIFY2(foundBetween(core("pieces.index(piece)"), core("pieces.index(piece, i)")),
                 "no list of the set's words reached the changed search");
    }

    // optional_params one call deep: the new keyword is read by a helper that takes the
    // **kwargs dict as a plain argument; the old version replaces a named tuple's fields with
    // the keywords, and refuses one it has no field for.
    void keywordReadByAHelperIsPassed()
    {
        const QByteArray config("from typing import NamedTuple\n\n\n"
                                "class Config(NamedTuple):\n"
                                "    scale: int = 1\n"
                                "    offset: int = 0\n\n\n");
        const QByteArray before = config + "def shift(value, config=None, **kwargs):\n"
                                           "    if config is None:\n"
                                           "        config = Config()\n"
                                           "    config = config._replace(**kwargs)\n"
                                           "    return value * config.scale + config.offset\n";
        const QByteArray after = config + "def _from_keywords(config, keywords):\n"
                                          "    if 'factor' in keywords:\n"
                                          "        keywords = dict(keywords)\n"
                                          "        keywords['scale'] = keywords.pop('factor')\n"
                                          "    return config._replace(**keywords)\n\n\n"
                                          "def shift(value, config=None, **kwargs):\n"
                                          "    if config is None:\n"
                                          "        config = Config()\n"
                                          "    config = _from_keywords(config, kwargs)\n"
                                          "    return value * config.scale + config.offset\n";
        QVERIFY2(foundBetween(before, after), "the helper's keyword was not passed");
    }

    // unicode_forms in the lenient mode: the strict pattern stops every other digit before
    // the changed check.
    void lenientModeGetsUnicodeForms()
    {
        const auto core = [](const char *digits) {
            return QByteArray("import re\n\n\ndef port_of(text, strict=True):\n"
                              "    if strict and not re.fullmatch(r'[0-9]+', text):\n"
                              "        raise ValueError('not a port')\n"
                              "    if not ") +
                   digits +
                   ":\n"
                   "        raise ValueError('not digits')\n"
                   "    return int(text)\n";
        };
        QVERIFY2(foundBetween(core("text.isdigit()"), core("(text.isascii() and text.isdigit())")),
                 "no Unicode digits reached the check with strict=False");
    }

    // path_forms on the shaped base call: the paths only reach the change when the options
    // object beside them has the attribute the function reads first.
    void pathsGoBesideAnObjectOfTheAttributesRead()
    {
        const auto core = [](const char *common) {
            return QByteArray("import os\n\n\ndef shared_folder(options, paths):\n"
                              "    if options.verbose:\n"
                              "        print(len(paths))\n"
                              "    if not paths:\n"
                              "        return None\n"
                              "    return os.path.") +
                   common + "([os.path.dirname(p) for p in paths])\n";
        };
        QVERIFY2(foundBetween(core("commonprefix"), core("commonpath")),
                 "the paths were not given beside an options object");
    }

    // regex_samples through the receiver: the method matches the text its object was built
    // with and takes no argument, so only a constructor given text of the pattern's shape
    // reaches the change.
    void objectsOwnTextGetsPatternSamplesThroughItsConstructor()
    {
        const auto core = [](const char *base) {
            return QByteArray("import re\n\nESCAPE = re.compile(r'\\\\u([0-9a-f]{4})')\n\n\n"
                              "class Template:\n"
                              "    def __init__(self, text):\n"
                              "        self._text = text\n\n"
                              "    def render(self):\n"
                              "        return ESCAPE.sub(lambda m: chr(int(m.group(1), ") +
                   base + ")), self._text)\n";
        };
        QVERIFY(
            !foundOnlyByRule(core("16"), core("10"), QStringLiteral("regex_samples")).isEmpty());
    }

    // guard_strings through the receiver: the constructor stores its text, and another method
    // checks the stored text's first character against a class's set of operators. Only an
    // object built from text with an operator, long enough and a name after it, takes the
    // changed branch: a reserved expansion now joins with a colon.
    void storedTextGetsTheChecksItsClassMakes()
    {
        const auto core = [](const char *separator) {
            return QByteArray("from urllib.parse import quote\n\n\n"
                              "class Variable:\n"
                              "    operators = ('+', '#', '/')\n\n"
                              "    def __init__(self, text):\n"
                              "        self.original = text\n"
                              "        self.operator = ''\n"
                              "        self.name = text\n\n"
                              "    def parse(self):\n"
                              "        if len(self.original) > 4 and \\\n"
                              "                self.original[0] in Variable.operators and \\\n"
                              "                self.original[1:].isidentifier():\n"
                              "            self.operator = self.original[0]\n"
                              "            self.name = self.original[1:]\n\n"
                              "    def expand(self, value):\n"
                              "        self.parse()\n"
                              "        text = str(value)\n"
                              "        if self.operator == '+':\n"
                              "            return self.name + '") +
                   separator +
                   "' + text\n"
                   "        return self.name + '=' + quote(text, safe='')\n";
        };
        QVERIFY(!foundOnlyByRule(core("="), core(":"), QStringLiteral("guard_strings")).isEmpty());
    }

    // environment_variables for a variable the module reads at import: the target's body
    // reads no environment, only the module-level name assigned from it.
    void variableReadAtImportIsSet()
    {
        const auto core = [](const char *end) {
            return QByteArray("import os\n\nSTYLE = os.environ.get('GREETING_STYLE', 'plain')\n\n\n"
                              "def greeting(name):\n"
                              "    if STYLE == 'formal':\n"
                              "        return 'Good day, %s") +
                   end + "' % name\n    return 'Hi %s' % name\n";
        };
        QVERIFY(!foundOnlyByRule(core("."), core("!"), QStringLiteral("environment_variables"))
                     .isEmpty());
    }

    // shapes on the receiver, by ablation: the constructor reads fixed keys of a mapping, so
    // no flat value builds the object whose method changed.
    void receiverBuiltFromAMappingIsShaped()
    {
        const auto core = scratch::operationFromSpec;
        QVERIFY(!foundOnlyByRule(core("self.value"), core("[self.value]"), QStringLiteral("shapes"))
                     .isEmpty());
    }

    // type_variety by ablation: a check for bytes now takes every bytes-like object. Only a
    // memoryview of the text's bytes reads otherwise.
    void textsAreAlsoOfferedAsBuffers()
    {
        const auto core = [](const char *kinds) {
            return QByteArray("def shout(text: str):\n    if isinstance(text, (") + kinds +
                   ")):\n        text = str(text, 'ascii')\n    return text.upper()\n";
        };
        QVERIFY(!foundOnlyByRule(core("bytes, bytearray"), core("bytes, bytearray, memoryview"),
                                 QStringLiteral("type_variety"))
                     .isEmpty());
    }

    // exception_messages for errors collected before one is raised for them all: the changed
    // line builds an error, the raise statement that reports it is unchanged.
    void messageOfACollectedErrorIsObserved()
    {
        const auto core = [](const char *word) {
            return QByteArray("class Invalid(Exception):\n    pass\n\n\n"
                              "def check(record, required=('name', 'age')):\n"
                              "    problems = []\n"
                              "    for key in required:\n"
                              "        if key not in record:\n"
                              "            problems.append(Invalid('") +
                   word +
                   " %s' % key))\n"
                   "    if problems:\n"
                   "        raise Invalid('; '.join(str(p) for p in problems))\n"
                   "    return record\n";
        };
        QVERIFY(!foundOnlyByRule(core("missing"), core("required"),
                                 QStringLiteral("exception_messages"))
                     .isEmpty());
    }

    // A method of an abstract base: a Base object stops at the hook its constructor calls, so
    // only an object of a concrete subclass that inherits the method reaches the change.
    void abstractBaseMethodIsEnteredOnASubclass()
    {
        const auto core = [](const char *missing) {
            return QByteArray(
                       "class Base:\n"
                       "    def __init__(self):\n"
                       "        self.cards = self.setup()\n\n"
                       "    def setup(self):\n"
                       "        raise NotImplementedError('a language sets its words up')\n\n"
                       "    def words(self, n):\n"
                       "        return self.cards.get(n, '") +
                   missing +
                   "')\n\n\nclass English(Base):\n"
                   "    def setup(self):\n"
                   "        return {1: 'one'}\n";
        };
        QVERIFY2(foundBetween(core("?"), core("-")), "the method was entered on its base only");
    }

    // failing_callables on a function parameter: a loop that calls it again while it fails.
    void failingFunctionGivenDirectly()
    {
        const auto core = [](const char *last) {
            return QByteArray("def call_with_retries(func, value, attempts=3):\n"
                              "    for attempt in range(attempts):\n"
                              "        try:\n"
                              "            return func(value)\n"
                              "        except ValueError:\n"
                              "            if ") +
                   last + ":\n                raise\n";
        };
        QVERIFY(!foundOnlyByRule(core("attempt == attempts - 1"), core("attempt >= attempts - 2"),
                                 QStringLiteral("failing_callables"))
                     .isEmpty());
    }

    // shapes on a value the new version unwraps (an enum-like `.value`): only an object
    // holding one of the compared constants tells the versions apart.
    void unwrappedValueGetsWrappers()
    {
        const auto core = [](const char *unwrap) {
            return QByteArray("def is_urgent(level):\n") + unwrap + "    return level == 'high'\n";
        };
        QVERIFY(!foundOnlyByRule(core(""), core("    level = getattr(level, 'value', level)\n"),
                                 QStringLiteral("shapes"))
                     .isEmpty());
    }

    // shapes on a stream: the function reads its lines from a file-like parameter. An object
    // whose `readline` is a value fails alike on both versions; a real stream tells them apart.
    void fileLikeParameterGetsStreams()
    {
        const auto core = [](const char *keep) {
            return QByteArray("def settings(stream):\n"
                              "    found = {}\n"
                              "    line = stream.readline()\n"
                              "    while line:\n"
                              "        if isinstance(line, bytes):\n"
                              "            line = line.decode('latin-1')\n"
                              "        name, _, value = line.partition('=')\n"
                              "        if ") +
                   keep +
                   ":\n"
                   "            found[name.strip()] = value.strip()\n"
                   "        line = stream.readline()\n"
                   "    return found\n";
        };
        QVERIFY(!foundOnlyByRule(core("name"), core("name and value"), QStringLiteral("shapes"))
                     .isEmpty());
    }

    // command_line: a console script reading its options from sys.argv; its function takes no
    // argument, so only a command line with the option tells the versions apart.
    void consoleScriptIsRunWithItsOptions()
    {
        const auto cli = [](const char *loud) {
            return QByteArray("import argparse\nimport sys\n\n\ndef main():\n"
                              "    parser = argparse.ArgumentParser(prog='shout')\n"
                              "    parser.add_argument('--loud', action='store_true')\n"
                              "    args = parser.parse_args()\n"
                              "    text = sys.stdin.read().strip()\n"
                              "    print(") +
                   loud + " if args.loud else text)\n";
        };
        ScratchRepo repo;
        repo.write(
            QStringLiteral("pyproject.toml"),
            "[project]\nname = \"shout\"\n\n[project.scripts]\nshout = \"shout.cli:main\"\n");
        repo.write(QStringLiteral("shout/__init__.py"), "");
        repo.write(QStringLiteral("shout/cli.py"), cli("text.upper()"));
        const QString base = repo.commit(QStringLiteral("base"));
        repo.write(QStringLiteral("shout/cli.py"), cli("text.upper() + '!'"));
        const QString head = repo.commit(QStringLiteral("change"));

        const QJsonObject with = foundOnlyBy(repo, base, head, QStringLiteral("command_line"));
        QVERIFY(!with.isEmpty());
        bool shownLoud = false;
        for (const QJsonValue difference : with[QStringLiteral("differences")].toArray())
            shownLoud = shownLoud || difference[QStringLiteral("test_code")].toString().contains(
                                         QStringLiteral("sys.argv = ['shout', '--loud']"));
        QVERIFY2(shownLoud, "no difference names the command line with --loud");
    }

    // A program that prints the common folder of the files it is given: only two files, one
    // named absolutely and one relatively, make the new version refuse them.
    void consoleScriptGetsTwoFilesNamedDifferently()
    {
        const auto cli = [](const char *common) {
            return QByteArray("import os\nimport sys\n\n\ndef main():\n"
                              "    files = sys.argv[1:]\n"
                              "    if len(files) > 1:\n"
                              "        print(os.path.") +
                   common + "([os.path.dirname(f) for f in files]))\n";
        };
        ScratchRepo repo;
        repo.write(
            QStringLiteral("pyproject.toml"),
            "[project]\nname = \"roots\"\n\n[project.scripts]\nroots = \"roots.cli:main\"\n");
        repo.write(QStringLiteral("roots/__init__.py"), "");
        repo.write(QStringLiteral("roots/cli.py"), cli("commonprefix"));
        const QString base = repo.commit(QStringLiteral("base"));
        repo.write(QStringLiteral("roots/cli.py"), cli("commonpath"));
        const QString head = repo.commit(QStringLiteral("change"));

        QVERIFY(!foundOnlyBy(repo, base, head, QStringLiteral("command_line")).isEmpty());
    }

    // A class decorator that records the class's members: built-in classes have only special
    // names, so only a class with private members shows that they now count.
    void classDecoratorMeetsEveryKindOfMember()
    {
        const auto core = [](const char *hidden) {
            return QByteArray("def with_fields(cls):\n"
                              "    cls._fields = tuple(n for n in vars(cls) if not "
                              "n.startswith('") +
                   hidden + "'))\n    return cls\n";
        };
        QVERIFY2(foundBetween(core("_"), core("__")), "no class with private members was given");
    }

    // A function returning a lazy iterator: printed as is, both versions show `<map object>`.
    void lazyResultIsConsumed()
    {
        const auto core = [](const char *step) {
            return QByteArray("def bumped(items):\n    return map(lambda x: x + ") + step +
                   ", items)\n";
        };
        QVERIFY2(foundBetween(core("1"), core("2")), "the iterator's values were not compared");
    }

    // flag_settings through **options: the grammar keeps its keywords in an options record,
    // and only the option the changed method compares, given by name, reaches the change.
    void optionKeptInAnOptionsRecordIsGivenByName()
    {
        const auto core = [](const char *end) {
            return QByteArray("class Options:\n"
                              "    DEFAULTS = {'parser': 'earley', 'debug': False}\n\n"
                              "    def __init__(self, given):\n"
                              "        unknown = sorted(set(given) - set(self.DEFAULTS))\n"
                              "        if unknown:\n"
                              "            raise TypeError('unknown options: %s' % unknown)\n"
                              "        for name, default in self.DEFAULTS.items():\n"
                              "            setattr(self, name, given.get(name, default))\n\n\n"
                              "class Grammar:\n"
                              "    def __init__(self, text, **options):\n"
                              "        self.text = text\n"
                              "        self.options = Options(options)\n\n"
                              "    def rules(self):\n"
                              "        lines = self.text.splitlines()\n"
                              "        names = [l.split(':')[0] for l in lines if ':' in l]\n"
                              "        if self.options.parser == 'lalr':\n"
                              "            names.append(") +
                   end + ")\n        return names\n";
        };
        QVERIFY(!foundOnlyByRule(core("'$END'"), core("'$EOF'"), QStringLiteral("flag_settings"))
                     .isEmpty());
    }

private:
    // A decorator factory retrying the function it decorates while it raises ValueError.
    static QByteArray reference(const char *absolute)
    {
        return QByteArray("class Reference:\n"
                          "    def __init__(self, scheme, authority, path, query, fragment):\n"
                          "        self.scheme = scheme\n"
                          "        self.authority = authority\n"
                          "        self.path = path\n"
                          "        self.query = query\n"
                          "        self.fragment = fragment\n\n"
                          "    def unsplit(self):\n"
                          "        text = ''\n"
                          "        if self.scheme:\n"
                          "            text += str(self.scheme) + ':'\n"
                          "        if self.authority:\n"
                          "            text += '//' + str(self.authority)\n"
                          "        if self.path:\n"
                          "            text += '/' + str(self.path)\n"
                          "        if self.query:\n"
                          "            text += '?' + str(self.query)\n"
                          "        if self.fragment:\n"
                          "            text += '#' + str(self.fragment)\n"
                          "        return text\n\n"
                          "    def is_absolute(self):\n"
                          "        scheme, colon, rest = self.unsplit().partition(':')\n"
                          "        return ") +
               absolute + "\n";
    }

    static QByteArray retrying(const char *last)
    {
        return QByteArray("def retry(times=3, exceptions=(ValueError,)):\n"
                          "    def decorate(func):\n"
                          "        def wrapper(*args):\n"
                          "            for attempt in range(times):\n"
                          "                try:\n"
                          "                    return func(*args)\n"
                          "                except exceptions:\n"
                          "                    if ") +
               last +
               ":\n                        raise\n\n        return wrapper\n\n    return "
               "decorate\n";
    }
};

QTEST_GUILESS_MAIN(InputModelTest)
#include "tst_inputmodel.moc"
