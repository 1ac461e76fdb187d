#include "SettingsDialog.h"

#include "ApiKeyStore.h"
#include "LlmConsent.h"
#include "execute/SandboxStatus.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QTimer>
#include <QToolButton>
#include <QtConcurrent>

namespace difftriage::ui {

SettingsDialog::SettingsDialog(QWidget *parent)
    : QDialog(parent), m_python(new QLineEdit(this)), m_pythonNew(new QLineEdit(this)),
      m_sandbox(new QLabel(this)), m_generator(new QComboBox(this)), m_suggest(new QComboBox(this)),
      m_llmUrl(new QLineEdit(this)), m_llmModel(new QLineEdit(this)), m_apiKey(new QLineEdit(this)),
      m_forgetConsent(new QPushButton(this)), m_effort(new QComboBox(this)),
      m_timeBudget(new QDoubleSpinBox(this)), m_language(new QComboBox(this)),
      m_recheck(new QTimer(this))
{
    setWindowTitle(tr("Settings"));
    const QSettings settings;
    m_python->setText(
        settings.value(QStringLiteral("analysis/python"), QStringLiteral("python3")).toString());
    m_python->setToolTip(tr("The interpreter that runs the old version (a name on PATH or a "
                            "path), and the new one unless it has its own"));
    m_pythonNew->setText(settings.value(QStringLiteral("analysis/pythonNew")).toString());
    m_pythonNew->setPlaceholderText(tr("Same as the old version"));
    m_pythonNew->setToolTip(tr("An interpreter for the new version only, when the change moves "
                               "to a newer Python"));
    // Rechecked as the user types, once the typing pauses.
    m_recheck->setSingleShot(true);
    m_recheck->setInterval(400);
    connect(m_recheck, &QTimer::timeout, this, &SettingsDialog::probeSandbox);
    for (QLineEdit *edit : {m_python, m_pythonNew}) {
        connect(edit, &QLineEdit::textEdited, m_recheck, qOverload<>(&QTimer::start));
        connect(edit, &QLineEdit::editingFinished, this, [this] {
            if (m_recheck->isActive()) {
                m_recheck->stop();
                probeSandbox();
            }
        });
    }
    m_python->setObjectName(QStringLiteral("pythonOld"));
    m_pythonNew->setObjectName(QStringLiteral("pythonNew"));
    m_sandbox->setObjectName(QStringLiteral("sandboxState"));
    m_sandbox->setWordWrap(true);
    // Wide enough that the note, a paragraph, reads as one and does not make the dialog a column.
    m_sandbox->setMinimumWidth(m_sandbox->fontMetrics().averageCharWidth() * 72);
    m_sandbox->setTextInteractionFlags(Qt::TextSelectableByMouse);
    probeSandbox();

    using engine::GeneratorKind, engine::SuggestionSource, engine::spelling;
    m_generator->addItem(tr("Offline search (no network)"), spelling(GeneratorKind::Offline));
    m_generator->addItem(tr("Language model"), spelling(GeneratorKind::Llm));
    m_generator->setCurrentIndex(
        std::max(0, m_generator->findData(settings.value(QStringLiteral("analysis/generator")))));

    m_suggest->addItem(tr("Offline heuristic (no network)"), spelling(SuggestionSource::Heuristic));
    m_suggest->addItem(tr("Language model"), spelling(SuggestionSource::Llm));
    m_suggest->setCurrentIndex(
        std::max(0, m_suggest->findData(settings.value(QStringLiteral("analysis/suggest")))));
    m_suggest->setToolTip(tr("Who suggests a verdict for each difference; the model's answers "
                             "fall back to the heuristic where it gives none"));

    m_llmUrl->setText(
        settings.value(QStringLiteral("llm/url"), QStringLiteral("http://localhost:11434/v1"))
            .toString());
    m_llmUrl->setToolTip(tr("Any OpenAI-compatible endpoint: Ollama, llama.cpp, vLLM, OpenAI"));
    m_llmModel->setText(settings.value(QStringLiteral("llm/model")).toString());
    m_llmModel->setPlaceholderText(tr("e.g. qwen2.5-coder:7b or gpt-4.1-mini"));
    const int consents = LlmConsent::grantedRepositories();
    m_forgetConsent->setText(tr("Forget Consent of %n Repository(s)", nullptr, consents));
    m_forgetConsent->setEnabled(consents > 0);
    m_forgetConsent->setToolTip(tr("Code goes to an endpoint on another machine only for "
                                   "repositories you allowed when asked; forget those answers"));
    connect(m_forgetConsent, &QPushButton::clicked, this, [this] {
        LlmConsent::forgetAll();
        m_forgetConsent->setText(tr("Forget Consent of %n Repository(s)", nullptr, 0));
        m_forgetConsent->setEnabled(false);
    });
    m_apiKey->setEchoMode(QLineEdit::Password);
    m_apiKey->setEnabled(ApiKeyStore::isAvailable());
    m_apiKey->setPlaceholderText(
        ApiKeyStore::isAvailable()
            ? tr("Kept in the system keychain; type to replace it")
            : tr("Not stored: set DIFFTRIAGE_LLM_API_KEY or OPENAI_API_KEY"));
    const auto enableLlm = [this] {
        const bool llm =
            m_generator->currentData() == engine::spelling(engine::GeneratorKind::Llm) ||
            m_suggest->currentData() == engine::spelling(engine::SuggestionSource::Llm);
        for (QWidget *widget :
             {static_cast<QWidget *>(m_llmUrl), static_cast<QWidget *>(m_llmModel)})
            widget->setEnabled(llm);
        m_apiKey->setEnabled(llm && ApiKeyStore::isAvailable());
    };
    connect(m_generator, &QComboBox::currentIndexChanged, this, enableLlm);
    connect(m_suggest, &QComboBox::currentIndexChanged, this, enableLlm);
    enableLlm();

    for (const engine::Effort effort : engine::AllEfforts)
        m_effort->addItem(engine::label(effort), spelling(effort));
    m_effort->setCurrentIndex(
        std::max(0, m_effort->findData(settings.value(QStringLiteral("analysis/effort"),
                                                      spelling(engine::Effort::Normal)))));
    m_effort->setObjectName(QStringLiteral("effort"));
    m_effort->setToolTip(tr("How many tests an analysis runs: quick takes seconds, normal about "
                            "a minute for a typical change, thorough several minutes"));

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
    m_language->setObjectName(QStringLiteral("language"));
    auto *restartNote = new QLabel(tr("Restart DiffTriage to apply the new language."), this);
    restartNote->setObjectName(QStringLiteral("restartNote"));
    restartNote->setVisible(false);
    connect(m_language, &QComboBox::currentIndexChanged, restartNote,
            [this, restartNote, initial = m_language->currentIndex()] {
                restartNote->setVisible(m_language->currentIndex() != initial);
            });

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QFormLayout(this);
    // A row that is a layout gets no buddy from addRow: without one its "&" would show.
    for (auto [text, edit] : {std::pair{tr("&Python (old):"), m_python},
                              std::pair{tr("P&ython (new):"), m_pythonNew}}) {
        auto *label = new QLabel(text, this);
        label->setBuddy(edit);
        layout->addRow(label, interpreterRow(edit));
    }
    layout->addRow(tr("Sandbox:"), m_sandbox);
    layout->addRow(tr("&Generator:"), m_generator);
    layout->addRow(tr("&Suggestions:"), m_suggest);
    layout->addRow(tr("LLM &endpoint:"), m_llmUrl);
    layout->addRow(tr("LLM &model:"), m_llmModel);
    layout->addRow(tr("API &key:"), m_apiKey);
    layout->addRow(QString(), m_forgetConsent);
    layout->addRow(tr("E&ffort:"), m_effort);
    layout->addRow(tr("&Time budget:"), m_timeBudget);
    layout->addRow(tr("&Language:"), m_language);
    layout->addRow(QString(), restartNote);
    layout->addRow(buttons);
}

QLayout *SettingsDialog::interpreterRow(QLineEdit *edit)
{
    auto *browse = new QToolButton(this);
    browse->setText(tr("…"));
    connect(browse, &QToolButton::clicked, this, [this, edit] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Python Interpreter"));
        if (path.isEmpty())
            return;
        edit->setText(path);
        probeSandbox();
    });
    auto *row = new QHBoxLayout;
    row->addWidget(edit, 1);
    row->addWidget(browse);
    return row;
}

void SettingsDialog::probeSandbox()
{
    QStringList interpreters{m_python->text().trimmed()};
    if (const QString newer = m_pythonNew->text().trimmed();
        !newer.isEmpty() && newer != interpreters.first())
        interpreters << newer;
    m_sandbox->setText(tr("Checking…"));
    const quint64 probe = ++m_probe;
    auto *watcher = new QFutureWatcher<engine::Expected<engine::SandboxStatus>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, probe] {
        watcher->deleteLater();
        if (probe != m_probe)
            return;
        const auto status = watcher->result();
        if (!status) {
            m_sandbox->setText(tr("Unknown: %1").arg(status.error().message));
            return;
        }
        // What each level protects, and what it does not, in full: the reviewer decides here
        // whether to run a stranger's code on this machine.
        m_sandbox->setText((status->level == engine::SandboxLevel::Full ? tr("Full (bubblewrap)")
                                                                        : tr("Degraded")) +
                           QStringLiteral("\n") + status->interpreters.join(QLatin1Char('\n')) +
                           QStringLiteral("\n\n") + status->translatedNote);
        m_sandbox->setToolTip(status->note);
        adjustSize(); // the note is several lines: grow to show all of it
    });
    watcher->setFuture(QtConcurrent::run(
        [interpreters] { return engine::probeSandboxStatus(interpreters, false); }));
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
    settings.setValue(QStringLiteral("analysis/pythonNew"), m_pythonNew->text().trimmed());
    settings.setValue(QStringLiteral("analysis/generator"), m_generator->currentData());
    settings.setValue(QStringLiteral("analysis/suggest"), m_suggest->currentData());
    settings.setValue(QStringLiteral("llm/url"), m_llmUrl->text().trimmed());
    settings.setValue(QStringLiteral("llm/model"), m_llmModel->text().trimmed());
    settings.setValue(QStringLiteral("analysis/effort"), m_effort->currentData());
    settings.setValue(QStringLiteral("analysis/timeBudget"), m_timeBudget->value());
    settings.setValue(QStringLiteral("language"), m_language->currentData());
    QDialog::accept();
}

} // namespace difftriage::ui
