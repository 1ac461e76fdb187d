#include "generate/llm/StaticCheck.h"

#include <QProcess>
#include <nlohmann/json.hpp>

namespace difftriage::engine {

namespace {

// Kept inline rather than as a shipped helper: it is small, has no state and is only ever run
// with -I -c, so it cannot pick up anything from the project under review.
constexpr const char *CheckScript = R"PY(
import ast, builtins, json, sys

BUILTINS = set(dir(builtins)) | {"__name__", "__file__", "__builtins__", "__doc__"}
EXITS = {("pytest", "main"), ("sys", "exit"), ("os", "_exit"), ("os", "kill"), ("os", "abort")}

def private(dotted):
    return any(part.startswith("_") and not part.startswith("__") for part in dotted.split("."))

def bound_names(tree):
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.alias):
            names.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names.add(node.name)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            names.update(node.names)
        elif type(node).__name__ in ("MatchAs", "MatchStar") and getattr(node, "name", None):
            names.add(node.name)
        elif type(node).__name__ == "MatchMapping" and getattr(node, "rest", None):
            names.add(node.rest)
    return names

def problems(code):
    try:
        tree = ast.parse(code)
    except SyntaxError as error:
        return ["SyntaxError: %s (line %s)" % (error.msg, error.lineno)]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level or private(module):
                found.append("imports from the private module '%s'" % ("." * node.level + module))
            for alias in node.names:
                if alias.name != "*" and private(alias.name):
                    found.append("imports the private name '%s' from '%s'" % (alias.name, module))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if private(alias.name):
                    found.append("imports the private module '%s'" % alias.name)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and isinstance(node.func.value, ast.Name) \
                and (node.func.value.id, node.func.attr) in EXITS:
            found.append("calls %s.%s, which ends the test process" % (node.func.value.id, node.func.attr))
    bound = bound_names(tree)
    missing = sorted({node.id for node in ast.walk(tree) if isinstance(node, ast.Name)
                      and isinstance(node.ctx, ast.Load) and node.id not in bound
                      and node.id not in BUILTINS})
    found.extend("name '%s' is not defined" % name for name in missing)
    return found

tests = json.load(sys.stdin)
json.dump([problems(code) for code in tests], sys.stdout)
)PY";

} // namespace

Expected<QStringList> StaticCheck::check(const QStringList &tests) const
{
    if (tests.isEmpty())
        return QStringList();
    nlohmann::json input = nlohmann::json::array();
    for (const QString &test : tests)
        input.push_back(test.toStdString());
    QProcess process;
    process.start(m_python.executable,
                  {QStringLiteral("-I"), QStringLiteral("-c"), QString::fromUtf8(CheckScript)});
    if (!process.waitForStarted(10000))
        return makeError(QStringLiteral("cannot start %1 to check tests").arg(m_python.executable));
    process.write(QByteArray::fromStdString(input.dump()));
    process.closeWriteChannel();
    if (!process.waitForFinished(30000)) {
        process.kill();
        process.waitForFinished(1000);
        return makeError(QStringLiteral("the static test check timed out"));
    }
    const QByteArray output = process.readAllStandardOutput();
    const auto document = nlohmann::json::parse(output.constData(),
                                                output.constData() + output.size(), nullptr, false);
    if (process.exitCode() != 0 || !document.is_array() || document.size() != size_t(tests.size()))
        return makeError(
            QStringLiteral("the static test check failed: %1")
                .arg(QString::fromUtf8(process.readAllStandardError()).trimmed().left(300)));
    QStringList result;
    for (const auto &problems : document) {
        QStringList lines;
        for (const auto &problem : problems)
            lines << QString::fromStdString(problem.get<std::string>());
        result << lines.join(QLatin1Char('\n'));
    }
    return result;
}

} // namespace difftriage::engine
