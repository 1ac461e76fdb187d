// core/Json.h: readers that never throw and give the fallback for anything unexpected.
#include "core/Json.h"

#include <QtTest>

using namespace difftriage::engine;
using nlohmann::json;

class JsonTest : public QObject
{
    Q_OBJECT

private slots:
    void stringFields()
    {
        const json object = {{"name", "été"}, {"number", 3}, {"none", nullptr}};
        QCOMPARE(stringField(object, "name"), QStringLiteral("été"));
        QCOMPARE(stringField(object, "number"), QString());
        QCOMPARE(stringField(object, "missing", QStringLiteral("x")), QStringLiteral("x"));
        QCOMPARE(stringField(json::array({1}), "name", QStringLiteral("x")), QStringLiteral("x"));
        QCOMPARE(stringField(json(), "name"), QString());
        QCOMPARE(optionalStringField(object, "name"),
                 std::optional<QString>(QStringLiteral("été")));
        QVERIFY(!optionalStringField(object, "none"));
        QCOMPARE(optionalStringField(json{{"empty", ""}}, "empty"),
                 std::optional<QString>(QString()));
    }

    void stringLists()
    {
        const json object = {{"list", {"a", 1, "b", nullptr}}, {"text", "a"}};
        QCOMPARE(stringListField(object, "list"), QStringList({"a", "b"}));
        QCOMPARE(stringListField(object, "text"), QStringList());
        QCOMPARE(toJson(QStringList{"x", "y"}), json::array({"x", "y"}));
        QCOMPARE(toQString(toJson(QStringLiteral("ü"))), QStringLiteral("ü"));
    }

    void numbers_data()
    {
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<int>("asInt");
        QTest::newRow("integer") << QByteArray("3") << 3;
        QTest::newRow("negative") << QByteArray("-7") << -7;
        QTest::newRow("integral float") << QByteArray("3.0") << 3;
        QTest::newRow("fraction") << QByteArray("3.5") << -1;
        QTest::newRow("too large") << QByteArray("4294967296") << -1;
        QTest::newRow("string") << QByteArray("\"3\"") << -1;
        QTest::newRow("bool") << QByteArray("true") << -1;
    }
    void numbers()
    {
        QFETCH(QByteArray, value);
        QFETCH(int, asInt);
        const json object = {{"n", *parseJson(value)}};
        QCOMPARE(intField(object, "n", -1), asInt);
    }

    void wideNumbersAndOthers()
    {
        const json object = {
            {"big", 9007199254740993LL}, {"ms", 12.5}, {"flag", true}, {"text", "1"}};
        QCOMPARE(int64Field(object, "big"), 9007199254740993LL);
        QCOMPARE(doubleField(object, "ms"), 12.5);
        QCOMPARE(doubleField(object, "big"), 9007199254740992.0);
        QCOMPARE(doubleField(object, "text", -1), -1.0);
        QVERIFY(boolField(object, "flag"));
        QVERIFY(boolField(object, "text", true));
        QVERIFY(arrayField(object, "flag").is_array());
        QVERIFY(arrayField(object, "flag").empty());
    }

    void parsingAndWriting()
    {
        QVERIFY(!parseJson("{\"a\": "));
        QVERIFY(!parseJson(""));
        QCOMPARE(*parseJson(" [1, 2] "), json::array({1, 2}));
        const json text = std::string("bad \xff byte");
        QCOMPARE(toJsonBytes(text), QByteArray("\"bad \xef\xbf\xbd byte\""));
        QCOMPARE(toJsonBytes(json{{"b", 1}, {"a", "x"}}), QByteArray("{\"a\":\"x\",\"b\":1}"));
    }
};

QTEST_GUILESS_MAIN(JsonTest)
#include "tst_json.moc"
