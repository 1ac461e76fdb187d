#include "targets/TargetAnalysis.h"

#include "config/ProjectConfig.h"
#include "core/DataPaths.h"
#include "core/HelperScript.h"
#include "core/Json.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QSaveFile>
#include <QStandardPaths>

namespace difftriage::engine {

namespace {

nlohmann::json changesDocument(const QList<ChangedFile> &files)
{
    nlohmann::json list = nlohmann::json::array();
    for (const ChangedFile &file : files) {
        const auto path = [](const QString &p) {
            return p.isEmpty() ? nlohmann::json(nullptr) : nlohmann::json(p.toStdString());
        };
        list.push_back(
            {{"old_path", path(file.oldPath)},
             {"new_path", path(file.newPath)},
             {"old_lines", std::vector<int>(file.oldLines.cbegin(), file.oldLines.cend())},
             {"new_lines", std::vector<int>(file.newLines.cbegin(), file.newLines.cend())}});
    }
    return {{"files", list}};
}

QString cachePath(const TargetAnalysisInput &input, const QByteArray &changes,
                  const QStringList &arguments)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const QString &part :
         {analyzerFingerprint(), input.python.executable, input.python.version, input.base,
          input.head, arguments.join(QLatin1Char('\x1f'))})
        hash.addData(part.toUtf8() + '\0');
    hash.addData(changes);
    const QString directory =
        input.cacheDirectory.isEmpty()
            ? QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) +
                  QStringLiteral("/difftriage/targets")
            : input.cacheDirectory;
    return directory + QLatin1Char('/') + QString::fromLatin1(hash.result().toHex()) +
           QStringLiteral(".json");
}

} // namespace

QStringList analyzerSources()
{
    const QString root = dataDirectory() + QStringLiteral("/python");
    QStringList files{root + QStringLiteral("/analyze.py"),
                      root + QStringLiteral("/executable_lines.py")};
    for (const QString &package : {QStringLiteral("pyanalysis"), QStringLiteral("pymodel")}) {
        QDirIterator it(root + QLatin1Char('/') + package, {QStringLiteral("*.py")}, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext())
            files << it.next();
    }
    files.sort();
    return files;
}

QString analyzerFingerprint()
{
    static const QString fingerprint = [] {
        QCryptographicHash hash(QCryptographicHash::Sha256);
        for (const QString &path : analyzerSources()) {
            QFile file(path);
            if (file.open(QIODevice::ReadOnly))
                hash.addData(file.readAll());
        }
        return QString::fromLatin1(hash.result().toHex().left(16));
    }();
    return fingerprint;
}

Expected<Targets> analyzeTargets(const TargetAnalysisInput &input)
{
    const QByteArray changes = toJsonBytes(changesDocument(input.files));
    QStringList arguments{QStringLiteral("targets"),
                          QStringLiteral("--old-root"),
                          input.oldRoot,
                          QStringLiteral("--new-root"),
                          input.newRoot,
                          QStringLiteral("--changes"),
                          QStringLiteral("-"),
                          QStringLiteral("--k"),
                          QString::number(input.k)};
    for (const QString &root : input.importRoots)
        arguments << QStringLiteral("--import-root") << root;
    if (!input.exclude.isEmpty() && input.exclude != ProjectConfig::defaultExcludes()) {
        arguments << QStringLiteral("--no-default-excludes");
        for (const QString &glob : input.exclude)
            arguments << QStringLiteral("--exclude") << glob;
    }
    // The tree paths differ between machines and caches; the commits identify the trees.
    const QStringList keyArguments = arguments.mid(7);
    const QString cached = cachePath(input, changes, keyArguments);
    QFile cacheFile(cached);
    if (cacheFile.open(QIODevice::ReadOnly)) {
        const auto document = parseJson(cacheFile.readAll());
        // A damaged or foreign cache file is ignored: the analyzer runs again and replaces it.
        if (document) {
            auto targets = parseTargets(*document);
            if (targets)
                return targets;
        }
    }

    auto output = runHelperScript(input.python, {QStringLiteral("analyze.py"), arguments, changes});
    if (!output)
        return output.error();
    const auto document = parseJson(*output);
    if (!document)
        return makeError(QStringLiteral("analyze.py answered with malformed JSON"));
    auto targets = parseTargets(*document);
    if (targets && QDir().mkpath(QFileInfo(cached).path())) {
        QSaveFile save(cached); // atomic: a crash never leaves a half answer in the cache
        if (save.open(QIODevice::WriteOnly)) {
            save.write(*output);
            save.commit();
        }
    }
    return targets;
}

} // namespace difftriage::engine
