// DeviceEditorDialog: describes a device from its datasheet — the catalog's required fields
// (id, name, vendor, class, memory, bandwidth, at least one dense peak) and the common optional
// ones — for a new user catalog entry or an edited copy of an existing device. It only builds a
// core::Device; the caller saves it (app/support/user_catalog.h).
#pragma once

#include "core/catalog/device.h"

#include <QDialog>
#include <QString>
#include <array>
#include <map>
#include <string>

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace lhe::core {
class Catalog;
}

namespace lhe::widgets {

// Inputs by objectName (for tests and UI automation):
//   idEdit, nameEdit, vendorEdit (QLineEdit); classCombo (QComboBox, item data "cpu" "gpu" "npu" "tpu");
//   memorySpin (QDoubleSpinBox) with memoryUnitCombo (QComboBox: "GB" = 1e9 B, "GiB" = 2^30 B);
//   bandwidthSpin (GB/s); peakBf16Spin, peakFp16Spin, peakFp8Spin, peakFp32Spin (TFLOP/s) and
//   peakInt8Spin (TOP/s), 0 = not supported; memoryTypeCombo (editable); releaseEdit (YYYY-MM);
//   interconnectNameEdit, interconnectSpin (GB/s per direction, 0 = none); devicesPerNodeSpin;
//   hostLinkSpin (GB/s, 0 = default), hostMemorySpin (GB, 0 = default); sourceEdit (URL);
//   messageLabel (what is wrong, or which entry the id overrides); buttonBox.
//
// Behaviour worth knowing:
// - OK is enabled only while device() would be accepted by core::deviceFromJson and the optional
//   fields are well-formed; messageLabel names the first problem.
// - An id that is already in the catalog (setCatalog) is allowed — a user entry overrides it —
//   and the message says "Overrides the built-in <name>" (or "Replaces your saved <name>").
// - setDevice() keeps the fields the dialog does not show (architecture, fp64/tf32/int4/fp4
//   peaks, unified memory, disk, TDP, measured fractions, further sources) and device() returns
//   them; confidence and uncertainty are dropped, since the figures are now the user's.
// - Values are rounded to whole bytes, B/s and FLOP/s; a prefilled figure left as shown keeps its
//   exact catalog value. "default" (0) host link and host memory are left for the catalog reader
//   to fill in (core/catalog/device.cpp), so device() returns 0 for them.
class DeviceEditorDialog : public QDialog
{
    Q_OBJECT

public:
    explicit DeviceEditorDialog(QWidget* parent = nullptr);
    ~DeviceEditorDialog() override;

    // Ids already in use, so that the message can say which entry a clashing id overrides.
    void setCatalog(const core::Catalog& catalog);
    // Prefills every field from `copyFrom`: the id gets a "-custom" suffix and the name " (custom)"
    // (unless they already end so); the title becomes "Edit a Copy of <name>".
    void setDevice(const core::Device& copyFrom);
    core::Device device() const;

    // Empty while the input is valid; otherwise what messageLabel shows.
    QString problem() const;

private:
    void buildUi();
    void validate();

    core::Device m_base; // fields without a control come from here
    struct KnownDevice
    {
        std::string name;
        bool userDefined = false;
    };
    std::map<std::string, KnownDevice> m_known;

    QLineEdit* m_idEdit = nullptr;
    QLineEdit* m_nameEdit = nullptr;
    QLineEdit* m_vendorEdit = nullptr;
    QComboBox* m_classCombo = nullptr;
    QDoubleSpinBox* m_memorySpin = nullptr;
    QComboBox* m_memoryUnitCombo = nullptr;
    QDoubleSpinBox* m_bandwidthSpin = nullptr;
    std::array<QDoubleSpinBox*, 5> m_peakSpins{}; // bf16, fp16, fp8, int8, fp32
    QComboBox* m_memoryTypeCombo = nullptr;
    QLabel* m_memoryEchoLabel = nullptr; // "Shown as 80 GB HBM3 (85.9 GB = 80 GiB)"
    QLineEdit* m_releaseEdit = nullptr;
    QLineEdit* m_interconnectNameEdit = nullptr;
    QDoubleSpinBox* m_interconnectSpin = nullptr;
    QSpinBox* m_devicesPerNodeSpin = nullptr;
    QDoubleSpinBox* m_hostLinkSpin = nullptr;
    QDoubleSpinBox* m_hostMemorySpin = nullptr;
    QLineEdit* m_sourceEdit = nullptr;
    QLabel* m_messageLabel = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
    QString m_problem;
};

} // namespace lhe::widgets
