#include "app/explorer/export_dialog.h"

#include "widgets/charts/image_export.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>
#include <cmath>

namespace lhe::app {

namespace {

// A4 is 297 × 210 mm (ISO 216); at 96 px per inch (25.4 mm) that is 1122.5 × 793.7 px.
constexpr double kPxPerMm = 96.0 / 25.4;

} // namespace

QSize ExportDialog::presetSize(SizePreset preset, QSize shown)
{
    switch (preset) {
    case Slide16x9:
        return {1920, 1080};
    case Screen4x3:
        return {1024, 768};
    case A4Landscape:
        return {static_cast<int>(std::lround(297 * kPxPerMm)), static_cast<int>(std::lround(210 * kPxPerMm))};
    case AsShown:
        break;
    }
    return shown;
}

QString ExportDialog::sizePresetName(SizePreset preset)
{
    switch (preset) {
    case Slide16x9:
        return QStringLiteral("slide-16x9");
    case Screen4x3:
        return QStringLiteral("4x3");
    case A4Landscape:
        return QStringLiteral("a4-landscape");
    case AsShown:
        break;
    }
    return QStringLiteral("as-shown");
}

ExportDialog::SizePreset ExportDialog::sizePresetFromName(const QString& name)
{
    for (SizePreset preset : {Slide16x9, Screen4x3, A4Landscape})
        if (name == sizePresetName(preset))
            return preset;
    return AsShown;
}

ExportDialog::ExportDialog(QSize shown, const QString& path, double scale, SizePreset preset, QWidget* parent)
    : QDialog(parent), m_shown(shown)
{
    setWindowTitle(tr("Export Image"));

    m_pathEdit = new QLineEdit(path, this);
    m_pathEdit->setObjectName(QStringLiteral("exportPath"));
    m_pathEdit->setMinimumWidth(360);
    auto* browse = new QPushButton(tr("&Browse…"), this);
    auto* fileRow = new QHBoxLayout;
    fileRow->addWidget(m_pathEdit, 1);
    fileRow->addWidget(browse);

    const QLocale locale;
    const auto dimensions = [&locale](QSize size) {
        return tr("%1 × %2").arg(locale.toString(size.width()), locale.toString(size.height()));
    };
    m_sizeBox = new QComboBox(this);
    m_sizeBox->setObjectName(QStringLiteral("exportSize"));
    m_sizeBox->addItem(tr("As shown (%1)").arg(dimensions(shown)));
    m_sizeBox->addItem(tr("16:9 slide (%1)").arg(dimensions(presetSize(Slide16x9, shown))));
    m_sizeBox->addItem(tr("4:3 (%1)").arg(dimensions(presetSize(Screen4x3, shown))));
    m_sizeBox->addItem(tr("A4 landscape (%1)").arg(dimensions(presetSize(A4Landscape, shown))));
    m_sizeBox->setCurrentIndex(preset);

    m_scaleBox = new QDoubleSpinBox(this);
    m_scaleBox->setObjectName(QStringLiteral("exportScale"));
    m_scaleBox->setRange(1.0, 4.0); // 4 × 1920 × 1080 is 33 Mpx, well inside the render's budget
    m_scaleBox->setSingleStep(0.5);
    m_scaleBox->setDecimals(1);
    m_scaleBox->setSuffix(tr(" ×"));
    m_scaleBox->setValue(scale);

    m_readout = new QLabel(this);
    m_readout->setObjectName(QStringLiteral("exportReadout"));
    m_readout->setWordWrap(true);

    auto* form = new QFormLayout;
    auto* fileLabel = new QLabel(tr("&File:"), this);
    fileLabel->setBuddy(m_pathEdit);
    form->addRow(fileLabel, fileRow);
    auto* sizeLabel = new QLabel(tr("&Size:"), this);
    sizeLabel->setBuddy(m_sizeBox);
    form->addRow(sizeLabel, m_sizeBox);
    auto* scaleLabel = new QLabel(tr("S&cale:"), this);
    scaleLabel->setBuddy(m_scaleBox);
    form->addRow(scaleLabel, m_scaleBox);
    form->addRow(m_readout);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_exportButton = buttons->addButton(tr("&Export"), QDialogButtonBox::AcceptRole);
    m_exportButton->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);

    connect(browse, &QPushButton::clicked, this, &ExportDialog::browse);
    connect(m_pathEdit, &QLineEdit::textChanged, this, &ExportDialog::update);
    connect(m_sizeBox, &QComboBox::currentIndexChanged, this, &ExportDialog::update);
    connect(m_scaleBox, &QDoubleSpinBox::valueChanged, this, &ExportDialog::update);
    update();
}

QString ExportDialog::path() const
{
    return m_pathEdit->text().trimmed();
}

ExportDialog::SizePreset ExportDialog::preset() const
{
    return static_cast<SizePreset>(m_sizeBox->currentIndex());
}

QSize ExportDialog::logicalSize() const
{
    return preset() == AsShown ? QSize() : presetSize(preset(), m_shown);
}

double ExportDialog::scale() const
{
    widgets::ImageFormat format = widgets::ImageFormat::Png;
    return widgets::imageFormatForPath(path(), &format) && format != widgets::ImageFormat::Png
               ? 1.0
               : m_scaleBox->value();
}

QString ExportDialog::readout() const
{
    return m_readout->text();
}

void ExportDialog::browse()
{
    const QString png = tr("PNG image (*.png)");
    const QString svg = tr("SVG drawing (*.svg)");
    const QString pdf = tr("PDF document (*.pdf)");
    const QString suffix = QFileInfo(path()).suffix().toLower();
    QString selected = suffix == QLatin1String("svg") ? svg : suffix == QLatin1String("pdf") ? pdf : png;
    const QString chosen = QFileDialog::getSaveFileName(this, tr("Export Image"), path(),
                                                        QStringList{png, svg, pdf}.join(QStringLiteral(";;")),
                                                        &selected, QFileDialog::DontConfirmOverwrite);
    if (!chosen.isEmpty())
        m_pathEdit->setText(chosen);
}

void ExportDialog::update()
{
    widgets::ImageFormat format = widgets::ImageFormat::Png;
    const bool known = widgets::imageFormatForPath(path(), &format);
    m_scaleBox->setEnabled(!known || format == widgets::ImageFormat::Png);
    m_exportButton->setEnabled(known);
    if (!known) {
        m_readout->setText(path().isEmpty()
                               ? tr("Name the file to export.")
                               : tr("Name the file .png, .svg or .pdf: its type follows the name."));
        return;
    }
    const QSize size = presetSize(preset(), m_shown);
    const QLocale locale;
    if (format == widgets::ImageFormat::Png) {
        const QSize pixels(static_cast<int>(std::lround(size.width() * scale())),
                           static_cast<int>(std::lround(size.height() * scale())));
        m_readout->setText(tr("A PNG of %1 × %2 pixels.")
                               .arg(locale.toString(pixels.width()), locale.toString(pixels.height())));
    } else {
        m_readout->setText(tr("A page of %1 × %2 px at 96 per inch; lines and text stay sharp at any zoom.")
                               .arg(locale.toString(size.width()), locale.toString(size.height())));
    }
}

} // namespace lhe::app
