// User calibration: the fit recovers fractions a synthetic "truth" device was given, matches the
// fractions worked out by hand from one measurement (inverting the roofline time of
// core/estimate/phase_model.cpp), keeps what no measurement constrains, and the CSV reader names the line
// and column of every bad cell.
#include "core/calibration/calibration.h"
#include "core/common/input_error.h"
#include "core/estimate/estimator.h"
#include "relative_compare.h"

#include <QtTest>
#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

using namespace lhe::core;
using Quantity = CalibrationPoint::Quantity;

namespace {

const Catalog& catalog()
{
    return Catalog::builtIn();
}

// A catalog device without measured fractions: the vendor/class defaults apply.
Device uncalibrated(const char* id)
{
    Device device = *catalog().findDevice(id);
    device.achievedGemmFraction = 0;
    device.achievedMemoryFraction = 0;
    device.achievedSource.clear();
    return device;
}

Device withTruth(Device device, double gemm, double memory)
{
    device.achievedGemmFraction = gemm;
    device.achievedMemoryFraction = memory;
    return device;
}

Scenario scenario(const Device& device, const char* model, long long batch, long long prompt,
                  long long output, Precision weights = Precision::Bf16)
{
    Scenario s;
    s.deviceId = device.id;
    s.modelId = model;
    s.batch = batch;
    s.promptTokens = prompt;
    s.outputTokens = output;
    s.weights = weights;
    return s;
}

Report evaluate(Scenario s, const Device& device, Quantity quantity)
{
    s.mode = quantity == Quantity::TrainingStepSeconds ? Mode::Training : Mode::Inference;
    return estimate(s, device, catalog().findModel(s.modelId)->architecture);
}

// What the user would have measured on `truth`: the quantity estimate() gives there.
CalibrationPoint measuredOn(const Device& truth, Scenario s, Quantity quantity)
{
    const Report report = evaluate(s, truth, quantity);
    double measured = 0;
    switch (quantity) {
    case Quantity::DecodeTokensPerSecond:
        measured = report.decode->tokensPerSecond;
        break;
    case Quantity::PrefillTokensPerSecond:
        measured = report.prefill->tokensPerSecond;
        break;
    case Quantity::TrainingStepSeconds:
        measured = report.training->step.seconds;
        break;
    }
    s.mode = quantity == Quantity::TrainingStepSeconds ? Mode::Training : Mode::Inference;
    return {s, quantity, measured};
}

bool hasNote(const CalibrationResult& result, const char* part)
{
    const std::vector<std::string> texts = englishTexts(result.notes);
    return std::any_of(texts.begin(), texts.end(),
                       [part](const std::string& note) { return note.find(part) != std::string::npos; });
}

QString notes(const CalibrationResult& result)
{
    QStringList list;
    for (const std::string& note : englishTexts(result.notes))
        list << QString::fromStdString(note);
    return list.join(QStringLiteral(" | "));
}

// Three decode measurements of memory-bound batches: bf16 and q4_k_m weights, short and long contexts.
std::vector<CalibrationPoint> decodePoints(const Device& truth)
{
    return {measuredOn(truth, scenario(truth, "llama-3.1-8b", 1, 512, 128), Quantity::DecodeTokensPerSecond),
            measuredOn(truth, scenario(truth, "llama-3.1-8b", 4, 4096, 256), Quantity::DecodeTokensPerSecond),
            measuredOn(truth, scenario(truth, "qwen2.5-7b", 1, 2048, 256, Precision::Q4_K_M),
                       Quantity::DecodeTokensPerSecond)};
}

} // namespace

using namespace Qt::StringLiterals;

class TestCalibration : public QObject
{
    Q_OBJECT

private slots:
    void decodeRecoversTrueMemoryFraction();
    void memoryFractionMatchesHandInversion();
    void prefillRecoversTrueGemmFraction();
    void trainingStepGivesGemmFractionByHand();
    void mixedSetRecoversBothFractions();
    void smallAndLargeModelsSeparateLatencyFromBandwidth();
    void decodeOnlyKeepsTheDevicesGemmFraction();
    void summaryIsMedianAndWorstOfRows();
    void progressRisesToOneAndChangesNothing();
    void progressCanCancel();
    void invalidPointsAreInputErrors_data();
    void invalidPointsAreInputErrors();
    void csvReadsEveryColumn();
    void csvErrorsNameLineAndColumn_data();
    void csvErrorsNameLineAndColumn();
};

void TestCalibration::decodeRecoversTrueMemoryFraction()
{
    // Truth: an RTX 4090 whose memory streams at 0.6 of its 1008 GB/s. Decode at these batches is
    // memory-bound, so the measurements pin the memory fraction and say nothing about GEMMs.
    const Device device = uncalibrated("nvidia-rtx-4090");
    const std::vector<CalibrationPoint> points = decodePoints(withTruth(device, 0, 0.6));
    const CalibrationResult result = calibrate(device, catalog(), points);

    LHE_COMPARE_REL(result.memoryFraction, 0.6, 0.01);
    QCOMPARE(result.gemmFraction, 0.0);
    QVERIFY2(hasNote(result, "no compute-bound measurement"), qPrintable(notes(result)));
    QCOMPARE(result.rows.size(), points.size());
    for (std::size_t i = 0; i < points.size(); ++i) {
        QCOMPARE(result.rows[i].measured, points[i].measured);
        LHE_COMPARE_REL(result.rows[i].predictedAfter, points[i].measured, 0.01);
        // Before: the STREAM default 0.865 > 0.6, so every prediction was too fast.
        QVERIFY(result.rows[i].ratioBefore() > 1.05);
    }
    LHE_COMPARE_REL(result.medianRatioAfter, 1.0, 0.01);
    LHE_COMPARE_REL(result.worstRatioAfter, 1.0, 0.01);
}

void TestCalibration::memoryFractionMatchesHandInversion()
{
    // One decode step of Llama 3.1 8B bf16 on one RTX 4090 (core/estimate/phase_model.cpp finishPhase):
    //   t = bytes / (B · m) + layers · 100 µs, with compute below the memory term at batch 1.
    // A measured 50 tokens/s (t = 20 ms) gives m = bytes / (B · (0.02 s − 32 · 100 µs)).
    const Device device = uncalibrated("nvidia-rtx-4090");
    const Scenario s = scenario(device, "llama-3.1-8b", 1, 512, 128);
    const Report report = evaluate(s, device, Quantity::DecodeTokensPerSecond);
    const double bytes = report.decode->bytes; // traffic does not depend on the fractions
    const double latency = 32 * 100e-6;
    QCOMPARE(report.decode->breakdown.latencySeconds, latency);
    const double expected = bytes / (device.memoryBandwidthBytesPerSecond * (1.0 / 50.0 - latency));
    QVERIFY(expected > 0.05 && expected < 1.0); // ~16.1 GB / (1008 GB/s · 16.8 ms) ≈ 0.95

    const CalibrationResult result =
        calibrate(device, catalog(), {{s, Quantity::DecodeTokensPerSecond, 50.0}});
    LHE_COMPARE_REL(result.memoryFraction, expected, 1e-4);
    LHE_COMPARE_REL(result.rows.front().predictedAfter, 50.0, 1e-4);
}

void TestCalibration::prefillRecoversTrueGemmFraction()
{
    // Truth: an H100 reaching 0.5 of its dense bf16 peak. A 4k-token prefill of 4 sequences is
    // compute-bound (arithmetic intensity far above the ridge of 989.4 / 3.35 = 295 FLOP/B), so it pins
    // the GEMM fraction and leaves the memory fraction as it was.
    const Device device = uncalibrated("nvidia-h100-sxm");
    const Device truth = withTruth(device, 0.5, 0);
    const CalibrationPoint point =
        measuredOn(truth, scenario(truth, "llama-3.1-8b", 4, 4096, 0), Quantity::PrefillTokensPerSecond);
    const CalibrationResult result = calibrate(device, catalog(), {point});
    LHE_COMPARE_REL(result.gemmFraction, 0.5, 0.01);
    QCOMPARE(result.memoryFraction, 0.0);
    QVERIFY2(hasNote(result, "no memory-bound measurement"), qPrintable(notes(result)));
    LHE_COMPARE_REL(result.rows.front().predictedAfter, point.measured, 0.01);
}

void TestCalibration::trainingStepGivesGemmFractionByHand()
{
    // One training step of Llama 3.2 1B on one H100 (no pipeline, no data parallel: no bubble, no
    // all-reduce): t = FLOP / (peak · g), so a measured 0.5 s step gives g = FLOP / (989.4e12 · 0.5).
    const Device device = uncalibrated("nvidia-h100-sxm");
    const Scenario s = scenario(device, "llama-3.2-1b", 8, 2048, 0);
    const Report report = evaluate(s, device, Quantity::TrainingStepSeconds);
    const PhaseEstimate& step = report.training->step;
    QCOMPARE(step.breakdown.communicationSeconds, 0.0);
    // With attention kernels at 0.88 x 2048 / (2048 + 512) x (0.75 + 0.25 x 64 / 128) = 0.616 of
    // the GEMM fraction, and the non-GEMM passes (at the STREAM fraction, not fitted) apart:
    // 0.5 s = ((F - A) + A / 0.616) / (peak · g) + non-GEMM. A: 3 passes x 8 sequences x causal
    // attention 2·32·(64 + 64)·16 layers · 2048·2049/2.
    const double attention = 3.0 * 8 * 2.0 * 32 * 128 * 16 * 2048.0 * 2049 / 2;
    const double attentionFactor = 0.88 * 2048.0 / 2560.0 * (0.75 + 0.25 * 64 / 128);
    const double expected = (step.flops - attention + attention / attentionFactor) /
                            (device.peak(PeakKey::Bf16) * (0.5 - step.breakdown.nonGemmSeconds));
    QVERIFY(expected > 0.05 && expected < 1.0);
    // At that fraction compute still outlasts memory traffic (at the default 0.865).
    QVERIFY(step.flops / (device.peak(PeakKey::Bf16) * expected) > step.breakdown.memorySeconds);

    const CalibrationResult result = calibrate(device, catalog(), {{s, Quantity::TrainingStepSeconds, 0.5}});
    LHE_COMPARE_REL(result.gemmFraction, expected, 1e-4);
    QCOMPARE(result.memoryFraction, 0.0);
    QVERIFY2(hasNote(result, "no memory-bound measurement"), qPrintable(notes(result)));
    LHE_COMPARE_REL(result.rows.front().predictedAfter, 0.5, 1e-4);
}

void TestCalibration::mixedSetRecoversBothFractions()
{
    // Truth: an H100 at 0.55 of its GEMM peak and 0.7 of its bandwidth. Decode points constrain the
    // memory fraction, a 4k-token prefill and a training step (compute-bound) the GEMM fraction.
    const Device device = uncalibrated("nvidia-h100-sxm");
    const Device truth = withTruth(device, 0.55, 0.7);
    std::vector<CalibrationPoint> points = decodePoints(truth);
    points.push_back(
        measuredOn(truth, scenario(truth, "llama-3.1-8b", 4, 4096, 0), Quantity::PrefillTokensPerSecond));
    points.push_back(
        measuredOn(truth, scenario(truth, "llama-3.2-1b", 8, 2048, 0), Quantity::TrainingStepSeconds));
    const CalibrationResult result = calibrate(device, catalog(), points);

    LHE_COMPARE_REL(result.gemmFraction, 0.55, 0.01);
    LHE_COMPARE_REL(result.memoryFraction, 0.7, 0.01);
    QVERIFY2(result.notes.empty(), qPrintable(notes(result)));
    LHE_COMPARE_REL(result.worstRatioAfter, 1.0, 0.01);
    // Before: H100 defaults 0.803 (MAMF) and 0.865 (STREAM) are faster than the truth everywhere.
    QVERIFY(result.medianRatioBefore > 1.1 || result.medianRatioBefore < 1 / 1.1);
}

void TestCalibration::smallAndLargeModelsSeparateLatencyFromBandwidth()
{
    // Truth: a desktop RTX 4090 host that launches kernels fast (40 µs a layer, not the 100 µs
    // default) and streams at 0.8 of 1008 GB/s. Batch-1 decode of a 1B model (16 layers, 2.5 GB)
    // is mostly latency, of an 8B model (32 layers, 16 GB) mostly bandwidth: two such points pin
    // both. One alone could not (the fit then moves the bandwidth first).
    const Device device = uncalibrated("nvidia-rtx-4090");
    Device truth = withTruth(device, 0, 0.8);
    truth.achievedLayerLatencySeconds = 40e-6;
    const std::vector<CalibrationPoint> points{
        measuredOn(truth, scenario(truth, "llama-3.2-1b", 1, 128, 128), Quantity::DecodeTokensPerSecond),
        measuredOn(truth, scenario(truth, "llama-3.1-8b", 1, 128, 128), Quantity::DecodeTokensPerSecond),
        measuredOn(truth, scenario(truth, "qwen2.5-7b", 1, 512, 128, Precision::Q4_K_M),
                   Quantity::DecodeTokensPerSecond)};
    const CalibrationResult result = calibrate(device, catalog(), points);
    LHE_COMPARE_REL(result.layerLatencySeconds, 40e-6, 0.02);
    LHE_COMPARE_REL(result.memoryFraction, 0.8, 0.01);
    LHE_COMPARE_REL(result.worstRatioAfter, 1.0, 0.01);
    // Saved, the device carries the latency, and the efficiency model uses it.
    const Device saved = calibratedDevice(device, result, "2026-12-03");
    LHE_COMPARE_REL(calibratedEfficiencies(Scenario{}, saved).layerLatencySeconds, 40e-6, 0.02);

    // Training steps never depend on it: kept, with a note.
    const CalibrationResult training =
        calibrate(device, catalog(),
                  {measuredOn(withTruth(device, 0.5, 0), scenario(device, "llama-3.2-1b", 8, 2048, 0),
                              Quantity::TrainingStepSeconds)});
    QVERIFY(training.layerLatencySeconds < 0);
    QVERIFY2(hasNote(training, "kernel latency kept at 100"), qPrintable(notes(training)));
}

void TestCalibration::decodeOnlyKeepsTheDevicesGemmFraction()
{
    // The shipped H100 carries its own measurements (MAMF 0.803, STREAM 0.887): decode alone
    // replaces the memory fraction and leaves the GEMM fraction as it was.
    const Device h100 = *catalog().findDevice("nvidia-h100-sxm");
    QCOMPARE(h100.achievedGemmFraction, 0.803);
    const CalibrationResult result = calibrate(h100, catalog(), decodePoints(withTruth(h100, 0.803, 0.7)));
    QCOMPARE(result.gemmFraction, 0.0);
    LHE_COMPARE_REL(result.memoryFraction, 0.7, 0.01);
    QVERIFY2(hasNote(result, "GEMM fraction kept at 0.803"), qPrintable(notes(result)));

    const Device saved = calibratedDevice(h100, result, "2025-01-02");
    QCOMPARE(saved.id, h100.id); // overrides the shipped entry by id
    QCOMPARE(saved.achievedGemmFraction, 0.803);
    QCOMPARE(saved.achievedMemoryFraction, result.memoryFraction);
    QCOMPARE(saved.achievedSource, std::string("user calibration: 3 measurements, 2025-01-02"));
    QVERIFY(saved.userDefined);
    QCOMPARE(saved.memoryBandwidthBytesPerSecond, h100.memoryBandwidthBytesPerSecond);
}

void TestCalibration::summaryIsMedianAndWorstOfRows()
{
    const Device device = uncalibrated("nvidia-rtx-4090");
    const CalibrationResult result = calibrate(device, catalog(), decodePoints(withTruth(device, 0, 0.6)));
    std::vector<double> ratios;
    for (const CalibrationRow& row : result.rows)
        ratios.push_back(row.ratioBefore());
    std::sort(ratios.begin(), ratios.end());
    // Three rows: the median is the middle ratio; the worst the one farthest from 1 in |log|.
    QCOMPARE(result.medianRatioBefore, ratios[1]);
    const double worst = std::abs(std::log(ratios.front())) > std::abs(std::log(ratios.back()))
                             ? ratios.front()
                             : ratios.back();
    QCOMPARE(result.worstRatioBefore, worst);
}

void TestCalibration::progressRisesToOneAndChangesNothing()
{
    // The hook sees the share done after every estimate: at least one value per row before the
    // search (each row is estimated once to pin its parallel split), never falling, ending at 1;
    // watching the fit does not change it.
    const Device device = uncalibrated("nvidia-rtx-4090");
    const std::vector<CalibrationPoint> points = decodePoints(withTruth(device, 0, 0.6));
    std::vector<double> seen;
    const CalibrationResult watched = calibrate(device, catalog(), points, [&seen](double done) {
        seen.push_back(done);
        return true;
    });
    QVERIFY(seen.size() > points.size());
    QVERIFY(seen.front() >= 0);
    QVERIFY(seen.front() <= 1.0 / 100); // the first estimate is a sliver of ~2,000 per row
    QVERIFY(std::is_sorted(seen.begin(), seen.end()));
    QCOMPARE(seen.back(), 1.0);
    QCOMPARE(std::count(seen.begin(), seen.end(), 1.0), 1); // 1 means finished, said once
    const std::set<double> distinct(seen.begin(), seen.end());
    QVERIFY(distinct.size() > 100); // a bar that moves, not one that jumps to the end

    const CalibrationResult plain = calibrate(device, catalog(), points);
    QCOMPARE(watched.memoryFraction, plain.memoryFraction);
    QCOMPARE(watched.gemmFraction, plain.gemmFraction);
    QCOMPARE(watched.layerLatencySeconds, plain.layerLatencySeconds);
    QCOMPARE(watched.rows.size(), plain.rows.size());
    for (std::size_t i = 0; i < plain.rows.size(); ++i)
        QCOMPARE(watched.rows[i].predictedAfter, plain.rows[i].predictedAfter);
}

void TestCalibration::progressCanCancel()
{
    // The hook answers false on its 10th call: calibrate() stops there (no 11th call) and throws
    // CalibrationCancelled, where an uncancelled fit calls it thousands of times.
    const Device device = uncalibrated("nvidia-rtx-4090");
    const std::vector<CalibrationPoint> points = decodePoints(withTruth(device, 0, 0.6));
    for (const int stopAt : {1, 10, 3000}) {
        int calls = 0;
        bool cancelled = false;
        try {
            calibrate(device, catalog(), points, [&calls, stopAt](double) { return ++calls < stopAt; });
        } catch (const CalibrationCancelled&) {
            cancelled = true;
        }
        QVERIFY(cancelled);
        QCOMPARE(calls, stopAt);
    }
    // Bad input is still an InputError, also with a hook.
    QVERIFY_THROWS_EXCEPTION(InputError, calibrate(device, catalog(), {}, [](double) { return true; }));
}

void TestCalibration::invalidPointsAreInputErrors_data()
{
    QTest::addColumn<QString>("fault");
    QTest::addColumn<QString>("fieldPath");
    QTest::newRow("no points") << "none"
                               << "points";
    QTest::newRow("zero measurement") << "zero"
                                      << "points[1].measured";
    QTest::newRow("NaN measurement") << "nan"
                                     << "points[1].measured";
    QTest::newRow("implausible measurement") << "tiny"
                                             << "points[1].measured";
    QTest::newRow("unknown model") << "model"
                                   << "points[1].model";
    QTest::newRow("decode without output") << "output"
                                           << "points[1].output_tokens";
    QTest::newRow("training a q4 model") << "q4"
                                         << "points[1].precision.weights";
}

void TestCalibration::invalidPointsAreInputErrors()
{
    QFETCH(QString, fault);
    QFETCH(QString, fieldPath);
    const Device device = uncalibrated("nvidia-rtx-4090");
    std::vector<CalibrationPoint> points = decodePoints(withTruth(device, 0, 0.6));
    CalibrationPoint& bad = points[1];
    if (fault == u"none")
        points.clear();
    else if (fault == u"zero")
        bad.measured = 0;
    else if (fault == u"nan")
        bad.measured = std::numeric_limits<double>::quiet_NaN();
    else if (fault == u"tiny")
        bad.measured = 1e-300; // predicted/measured would overflow
    else if (fault == u"model")
        bad.scenario.modelId = "no-such-model";
    else if (fault == u"output")
        bad.scenario.outputTokens = 0;
    else if (fault == u"q4") {
        bad.quantity = Quantity::TrainingStepSeconds;
        bad.scenario.weights = Precision::Q4_0;
    }
    try {
        calibrate(device, catalog(), points);
        QFAIL("no InputError");
    } catch (const InputError& error) {
        QCOMPARE(QString::fromStdString(error.fieldPath()), fieldPath);
        // The same place as data: the second point (index 1) and the field within it.
        const auto point = lhe::core::calibrationPointField(error);
        if (fault == u"none") {
            QVERIFY(!point);
        } else {
            QVERIFY(point);
            QCOMPARE(point->index, std::size_t{1});
            QCOMPARE(u"points[1]."_s + QString::fromStdString(point->field), fieldPath);
        }
    }
}

void TestCalibration::csvReadsEveryColumn()
{
    // Columns in another order, a comment, a blank line, CRLF endings, a quoted field, optional
    // columns left empty (defaults: bf16, one device).
    const std::string csv =
        "# measured with llama-bench, 2025-01\r\n"
        "quantity, model ,measured,batch,prompt_tokens,output_tokens,weights,devices,compute\r\n"
        "\r\n"
        "decode_tokens_per_second,llama-3.1-8b,52.5,1,512,128,q4_k_m,,\r\n"
        "\"prefill_tokens_per_second\",\"qwen2.5-7b\",11000,4,4096,0,,2,fp8\r\n"
        "training_step_seconds,llama-3.2-1b,0.5,8,2048,0,,,\r\n";
    const std::vector<CalibrationPoint> points = calibrationPointsFromCsv(csv, "nvidia-h100-sxm", &catalog());
    QCOMPARE(points.size(), std::size_t(3));

    QCOMPARE(points[0].quantity, Quantity::DecodeTokensPerSecond);
    QCOMPARE(points[0].measured, 52.5);
    QCOMPARE(points[0].scenario.deviceId, std::string("nvidia-h100-sxm"));
    QCOMPARE(points[0].scenario.modelId, std::string("llama-3.1-8b"));
    QCOMPARE(points[0].scenario.mode, Mode::Inference);
    QCOMPARE(points[0].scenario.batch, 1LL);
    QCOMPARE(points[0].scenario.promptTokens, 512LL);
    QCOMPARE(points[0].scenario.outputTokens, 128LL);
    QCOMPARE(points[0].scenario.weights, Precision::Q4_K_M);
    QCOMPARE(points[0].scenario.compute, Precision::Bf16);
    QCOMPARE(points[0].scenario.devices, 1LL);

    QCOMPARE(points[1].quantity, Quantity::PrefillTokensPerSecond);
    QCOMPARE(points[1].scenario.modelId, std::string("qwen2.5-7b"));
    QCOMPARE(points[1].scenario.weights, Precision::Bf16);
    QCOMPARE(points[1].scenario.compute, Precision::Fp8);
    QCOMPARE(points[1].scenario.devices, 2LL);
    QCOMPARE(points[1].scenario.outputTokens, 0LL);

    QCOMPARE(points[2].quantity, Quantity::TrainingStepSeconds);
    QCOMPARE(points[2].scenario.mode, Mode::Training);
    QCOMPARE(points[2].measured, 0.5);

    QCOMPARE(calibrationQuantityName(Quantity::TrainingStepSeconds),
             std::string_view("training_step_seconds"));
}

void TestCalibration::csvErrorsNameLineAndColumn_data()
{
    QTest::addColumn<QByteArray>("csv");
    QTest::addColumn<QString>("fieldPath");
    const QByteArray header = "model,quantity,measured,batch,prompt_tokens,output_tokens,weights\n";
    const QByteArray good = "llama-3.1-8b,decode_tokens_per_second,50,1,512,128,bf16\n";
    QTest::newRow("empty text") << QByteArray() << "line 1";
    QTest::newRow("header only") << header << "line 1";
    QTest::newRow("unknown column")
        << QByteArray("model,quantity,measured,batch,prompt_tokens,output_tokens,speed\n") + good
        << "line 1, column 7 (speed)";
    QTest::newRow("column twice")
        << QByteArray("model,quantity,measured,batch,prompt_tokens,output_tokens,batch\n") + good
        << "line 1, column 7 (batch)";
    QTest::newRow("missing column") << QByteArray("model,quantity,batch,prompt_tokens,output_tokens\n")
                                    << "line 1 (header)";
    QTest::newRow("bad quantity") << header + good + "llama-3.1-8b,tokens,50,1,512,128,bf16\n"
                                  << "line 3, column 2 (quantity)";
    QTest::newRow("text as measurement") << QByteArray("# comment first\n") + header + good +
                                                "llama-3.1-8b,decode_tokens_per_second,fast,1,512,128,bf16\n"
                                         << "line 4, column 3 (measured)";
    QTest::newRow("negative measurement")
        << header + "llama-3.1-8b,decode_tokens_per_second,-5,1,512,128,bf16\n"
        << "line 2, column 3 (measured)";
    QTest::newRow("implausible measurement")
        << header + "llama-3.1-8b,decode_tokens_per_second,1e300,1,512,128,bf16\n"
        << "line 2, column 3 (measured)";
    QTest::newRow("fractional batch")
        << header + "llama-3.1-8b,decode_tokens_per_second,50,2.5,512,128,bf16\n"
        << "line 2, column 4 (batch)";
    QTest::newRow("batch zero") << header + "\n\nllama-3.1-8b,decode_tokens_per_second,50,0,512,128,bf16\n"
                                << "line 4, column 4 (batch)";
    QTest::newRow("empty prompt") << header + "llama-3.1-8b,decode_tokens_per_second,50,1,,128,bf16\n"
                                  << "line 2, column 5 (prompt_tokens)";
    QTest::newRow("decode without output")
        << header + "llama-3.1-8b,decode_tokens_per_second,50,1,512,0,bf16\n"
        << "line 2, column 6 (output_tokens)";
    QTest::newRow("unknown precision") << header + "llama-3.1-8b,decode_tokens_per_second,50,1,512,128,q9\n"
                                       << "line 2, column 7 (weights)";
    QTest::newRow("unknown model") << header + good + "llama-9,decode_tokens_per_second,50,1,512,128,bf16\n"
                                   << "line 3, column 1 (model)";
    QTest::newRow("too few fields") << header + "llama-3.1-8b,decode_tokens_per_second,50,1,512\n"
                                    << "line 2";
    QTest::newRow("open quote") << header + "\"llama-3.1-8b,decode_tokens_per_second,50,1,512,128,bf16\n"
                                << "line 2, column 1 (field)";
}

void TestCalibration::csvErrorsNameLineAndColumn()
{
    QFETCH(QByteArray, csv);
    QFETCH(QString, fieldPath);
    try {
        calibrationPointsFromCsv(csv.toStdString(), "nvidia-rtx-4090", &catalog());
        QFAIL("no InputError");
    } catch (const InputError& error) {
        QCOMPARE(QString::fromStdString(error.fieldPath()), fieldPath);
        QVERIFY(QString::fromUtf8(error.what()).startsWith(fieldPath + QStringLiteral(": ")));
    }
}

QTEST_GUILESS_MAIN(TestCalibration)
#include "tst_calibration.moc"
