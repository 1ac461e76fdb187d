#pragma once

#include <QString>
#include <optional>

namespace difftriage::ui {

// How the window names what the report identifies by machine names.

// A changed function without its package: "invoicekit.tax._tier_for" reads "tax" and
// "_tier_for"; a method keeps its class, "models" and "Invoice.subtotal". The first component
// with a capital letter starts the class.
struct TargetName
{
    QString module; // the module's last component; empty for a top-level name
    QString name;   // the function, or Class.method

    QString text() const { return module.isEmpty() ? name : module + QLatin1Char(' ') + name; }
};
TargetName targetName(const QString &qualifiedName);

// The call a generated test makes, in one line: "discount_for(100, '1.00')" for a test that
// imports, assigns the call's result and prints its repr. Falls back to the first line of code;
// at most `maxLength` characters.
QString callSummary(const QString &code, int maxLength = 70);

// The command a command-line test runs ("tabulate -H rsv", "python -m tabulate --help"), read
// from the first line the generator writes for it; none for any other test.
std::optional<QString> commandLine(const QString &code);

} // namespace difftriage::ui
