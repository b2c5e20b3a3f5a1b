// LHE_COMPARE_REL(actual, expected, tolerance): |actual - expected| / |expected| <= tolerance,
// printing both numbers and the relative error on failure. Shared by the test suites.
#pragma once

#include <QtTest>
#include <cmath>

#define LHE_COMPARE_REL(actual, expected, tolerance)                                                         \
    do {                                                                                                     \
        const double lheActual = (actual);                                                                   \
        const double lheExpected = (expected);                                                               \
        const double lheRelative = std::abs(lheActual - lheExpected) / std::abs(lheExpected);                \
        QVERIFY2(lheRelative <= (tolerance),                                                                 \
                 qPrintable(QStringLiteral("actual %1, expected %2: relative error %3 > tolerance %4")       \
                                .arg(lheActual, 0, 'g', 15)                                                  \
                                .arg(lheExpected, 0, 'g', 15)                                                \
                                .arg(lheRelative, 0, 'g', 4)                                                 \
                                .arg(static_cast<double>(tolerance), 0, 'g', 4)));                           \
    } while (false)
