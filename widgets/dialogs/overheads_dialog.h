// OverheadsDialog: edits the memory a real run takes beyond the model's tensors (core::Overheads:
// runtime context, allocator reserve, NCCL buffers, a serving engine's KV pool), each with its
// default and where the default comes from. It only builds a core::Overheads; the scenario
// controls put it into the scenario.
#pragma once

#include "core/scenario/scenario.h"

#include <QDialog>

class QCheckBox;
class QDoubleSpinBox;
class QSpinBox;

namespace lhe::widgets {

// Inputs by objectName: deviceContextCheck, runtimeContextSpin (GB), allocatorReserveSpin (%),
// communicationBufferSpin (GB per communicator), servingPreallocationCheck,
// gpuMemoryUtilizationSpin (%), buttonBox (OK, Cancel, Restore Defaults).
class OverheadsDialog : public QDialog
{
    Q_OBJECT

public:
    // `deviceContextBytes` is what the device's catalog entry gives (shown with the "device
    // default" choice); `deviceName` titles the dialog.
    OverheadsDialog(const core::Overheads& overheads, double deviceContextBytes, const QString& deviceName,
                    QWidget* parent = nullptr);

    core::Overheads overheads() const;
    void setOverheads(const core::Overheads& overheads);

private:
    void updateEnabled();

    double m_deviceContextBytes = 0;
    QCheckBox* m_deviceContextCheck = nullptr;
    QDoubleSpinBox* m_contextSpin = nullptr;
    QSpinBox* m_allocatorSpin = nullptr;
    QDoubleSpinBox* m_bufferSpin = nullptr;
    QCheckBox* m_servingCheck = nullptr;
    QCheckBox* m_fullLengthKvCheck = nullptr;
    QSpinBox* m_utilizationSpin = nullptr;
};

} // namespace lhe::widgets
