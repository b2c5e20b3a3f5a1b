#include "widgets/dialogs/overheads_dialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <cmath>

namespace lhe::widgets {

namespace {

constexpr double kBytesPerGb = 1e9; // GB = 1e9 B throughout the product

QDoubleSpinBox* gbSpin(QWidget* parent, double maximumGb)
{
    auto* spin = new QDoubleSpinBox(parent);
    spin->setRange(0.0, maximumGb);
    spin->setDecimals(2);
    spin->setSingleStep(0.1);
    spin->setSuffix(QStringLiteral(" GB"));
    spin->setAlignment(Qt::AlignRight);
    return spin;
}

QSpinBox* percentSpin(QWidget* parent, int minimum, int maximum)
{
    auto* spin = new QSpinBox(parent);
    spin->setRange(minimum, maximum);
    spin->setSuffix(QStringLiteral(" %"));
    spin->setAlignment(Qt::AlignRight);
    return spin;
}

void describe(QWidget* input, const QString& objectName, const QString& name, const QString& why)
{
    input->setObjectName(objectName);
    input->setAccessibleName(name);
    input->setAccessibleDescription(why);
    input->setToolTip(why);
}

} // namespace

OverheadsDialog::OverheadsDialog(const core::Overheads& overheads, double deviceContextBytes,
                                 const QString& deviceName, QWidget* parent)
    : QDialog(parent), m_deviceContextBytes(deviceContextBytes)
{
    setWindowTitle(tr("Memory Overheads on %1").arg(deviceName));
    auto* layout = new QVBoxLayout(this);
    auto* intro =
        new QLabel(tr("Device memory a real run takes beyond weights, KV cache, activations, gradients "
                      "and optimizer states. Each is its own segment of the memory bar."),
                   this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto* form = new QFormLayout;
    m_deviceContextCheck = new QCheckBox(
        tr("&Device default (%1 GB)").arg(QLocale().toString(deviceContextBytes / kBytesPerGb, 'f', 2)),
        this);
    describe(m_deviceContextCheck, QStringLiteral("deviceContextCheck"),
             tr("Use the device's runtime context"),
             tr("The device catalog's runtime_overhead_bytes: 400 MB for an accelerator (a CUDA context "
                "with lazy module loading, pytorch/pytorch#109888), none for a CPU."));
    m_contextSpin = gbSpin(this, 1000);
    describe(m_contextSpin, QStringLiteral("runtimeContextSpin"), tr("Runtime context"),
             tr("Driver context, loaded kernels and library workspaces, per device."));
    form->addRow(m_deviceContextCheck);
    form->addRow(tr("Runtime &context"), m_contextSpin);

    m_allocatorSpin = percentSpin(this, 0, 50);
    describe(m_allocatorSpin, QStringLiteral("allocatorReserveSpin"), tr("Allocator reserve"),
             tr("Share of activations and gradients the caching allocator holds beyond them (block "
                "rounding, fragmentation). Default 5 %: with the 400 MB context about the 1 GiB a "
                "data-centre GPU loses in practice."));
    form->addRow(tr("&Allocator reserve"), m_allocatorSpin);

    m_bufferSpin = gbSpin(this, 100);
    describe(m_bufferSpin, QStringLiteral("communicationBufferSpin"), tr("NCCL buffers per communicator"),
             tr("Collective-communication buffers for each parallel group (tensor, pipeline, data, "
                "expert) a device belongs to. Default 1.06 GB, measured on 8x H100 (NVIDIA/nccl#1685)."));
    form->addRow(tr("&NCCL buffers per group"), m_bufferSpin);

    m_servingCheck = new QCheckBox(tr("&Serving engine pre-allocates a KV-cache pool"), this);
    describe(m_servingCheck, QStringLiteral("servingPreallocationCheck"), tr("Serving pre-allocation"),
             tr("vLLM, SGLang and TensorRT-LLM reserve a KV-cache pool up to a share of device memory "
                "at start-up; the part no sequence uses yet is shown as its own segment."));
    form->addRow(m_servingCheck);
    m_utilizationSpin = percentSpin(this, 5, 100);
    describe(m_utilizationSpin, QStringLiteral("gpuMemoryUtilizationSpin"), tr("GPU memory utilization"),
             tr("Share of device memory the engine may fill (vLLM --gpu-memory-utilization, default 90 %)."));
    form->addRow(tr("&GPU memory utilization"), m_utilizationSpin);
    m_fullLengthKvCheck = new QCheckBox(tr("&Full-length KV cache on windowed layers"), this);
    describe(m_fullLengthKvCheck, QStringLiteral("fullLengthKvCheck"),
             tr("Full-length KV on windowed layers"),
             tr("For engines that allocate every layer's KV cache at full context even where a layer attends "
                "only a sliding window or a chunk (gpt-oss, Gemma, Llama 4). Off: windowed layers keep at "
                "most their window."));
    form->addRow(m_fullLengthKvCheck);
    layout->addLayout(form);

    auto* buttons = new QDialogButtonBox(
        QDialogButtonBox::Ok | QDialogButtonBox::Cancel | QDialogButtonBox::RestoreDefaults, this);
    buttons->setObjectName(QStringLiteral("buttonBox"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this,
            [this] { setOverheads(core::Overheads{}); });
    connect(m_deviceContextCheck, &QCheckBox::toggled, this, &OverheadsDialog::updateEnabled);
    connect(m_servingCheck, &QCheckBox::toggled, this, &OverheadsDialog::updateEnabled);
    setOverheads(overheads);
}

core::Overheads OverheadsDialog::overheads() const
{
    core::Overheads o;
    if (!m_deviceContextCheck->isChecked())
        o.runtimeContextBytes = m_contextSpin->value() * kBytesPerGb;
    o.allocatorReserveFraction = m_allocatorSpin->value() / 100.0;
    o.communicationBufferBytes = m_bufferSpin->value() * kBytesPerGb;
    o.servingPreallocation = m_servingCheck->isChecked();
    o.gpuMemoryUtilization = m_utilizationSpin->value() / 100.0;
    o.fullLengthKvOnWindowedLayers = m_fullLengthKvCheck->isChecked();
    return o;
}

void OverheadsDialog::setOverheads(const core::Overheads& o)
{
    m_deviceContextCheck->setChecked(!o.runtimeContextBytes);
    m_contextSpin->setValue(o.runtimeContextBytes.value_or(m_deviceContextBytes) / kBytesPerGb);
    m_allocatorSpin->setValue(static_cast<int>(std::lround(o.allocatorReserveFraction * 100.0)));
    m_bufferSpin->setValue(o.communicationBufferBytes / kBytesPerGb);
    m_servingCheck->setChecked(o.servingPreallocation);
    m_utilizationSpin->setValue(static_cast<int>(std::lround(o.gpuMemoryUtilization * 100.0)));
    m_fullLengthKvCheck->setChecked(o.fullLengthKvOnWindowedLayers);
    updateEnabled();
}

void OverheadsDialog::updateEnabled()
{
    m_contextSpin->setEnabled(!m_deviceContextCheck->isChecked());
    if (m_deviceContextCheck->isChecked())
        m_contextSpin->setValue(m_deviceContextBytes / kBytesPerGb);
    m_utilizationSpin->setEnabled(m_servingCheck->isChecked());
}

} // namespace lhe::widgets
