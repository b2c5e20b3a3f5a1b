#include "widgets/core_message.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringList>
#include <array>

namespace lhe::widgets {

namespace {

struct WarningTemplate
{
    const char* pattern;     // the English text core/estimator.cpp writes, captures for the numbers
    const char* translation; // the source text for tr(), %1… in the captures' order
};

// Mirrors the report.warnings of core/estimator.cpp and the split errors its validateSplit()
// throws; tests/widgets/tst_core_message.cpp produces every one of them and fails on a text this
// table does not know.
constexpr std::array<WarningTemplate, 24> kWarnings{{
    {R"(^(.+) has no (\S+) peak; compute uses its (\S+) peak$)",
     QT_TRANSLATE_NOOP("CoreMessage", "%1 has no %2 peak; compute uses its %3 peak")},
    {R"(^(.+) has no (\S+) peak nor a wider one; compute uses its (\S+) peak, as if the model were quantized to it$)",
     QT_TRANSLATE_NOOP("CoreMessage",
                       "%1 has no %2 peak nor a wider one; compute uses its %3 peak, as if the model were "
                       "quantized to it")},
    {R"(^(.+) runs (\S+) slower than (\S+); compute uses its (\S+) peak$)",
     QT_TRANSLATE_NOOP("CoreMessage", "%1 runs %2 slower than %3; compute uses its %4 peak")},
    {R"(^context of (\d+) tokens exceeds the model's max_position_embeddings (\d+)$)",
     QT_TRANSLATE_NOOP("CoreMessage", "context of %1 tokens exceeds the model's max_position_embeddings %2")},
    {R"(^batch (\d+) is smaller than the (\d+) data-parallel replicas; some replicas idle$)",
     QT_TRANSLATE_NOOP("CoreMessage",
                       "batch %1 is smaller than the %2 data-parallel replicas; some replicas idle")},
    {R"(^batch (\d+) is not a multiple of data-parallel replicas x micro-batch; rounded up to (\d+)$)",
     QT_TRANSLATE_NOOP(
         "CoreMessage",
         "batch %1 is not a multiple of data-parallel replicas x micro-batch; rounded up to %2")},
    {R"(^does not fit even with host RAM and disk offload; times assume it could run$)",
     QT_TRANSLATE_NOOP("CoreMessage",
                       "does not fit even with host RAM and disk offload; times assume it could run")},
    {R"(^automatic training split: tensor (\d+) x pipeline (\d+) x data (\d+), the fastest of (\d+) splits that fit$)",
     QT_TRANSLATE_NOOP(
         "CoreMessage",
         "automatic training split: tensor %1 × pipeline %2 × data %3, the fastest of %4 splits that fit")},
    {R"(^automatic training split: tensor (\d+) x pipeline (\d+) x data (\d+) needs the least memory; none of (\d+) splits fits$)",
     QT_TRANSLATE_NOOP(
         "CoreMessage",
         "automatic training split: tensor %1 × pipeline %2 × data %3 needs the least memory; none of %4 "
         "splits fits")},
    {R"(^ZeRO stage (\d) has no effect: data parallel is 1, so there are no replicas to shard the training state across$)",
     QT_TRANSLATE_NOOP("CoreMessage",
                       "ZeRO stage %1 has no effect: data parallel is 1, so there are no replicas to "
                       "shard the training state across")},
    // The parallel splits core/estimator.cpp refuses (InputError): a manual split in the controls.
    {R"(^parallelism\.tensor: (\d+) must divide the model's (\d+) attention heads$)",
     QT_TRANSLATE_NOOP("CoreMessage", "Tensor parallel %1 must divide the model's %2 attention heads")},
    {R"(^parallelism\.pipeline: (\d+) stages exceed the model's (\d+) layers$)",
     QT_TRANSLATE_NOOP("CoreMessage", "%1 pipeline stages exceed the model's %2 layers")},
    {R"(^parallelism\.expert: must be 1 for a dense model$)",
     QT_TRANSLATE_NOOP("CoreMessage", "Expert parallel must be 1 for a dense model")},
    {R"(^parallelism\.expert: (\d+) must divide the model's (\d+) experts$)",
     QT_TRANSLATE_NOOP("CoreMessage", "Expert parallel %1 must divide the model's %2 experts")},
    // A training batch that an explicit grad_accum contradicts (a batch edit in the controls).
    {R"(^training\.grad_accum: micro_batch (\d+) x grad_accum (\d+) x data-parallel degree (\d+) = (\S+) sequences, but batch is (\d+); the global batch is micro_batch x grad_accum x data-parallel degree \(leave grad_accum out to derive it from the batch\)$)",
     QT_TRANSLATE_NOOP(
         "CoreMessage",
         "micro_batch %1 × grad_accum %2 × data parallel %3 = %4 sequences, but the batch is %5: the "
         "global batch is micro_batch × grad_accum × data parallel (leave grad_accum out to derive it "
         "from the batch)")},
    {R"(^training\.grad_accum: no split of (\d+) devices has a data-parallel degree d with micro_batch (\d+) x grad_accum (\d+) x d = batch (\d+); the global batch is micro_batch x grad_accum x data-parallel degree \(leave grad_accum out to derive it from the batch\)$)",
     QT_TRANSLATE_NOOP(
         "CoreMessage",
         "No split of %1 devices has a data-parallel degree d with micro_batch %2 × grad_accum %3 × d "
         "= batch %4 (leave grad_accum out to derive it from the batch)")},
    // LoRA / QLoRA (README "Scenario (input)", training.method and training.lora): named adapter
    // targets the chosen model lacks (core/lora.cpp; a model change in the controls under a file's
    // list), and what core/scenario.cpp refuses in a file's training.lora. The patterns quote with
    // '"', so their raw strings need a delimiter: `(.+)"` would end a plain R"(...)".
    {R"re(^training\.lora\.targets: "(.+)" names no linear module of this model; its modules are (.+)$)re",
     QT_TRANSLATE_NOOP("CoreMessage",
                       "LoRA targets: \"%1\" names no linear module of this model; its modules are %2")},
    {R"re(^training\.lora\.targets: unknown value "(.+)"; allowed: "all-linear", "attention" or a list of module names$)re",
     QT_TRANSLATE_NOOP("CoreMessage",
                       "LoRA targets: unknown value \"%1\"; allowed: \"all-linear\", \"attention\" or "
                       "a list of module names")},
    {R"re(^training\.lora\.targets: expected "all-linear", "attention" or a non-empty list of module names$)re",
     QT_TRANSLATE_NOOP(
         "CoreMessage",
         "LoRA targets: expected \"all-linear\", \"attention\" or a non-empty list of module names")},
    {R"re(^training\.lora\.targets: at most 64 module names, got (\d+)$)re",
     QT_TRANSLATE_NOOP("CoreMessage", "LoRA targets: at most 64 module names, got %1")},
    {R"re(^training\.lora\.targets: each entry must be a module name such as "q_proj", got (.+)$)re",
     QT_TRANSLATE_NOOP("CoreMessage",
                       "LoRA targets: each entry must be a module name such as \"q_proj\", got %1")},
    {R"re(^training\.lora\.adapter_precision: adapters train in fp32, bf16 or fp16, got "(.+)"$)re",
     QT_TRANSLATE_NOOP("CoreMessage", "Adapters train in fp32, bf16 or fp16, got \"%1\"")},
    {R"re(^training\.method: unknown value "(.+)"; allowed: full, lora, qlora$)re",
     QT_TRANSLATE_NOOP("CoreMessage", "Training method: unknown value \"%1\"; allowed: full, lora, qlora")},
    {R"re(^training\.lora\.quantization: unknown value "(.+)"; allowed: nf4, int8$)re",
     QT_TRANSLATE_NOOP("CoreMessage", "QLoRA base: unknown value \"%1\"; allowed: nf4, int8")},
}};

const QRegularExpression& expressionOf(std::size_t index)
{
    static const auto expressions = [] {
        std::array<QRegularExpression, kWarnings.size()> all;
        for (std::size_t i = 0; i < kWarnings.size(); ++i)
            all[i] = QRegularExpression(QString::fromLatin1(kWarnings[i].pattern));
        return all;
    }();
    return expressions[index];
}

} // namespace

QString translatedCoreMessage(const std::string& text)
{
    const QString english = QString::fromStdString(text);
    for (std::size_t i = 0; i < kWarnings.size(); ++i) {
        const QRegularExpressionMatch match = expressionOf(i).match(english);
        if (!match.hasMatch())
            continue;
        QString result = QCoreApplication::translate("CoreMessage", kWarnings[i].translation);
        for (int c = 1; c <= match.lastCapturedIndex(); ++c)
            result = result.arg(match.captured(c));
        return result;
    }
    return english;
}

bool isKnownCoreMessage(const std::string& text)
{
    const QString english = QString::fromStdString(text);
    for (std::size_t i = 0; i < kWarnings.size(); ++i)
        if (expressionOf(i).match(english).hasMatch())
            return true;
    return false;
}

} // namespace lhe::widgets
