#include <QtTest>

class TestModelArchitecture : public QObject
{
    Q_OBJECT
};

QTEST_GUILESS_MAIN(TestModelArchitecture)
#include "tst_model_architecture.moc"
