// showValue(): puts a value into a spin box only when it differs from the one shown. The controls
// show the document's scenario again after every change, and QAbstractSpinBox repaints itself and
// its line edit on every setValue(), an unchanged one included: one slider step repainted every
// spin box of the scenario panel and the panel behind them.
#pragma once

namespace lhe::widgets {

template <typename SpinBox, typename Value> void showValue(SpinBox* spin, Value value)
{
    if (spin->value() != value)
        spin->setValue(value);
}

} // namespace lhe::widgets
