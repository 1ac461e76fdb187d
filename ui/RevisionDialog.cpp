#include "RevisionDialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QPushButton>

namespace difftriage::ui {

RevisionDialog::RevisionDialog(QWidget *parent)
    : QDialog(parent), m_base(new QLineEdit(this)), m_head(new QLineEdit(this))
{
    setWindowTitle(tr("Compare Revisions"));
    m_base->setPlaceholderText(tr("e.g. main~3 or a commit id"));
    m_head->setPlaceholderText(tr("e.g. main or a branch name"));
    m_head->setText(QStringLiteral("HEAD"));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    const auto update = [this, buttons] {
        buttons->button(QDialogButtonBox::Ok)->setEnabled(!base().isEmpty() && !head().isEmpty());
    };
    connect(m_base, &QLineEdit::textChanged, this, update);
    connect(m_head, &QLineEdit::textChanged, this, update);
    update();
    auto *layout = new QFormLayout(this);
    layout->addRow(tr("&Old (base):"), m_base);
    layout->addRow(tr("&New (head):"), m_head);
    layout->addRow(buttons);
}

QString RevisionDialog::base() const
{
    return m_base->text().trimmed();
}

QString RevisionDialog::head() const
{
    return m_head->text().trimmed();
}

} // namespace difftriage::ui
