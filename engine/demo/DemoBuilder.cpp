#include "demo/DemoBuilder.h"

#include "core/Json.h"
#include "git/RepositoryWriter.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTimeZone>
#include <nlohmann/json.hpp>

namespace difftriage::engine {

namespace {

constexpr auto ResourceRoot = ":/demo";

struct PrData
{
    int number = 0;
    QString branch;
    git::Signature author;
    QString title;
    QString body;
    QMap<QString, QByteArray> files;
    QStringList deletions;
};

QMap<QString, QByteArray> readTree(const QString &root)
{
    QMap<QString, QByteArray> files;
    QDirIterator it(root, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile file(path);
        if (file.open(QIODevice::ReadOnly))
            files.insert(path.mid(root.size() + 1), file.readAll());
    }
    return files;
}

Expected<PrData> readPr(const QString &directory, const QDateTime &when)
{
    QFile metadata(directory + QStringLiteral("/pr.json"));
    if (!metadata.open(QIODevice::ReadOnly))
        return makeError(QStringLiteral("demo data is incomplete: %1/pr.json").arg(directory));
    const nlohmann::json json = parseJson(metadata.readAll()).value_or(nullptr);
    if (!json.is_object())
        return makeError(QStringLiteral("demo data is malformed: %1/pr.json").arg(directory));
    PrData pr;
    pr.number = intField(json, "number");
    pr.branch = stringField(json, "branch");
    pr.title = stringField(json, "title");
    pr.body = stringField(json, "body");
    pr.author = {stringField(json, "author"), stringField(json, "email"), when};
    pr.files = readTree(directory + QStringLiteral("/files"));
    QFile deletions(directory + QStringLiteral("/delete.txt"));
    if (deletions.open(QIODevice::ReadOnly)) {
        for (const QByteArray &line : deletions.readAll().split('\n')) {
            if (!line.trimmed().isEmpty())
                pr.deletions << QString::fromUtf8(line.trimmed());
        }
    }
    return pr;
}

} // namespace

Expected<QList<DemoPr>> DemoBuilder::build(const QString &outputDirectory)
{
    const QDir output(outputDirectory);
    if (output.exists() && !output.isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden))
        return makeError(QStringLiteral("%1 exists and is not empty").arg(outputDirectory));
    auto writer = git::RepositoryWriter::init(outputDirectory, QStringLiteral("main"));
    if (!writer)
        return writer.error();

    const QString mainBranch = QStringLiteral("main");
    QDateTime when(QDate(2024, 3, 4), QTime(9, 0), QTimeZone::utc());
    const git::Signature maintainer{QStringLiteral("Dana Maintainer"),
                                    QStringLiteral("maintainer@example.org"), when};

    QMap<QString, QByteArray> files = readTree(QLatin1String(ResourceRoot) + "/base");
    if (files.isEmpty())
        return makeError(QStringLiteral("the demo data is missing from this build"));
    auto tree = writer->writeTree(files);
    if (!tree)
        return tree.error();
    auto head = writer->commit(*tree, {}, maintainer, QStringLiteral("Initial import\n"));
    if (!head)
        return head.error();

    QList<DemoPr> prs;
    QDir prRoot(QLatin1String(ResourceRoot) + "/prs");
    for (const QString &name : prRoot.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        when = when.addDays(1);
        auto pr = readPr(prRoot.filePath(name), when);
        if (!pr)
            return pr.error();
        for (auto it = pr->files.cbegin(); it != pr->files.cend(); ++it)
            files.insert(it.key(), it.value());
        for (const QString &path : pr->deletions)
            files.remove(path);
        auto prTree = writer->writeTree(files);
        if (!prTree)
            return prTree.error();
        auto branchCommit = writer->commit(*prTree, {*head}, pr->author,
                                           pr->title + QStringLiteral("\n\n") + pr->body + '\n');
        if (!branchCommit)
            return branchCommit.error();
        if (auto status = writer->setBranch(pr->branch, *branchCommit); !status)
            return status.error();
        git::Signature merger = maintainer;
        merger.when = when.addSecs(3600);
        const QString message = QStringLiteral("Merge pull request #%1 from %2\n\n%3\n\n%4\n")
                                    .arg(pr->number)
                                    .arg(pr->branch, pr->title, pr->body);
        auto merge = writer->commit(*prTree, {*head, *branchCommit}, merger, message);
        if (!merge)
            return merge.error();
        head = *merge;
        prs << DemoPr{pr->number, pr->title, *merge};
    }
    if (auto status = writer->setBranch(mainBranch, *head); !status)
        return status.error();
    if (auto status = writer->checkoutBranch(mainBranch); !status)
        return status.error();
    return prs;
}

} // namespace difftriage::engine
