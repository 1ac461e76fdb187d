#include "SettingsDialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QSettings>
#include <QToolButton>

namespace difftriage::ui {

SettingsDialog::SettingsDialog(QWidget *parent)
    : QDialog(parent), m_python(new QLineEdit(this)), m_generator(new QComboBox(this)),
      m_timeBudget(new QDoubleSpinBox(this)), m_language(new QComboBox(this))
{
    setWindowTitle(tr("Settings"));
    const QSettings settings;
    m_python->setText(
        settings.value(QStringLiteral("analysis/python"), QStringLiteral("python3")).toString());
    m_python->setToolTip(tr("The interpreter that runs both versions (a name on PATH or a path)"));
    auto *browse = new QToolButton(this);
    browse->setText(tr("…"));
    connect(browse, &QToolButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Python Interpreter"));
        if (!path.isEmpty())
            m_python->setText(path);
    });
    auto *pythonRow = new QHBoxLayout;
    pythonRow->addWidget(m_python, 1);
    pythonRow->addWidget(browse);

    m_generator->addItem(tr("Offline search (no network)"), QStringLiteral("offline"));
    m_generator->addItem(tr("Language model"), QStringLiteral("llm"));
    m_generator->setCurrentIndex(m_generator->findData(
        settings.value(QStringLiteral("analysis/generator"), QStringLiteral("offline"))));

    m_timeBudget->setRange(0, 24 * 3600);
    m_timeBudget->setSuffix(tr(" s"));
    m_timeBudget->setSpecialValueText(tr("No limit"));
    m_timeBudget->setValue(settings.value(QStringLiteral("analysis/timeBudget"), 0).toDouble());

    m_language->addItem(tr("System default"), QString());
    m_language->addItem(QStringLiteral("English"), QStringLiteral("en"));
    m_language->addItem(QStringLiteral("日本語"), QStringLiteral("ja"));
    m_language->setCurrentIndex(
        std::max(0, m_language->findData(settings.value(QStringLiteral("language")))));
    m_language->setToolTip(tr("Takes effect at the next start"));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QFormLayout(this);
    layout->addRow(tr("&Python:"), pythonRow);
    layout->addRow(tr("&Generator:"), m_generator);
    layout->addRow(tr("&Time budget:"), m_timeBudget);
    layout->addRow(tr("&Language:"), m_language);
    layout->addRow(buttons);
}

void SettingsDialog::accept()
{
    QSettings settings;
    settings.setValue(QStringLiteral("analysis/python"), m_python->text().trimmed());
    settings.setValue(QStringLiteral("analysis/generator"), m_generator->currentData());
    settings.setValue(QStringLiteral("analysis/timeBudget"), m_timeBudget->value());
    settings.setValue(QStringLiteral("language"), m_language->currentData());
    QDialog::accept();
}

} // namespace difftriage::ui
