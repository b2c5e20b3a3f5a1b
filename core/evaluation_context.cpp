#include "core/evaluation_context.h"

#include <cmath>

namespace lhe::core {

double ceilDiv(double a, double b)
{
    return std::ceil(a / b);
}

double EvaluationContext::batchPerReplica() const
{
    return ceilDiv(static_cast<double>(scenario.batch), replicas());
}

double EvaluationContext::layersPerStage() const
{
    return ceilDiv(static_cast<double>(arch.layers), static_cast<double>(split.pipeline));
}

double EvaluationContext::kvShardFraction() const
{
    if (arch.mla)
        return 1.0;
    const double kv = static_cast<double>(arch.kvHeads);
    return ceilDiv(kv, static_cast<double>(split.tensor)) / kv;
}

} // namespace lhe::core
