#include "report/PytestExporter.h"

#include "report/ExportSources.h"

#include <QRegularExpression>

namespace difftriage::engine {

namespace {

// What every exported file starts with: running a snippet the way the runner does, and the
// judge's built-in normalisation of what it prints (addresses, the tree's path).
constexpr auto Preamble = R"PY(
import contextlib
import io
import os
import re

import pytest

_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+\b")
_LONG_HEX = re.compile(r"\b0x[0-9a-fA-F]{9,16}\b")


def _normalise(text):
    text = text.replace(os.getcwd(), "<tree>")
    text = _ADDRESS.sub(" at 0x?", text)
    return _LONG_HEX.sub("0x?", text)


def _qualified_name(cls):
    module = getattr(cls, "__module__", None)
    if not module or module == "builtins":
        return cls.__qualname__
    return "%s.%s" % (module, cls.__qualname__)


def _run(code):
    """What the snippet prints, and the qualified name of what it raises (None: nothing)."""
    out = io.StringIO()
    raised = None
    with contextlib.redirect_stdout(out):
        try:
            exec(compile(code, "<test>", "exec"), {"__name__": "__difftriage_test__"})
        except Exception as error:  # the difference may be exactly this exception
            raised = _qualified_name(type(error))
    return _normalise(out.getvalue()), raised
)PY";

QString pythonString(const QString &text)
{
    QString out = QStringLiteral("\"");
    for (const QChar c : text) {
        if (c == QLatin1Char('\\'))
            out += QStringLiteral("\\\\");
        else if (c == QLatin1Char('"'))
            out += QStringLiteral("\\\"");
        else if (c == QLatin1Char('\n'))
            out += QStringLiteral("\\n");
        else if (c == QLatin1Char('\t'))
            out += QStringLiteral("\\t");
        else if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            out += QStringLiteral("\\x%1").arg(c.unicode(), 2, 16, QLatin1Char('0'));
        else
            out += c;
    }
    return out + QLatin1Char('"');
}

QString testName(const ReportDifference &difference)
{
    const QStringList parts = difference.target.split(QLatin1Char('.'));
    QString tail = parts.mid(qMax(0, parts.size() - 2)).join(QLatin1Char('_')).toLower();
    static const QRegularExpression unsafe(QStringLiteral("[^a-z0-9_]+"));
    tail.replace(unsafe, QStringLiteral("_"));
    return QStringLiteral("test_%1_%2").arg(difference.id, tail);
}

} // namespace

PytestExporter::PytestExporter(const Report &report) : m_report(report) {}

QString PytestExporter::expectedSide(Verdict verdict)
{
    if (verdict == Verdict::Intended || verdict == Verdict::CoincidentalFix)
        return QStringLiteral("new");
    if (verdict == Verdict::Regression)
        return QStringLiteral("old");
    return QString();
}

QString PytestExporter::renderTest(const ReportDifference &difference) const
{
    const QString side = expectedSide(difference.verdict);
    QString text = QStringLiteral("\n\n# %1: %2 in %3; verdict: %4")
                       .arg(difference.id, spelling(difference.kind), difference.target,
                            spelling(difference.verdict));
    if (!difference.note.isEmpty())
        text += QStringLiteral("\n# note: %1")
                    .arg(QString(difference.note).replace(QLatin1Char('\n'), QLatin1Char(' ')));
    if (side.isEmpty())
        text += QStringLiteral("\n@pytest.mark.skip(reason=%1)")
                    .arg(pythonString(
                        QStringLiteral("%1: no side to expect").arg(spelling(difference.verdict))));
    const ReportSide &expected =
        side == QLatin1String("old") ? difference.oldSide : difference.newSide;
    text += QStringLiteral("\ndef %1():\n").arg(testName(difference));
    text += QStringLiteral("    out, raised = _run(%1)\n").arg(pythonString(difference.testCode));
    text +=
        QStringLiteral("    assert raised == %1  # the %2 version's behaviour\n")
            .arg(expected.errorType ? pythonString(*expected.errorType) : QStringLiteral("None"),
                 side.isEmpty() ? QStringLiteral("new") : side);
    text += QStringLiteral("    assert out == %1\n").arg(pythonString(expected.output));
    return text;
}

QString PytestExporter::render() const
{
    const QString change = m_report.number ? QStringLiteral("PR #%1").arg(*m_report.number)
                                           : QStringLiteral("the change");
    QString text =
        QStringLiteral("\"\"\"Behavioural differences of %1 (%2..%3), as pytest tests.\n\n"
                       "Written by DiffTriage from its report. Each test expects the side the "
                       "reviewer chose:\nthe new behaviour for intended changes and coincidental "
                       "fixes, the old one for\nregressions. Run it from the import root of the "
                       "tree to check: python3 -m pytest FILE\n\"\"\"")
            .arg(change, m_report.base.left(12), m_report.head.left(12));
    text += QString::fromUtf8(Preamble);
    for (const ReportDifference &difference : m_report.differences)
        text += renderTest(difference);
    if (m_report.differences.isEmpty())
        text += QStringLiteral("\n\n# No behavioural difference was found.\n");
    return text;
}

} // namespace difftriage::engine
