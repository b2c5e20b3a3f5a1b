#include "core/estimate/lora.h"

#include "core/common/input_error.h"

#include <algorithm>
#include <array>

namespace lhe::core {

namespace {

double dbl(long long value)
{
    return static_cast<double>(value);
}

class ModuleList
{
public:
    // Adds `count` modules of one shape, merged with an earlier entry of the same name and shape.
    void add(std::string_view name, bool mixer, double in, double out, double count = 1,
             bool routedExpert = false, std::string_view alias = {}, bool fusedParameter = false)
    {
        count *= layers;
        if (in <= 0 || out <= 0 || count <= 0)
            return;
        for (LinearModule& m : modules) {
            if (m.name == name && m.inFeatures == in && m.outFeatures == out &&
                m.routedExpert == routedExpert) {
                m.count += count;
                return;
            }
        }
        modules.push_back({name, alias, mixer, in, out, count, routedExpert, fusedParameter});
    }
    std::vector<LinearModule> modules;
    double layers = 1; // layers of the kind being added: every count is per layer
};

// A softmax-attention layer's projections (the shapes of layer_params::softmaxAttentionParams).
void addSoftmaxAttention(const ModelArchitecture& a, ModuleList& list)
{
    const double d = dbl(a.hidden);
    const double h = dbl(a.heads);
    const double dv = dbl(a.valueHeadDim);
    if (a.mla) {
        // DeepSeek-V2/V3 modeling code: q_a_proj / q_b_proj (or q_proj), kv_a_proj_with_mqa,
        // kv_b_proj, o_proj; the V3.2 indexer's wq_b, wk and weights_proj.
        const double rq = dbl(a.qLoraRank);
        const double qk = dbl(a.qkNopeHeadDim + a.qkRopeHeadDim);
        if (rq > 0) {
            list.add("q_a_proj", true, d, rq);
            list.add("q_b_proj", true, rq, h * qk);
        } else {
            list.add("q_proj", true, d, h * qk);
        }
        list.add("kv_a_proj_with_mqa", true, d, dbl(a.kvLoraRank + a.qkRopeHeadDim));
        list.add("kv_b_proj", true, dbl(a.kvLoraRank), h * dbl(a.qkNopeHeadDim) + h * dv);
        list.add("o_proj", true, h * dv, d);
        if (a.indexHeads > 0) {
            list.add("wq_b", true, rq > 0 ? rq : d, dbl(a.indexHeads * a.indexHeadDim));
            list.add("wk", true, d, dbl(a.indexHeadDim));
            list.add("weights_proj", true, d, dbl(a.indexHeads));
        }
        return;
    }
    const double dh = dbl(a.headDim);
    list.add("q_proj", true, d, h * dh * (a.attentionOutputGate ? 2.0 : 1.0));
    list.add("k_proj", true, d, dbl(a.kvHeads) * dh);
    list.add("v_proj", true, d, dbl(a.kvHeads) * dv);
    list.add("o_proj", true, h * dv, d);
}

// A linear mixer's projections (layer_params::linearMixerParams).
void addLinearMixer(const ModelArchitecture& a, ModuleList& list)
{
    const double d = dbl(a.hidden);
    switch (a.linearMixer) {
    case ModelArchitecture::LinearMixer::GatedDeltaNet: {
        const double key = dbl(a.linearKeyHeads * a.linearKeyHeadDim);
        const double value = dbl(a.linearValueHeads * a.linearValueHeadDim);
        list.add("in_proj_qkvz", true, d, 2.0 * key + 2.0 * value);
        list.add("in_proj_ba", true, d, 2.0 * dbl(a.linearValueHeads));
        list.add("out_proj", true, value, d);
        return;
    }
    case ModelArchitecture::LinearMixer::Mamba: {
        const double inner = dbl(a.ssmInner);
        list.add("in_proj", true, d, 2.0 * inner);
        list.add("x_proj", true, inner, dbl(a.dtRank + 2 * a.ssmState));
        list.add("dt_proj", true, dbl(a.dtRank), inner);
        list.add("out_proj", true, inner, d);
        return;
    }
    case ModelArchitecture::LinearMixer::Mamba2: {
        const double inner = dbl(a.ssmInner);
        const double conv = inner + 2.0 * dbl(a.ssmGroups * a.ssmState);
        list.add("in_proj", true, d, inner + conv + dbl(a.ssmHeads));
        list.add("out_proj", true, inner, d);
        return;
    }
    case ModelArchitecture::LinearMixer::None:
        return;
    }
}

// A feed-forward block of width f: gate_proj and up_proj d -> f (plain: up_proj only), down_proj
// f -> d; `count` of them (a routed expert's E per layer).
void addFfn(const ModelArchitecture& a, double width, double count, bool routedExpert, ModuleList& list)
{
    const double d = dbl(a.hidden);
    if (a.gatedFfn)
        list.add("gate_proj", false, d, width, count, routedExpert, routedExpert ? "w1" : "");
    list.add("up_proj", false, d, width, count, routedExpert, routedExpert ? "w3" : "");
    list.add("down_proj", false, width, d, count, routedExpert, routedExpert ? "w2" : "");
}

// transformers' GptOssExperts and Llama4TextExperts hold each projection of every expert in one
// parameter of shape (experts, in, out).
bool fusedExperts(const ModelArchitecture& a)
{
    return a.modelType == "gpt_oss" || a.modelType == "llama4_text" || a.modelType == "llama4";
}

bool targeted(const LinearModule& m, const LoraSettings& lora)
{
    switch (lora.targets) {
    case LoraTargets::AllLinear:
        return !m.fusedParameter;
    case LoraTargets::Attention:
        return m.mixer;
    case LoraTargets::Named:
        return std::any_of(lora.targetNames.begin(), lora.targetNames.end(), [&](const std::string& n) {
            return n == m.name || (!m.alias.empty() && n == m.alias);
        });
    }
    return false;
}

} // namespace

std::vector<LinearModule> linearModules(const ModelArchitecture& a)
{
    // The layers by the modules they hold (mixer, MLP kind, FFN width), in order of first
    // appearance: a handful of kinds, where adding every layer's modules one by one compared
    // names layers x modules times on every training report. Each kind adds its modules with
    // counts times its layers where its first layer would have added them, so the list is the
    // same: same order, and counts that are sums of whole numbers either way.
    enum class Mixer { Softmax, Linear, None };
    struct Kind
    {
        Mixer mixer;
        MlpKind mlp;
        long long ffn;
        double layers;
    };
    const auto mixerOf = [](const LayerSpec& layer) {
        return layer.attention == AttentionKind::Linear ? Mixer::Linear
               : layer.attention == AttentionKind::None ? Mixer::None
                                                        : Mixer::Softmax;
    };
    const auto ffnOf = [](const LayerSpec& layer) { return layer.mlp == MlpKind::Dense ? layer.ffn : 0; };
    // A handful of kinds: a small fixed list, a vector only for models with more (DeciLM's
    // per-layer widths).
    std::array<Kind, 8> few{};
    std::size_t fewCount = 0;
    std::vector<Kind> many;
    const std::vector<LayerSpec>& layers = a.layerSpecs;
    for (std::size_t i = 0; i < layers.size();) {
        // A run of layers like layers[i] (most models: one run), then its kind.
        const Mixer mixer = mixerOf(layers[i]);
        const MlpKind mlp = layers[i].mlp;
        const long long ffn = ffnOf(layers[i]);
        // Layers equal to it in the three fields (a stricter test than the kind's: a layer that
        // differs only where the kind does not look starts a run of the same kind).
        std::size_t end = i + 1;
        while (end < layers.size() && layers[end].attention == layers[i].attention &&
               layers[end].mlp == mlp && layers[end].ffn == layers[i].ffn)
            ++end;
        const double run = static_cast<double>(end - i);
        const auto same = [&](const Kind& k) { return k.mixer == mixer && k.mlp == mlp && k.ffn == ffn; };
        const auto fewEnd = few.begin() + static_cast<std::ptrdiff_t>(fewCount);
        if (const auto it = std::find_if(few.begin(), fewEnd, same); it != fewEnd)
            it->layers += run;
        else if (const auto more = std::find_if(many.begin(), many.end(), same); more != many.end())
            more->layers += run;
        else if (fewCount < few.size())
            few[fewCount++] = {mixer, mlp, ffn, run};
        else
            many.push_back({mixer, mlp, ffn, run});
        i = end;
    }
    ModuleList list;
    list.modules.reserve(16);
    const auto addKind = [&](const Kind& kind) {
        list.layers = kind.layers;
        switch (kind.mixer) {
        case Mixer::Softmax:
            addSoftmaxAttention(a, list);
            break;
        case Mixer::Linear:
            addLinearMixer(a, list);
            break;
        case Mixer::None:
            break;
        }
        if (kind.mlp == MlpKind::Dense) {
            addFfn(a, dbl(kind.ffn), 1, false, list);
        } else if (kind.mlp == MlpKind::Moe) {
            list.add("gate", false, dbl(a.hidden), dbl(a.experts)); // the router
            if (fusedExperts(a)) { // gate and up stacked in one parameter: d -> 2f, then f -> d
                const double d = dbl(a.hidden);
                const double f = dbl(a.expertFfn);
                list.add("experts.gate_up_proj", false, d, 2.0 * f, dbl(a.experts), true, {}, true);
                list.add("experts.down_proj", false, f, d, dbl(a.experts), true, {}, true);
            } else {
                addFfn(a, dbl(a.expertFfn), dbl(a.experts), true, list);
            }
            if (a.sharedFfn > 0)
                addFfn(a, dbl(a.sharedFfn), 1, false, list);
            if (a.sharedExpertGate)
                list.add("shared_expert_gate", false, dbl(a.hidden), 1);
        }
    };
    for (std::size_t k = 0; k < fewCount; ++k)
        addKind(few[k]);
    for (const Kind& kind : many)
        addKind(kind);
    return list.modules;
}

LoraCounts loraCounts(const ModelArchitecture& a, const LoraSettings& lora)
{
    const std::vector<LinearModule> modules = linearModules(a);
    if (lora.targets == LoraTargets::Named) {
        for (const std::string& name : lora.targetNames) {
            const bool found = std::any_of(modules.begin(), modules.end(), [&](const LinearModule& m) {
                return name == m.name || (!m.alias.empty() && name == m.alias);
            });
            if (!found) {
                std::vector<std::string_view> distinct;
                std::string names;
                for (const LinearModule& m : modules) {
                    if (std::find(distinct.begin(), distinct.end(), m.name) != distinct.end())
                        continue;
                    distinct.push_back(m.name);
                    names += (names.empty() ? "" : ", ") + std::string(m.name);
                }
                throw InputError(
                    "training.lora.targets",
                    message(LHE_TEXT("CoreMessage",
                                     "\"%1\" names no linear module of this model; its modules are %2"),
                            elided(name), names));
            }
        }
    }
    LoraCounts c;
    c.adaptedNames.reserve(modules.size());
    const double r = dbl(lora.rank);
    // A token passes through k of the E routed experts of a layer.
    const double activeShare = a.isMoe() ? dbl(a.expertsPerToken) / dbl(a.experts) : 1.0;
    for (const LinearModule& m : modules) {
        const double weights = m.inFeatures * m.outFeatures;
        if (!m.fusedParameter) { // bitsandbytes replaces nn.Linear modules only
            c.quantizedParams += weights * m.count;
            c.quantizedOutputRows += m.outFeatures * m.count;
            c.largestModuleParams = std::max(c.largestModuleParams, weights);
            if (m.routedExpert)
                c.quantizedRoutedExpert += weights * m.count;
        }
        if (!targeted(m, lora))
            continue;
        // Hu et al. 2021 §4.1: W0 + BA with B ∈ R^{out×r}, A ∈ R^{r×in}.
        const double adapter = r * (m.inFeatures + m.outFeatures) * m.count;
        const double active = m.routedExpert ? activeShare : 1.0;
        c.trainableParams += adapter;
        c.trainableActive += adapter * active;
        if (m.routedExpert)
            c.trainableRoutedExpert += adapter;
        c.adaptedInputElementsPerToken += m.inFeatures * m.count * active;
        c.adaptedModulesPerToken += m.count * active;
        if (std::find(c.adaptedNames.begin(), c.adaptedNames.end(), m.name) == c.adaptedNames.end())
            c.adaptedNames.emplace_back(m.name);
    }
    return c;
}

double quantizedBaseBits(const LoraSettings& lora)
{
    if (lora.quantization == QuantizedBase::Int8)
        return 8.0;
    return lora.doubleQuant ? 4.0 + 8.0 / 64.0 + 32.0 / (64.0 * 256.0) : 4.0 + 32.0 / 64.0;
}

} // namespace lhe::core
