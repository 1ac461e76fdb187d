#include "judge/Normalizer.h"

#include <QFileInfo>
#include <algorithm>

namespace difftriage::engine {

namespace {

constexpr auto MultiLine = QRegularExpression::MultilineOption;

QRegularExpression rootPattern(const QString &root)
{
    // Not where the root is only the prefix of a longer name: /tmp/t1 must not eat /tmp/t10.
    return QRegularExpression(QRegularExpression::escape(root) +
                              QStringLiteral("(?![A-Za-z0-9_.~-])"));
}

} // namespace

Normalizer::Normalizer()
{
    const QString warningCategory =
        QStringLiteral("(?:\\w+\\.)*(?:Deprecation|PendingDeprecation|Coverage)Warning");
    m_builtin = {
        // warnings.formatwarning() output: "file:12: DeprecationWarning: text" and, indented on
        // the next line, the source line that warned. Warnings are recorded separately.
        {QRegularExpression(
             QStringLiteral("^.*:\\d+: %1: .*(?:\\n[ \\t]+\\S.*)?(?:\\n|$)").arg(warningCategory),
             MultiLine),
         QString()},
        {QRegularExpression(QStringLiteral("^%1: .*(?:\\n|$)").arg(warningCategory), MultiLine),
         QString()},
        {QRegularExpression(QStringLiteral("^Coverage\\.py warning: .*(?:\\n|$)"), MultiLine),
         QString()},
        // The worker's private directories and tempfile's random names (tmpab_3x9qz).
        {QRegularExpression(
             QStringLiteral("(?:/[\\w.-]+)*/difftriage-worker-[0-9a-f]+(?:/run)?(?![\\w.-])")),
         QStringLiteral("<tmp>")},
        {QRegularExpression(QStringLiteral("\\btmp[a-z0-9_]{8}\\b")),
         QStringLiteral("tmpXXXXXXXX")},
        {QRegularExpression(QStringLiteral("\\bpytest-of-[^/\\s]+/pytest-\\d+")),
         QStringLiteral("pytest-of-USER/pytest-N")},
        // Default reprs (<pkg.Thing object at 0x7f3a...>) and other printed addresses. Short hex
        // numbers stay: hex(255) is a value, not an address.
        {QRegularExpression(QStringLiteral(" at 0x[0-9a-fA-F]+\\b")), QStringLiteral(" at 0x?")},
        {QRegularExpression(QStringLiteral("\\b0x[0-9a-fA-F]{9,16}\\b")), QStringLiteral("0x?")},
        // Clock readings: time.time() (seconds since 1970 with a fraction, 2001 to 2033) and
        // time.time_ns() (2020 to 2033). An object that keeps the time it was made in would make
        // every test printing its state flaky, and its class's changes invisible.
        {QRegularExpression(QStringLiteral("\\b1[0-9]{9}\\.[0-9]{3,}\\b")),
         QStringLiteral("<clock>")},
        {QRegularExpression(QStringLiteral("\\b1[6-9][0-9]{17}\\b")), QStringLiteral("<clock>")},
    };
}

void Normalizer::addRootPath(const QString &path)
{
    QStringList variants{path};
    const QString canonical = QFileInfo(path).canonicalFilePath();
    if (!canonical.isEmpty())
        variants << canonical;
    for (QString variant : variants) {
        while (variant.size() > 1 && variant.endsWith(QLatin1Char('/')))
            variant.chop(1);
        if (variant.size() > 1 && !m_roots.contains(variant))
            m_roots << variant;
    }
    std::sort(m_roots.begin(), m_roots.end(),
              [](const QString &a, const QString &b) { return a.size() > b.size(); });
    m_rootPatterns.clear();
    for (const QString &root : std::as_const(m_roots))
        m_rootPatterns << rootPattern(root);
}

void Normalizer::addRootPaths(const QStringList &paths)
{
    for (const QString &path : paths)
        addRootPath(path);
}

Status Normalizer::addPattern(const QString &pattern, const QString &replacement)
{
    QRegularExpression expression(pattern, MultiLine);
    if (!expression.isValid())
        return makeError(
            QStringLiteral("normalize pattern '%1' is not a valid regular expression: %2")
                .arg(pattern, expression.errorString()));
    m_extra << Rule{expression, replacement};
    return Ok{};
}

Status Normalizer::addPatterns(const QStringList &patterns)
{
    for (const QString &pattern : patterns) {
        const Status added = addPattern(pattern);
        if (!added)
            return added;
    }
    return Ok{};
}

QString Normalizer::normalize(const QString &text) const
{
    if (text.isEmpty())
        return text;
    QString result = text;
    // Roots before the temp-dir rules: test trees often live in a temp directory themselves.
    for (qsizetype i = 0; i < m_roots.size(); ++i)
        if (result.contains(m_roots[i]))
            result.replace(m_rootPatterns[i], QString::fromLatin1(TreePlaceholder));
    for (const Rule &rule : m_builtin)
        result.replace(rule.pattern, rule.replacement);
    for (const Rule &rule : m_extra)
        result.replace(rule.pattern, rule.replacement);
    return result;
}

WarningRecord Normalizer::normalize(const WarningRecord &warning) const
{
    return WarningRecord{warning.category, normalize(warning.message)};
}

} // namespace difftriage::engine
