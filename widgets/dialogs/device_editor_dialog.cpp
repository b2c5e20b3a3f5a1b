#include "widgets/dialogs/device_editor_dialog.h"

#include "core/catalog/catalog.h"
#include "core/common/units.h"
#include "widgets/common/qt_text.h"
#include "widgets/common/value_format.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace lhe::widgets {

namespace {

using core::units::GB;
using core::units::GiB;
using core::units::TFLOPS;

// The peaks the dialog shows, in spin box order; other precisions pass through from setDevice().
constexpr std::array kShownPeaks{core::PeakKey::Bf16, core::PeakKey::Fp16, core::PeakKey::Fp8,
                                 core::PeakKey::Int8, core::PeakKey::Fp32};

double whole(double value)
{
    return std::round(value);
}

// The spin box value in base units, rounded to whole units; a value still showing `exact` as
// prefilled (same figure at the box's precision) returns `exact`, so an untouched field of an
// edited copy keeps the catalog's figure rather than the display's rounding of it.
double valueOf(const QDoubleSpinBox* spin, double unit, double exact)
{
    if (exact > 0) {
        const double scale = std::pow(10.0, spin->decimals());
        if (std::round(exact / unit * scale) == std::round(spin->value() * scale))
            return exact;
    }
    return whole(spin->value() * unit);
}

// Shows "3,350 GB/s" and "989.4 TFLOP/s" rather than "3,350.00" and "989.400": the fixed decimals
// set the precision, trailing zeros are dropped from the display.
class AmountSpinBox : public QDoubleSpinBox
{
public:
    using QDoubleSpinBox::QDoubleSpinBox;

    QString textFromValue(double value) const override
    {
        QString text = QDoubleSpinBox::textFromValue(value);
        const QString point = locale().decimalPoint();
        if (text.contains(point)) {
            while (text.endsWith(QLatin1Char('0')))
                text.chop(1);
            if (text.endsWith(point))
                text.chop(point.size());
        }
        return text;
    }
};

QDoubleSpinBox* newAmount(QWidget* parent, const QString& objectName, double maximum, int decimals,
                          const QString& suffix, const QString& specialValue = QString())
{
    auto* spin = new AmountSpinBox(parent);
    spin->setObjectName(objectName);
    spin->setRange(0, maximum);
    spin->setDecimals(decimals);
    spin->setGroupSeparatorShown(true);
    spin->setAlignment(Qt::AlignRight);
    spin->setSuffix(suffix);
    spin->setSpecialValueText(specialValue);
    return spin;
}

QLineEdit* newEdit(QWidget* parent, const QString& objectName, const QString& placeholder)
{
    auto* edit = new QLineEdit(parent);
    edit->setObjectName(objectName);
    edit->setPlaceholderText(placeholder);
    edit->setClearButtonEnabled(true);
    return edit;
}

QString withSuffix(const std::string& text, const std::string& suffix)
{
    if (text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0)
        return qs(text);
    return qs(text + suffix);
}

} // namespace

DeviceEditorDialog::DeviceEditorDialog(QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("New Device"));
    buildUi();
    validate();
}

DeviceEditorDialog::~DeviceEditorDialog() = default;

void DeviceEditorDialog::buildUi()
{
    auto* outer = new QVBoxLayout(this);
    // Required groups on top, optional ones below, in reading order (which is also the tab order).
    auto* grid = new QGridLayout;
    grid->setHorizontalSpacing(12);
    grid->setVerticalSpacing(8);
    grid->setColumnStretch(0, 1);
    grid->setColumnStretch(1, 1);
    outer->addLayout(grid);

    const auto newForm = [this, grid](const QString& title, int row, int column, int columnSpan = 1) {
        auto* group = new QGroupBox(title, this);
        auto* form = new QFormLayout(group);
        form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
        form->setLabelAlignment(Qt::AlignRight | Qt::AlignVCenter);
        grid->addWidget(group, row, column, 1, columnSpan);
        return std::pair{group, form};
    };
    // Room for a catalog name such as "NVIDIA H100 SXM5 80GB (custom)" without scrolling, plus the
    // frame and the clear button.
    const int textWidth =
        fontMetrics().horizontalAdvance(QStringLiteral("NVIDIA H100 SXM5 80GB (custom)")) + 48;

    // Required: identity
    {
        auto [group, form] = newForm(tr("Device"), 0, 0);
        m_idEdit = newEdit(group, QStringLiteral("idEdit"), tr("e.g. acme-x1-96gb"));
        m_idEdit->setToolTip(
            tr("Catalog id used in scenario files. An existing id is overridden by your entry."));
        m_idEdit->setMinimumWidth(textWidth);
        form->addRow(tr("&Id"), m_idEdit);
        m_nameEdit = newEdit(group, QStringLiteral("nameEdit"), tr("e.g. Acme X1 96GB"));
        m_nameEdit->setMinimumWidth(textWidth);
        form->addRow(tr("&Name"), m_nameEdit);
        m_vendorEdit = newEdit(group, QStringLiteral("vendorEdit"), tr("e.g. Acme"));
        form->addRow(tr("&Vendor"), m_vendorEdit);
        m_classCombo = new QComboBox(group);
        m_classCombo->setObjectName(QStringLiteral("classCombo"));
        m_classCombo->addItem(tr("GPU"), QStringLiteral("gpu"));
        m_classCombo->addItem(tr("CPU"), QStringLiteral("cpu"));
        m_classCombo->addItem(tr("NPU"), QStringLiteral("npu"));
        m_classCombo->addItem(tr("TPU"), QStringLiteral("tpu"));
        m_classCombo->setToolTip(tr("CPUs have no separate host memory to offload to; accelerators do."));
        form->addRow(tr("C&lass"), m_classCombo);
    }

    // Required: memory
    {
        auto [group, form] = newForm(tr("Memory"), 0, 1);
        m_memorySpin = newAmount(group, QStringLiteral("memorySpin"), 1e7, 2, QString());
        m_memorySpin->setAccessibleName(tr("Memory size"));
        m_memoryUnitCombo = new QComboBox(group);
        m_memoryUnitCombo->setObjectName(QStringLiteral("memoryUnitCombo"));
        m_memoryUnitCombo->setAccessibleName(tr("Memory unit"));
        m_memoryUnitCombo->addItem(tr("GB"), GB);
        m_memoryUnitCombo->addItem(tr("GiB"), GiB);
        m_memoryUnitCombo->setToolTip(
            tr("GB = 10⁹ bytes; GiB = 2³⁰ bytes (datasheets of HBM GPUs often mean GiB)."));
        auto* memoryRow = new QHBoxLayout;
        memoryRow->addWidget(m_memorySpin, 1);
        memoryRow->addWidget(m_memoryUnitCombo);
        auto* memoryLabel = new QLabel(tr("&Memory"), group);
        memoryLabel->setBuddy(m_memorySpin);
        form->addRow(memoryLabel, memoryRow);

        m_memoryTypeCombo = new QComboBox(group);
        m_memoryTypeCombo->setObjectName(QStringLiteral("memoryTypeCombo"));
        m_memoryTypeCombo->setEditable(true);
        m_memoryTypeCombo->setInsertPolicy(QComboBox::NoInsert);
        m_memoryTypeCombo->addItems({QString(), QStringLiteral("HBM3e"), QStringLiteral("HBM3"),
                                     QStringLiteral("HBM2e"), QStringLiteral("HBM2"), QStringLiteral("GDDR7"),
                                     QStringLiteral("GDDR6X"), QStringLiteral("GDDR6"),
                                     QStringLiteral("LPDDR5X"), QStringLiteral("LPDDR5"),
                                     QStringLiteral("DDR5")});
        m_memoryTypeCombo->lineEdit()->setPlaceholderText(tr("optional"));
        form->addRow(tr("Memory &type"), m_memoryTypeCombo);
        // The size as the picker will show it (README, "Units"): datasheet GB, then decimal.
        m_memoryEchoLabel = new QLabel(group);
        m_memoryEchoLabel->setObjectName(QStringLiteral("memoryEchoLabel"));
        form->addRow(QString(), m_memoryEchoLabel);

        m_bandwidthSpin = newAmount(group, QStringLiteral("bandwidthSpin"), 1e6, 2, tr(" GB/s"));
        m_bandwidthSpin->setToolTip(tr("Peak memory bandwidth, GB/s (10⁹ bytes per second)."));
        form->addRow(tr("Band&width"), m_bandwidthSpin);
    }

    // Required: at least one dense peak
    {
        auto [group, form] = newForm(tr("Dense peaks (at least one)"), 1, 0);
        group->setToolTip(tr("Dense tensor throughput as on the datasheet without 2:4 sparsity "
                             "(NVIDIA's tables often quote sparse figures: halve them)."));
        const std::array<QString, 5> labels{tr("&bf16"), tr("fp1&6"), tr("f&p8"), tr("int&8"), tr("fp&32")};
        const std::array<QString, 5> names{QStringLiteral("peakBf16Spin"), QStringLiteral("peakFp16Spin"),
                                           QStringLiteral("peakFp8Spin"), QStringLiteral("peakInt8Spin"),
                                           QStringLiteral("peakFp32Spin")};
        for (std::size_t i = 0; i < kShownPeaks.size(); ++i) {
            const bool integer = kShownPeaks[i] == core::PeakKey::Int8;
            m_peakSpins[i] =
                newAmount(group, names[i], 1e6, 3, integer ? tr(" TOP/s") : tr(" TFLOP/s"), tr("none"));
            m_peakSpins[i]->setAccessibleName(
                tr("%1 dense peak").arg(qs(std::string(core::peakKeyName(kShownPeaks[i])))));
            form->addRow(labels[i], m_peakSpins[i]);
        }
    }

    // Optional: node and links
    {
        auto [group, form] = newForm(tr("Node and links (optional)"), 1, 1);
        m_interconnectNameEdit = newEdit(group, QStringLiteral("interconnectNameEdit"), tr("e.g. NVLink 4"));
        m_interconnectNameEdit->setMinimumWidth(textWidth);
        form->addRow(tr("Inte&rconnect"), m_interconnectNameEdit);
        m_interconnectSpin =
            newAmount(group, QStringLiteral("interconnectSpin"), 1e5, 2, tr(" GB/s"), tr("none"));
        m_interconnectSpin->setToolTip(tr(
            "Device-to-device bandwidth per direction per device; none = devices talk over the host link."));
        form->addRow(tr("Link b&andwidth"), m_interconnectSpin);
        m_devicesPerNodeSpin = new QSpinBox(group);
        m_devicesPerNodeSpin->setObjectName(QStringLiteral("devicesPerNodeSpin"));
        m_devicesPerNodeSpin->setRange(1, 65536);
        m_devicesPerNodeSpin->setAlignment(Qt::AlignRight);
        m_devicesPerNodeSpin->setToolTip(tr("Devices that share the interconnect in one node."));
        form->addRow(tr("Devices per nod&e"), m_devicesPerNodeSpin);
        m_hostLinkSpin = newAmount(group, QStringLiteral("hostLinkSpin"), 1e5, 2, tr(" GB/s"), tr("default"));
        m_hostLinkSpin->setToolTip(tr("Host RAM to device, per direction. Default: PCIe 4.0 x16, 31.5 GB/s "
                                      "(CPUs and unified memory: the memory bandwidth)."));
        form->addRow(tr("Host lin&k"), m_hostLinkSpin);
        m_hostMemorySpin =
            newAmount(group, QStringLiteral("hostMemorySpin"), 1e7, 1, tr(" GB"), tr("default"));
        m_hostMemorySpin->setToolTip(tr("Host RAM usable for offload, per device. Default: twice the device "
                                        "memory (CPUs and unified memory: none)."));
        form->addRow(tr("Host memor&y"), m_hostMemorySpin);
    }

    // Optional: provenance, across both columns so that a URL fits
    {
        auto* group = new QGroupBox(tr("Release and source (optional)"), this);
        auto* row = new QHBoxLayout(group);
        m_releaseEdit = newEdit(group, QStringLiteral("releaseEdit"), tr("YYYY-MM"));
        m_releaseEdit->setMaxLength(7);
        m_releaseEdit->setFixedWidth(fontMetrics().horizontalAdvance(QStringLiteral("0000-00")) +
                                     fontMetrics().averageCharWidth() * 6);
        auto* releaseLabel = new QLabel(tr("Relea&se"), group);
        releaseLabel->setBuddy(m_releaseEdit);
        m_sourceEdit = newEdit(group, QStringLiteral("sourceEdit"), tr("https://… datasheet"));
        auto* sourceLabel = new QLabel(tr("So&urce URL"), group);
        sourceLabel->setBuddy(m_sourceEdit);
        row->addWidget(releaseLabel);
        row->addWidget(m_releaseEdit);
        row->addSpacing(12);
        row->addWidget(sourceLabel);
        row->addWidget(m_sourceEdit, 1);
        grid->addWidget(group, 2, 0, 1, 2);
    }

    m_messageLabel = new QLabel(this);
    m_messageLabel->setObjectName(QStringLiteral("messageLabel"));
    m_messageLabel->setWordWrap(true);
    m_messageLabel->setTextFormat(Qt::PlainText);
    m_messageLabel->setAccessibleName(tr("Input check"));
    outer->addWidget(m_messageLabel);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->setObjectName(QStringLiteral("buttonBox"));
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Save"));
    outer->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    for (QLineEdit* edit :
         {m_idEdit, m_nameEdit, m_vendorEdit, m_releaseEdit, m_interconnectNameEdit, m_sourceEdit})
        connect(edit, &QLineEdit::textChanged, this, &DeviceEditorDialog::validate);
    for (QDoubleSpinBox* spin :
         {m_memorySpin, m_bandwidthSpin, m_interconnectSpin, m_hostLinkSpin, m_hostMemorySpin})
        connect(spin, &QDoubleSpinBox::valueChanged, this, &DeviceEditorDialog::validate);
    for (QDoubleSpinBox* spin : m_peakSpins)
        connect(spin, &QDoubleSpinBox::valueChanged, this, &DeviceEditorDialog::validate);
    connect(m_classCombo, &QComboBox::currentIndexChanged, this, &DeviceEditorDialog::validate);
    connect(m_memoryUnitCombo, &QComboBox::currentIndexChanged, this, &DeviceEditorDialog::validate);
    connect(m_memoryTypeCombo, &QComboBox::currentTextChanged, this, &DeviceEditorDialog::validate);
}

void DeviceEditorDialog::setCatalog(const core::Catalog& catalog)
{
    m_known.clear();
    for (const core::Device& device : catalog.devices())
        m_known[device.id] = {device.name, device.userDefined};
    validate();
}

void DeviceEditorDialog::setDevice(const core::Device& copyFrom)
{
    m_base = copyFrom;
    setWindowTitle(tr("Edit a Copy of %1").arg(qs(copyFrom.name)));
    m_idEdit->setText(withSuffix(copyFrom.id, "-custom"));
    m_nameEdit->setText(withSuffix(copyFrom.name, " (custom)"));
    m_vendorEdit->setText(qs(copyFrom.vendor));
    m_classCombo->setCurrentIndex(
        m_classCombo->findData(qs(std::string(core::deviceClassName(copyFrom.deviceClass)))));

    // GiB when the size is a round number of GiB (to the spin box's 0.01), else GB.
    const double gib = copyFrom.memoryBytes / GiB;
    const bool inGib = copyFrom.memoryBytes > 0 && std::abs(gib * 100 - std::round(gib * 100)) < 1e-6;
    m_memoryUnitCombo->setCurrentIndex(inGib ? 1 : 0);
    m_memorySpin->setValue(copyFrom.memoryBytes / (inGib ? GiB : GB));
    m_memoryTypeCombo->setCurrentText(qs(copyFrom.memoryType));
    m_bandwidthSpin->setValue(copyFrom.memoryBandwidthBytesPerSecond / GB);
    for (std::size_t i = 0; i < kShownPeaks.size(); ++i)
        m_peakSpins[i]->setValue(copyFrom.peak(kShownPeaks[i]) / TFLOPS);

    m_interconnectNameEdit->setText(qs(copyFrom.interconnectName));
    m_interconnectSpin->setValue(copyFrom.interconnectBytesPerSecond / GB);
    m_devicesPerNodeSpin->setValue(std::max(1, copyFrom.devicesPerNode));
    m_hostLinkSpin->setValue(copyFrom.hostLinkBytesPerSecond / GB);
    m_hostMemorySpin->setValue(copyFrom.hostMemoryBytes / GB);
    m_releaseEdit->setText(qs(copyFrom.release));
    m_sourceEdit->setText(copyFrom.sources.empty() ? QString() : qs(copyFrom.sources.front()));
    // Show the start of long texts: that is where names and URLs differ.
    for (QLineEdit* edit : {m_idEdit, m_nameEdit, m_vendorEdit, m_interconnectNameEdit, m_sourceEdit})
        edit->setCursorPosition(0);
    validate();
}

core::Device DeviceEditorDialog::device() const
{
    core::Device d = m_base;
    d.id = m_idEdit->text().trimmed().toStdString();
    d.name = m_nameEdit->text().trimmed().toStdString();
    d.vendor = m_vendorEdit->text().trimmed().toStdString();
    const std::string className = m_classCombo->currentData().toString().toStdString();
    d.deviceClass = className == "cpu"   ? core::DeviceClass::Cpu
                    : className == "npu" ? core::DeviceClass::Npu
                    : className == "tpu" ? core::DeviceClass::Tpu
                                         : core::DeviceClass::Gpu;
    d.memoryBytes = valueOf(m_memorySpin, m_memoryUnitCombo->currentData().toDouble(), m_base.memoryBytes);
    d.memoryBandwidthBytesPerSecond = valueOf(m_bandwidthSpin, GB, m_base.memoryBandwidthBytesPerSecond);
    for (std::size_t i = 0; i < kShownPeaks.size(); ++i) {
        const auto key = static_cast<std::size_t>(kShownPeaks[i]);
        d.peakFlopsPerSecond[key] = valueOf(m_peakSpins[i], TFLOPS, m_base.peakFlopsPerSecond[key]);
    }
    d.memoryType = m_memoryTypeCombo->currentText().trimmed().toStdString();
    d.release = m_releaseEdit->text().trimmed().toStdString();
    d.interconnectBytesPerSecond = valueOf(m_interconnectSpin, GB, m_base.interconnectBytesPerSecond);
    d.interconnectName = d.interconnectBytesPerSecond > 0
                             ? m_interconnectNameEdit->text().trimmed().toStdString()
                             : std::string();
    d.devicesPerNode = m_devicesPerNodeSpin->value();
    d.hostLinkBytesPerSecond = valueOf(m_hostLinkSpin, GB, m_base.hostLinkBytesPerSecond);
    d.hostMemoryBytes = valueOf(m_hostMemorySpin, GB, m_base.hostMemoryBytes);

    std::vector<std::string> sources;
    const std::string source = m_sourceEdit->text().trimmed().toStdString();
    if (!source.empty())
        sources.push_back(source);
    for (const std::string& earlier : m_base.sources) {
        if (earlier != source)
            sources.push_back(earlier);
    }
    d.sources = std::move(sources);
    d.confidence.clear();
    d.uncertainty.clear();
    d.userDefined = true;
    return d;
}

QString DeviceEditorDialog::problem() const
{
    return m_problem;
}

void DeviceEditorDialog::validate()
{
    const core::Device d = device();
    const bool anyPeak = std::any_of(d.peakFlopsPerSecond.begin(), d.peakFlopsPerSecond.end(),
                                     [](double peak) { return peak > 0; });
    static const QRegularExpression whitespace(QStringLiteral("\\s"));
    static const QRegularExpression releasePattern(QStringLiteral("^\\d{4}-(0[1-9]|1[0-2])$"));
    QString problem;
    if (d.id.empty())
        problem = tr("Enter an id, e.g. acme-x1-96gb.");
    else if (m_idEdit->text().trimmed().contains(whitespace))
        problem = tr("The id cannot contain spaces; use dashes.");
    else if (d.name.empty())
        problem = tr("Enter a name.");
    else if (d.vendor.empty())
        problem = tr("Enter the vendor.");
    else if (!(d.memoryBytes > 0))
        problem = tr("Enter the memory size.");
    else if (!(d.memoryBandwidthBytesPerSecond > 0))
        problem = tr("Enter the memory bandwidth: it cannot be zero.");
    else if (!anyPeak)
        problem = tr("Enter at least one dense peak (bf16, fp16, fp8, int8 or fp32).");
    else if (!d.release.empty() && !releasePattern.match(QString::fromStdString(d.release)).hasMatch())
        problem = tr("Write the release as YYYY-MM, e.g. 2024-03.");
    else if (!m_interconnectNameEdit->text().trimmed().isEmpty() && !(d.interconnectBytesPerSecond > 0))
        problem = tr("Enter the interconnect's bandwidth, or clear its name.");
    m_problem = problem;
    m_memoryEchoLabel->setText(
        d.memoryBytes > 0
            ? tr("Shown as %1")
                  .arg(formatDatasheetMemory(d.memoryBytes, m_memoryTypeCombo->currentText().trimmed()))
            : QString());

    QString message;
    if (!problem.isEmpty()) {
        message = tr("⚠ %1").arg(problem);
    } else if (const auto known = m_known.find(d.id); known != m_known.end()) {
        message = known->second.userDefined ? tr("Replaces your saved %1.").arg(qs(known->second.name))
                                            : tr("Overrides the built-in %1.").arg(qs(known->second.name));
    } else {
        message = tr("Goes into your catalog (user-devices.json). Optional fields left empty or at "
                     "“default” take the catalog's defaults.");
    }
    m_messageLabel->setText(message);
    QFont font = m_messageLabel->font();
    font.setBold(!problem.isEmpty());
    m_messageLabel->setFont(font);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
}

} // namespace lhe::widgets
