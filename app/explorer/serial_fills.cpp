// Qt 6.4's raster engine splits every fill and blend that spans more than 96 rows (a chart's
// background, a bar, a scroll bar's groove, the window's backing store) into pieces of about 64
// rows, hands each piece to QThreadPool::globalInstance() and waits on a semaphore until all of
// them are done (qtbase src/gui/painting/qdrawhelper.cpp, QT_THREAD_PARALLEL_FILLS; image
// conversion and smooth scaling in qimage_conversions.cpp and qimagescale.cpp do the same). A
// piece of a chart-sized fill takes microseconds; waking a pool thread for it and waiting for it
// costs more. On a 2-core machine, perf put a third of a slider step that lays the window out in
// these wake-ups, and painting the pieces on the GUI thread took a third off such steps.
//
// The window's executable therefore defines QThreadPool::start(std::function) itself: on Linux
// (ELF symbol interposition) Qt's calls resolve to the executable's definition first. Of Qt's
// libraries only QtGui calls it, always to wait for the work at once: work handed to the global
// pool from the GUI thread runs right there. Every other call (another pool, another thread)
// goes on to Qt's own definition. A Qt that fills with a pool of its own (later releases) is
// unaffected.
#include "app/explorer/serial_fills.h"

#include <QCoreApplication>
#include <QThread>
#include <QThreadPool>
#include <atomic>
#include <dlfcn.h>
#include <functional>
#include <utility>

namespace lhe::app {

namespace {

std::atomic<long long> g_serialPieces{0};

bool onGuiThread()
{
    const QCoreApplication* application = QCoreApplication::instance();
    return application && QThread::currentThread() == application->thread();
}

} // namespace

long long serialFillPieces()
{
    return g_serialPieces.load();
}

} // namespace lhe::app

void QThreadPool::start(std::function<void()> functionToRun, int priority)
{
    if (this == QThreadPool::globalInstance() && lhe::app::onGuiThread()) {
        lhe::app::g_serialPieces.fetch_add(1, std::memory_order_relaxed);
        functionToRun();
        return;
    }
    using Start = void (*)(QThreadPool*, std::function<void()>, int);
    // Qt's own definition, next in the lookup order after this executable.
    static const auto qtStart =
        reinterpret_cast<Start>(dlsym(RTLD_NEXT, "_ZN11QThreadPool5startESt8functionIFvvEEi"));
    if (qtStart)
        qtStart(this, std::move(functionToRun), priority);
    else
        functionToRun(); // never while Qt exports the function: run the work rather than lose it
}
