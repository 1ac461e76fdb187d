#include "targets/AccessInfoRenderer.h"

#include "core/DataPaths.h"

#include <QFile>
#include <QRegularExpression>
#include <QSet>

namespace difftriage::engine {

namespace {

QString indentedDocstring(const QString &docstring)
{
    if (docstring.trimmed().isEmpty())
        return {};
    QString body = docstring.trimmed();
    QStringList lines = body.split(QLatin1Char('\n'));
    for (QString &line : lines) {
        if (!line.trimmed().isEmpty())
            line.prepend(QStringLiteral("    "));
    }
    body = lines.join(QLatin1Char('\n')).trimmed();
    return QStringLiteral("\n    \"\"\"%1\"\"\"").arg(body);
}

// "def f(a: int) -> str" -> "f(a: int) -> str" for class headers built from constructors.
QString withoutDef(const QString &signature)
{
    return signature.startsWith(QLatin1String("def ")) ? signature.mid(4) : signature;
}

// The class line's text: the constructor signature, or just the class when an external base may
// define the constructor (the analyzer then leaves the signature unknown).
QString classSignature(const AccessMethod &method)
{
    if (!method.constructorSignature.isEmpty())
        return withoutDef(method.constructorSignature);
    return method.classExpr.isEmpty() ? method.className.section(QLatin1Char('.'), -1)
                                      : method.classExpr;
}

// Whether `info` has no way in under the heading for `versions`: both versions unreachable go
// under "both", one unreachable version under its own heading.
bool unreachableUnder(const AccessInfo &info, Presence versions)
{
    const bool existsOld = info.versions != Presence::NewOnly;
    const bool existsNew = info.versions != Presence::OldOnly;
    const bool lostOld = existsOld && !info.reachableOld;
    const bool lostNew = existsNew && !info.reachableNew;
    if (versions == Presence::Both)
        return existsOld && existsNew && lostOld && lostNew;
    if (versions == Presence::OldOnly)
        return lostOld && !(existsNew && lostNew);
    return lostNew && !(existsOld && lostOld);
}

} // namespace

Expected<AccessInfoRenderer> AccessInfoRenderer::load()
{
    const QString path = dataDirectory() + QStringLiteral("/templates/access_info.txt");
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return makeError(QStringLiteral("template missing: %1").arg(path));
    return fromTemplate(QString::fromUtf8(file.readAll()));
}

Expected<AccessInfoRenderer> AccessInfoRenderer::fromTemplate(const QString &templateText)
{
    AccessInfoRenderer renderer;
    QString current;
    QStringList lines;
    const auto flush = [&] {
        if (!current.isEmpty())
            renderer.m_sections.insert(current, lines.join(QLatin1Char('\n')));
        lines.clear();
    };
    for (const QString &line : templateText.split(QLatin1Char('\n'))) {
        if (line.startsWith(QLatin1String("@@ "))) {
            flush();
            current = line.mid(3).trimmed();
        } else if (!line.startsWith(QLatin1Char('#')) && !current.isEmpty()) {
            lines << line;
        }
    }
    flush();
    for (const char *required : {"preamble", "heading_both", "target", "method_call",
                                 "method_special", "class_preamble", "class"}) {
        if (!renderer.m_sections.contains(QLatin1String(required)))
            return makeError(
                QStringLiteral("access template lacks section '%1'").arg(QLatin1String(required)));
    }
    return renderer;
}

QString AccessInfoRenderer::section(const QString &name, const QMap<QString, QString> &values) const
{
    // One pass over the template: a value that itself contains "{signature}" (a docstring with a
    // format string) is copied as it is, never substituted again.
    static const QRegularExpression placeholder(QStringLiteral("\\{([a-z_]+)\\}"));
    const QString pattern = m_sections.value(name).trimmed();
    QString text;
    qsizetype done = 0;
    for (auto it = placeholder.globalMatch(pattern); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        const auto value = values.constFind(match.captured(1));
        if (value == values.cend())
            continue;
        text += pattern.mid(done, match.capturedStart() - done) + *value;
        done = match.capturedEnd();
    }
    return text + pattern.mid(done);
}

QString AccessInfoRenderer::renderMethod(const AccessMethod &method, int index) const
{
    QString text;
    if (method.type == AccessRoute::Special) {
        text = section(
            QStringLiteral("method_special"),
            {{QStringLiteral("index"), QString::number(index)},
             {QStringLiteral("special_method"), method.triggerMethod},
             {QStringLiteral("hint"), method.triggerHint},
             {QStringLiteral("import_line"),
              method.classImportLine.isEmpty() ? method.importLine : method.classImportLine},
             {QStringLiteral("signature"), QStringLiteral("class ") + classSignature(method)},
             {QStringLiteral("docstring"), indentedDocstring(method.classDocstring)}});
    } else {
        const QString entry =
            method.publicName.isEmpty() ? method.entryQualname : method.publicName;
        text = section(QStringLiteral("method_call"),
                       {{QStringLiteral("index"), QString::number(index)},
                        {QStringLiteral("entry"), entry},
                        {QStringLiteral("import_line"), method.importLine},
                        {QStringLiteral("signature"), method.signature},
                        {QStringLiteral("docstring"), indentedDocstring(method.docstring)}});
    }
    if (method.path.size() > 1 && m_sections.contains(QStringLiteral("call_path")))
        text += QLatin1Char('\n') +
                section(QStringLiteral("call_path"),
                        {{QStringLiteral("path"), method.path.join(QStringLiteral(" -> "))}});
    return text;
}

QString AccessInfoRenderer::render(const Targets &targets, const QStringList &onlyTargets,
                                   bool feedback) const
{
    QStringList blocks;
    blocks << section(feedback ? QStringLiteral("preamble_feedback") : QStringLiteral("preamble"),
                      {});
    QMap<QString, AccessMethod> classes; // by class name, for the class block at the end
    for (const auto &[versions, spelled, label] : terms<Presence>()) {
        QStringList targetBlocks;
        for (const AccessInfo &info : targets.access) {
            if (!onlyTargets.isEmpty() && !onlyTargets.contains(info.target))
                continue;
            QStringList methodTexts;
            for (const AccessMethod &method : info.methods) {
                if (method.versions != versions)
                    continue;
                methodTexts << renderMethod(method, static_cast<int>(methodTexts.size()));
                if (!method.className.isEmpty())
                    classes.insert(method.className, method);
            }
            const QMap<QString, QString> target{{QStringLiteral("target"), info.target}};
            // A changed function with no public way in is said so, not silently left out.
            if (methodTexts.isEmpty() && unreachableUnder(info, versions) &&
                m_sections.contains(QStringLiteral("unreachable")))
                methodTexts << section(QStringLiteral("unreachable"), target);
            if (!methodTexts.isEmpty())
                targetBlocks << section(QStringLiteral("target"), target) + QLatin1Char('\n') +
                                    methodTexts.join(QStringLiteral("\n\n"));
        }
        if (!targetBlocks.isEmpty())
            blocks << section(QStringLiteral("heading_") + QLatin1String(spelled), {}) +
                          QStringLiteral("\n\n") + targetBlocks.join(QStringLiteral("\n\n"));
    }
    if (!classes.isEmpty()) {
        QStringList classTexts;
        for (const AccessMethod &method : classes)
            classTexts << section(
                QStringLiteral("class"),
                {{QStringLiteral("import_line"), method.classImportLine},
                 {QStringLiteral("class_signature"), classSignature(method)},
                 {QStringLiteral("docstring"), indentedDocstring(method.classDocstring)}});
        blocks << section(QStringLiteral("class_preamble"), {}) + QStringLiteral("\n\n") +
                      classTexts.join(QStringLiteral("\n\n"));
    }
    return blocks.join(QStringLiteral("\n\n")) + QLatin1Char('\n');
}

} // namespace difftriage::engine
