#pragma once

#include <QString>

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

} // namespace difftriage::ui
