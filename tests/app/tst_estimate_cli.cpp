#include <QtTest>

class TestEstimateCli : public QObject
{
    Q_OBJECT
};

QTEST_GUILESS_MAIN(TestEstimateCli)
#include "tst_estimate_cli.moc"
