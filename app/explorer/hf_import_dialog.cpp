#include "app/explorer/hf_import_dialog.h"

#include "app/explorer/app_settings.h"
#include "app/support/checkpoint_check.h"
#include "app/support/model_files.h"
#include "core/common/input_error.h"
#include "core/model/model_architecture.h"
#include "core/model/tensor_architecture.h"
#include "widgets/messages/core_message.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

namespace lhe::app {

HfImportDialog::HfImportDialog(AppSettings* settings, QWidget* parent)
    : QDialog(parent), m_settings(settings), m_client(new HfHubClient(this))
{
    setWindowTitle(tr("Import from Hugging Face"));
    auto* intro = new QLabel(tr("Downloads the model's config.json from %1 (and its safetensors index, to "
                                "cross-check the size). The weights are not downloaded.")
                                 .arg(HfHubClient::endpoint()),
                             this);
    intro->setWordWrap(true);

    m_idEdit = new QLineEdit(this);
    m_idEdit->setPlaceholderText(tr("org/name or https://huggingface.co/org/name"));
    m_idEdit->setMinimumWidth(fontMetrics().horizontalAdvance(QLatin1Char('x')) * 48);
    m_tokenEdit = new QLineEdit(this);
    m_tokenEdit->setEchoMode(QLineEdit::Password);
    m_tokenEdit->setClearButtonEnabled(true);
    m_tokenEdit->setPlaceholderText(tr("hf_… (only for gated or private models)"));
    m_tokenNote = new QLabel(this);
    m_tokenNote->setWordWrap(true);
    m_tokenNote->setForegroundRole(QPalette::PlaceholderText);
    if (HfHubClient::tokenFromEnvironment()) {
        // The environment wins (as in huggingface_hub): say so rather than ignore what is typed.
        m_tokenEdit->setEnabled(false);
        m_tokenNote->setText(tr("HF_TOKEN is set in the environment and is used instead of this field."));
    } else {
        if (m_settings)
            m_tokenEdit->setText(m_settings->hfToken());
        m_tokenNote->setText(m_settings ? tr("Kept in this program's settings on this computer.")
                                        : tr("Used for this download only."));
    }
    auto* form = new QFormLayout;
    auto* idLabel = new QLabel(tr("&Model:"), this);
    idLabel->setBuddy(m_idEdit);
    auto* tokenLabel = new QLabel(tr("&Token:"), this);
    tokenLabel->setBuddy(m_tokenEdit);
    form->addRow(idLabel, m_idEdit);
    form->addRow(tokenLabel, m_tokenEdit);
    form->addRow(QString(), m_tokenNote);

    m_progress = new QProgressBar(this);
    m_progress->setVisible(false);
    m_progress->setAccessibleName(tr("Download progress"));

    m_errorIcon = new QLabel(this);
    const int iconSize = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    m_errorIcon->setPixmap(
        style()->standardIcon(QStyle::SP_MessageBoxWarning, nullptr, this).pixmap(iconSize));
    m_errorIcon->setAlignment(Qt::AlignTop);
    m_errorIcon->setVisible(false);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_status->setVisible(false);
    auto* statusRow = new QHBoxLayout;
    statusRow->addWidget(m_errorIcon);
    statusRow->addWidget(m_status, 1);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_downloadButton = m_buttons->addButton(tr("&Download"), QDialogButtonBox::AcceptRole);
    m_downloadButton->setDefault(true); // Enter starts
    connect(m_buttons, &QDialogButtonBox::accepted, this, &HfImportDialog::startDownload);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &HfImportDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_progress);
    layout->addLayout(statusRow);
    layout->addStretch(1);
    layout->addWidget(m_buttons);

    connect(m_client, &HfHubClient::progress, this, &HfImportDialog::onProgress);
    connect(m_client, &HfHubClient::downloaded, this, &HfImportDialog::onDownloaded);
    connect(m_client, &HfHubClient::failed, this, &HfImportDialog::showError);
    m_idEdit->setFocus();
}

QString HfImportDialog::errorText() const
{
    return m_status->isVisible() ? m_status->text() : QString();
}

void HfImportDialog::startDownload()
{
    if (m_client->isRunning())
        return;
    showError(QString());
    if (m_idEdit->text().trimmed().isEmpty()) {
        showError(tr("Enter a model id such as meta-llama/Llama-3.2-1B, or paste its page's address."));
        return;
    }
    const QString token = m_tokenEdit->text().trimmed();
    if (m_settings && !HfHubClient::tokenFromEnvironment() && token != m_settings->hfToken())
        m_settings->setHfToken(token);
    m_client->setToken(token);
    m_warnings.clear();
    m_notes.clear();
    setBusy(true);
    m_client->start(m_idEdit->text()); // a bad id fails at once, through showError
}

void HfImportDialog::reject()
{
    m_client->abort();
    QDialog::reject();
}

void HfImportDialog::onProgress(qint64 received, qint64 total)
{
    // Byte counts of a config (at most 16 MiB: HfHubClient::kMaxResponseBytes) fit an int.
    if (total <= 0) {
        m_progress->setRange(0, 0); // busy: the server sent no length
    } else {
        m_progress->setRange(0, static_cast<int>(total));
        m_progress->setValue(static_cast<int>(received));
    }
}

void HfImportDialog::onDownloaded()
{
    const HfModelFiles& files = m_client->result();
    const std::string repoId = files.repoId.toStdString();
    std::vector<core::Message> configWarnings;
    // The shards' safetensors headers, when the Hub gave them: the counts come from them.
    std::optional<core::InputError> headerFailure;
    m_tensors = tensorsOfShardHeaders(files.config, files, headerFailure);
    core::ModelArchitecture architecture;
    try {
        architecture = core::architectureFromModelSources(
            files.config, m_tensors.is_null() ? nullptr : &m_tensors, std::string(), configWarnings);
    } catch (const core::InputError& error) {
        // The download worked, but the estimator could not use this config (an encoder-only
        // model, a missing key): say so here, where the user can try another id.
        showError(widgets::translatedError(error.withOrigin(repoId + "/config.json")));
        return;
    }
    for (core::Message& warning : configWarnings)
        m_warnings.push_back(core::message(core::MessageId("%1: %2"), repoId, std::move(warning)));
    m_notes = files.notes;
    if (headerFailure)
        m_notes << tr("Tensor headers not used: %1").arg(widgets::translatedError(*headerFailure));
    if (files.indexTotalBytes) {
        if (const auto check = checkCheckpointSize(*files.indexTotalBytes, architecture)) {
            const QLocale locale;
            const QString index = locale.toString(check->indexBytes / 1e9, 'f', 2);
            if (check->agrees) {
                m_notes << files.repoId + QStringLiteral(": ") +
                               tr("safetensors index %1 GB agrees with the parameter count (within %2 %)")
                                   .arg(index, locale.toString(check->withinPercent, 'f', 1));
            } else {
                // Already in the interface's language: a message with no words of the core's.
                m_warnings.push_back(core::verbatimMessage(
                    QString(
                        files.repoId + QStringLiteral(": ") +
                        tr("checkpoint index says %1 GB, the config's parameter count in its stored formats "
                           "gives %2 GB (ratio %3): the config may not describe this checkpoint")
                            .arg(index, locale.toString(check->configBytes / 1e9, 'f', 2),
                                 locale.toString(check->ratio, 'f', 2)))
                        .toStdString()));
            }
        }
    }
    setBusy(false);
    accept();
}

void HfImportDialog::showError(const QString& message)
{
    setBusy(false);
    m_status->setText(message);
    m_status->setVisible(!message.isEmpty());
    m_errorIcon->setVisible(!message.isEmpty());
    if (!message.isEmpty()) {
        m_idEdit->setFocus();
        m_idEdit->selectAll();
    }
}

void HfImportDialog::setBusy(bool busy)
{
    m_idEdit->setEnabled(!busy);
    m_tokenEdit->setEnabled(!busy && !HfHubClient::tokenFromEnvironment());
    m_downloadButton->setEnabled(!busy);
    m_progress->setVisible(busy);
    if (busy)
        m_progress->setRange(0, 0);
}

} // namespace lhe::app
