// Named scenarios the chart-widget tests share, evaluated by the real core. RTX 4090: 24 GiB =
// 25.77 GB usable, host RAM 64 GiB, disk 4 TB (catalog + core/catalog/device.cpp defaults).
#pragma once

#include "core/estimate/estimator.h"
#include "widgets/charts/qcustomplot_include.h"

#include <QCoreApplication>
#include <QDir>
#include <QImage>
#include <QSet>
#include <QSignalSpy>
#include <QString>
#include <QStringList>
#include <cmath>
#include <functional>

namespace lhe::test {

inline core::Scenario inference(const char* device, const char* model, long long batch, long long prompt)
{
    core::Scenario s;
    s.deviceId = device;
    s.modelId = model;
    s.batch = batch;
    s.promptTokens = prompt;
    return s;
}

inline core::Scenario training(long long devices)
{
    core::Scenario s = inference("nvidia-h100-sxm", "llama-2-7b", 8 * devices, 4096);
    s.mode = core::Mode::Training;
    s.devices = devices;
    return s;
}

inline core::Scenario scenarioNamed(const QString& name)
{
    if (name == QLatin1String("fits")) // 16.06 GB weights + 2.28 GB KV + activations + overhead = 20.0 GB
        return inference("nvidia-rtx-4090", "llama-3.1-8b", 4, 4096);
    if (name == QLatin1String("host-ram")) // KV 32 x 8448 tokens x 131,072 B = 35.4 GB: 27 GB over
        return inference("nvidia-rtx-4090", "llama-3.1-8b", 32, 8192);
    if (name == QLatin1String("disk")) // 141 GB of bf16 weights > 25.8 + 68.7 GB
        return inference("nvidia-rtx-4090", "llama-3.1-70b", 1, 1024);
    if (name == QLatin1String("does-not-fit")) // KV 4.3 TB > 4 TB disk
        return inference("nvidia-rtx-4090", "llama-3.1-405b", 64, 131072);
    if (name == QLatin1String("h100-batch1"))
        return inference("nvidia-h100-sxm", "llama-3.1-8b", 1, 1024);
    if (name == QLatin1String("training-1xh100")) // AdamW states alone 81 GB: spills to host RAM
        return training(1);
    core::Scenario s = training(8);                // "training-8xh100": tensor parallel 8, fits
    s.parallelism = core::Parallelism{8, 1, 1, 1}; // one bar: the automatic split would pipeline
    return s;
}

inline core::Report reportNamed(const QString& name)
{
    return core::estimate(scenarioNamed(name), core::Catalog::builtIn());
}

inline bool near(double actual, double expected, double relative)
{
    return std::abs(actual - expected) <= relative * std::abs(expected);
}

// LHE_SHOT_DIR=/tmp/widget-shots keeps the images for a look.
inline void saveShot(QCustomPlot* plot, const QString& chart, const QString& name, const QSize& size)
{
    const QString shots = qEnvironmentVariable("LHE_SHOT_DIR");
    if (shots.isEmpty())
        return;
    QDir().mkpath(shots);
    plot->savePng(
        QStringLiteral("%1/%2-%3-%4x%5.png").arg(shots, chart, name).arg(size.width()).arg(size.height()),
        size.width(), size.height());
}

// More than a handful means something was drawn, not a blank or single-colour image.
inline int distinctColours(const QImage& image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 2) {
        for (int x = 0; x < image.width(); x += 2)
            colours.insert(image.pixel(x, y));
    }
    return static_cast<int>(colours.size());
}

// Shows `count` states (show(i) hands the chart its i-th report or map), letting each queued
// replot and paint run, and compares the pixels shown with a full replot's. ChartWidget's step
// replots must never show anything else.
struct StepReplotCheck
{
    int shortSteps = 0;     // states drawn without a full replot (the step layers alone)
    int firstMismatch = -1; // the first state whose pixels differ from a full replot's
};

inline StepReplotCheck checkStepReplots(QCustomPlot* plot, std::size_t count,
                                        const std::function<void(std::size_t)>& show)
{
    StepReplotCheck check;
    QSignalSpy fullReplots(plot, &QCustomPlot::afterReplot);
    for (std::size_t i = 0; i < count; ++i) {
        show(i);
        fullReplots.clear();
        for (int pass = 0; pass < 3; ++pass) // the queued replot (a second where ticks thin out), the paint
            QCoreApplication::processEvents();
        check.shortSteps += fullReplots.isEmpty() ? 1 : 0;
        const QImage shown = plot->grab().toImage();
        plot->replot(QCustomPlot::rpImmediateRefresh);
        if (check.firstMismatch < 0 && shown != plot->grab().toImage())
            check.firstMismatch = static_cast<int>(i);
    }
    return check;
}

} // namespace lhe::test
