#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>

namespace difftriage::engine {

// The engine's JSON is nlohmann::json; these are its bridges to Qt's strings. Every reader is
// total: documents come from helper processes, caches and people's files, so a missing field, a
// field of another type or a document that is no object gives the fallback, never an exception.

// The value when it is a string, else empty.
QString toQString(const nlohmann::json &value);
// The string items of an array; anything else is skipped.
QStringList toQStringList(const nlohmann::json &value);
// A number with an integral value that fits, else the fallback (3.0 is 3, 3.5 is the fallback).
int toInt(const nlohmann::json &value, int fallback = 0);
nlohmann::json toJson(const QString &text);
nlohmann::json toJson(const QStringList &texts);

// The member `key` of an object, or null.
const nlohmann::json &field(const nlohmann::json &object, std::string_view key);
// The member when it is an array, else an empty one: for range-for.
const nlohmann::json &arrayField(const nlohmann::json &object, std::string_view key);
QString stringField(const nlohmann::json &object, std::string_view key,
                    const QString &fallback = QString());
// nullopt when the member is absent or no string (JSON null included).
std::optional<QString> optionalStringField(const nlohmann::json &object, std::string_view key);
QStringList stringListField(const nlohmann::json &object, std::string_view key);
// Numbers as toInt() reads them.
int intField(const nlohmann::json &object, std::string_view key, int fallback = 0);
qint64 int64Field(const nlohmann::json &object, std::string_view key, qint64 fallback = 0);
double doubleField(const nlohmann::json &object, std::string_view key, double fallback = 0);
bool boolField(const nlohmann::json &object, std::string_view key, bool fallback = false);

// nullopt when the bytes are not one JSON document.
std::optional<nlohmann::json> parseJson(QByteArrayView bytes);
// Compact; bytes that are not UTF-8 become U+FFFD instead of throwing.
QByteArray toJsonBytes(const nlohmann::json &value);

} // namespace difftriage::engine
