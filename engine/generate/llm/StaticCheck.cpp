#include "generate/llm/StaticCheck.h"

#include "core/HelperScript.h"
#include "core/Json.h"

namespace difftriage::engine {

Expected<QStringList> StaticCheck::check(const QStringList &tests) const
{
    if (tests.isEmpty())
        return QStringList();
    nlohmann::json input = nlohmann::json::array();
    for (const QString &test : tests)
        input.push_back(test.toStdString());
    // static_check.py only parses the tests; runHelperScript's -I keeps the project under review
    // (and the user's environment) away from it.
    auto output = runHelperScript(
        m_python, {QStringLiteral("static_check.py"), {}, toJsonBytes(input), 30000});
    if (!output)
        return makeError(
            QStringLiteral("the static test check failed: %1").arg(output.error().message));
    const nlohmann::json document = parseJson(*output).value_or(nullptr);
    if (!document.is_array() || document.size() != size_t(tests.size()))
        return makeError(QStringLiteral("the static test check failed: static_check.py answered "
                                        "with no list of %1 results")
                             .arg(tests.size()));
    QStringList result;
    for (const auto &problems : document)
        result << toQStringList(problems).join(QLatin1Char('\n'));
    return result;
}

} // namespace difftriage::engine
