#include "SandboxSupport.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <algorithm>

namespace difftriage::engine::test {

namespace {

constexpr int DifferingFunctions = 8;

// pkg/funcs.py of one side: fN() on lines 2N+1 (def) and 2N+2 (return), stop_worker() after.
QByteArray functions(bool newSide)
{
    QByteArray source = "import os, signal\n\n";
    for (int n = 1; n <= DifferingFunctions; ++n)
        source +=
            QStringLiteral("def f%1():\n    return %2\n").arg(n).arg(newSide ? 10 * n : n).toUtf8();
    source += "def stop_worker():\n";
    if (newSide)
        source += "    os.kill(os.getppid(), signal.SIGKILL)\n";
    source += "    return 'kept'\n";
    return source;
}

} // namespace

QByteArray fingerprint(const QString &root)
{
    QStringList files;
    QDirIterator it(root, QDir::Files | QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next();
    files.sort();
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const QString &path : std::as_const(files)) {
        hash.addData(path.toUtf8());
        hash.addData(QByteArray::number(int(QFile::permissions(path))));
        QFile file(path);
        if (QFileInfo(path).isFile() && file.open(QIODevice::ReadOnly))
            hash.addData(file.readAll());
    }
    return hash.result().toHex();
}

int processesWith(const QStringList &markers)
{
    int count = 0;
    for (const QString &entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        if (entry.isEmpty() || !entry.at(0).isDigit())
            continue;
        QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(entry));
        const QByteArray text =
            cmdline.open(QIODevice::ReadOnly) ? cmdline.readAll() : QByteArray();
        if (std::any_of(markers.begin(), markers.end(),
                        [&](const QString &marker) { return text.contains(marker.toUtf8()); }))
            ++count;
    }
    return count;
}

bool writeFile(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(content) == content.size();
}

WorkerKillerProject writeWorkerKillerProject(const QString &directory)
{
    WorkerKillerProject project;
    project.oldTree = directory + QStringLiteral("/old");
    project.newTree = directory + QStringLiteral("/new");
    for (const QString &tree : {project.oldTree, project.newTree}) {
        writeFile(tree + QStringLiteral("/pkg/__init__.py"), QByteArray());
        writeFile(tree + QStringLiteral("/pkg/funcs.py"), functions(tree == project.newTree));
    }
    const QString file = QStringLiteral("pkg/funcs.py");
    for (int n = 1; n <= DifferingFunctions; ++n) {
        ChangedFunction function;
        function.qualname = QStringLiteral("pkg.funcs.f%1").arg(n);
        function.oldFile = function.newFile = file;
        function.oldLines = function.newLines = {2 * n + 2};
        project.targets.functions << function;
        project.differing << QStringLiteral("from pkg.funcs import f%1\nprint(f%1())\n").arg(n);
        project.round << Candidate{function.qualname, QStringLiteral("f%1").arg(n),
                                   project.differing.last(), nlohmann::json()};
    }
    project.killer = QStringLiteral("from pkg.funcs import stop_worker\nprint(stop_worker())\n");
    // Early in the batch, so that most of the batch's tests come after it.
    project.round.insert(1, Candidate{QStringLiteral("pkg.funcs.stop_worker"),
                                      QStringLiteral("stop_worker"), project.killer,
                                      nlohmann::json()});
    for (const char *same : {"print(1 + 1)\n", "import pkg\nprint(pkg.__name__)\n",
                             "from pkg import funcs\nprint(callable(funcs.f1))\n"})
        project.round << Candidate{QStringLiteral("pkg.funcs.f1"), QStringLiteral("f1"),
                                   QString::fromLatin1(same), nlohmann::json()};
    return project;
}

} // namespace difftriage::engine::test
