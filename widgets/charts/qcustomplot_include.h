// The one place qcustomplot.h is included. Debian's QCustomPlot 2.1 is used as a shared
// library and its header still uses Qt's `foreach`, which the project disables
// (QT_NO_FOREACH): a local range-for stand-in covers its two uses.
#pragma once

#ifndef QCUSTOMPLOT_USE_LIBRARY
#define QCUSTOMPLOT_USE_LIBRARY
#endif

#pragma push_macro("foreach")
#undef foreach
#define foreach(variable, container) for (variable : container)
#include <qcustomplot.h>
#pragma pop_macro("foreach")
