#include "core/explain/explanation.h"

#include "core/common/input_error.h"
#include "core/explain/explanation_builder.h"
#include "core/model/tensor_architecture.h"

namespace lhe::core {

std::vector<Explanation> explain(const Report& report, const Device& device, const ModelArchitecture& arch,
                                 const ExplainTarget& target)
{
    switch (target.kind) {
    case ExplainKind::MemorySegment:
        return explainMemorySegment(report, device, arch, target.segment, target.stage);
    case ExplainKind::RooflinePoint:
        return explainRooflinePoint(report, device, arch, target.phase);
    case ExplainKind::Verdict:
        return explainVerdict(report, device, arch, target.phase);
    case ExplainKind::Capacity:
        return explainCapacity(report, device, arch);
    case ExplainKind::Serving:
        return explainServing(report, device);
    }
    return {};
}

std::vector<Explanation> explain(const Report& report, const Catalog& catalog, const ExplainTarget& target)
{
    const Scenario& s = report.scenario;
    const Device* device = catalog.findDevice(s.deviceId);
    if (!device)
        throw InputError("device", message(LHE_TEXT("CoreMessage", "unknown id \"%1\""), elided(s.deviceId)));
    if (s.modelConfig) {
        std::vector<Message> warnings;
        const ModelArchitecture arch = inlineArchitecture(s, warnings);
        return explain(report, *device, arch, target);
    }
    const ModelEntry* model = catalog.findModel(s.modelId);
    if (!model)
        throw InputError("model", message(LHE_TEXT("CoreMessage", "unknown id \"%1\""), elided(s.modelId)));
    return explain(report, *device, model->architecture, target);
}

} // namespace lhe::core
