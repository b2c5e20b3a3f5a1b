#include <QtTest>

class TestCatalog : public QObject
{
    Q_OBJECT
};

QTEST_GUILESS_MAIN(TestCatalog)
#include "tst_catalog.moc"
