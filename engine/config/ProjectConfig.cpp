#include "config/ProjectConfig.h"

#include "git/Repository.h"

namespace difftriage::engine {

namespace {

using nlohmann::json;

Expected<QStringList> stringList(const json &value, const QString &key, const QString &origin)
{
    if (!value.is_array())
        return makeError(QStringLiteral("%1: '%2' must be a list of strings").arg(origin, key));
    QStringList list;
    for (const json &item : value) {
        if (!item.is_string())
            return makeError(QStringLiteral("%1: '%2' must be a list of strings").arg(origin, key));
        list << QString::fromStdString(item.get<std::string>());
    }
    return list;
}

Expected<QString> string(const json &value, const QString &key, const QString &origin)
{
    if (!value.is_string())
        return makeError(QStringLiteral("%1: '%2' must be a string").arg(origin, key));
    return QString::fromStdString(value.get<std::string>());
}

bool isRelationLabel(const QString &label)
{
    static const QStringList labels{
        QStringLiteral("idempotence"),
        QStringLiteral("normalisation"),
        QStringLiteral("normalisation/bom"),
        QStringLiteral("normalisation/crlf"),
        QStringLiteral("normalisation/trailing_newline"),
        QStringLiteral("normalisation/whitespace"),
        QStringLiteral("path_agreement"),
        QStringLiteral("additivity"),
        QStringLiteral("permutation"),
        QStringLiteral("token_sensitivity"),
    };
    return labels.contains(label);
}

// {"pkg.mod.f": [labels], "disable": [labels or functions]}; an unknown label is worth a
// warning (the generator ignores it), a wrong shape is an error.
Expected<json> relations(const json &value, const QString &origin, QStringList &warnings)
{
    if (!value.is_object())
        return makeError(QStringLiteral("%1: 'relations' must be an object").arg(origin));
    for (auto it = value.begin(); it != value.end(); ++it) {
        const QString name = QString::fromStdString(it.key());
        auto list = stringList(it.value(), QStringLiteral("relations.") + name, origin);
        if (!list)
            return list.error();
        if (name == QLatin1String("disable"))
            continue; // a label, or a function whose relations are all off
        for (const QString &label : *list) {
            if (!isRelationLabel(label))
                warnings << QStringLiteral("%1: unknown relation '%2' for %3 ignored")
                                .arg(origin, label, name);
        }
    }
    return value;
}

} // namespace

QStringList ProjectConfig::defaultExcludes()
{
    return {QStringLiteral("tests/**"),       QStringLiteral("test/**"),
            QStringLiteral("**/tests/**"),    QStringLiteral("**/test/**"),
            QStringLiteral("**/test_*.py"),   QStringLiteral("**/*_test.py"),
            QStringLiteral("**/tests.py"),    QStringLiteral("**/*_tests.py"),
            QStringLiteral("**/conftest.py"), QStringLiteral("docs/**"),
            QStringLiteral("doc/**"),         QStringLiteral("examples/**"),
            QStringLiteral("example/**"),     QStringLiteral("setup.py"),
            QStringLiteral("noxfile.py"),     QStringLiteral("fabfile.py"),
            QStringLiteral("dodo.py")};
}

Expected<ProjectConfig> parseProjectConfig(const QByteArray &text, const QString &origin)
{
    json document;
    try {
        document = json::parse(text.constData(), text.constData() + text.size());
    } catch (const json::parse_error &error) {
        return makeError(QStringLiteral("%1 is not valid JSON: %2")
                             .arg(origin, QString::fromUtf8(error.what())));
    }
    if (!document.is_object())
        return makeError(QStringLiteral("%1 must hold a JSON object").arg(origin));

    ProjectConfig config;
    config.fromFile = true;
    for (auto it = document.begin(); it != document.end(); ++it) {
        const QString key = QString::fromStdString(it.key());
        const json &value = it.value();
        if (key == QLatin1String("python") || key == QLatin1String("prepare")) {
            auto parsed = string(value, key, origin);
            if (!parsed)
                return parsed.error();
            (key == QLatin1String("python") ? config.python : config.prepare) = *parsed;
        } else if (key == QLatin1String("import_roots") || key == QLatin1String("exclude") ||
                   key == QLatin1String("normalize")) {
            auto list = stringList(value, key, origin);
            if (!list)
                return list.error();
            if (key == QLatin1String("import_roots"))
                config.importRoots = *list;
            else if (key == QLatin1String("exclude"))
                config.exclude = *list;
            else
                config.normalize = *list;
        } else if (key == QLatin1String("relations")) {
            auto checked = relations(value, origin, config.warnings);
            if (!checked)
                return checked.error();
            config.relations = *checked;
        } else if (key == QLatin1String("time_limit_s")) {
            if (!value.is_number() || value.get<double>() <= 0)
                return makeError(
                    QStringLiteral("%1: 'time_limit_s' must be a positive number").arg(origin));
            config.timeLimitSeconds = value.get<double>();
        } else {
            config.warnings << QStringLiteral("%1: unknown key '%2' ignored").arg(origin, key);
        }
    }
    return config;
}

Expected<ProjectConfig> loadProjectConfig(const git::Repository &repository,
                                          const QString &baseCommit)
{
    auto content = repository.readFile(baseCommit, QLatin1String(ProjectConfig::FileName));
    if (!content)
        return content.error();
    if (!content->has_value())
        return ProjectConfig{};
    const QString origin =
        QStringLiteral("%1 at %2").arg(QLatin1String(ProjectConfig::FileName), baseCommit.left(12));
    return parseProjectConfig(**content, origin);
}

} // namespace difftriage::engine
