#include "SettingsDialog.h"

#include "ApiKeyStore.h"

#include <QCheckBox>
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
      m_suggest(new QComboBox(this)), m_llmUrl(new QLineEdit(this)),
      m_llmModel(new QLineEdit(this)), m_apiKey(new QLineEdit(this)),
      m_allowRemote(
          new QCheckBox(tr("Send the changed code to an endpoint on another machine"), this)),
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

    m_suggest->addItem(tr("Offline heuristic (no network)"), QStringLiteral("heuristic"));
    m_suggest->addItem(tr("Language model"), QStringLiteral("llm"));
    m_suggest->setCurrentIndex(
        std::max(0, m_suggest->findData(settings.value(QStringLiteral("analysis/suggest"),
                                                       QStringLiteral("heuristic")))));
    m_suggest->setToolTip(tr("Who suggests a verdict for each difference; the model's answers "
                             "fall back to the heuristic where it gives none"));

    m_llmUrl->setText(
        settings.value(QStringLiteral("llm/url"), QStringLiteral("http://localhost:11434/v1"))
            .toString());
    m_llmUrl->setToolTip(tr("Any OpenAI-compatible endpoint: Ollama, llama.cpp, vLLM, OpenAI"));
    m_llmModel->setText(settings.value(QStringLiteral("llm/model")).toString());
    m_llmModel->setPlaceholderText(tr("e.g. qwen2.5-coder:7b or gpt-4.1-mini"));
    m_allowRemote->setChecked(settings.value(QStringLiteral("llm/allowRemote"), false).toBool());
    m_allowRemote->setToolTip(tr("The API key is read from DIFFTRIAGE_LLM_API_KEY or "
                                 "OPENAI_API_KEY, else from the system keychain"));
    m_apiKey->setEchoMode(QLineEdit::Password);
    m_apiKey->setEnabled(ApiKeyStore::isAvailable());
    m_apiKey->setPlaceholderText(
        ApiKeyStore::isAvailable()
            ? tr("Kept in the system keychain; type to replace it")
            : tr("Not stored: set DIFFTRIAGE_LLM_API_KEY or OPENAI_API_KEY"));
    const auto enableLlm = [this] {
        const bool llm = m_generator->currentData() == QLatin1String("llm") ||
                         m_suggest->currentData() == QLatin1String("llm");
        for (QWidget *widget :
             {static_cast<QWidget *>(m_llmUrl), static_cast<QWidget *>(m_llmModel),
              static_cast<QWidget *>(m_allowRemote)})
            widget->setEnabled(llm);
        m_apiKey->setEnabled(llm && ApiKeyStore::isAvailable());
    };
    connect(m_generator, &QComboBox::currentIndexChanged, this, enableLlm);
    connect(m_suggest, &QComboBox::currentIndexChanged, this, enableLlm);
    enableLlm();

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
    layout->addRow(tr("&Suggestions:"), m_suggest);
    layout->addRow(tr("LLM &endpoint:"), m_llmUrl);
    layout->addRow(tr("LLM &model:"), m_llmModel);
    layout->addRow(tr("API &key:"), m_apiKey);
    layout->addRow(QString(), m_allowRemote);
    layout->addRow(tr("&Time budget:"), m_timeBudget);
    layout->addRow(tr("&Language:"), m_language);
    layout->addRow(buttons);
}

QString SettingsDialog::apiKey() const
{
    return m_apiKey->text().trimmed();
}

bool SettingsDialog::apiKeyEdited() const
{
    return m_apiKey->isModified();
}

void SettingsDialog::accept()
{
    QSettings settings;
    settings.setValue(QStringLiteral("analysis/python"), m_python->text().trimmed());
    settings.setValue(QStringLiteral("analysis/generator"), m_generator->currentData());
    settings.setValue(QStringLiteral("analysis/suggest"), m_suggest->currentData());
    settings.setValue(QStringLiteral("llm/url"), m_llmUrl->text().trimmed());
    settings.setValue(QStringLiteral("llm/model"), m_llmModel->text().trimmed());
    settings.setValue(QStringLiteral("llm/allowRemote"), m_allowRemote->isChecked());
    settings.setValue(QStringLiteral("analysis/timeBudget"), m_timeBudget->value());
    settings.setValue(QStringLiteral("language"), m_language->currentData());
    QDialog::accept();
}

} // namespace difftriage::ui
