#include "core/Json.h"

#include <cmath>
#include <limits>

namespace difftriage::engine {

namespace {

template <typename Integer> std::optional<Integer> integral(const nlohmann::json &value)
{
    if (value.is_number_unsigned()) {
        const auto number = value.get<std::uint64_t>();
        if (number <= std::uint64_t(std::numeric_limits<Integer>::max()))
            return Integer(number);
    } else if (value.is_number_integer()) {
        const auto number = value.get<std::int64_t>();
        if (number >= std::numeric_limits<Integer>::min() &&
            number <= std::numeric_limits<Integer>::max())
            return Integer(number);
    } else if (value.is_number_float()) {
        const double number = value.get<double>();
        // [min, -min) as doubles: both bounds are exact powers of two, max is not.
        const double low = double(std::numeric_limits<Integer>::min());
        if (std::trunc(number) == number && number >= low && number < -low)
            return Integer(number);
    }
    return std::nullopt;
}

} // namespace

QString toQString(const nlohmann::json &value)
{
    return value.is_string() ? QString::fromStdString(value.get_ref<const std::string &>())
                             : QString();
}

QStringList toQStringList(const nlohmann::json &value)
{
    QStringList texts;
    if (!value.is_array())
        return texts;
    for (const nlohmann::json &item : value) {
        if (item.is_string())
            texts << toQString(item);
    }
    return texts;
}

int toInt(const nlohmann::json &value, int fallback)
{
    return integral<int>(value).value_or(fallback);
}

nlohmann::json toJson(const QString &text)
{
    return text.toStdString();
}

nlohmann::json toJson(const QStringList &texts)
{
    nlohmann::json array = nlohmann::json::array();
    for (const QString &text : texts)
        array.push_back(text.toStdString());
    return array;
}

const nlohmann::json &field(const nlohmann::json &object, std::string_view key)
{
    static const nlohmann::json null;
    if (!object.is_object())
        return null;
    const auto it = object.find(key);
    return it == object.end() ? null : *it;
}

const nlohmann::json &arrayField(const nlohmann::json &object, std::string_view key)
{
    static const nlohmann::json empty = nlohmann::json::array();
    const nlohmann::json &value = field(object, key);
    return value.is_array() ? value : empty;
}

QString stringField(const nlohmann::json &object, std::string_view key, const QString &fallback)
{
    const nlohmann::json &value = field(object, key);
    return value.is_string() ? toQString(value) : fallback;
}

std::optional<QString> optionalStringField(const nlohmann::json &object, std::string_view key)
{
    const nlohmann::json &value = field(object, key);
    return value.is_string() ? std::optional<QString>(toQString(value)) : std::nullopt;
}

QStringList stringListField(const nlohmann::json &object, std::string_view key)
{
    return toQStringList(field(object, key));
}

int intField(const nlohmann::json &object, std::string_view key, int fallback)
{
    return toInt(field(object, key), fallback);
}

qint64 int64Field(const nlohmann::json &object, std::string_view key, qint64 fallback)
{
    return integral<qint64>(field(object, key)).value_or(fallback);
}

double doubleField(const nlohmann::json &object, std::string_view key, double fallback)
{
    const nlohmann::json &value = field(object, key);
    return value.is_number() ? value.get<double>() : fallback;
}

bool boolField(const nlohmann::json &object, std::string_view key, bool fallback)
{
    const nlohmann::json &value = field(object, key);
    return value.is_boolean() ? value.get<bool>() : fallback;
}

std::optional<nlohmann::json> parseJson(QByteArrayView bytes)
{
    nlohmann::json document =
        nlohmann::json::parse(bytes.data(), bytes.data() + bytes.size(), nullptr, false);
    if (document.is_discarded())
        return std::nullopt;
    return document;
}

QByteArray toJsonBytes(const nlohmann::json &value)
{
    return QByteArray::fromStdString(
        value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

} // namespace difftriage::engine
