#include "widgets/panels/primer_panel.h"

#include <QCoreApplication>
#include <QEvent>
#include <QFile>
#include <QFrame>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QStyle>
#include <QVBoxLayout>
#include <algorithm>
#include <array>

namespace lhe::widgets {

using nlohmann::json;

namespace {

// lupdate reads the table below through QT_TRANSLATE_NOOP, whose context must be a literal (it
// expands no macro of ours); translated() looks the strings up in the class's tr() context.

struct ShowMe
{
    const char* presetId; // resources/primer/presets.json
    const char* label;
};

// Figures are datasheet values from catalogs/devices.json (the "sources" there) and the
// arithmetic on them; each claim is checked against the estimate in tst_primer_presets.cpp.
struct Section
{
    const char* id;
    const char* title;
    const char* body;
    const char* lookAt;
    const char* sources;           // rich text: links
    std::array<ShowMe, 3> buttons; // the second and third may be empty
};

const std::array<Section, 9> kSections{{
    {"training-vs-inference",
     QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel", "Training vs inference"),
     QT_TRANSLATE_NOOP(
         "lhe::widgets::PrimerPanel",
         "Inference only runs the model forward: the device holds the weights (2 bytes per "
         "parameter in BF16) and the KV cache of the tokens in flight. Training also keeps a "
         "gradient for every weight and the AdamW optimizer's FP32 master copy, momentum and "
         "variance: 2 + 2 + 12 = 16 bytes per parameter, plus the activations saved for the "
         "backward pass. Llama-3.1-8B is served from 17 GB, but training it needs about 130 GB: "
         "more than one H100 holds (its \"80 GB\" of HBM3 is 80 GiB, 85.9 GB in the decimal units "
         "of every figure here)."),
     QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel",
                       "the memory chart: optimizer states (96 GB) dwarf the weights (16 GB), and the badge "
                       "says what spills to host RAM."),
     QT_TRANSLATE_NOOP(
         "lhe::widgets::PrimerPanel",
         "Sources: <a href=\"https://arxiv.org/abs/1910.02054\">Rajbhandari et al., ZeRO (2020), "
         "§3.1</a>; <a href=\"https://www.nvidia.com/en-us/data-center/h100/\">NVIDIA H100</a>."),
     {{{"training-memory",
        QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel", "Show me: training Llama-3.1-8B on one H100")},
       {nullptr, nullptr},
       {nullptr, nullptr}}}},

    // Fine-tuning: what each method keeps per parameter (ZeRO §3.1; LoRA §4.1; QLoRA §3) and why a
    // frozen base makes the backward pass cheaper (Kaplan et al. 2020 §2.1 count dX and dW alike).
    {"fine-tuning",
     QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel", "Full fine-tuning, LoRA and QLoRA"),
     QT_TRANSLATE_NOOP(
         "lhe::widgets::PrimerPanel",
         "Full fine-tuning updates every weight, so mixed-precision AdamW keeps 16 bytes per "
         "parameter: BF16 weights 2, gradients 2, and the FP32 master copy, momentum and variance "
         "12. For Llama-3.1-8B that is 8.03 billion × 16 B = 128.5 GB before any activation. LoRA "
         "freezes the base (16 GB in BF16) and trains two thin matrices beside each linear layer, "
         "r × (in + out) parameters: at rank 16 on every linear layer 42 million, half a percent "
         "of the model, whose weights, gradients and optimizer states take 0.7 GB. QLoRA also "
         "stores the frozen base in 4-bit NormalFloat, about 4.13 bits per weight with double "
         "quantization, and turns each weight back into BF16 just before using it. A frozen "
         "weight needs no gradient of its own: the backward pass only passes the gradient on to "
         "its input, about as much work as the forward pass instead of twice it. On an RTX 4090 "
         "(24 GB of GDDR6X, 25.8 GB) at sequence 512, micro-batch 1, with full recomputation: "
         "full fine-tuning needs about 130 GB and does not fit (over 100 GB would spill to host "
         "RAM and disk); "
         "LoRA needs about 18 GB and QLoRA about 7.5 GB, and both fit."),
     QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel",
                       "load the three and compare the memory bars: full fine-tuning's optimizer states "
                       "alone overflow the card; LoRA keeps the 16 GB of weights and adds a thin Adapters "
                       "segment; QLoRA's weights shrink to about a third, the embedding and output head "
                       "staying in BF16."),
     QT_TRANSLATE_NOOP(
         "lhe::widgets::PrimerPanel",
         "Sources: <a href=\"https://arxiv.org/abs/1910.02054\">Rajbhandari et al., ZeRO (2020), "
         "§3.1</a>; <a href=\"https://arxiv.org/abs/2106.09685\">Hu et al., LoRA (2021), §4.1</a>; "
         "<a href=\"https://arxiv.org/abs/2305.14314\">Dettmers et al., QLoRA (2023), §3</a>."),
     {{{"finetune-full-4090", QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel",
                                                "Show me: full fine-tuning of Llama-3.1-8B on an RTX 4090")},
       {"finetune-lora-4090", QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel", "Show me: LoRA, rank 16")},
       {"finetune-qlora-4090",
        QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel", "Show me: QLoRA, 4-bit base")}}}},

    {"cpu-gpu-npu-tpu",
     QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel", "CPU, GPU, NPU, TPU"),
     QT_TRANSLATE_NOOP(
         "lhe::widgets::PrimerPanel",
         "A CPU has a few dozen general-purpose cores and large, cheap DDR memory. A GPU has "
         "thousands of parallel lanes with tensor cores; NPUs (Huawei Ascend, Intel Gaudi) and "
         "TPUs (Google) are built around matrix engines; all three feed them from fast HBM or "
         "GDDR. Two numbers decide LLM speed, peak FLOP/s and memory bandwidth: AMD EPYC 9654 "
         "about 15 TFLOP/s BF16 and 461 GB/s DDR5; H100 SXM 989 TFLOP/s and 3.35 TB/s HBM3; "
         "TPU v5p 459 TFLOP/s and 2.77 TB/s. The CPU's 768 GB of DDR5 (825 GB) holds Llama-3.1-70B in BF16 "
         "(141 GB), which one H100 cannot, but reading 141 GB per token at 461 GB/s allows at "
         "most 3.3 tokens/s."),
     QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel",
                       "the decode card says Memory bandwidth at about 3 tokens/s; the prefill card says "
                       "Compute: a 1,024-token prompt takes about 20 s."),
     QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel",
                       "Sources: <a href=\"https://www.amd.com/en/products/processors/server/epyc/"
                       "4th-generation-9004-and-8004-series/amd-epyc-9654.html\">AMD EPYC 9654</a> (12 × "
                       "DDR5-4800 × 8 B); <a href=\"https://www.nvidia.com/en-us/data-center/h100/\">NVIDIA "
                       "H100</a>; <a href=\"https://cloud.google.com/tpu/docs/v5p\">Google TPU v5p</a>."),
     {{{"cpu-70b", QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel", "Show me: Llama-3.1-70B on an EPYC CPU")},
       {nullptr, nullptr},
       {nullptr, nullptr}}}},

    {"ram-vs-vram",
     QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel", "RAM vs VRAM"),
     QT_TRANSLATE_NOOP(
         "lhe::widgets::PrimerPanel",
         "VRAM is the accelerator's own memory, small and fast: an RTX 4090 has 24 GB of "
         "GDDR6X (25.8 GB = 24 GiB) at 1,008 GB/s. RAM is the host's memory, larger and cheaper, but the GPU "
         "reaches it over PCIe 4.0 x16 at 31.5 GB/s, 32 times slower. What does not fit in "
         "VRAM stays in RAM and must cross PCIe (or run on the slower CPU) for every token. "
         "Llama-3.1-70B at 4 bits (Q4_K_M, 4.85 bits per weight) is 43 GB: 18 GB of it "
         "cannot stay on the card."),
     QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel",
                       "the memory chart's badge says it offloads 18 GB to host RAM; the decode card says "
                       "Offload I/O, about 1 token/s."),
     QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel",
                       "Sources: <a href=\"https://images.nvidia.com/aem-dam/Solutions/geforce/ada/"
                       "nvidia-ada-gpu-architecture.pdf\">NVIDIA Ada architecture whitepaper</a>; PCIe 4.0: "
                       "16 GT/s × 16 lanes × 128/130 ÷ 8 = 31.5 GB/s per direction."),
     {{{"ram-vram-70b-4090",
        QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel", "Show me: Llama-3.1-70B (4-bit) on an RTX 4090")},
       {nullptr, nullptr},
       {nullptr, nullptr}}}},

    {"gddr-vs-hbm",
     QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel", "GDDR vs HBM"),
     QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel",
                       "GDDR chips sit on the board around the GPU on a narrow, fast bus: RTX 4090, 384 bits "
                       "at 21 Gb/s = 1,008 GB/s (GDDR6X). HBM stacks DRAM dies beside the GPU on a silicon "
                       "interposer with 1,024 bits per stack: H100 SXM, five stacks, 3.35 TB/s (HBM3), at a "
                       "higher price. Decoding Llama-3.1-8B in BF16 reads 16 GB per token, so the ideal rate "
                       "is 3,350 ÷ 16 ≈ 210 tokens/s on H100 and 1,008 ÷ 16 ≈ 63 on RTX 4090: the same 3.3× "
                       "as the bandwidth."),
     QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel",
                       "load both and compare the decode cards: the ideal-roofline times differ 3.3×; fixed "
                       "per-layer kernel overheads narrow the estimated gap to about 2.5×."),
     QT_TRANSLATE_NOOP(
         "lhe::widgets::PrimerPanel",
         "Sources: <a href=\"https://images.nvidia.com/aem-dam/Solutions/geforce/ada/"
         "nvidia-ada-gpu-architecture.pdf\">NVIDIA Ada whitepaper</a>; <a "
         "href=\"https://resources.nvidia.com/en-us-tensor-core/nvidia-tensor-core-gpu-datasheet\">"
         "NVIDIA H100 datasheet</a>."),
     {{{"gddr-rtx-4090", QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel", "Show me: RTX 4090 (GDDR6X)")},
       {"hbm-h100", QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel", "Show me: H100 SXM (HBM3)")},
       {nullptr, nullptr}}}},

    {"decode-bandwidth",
     QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel", "Decode is bandwidth-bound"),
     QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel",
                       "Each decode step makes one token per sequence: every weight is read from memory once "
                       "and used for one multiply-add (2 FLOP). With FP8 weights that is 2 FLOP per byte, "
                       "while an H100 needs 1,979 TFLOP/s ÷ 3.35 TB/s ≈ 590 FLOP per byte to keep its tensor "
                       "cores busy (the ridge point). So Llama-3.1-70B at batch 1 waits on memory: 70.6 GB ÷ "
                       "3.35 TB/s = 21 ms per token, at most 47 tokens/s, however many FLOP/s the chip has. "
                       "Larger batches reuse each weight read and move decode towards the ridge."),
     QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel",
                       "the decode card says Memory bandwidth; on the roofline the decode point sits on the "
                       "slope far left of the ridge."),
     QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel",
                       "Sources: <a href=\"https://doi.org/10.1145/1498765.1498785\">Williams, Waterman, "
                       "Patterson, Roofline (CACM 2009)</a>; <a href=\"https://resources.nvidia.com/"
                       "en-us-tensor-core/nvidia-tensor-core-gpu-datasheet\">NVIDIA H100 datasheet</a>."),
     {{{"decode-bandwidth",
        QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel", "Show me: Llama-3.1-70B (FP8) on H100, batch 1")},
       {nullptr, nullptr},
       {nullptr, nullptr}}}},

    {"prefill-compute",
     QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel", "Prefill is compute-bound"),
     QT_TRANSLATE_NOOP(
         "lhe::widgets::PrimerPanel",
         "Prefill processes the whole prompt in one pass: each weight read from memory is used "
         "for every prompt token, so the FLOP per byte grow with the prompt length. An "
         "8,192-token prompt gives thousands of FLOP per byte, far right of the H100's ridge at "
         "590, and the tensor cores set the time: 2 × 70.6 billion parameters × 8,192 tokens ≈ "
         "1.16 PFLOP, ÷ 1,979 TFLOP/s ≈ 0.6 s at peak."),
     QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel",
                       "the prefill card says Compute; on the roofline the prefill point sits under the flat "
                       "roof right of the ridge, the decode point of the same scenario on the slope."),
     QT_TRANSLATE_NOOP(
         "lhe::widgets::PrimerPanel",
         "Sources: <a href=\"https://arxiv.org/abs/2001.08361\">Kaplan et al. (2020), §2.1: "
         "2 FLOP per parameter per token</a>; <a href=\"https://doi.org/10.1145/1498765.1498785\">"
         "Williams et al., Roofline (2009)</a>."),
     {{{"prefill-compute",
        QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel", "Show me: an 8,192-token prompt on H100")},
       {nullptr, nullptr},
       {nullptr, nullptr}}}},

    {"communication",
     QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel", "When communication dominates"),
     QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel",
                       "Tensor parallelism splits every layer's matrices across GPUs, which then all-reduce "
                       "their activations twice per layer: 160 times per pass for the 80 layers of "
                       "Llama-3.1-70B. Over NVLink 4 (450 GB/s per direction per H100) this costs less than "
                       "the arithmetic; over PCIe 4.0 (31.5 GB/s, e.g. L40S cards, which have no NVLink) it "
                       "costs more. Without a fast interconnect, prefer fewer, larger GPUs or pipeline "
                       "parallelism."),
     QT_TRANSLATE_NOOP(
         "lhe::widgets::PrimerPanel",
         "with 8 × L40S over PCIe the prefill card says Communication; load 8 × H100 with "
         "NVLink and it says Compute. Its decode card says Latency: at batch 1 the 160 "
         "all-reduces per token are tiny, and the fixed launch and synchronisation cost of each "
         "layer's kernels (80 × 100 µs = 8 ms) outweighs every byte moved; a larger batch costs "
         "almost nothing extra."),
     QT_TRANSLATE_NOOP(
         "lhe::widgets::PrimerPanel",
         "Sources: <a href=\"https://arxiv.org/abs/1909.08053\">Shoeybi et al., Megatron-LM "
         "(2019), §3</a>; <a href=\"https://www.nvidia.com/en-us/data-center/l40s/\">NVIDIA "
         "L40S</a>; <a href=\"https://www.nvidia.com/en-us/data-center/h100/\">NVIDIA H100</a>."),
     {{{"communication-pcie", QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel", "Show me: 8 × L40S over PCIe")},
       {"communication-nvlink",
        QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel", "Show me: 8 × H100 over NVLink")},
       {nullptr, nullptr}}}},

    {"offload",
     QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel", "When offload dominates"),
     QT_TRANSLATE_NOOP(
         "lhe::widgets::PrimerPanel",
         "Offloaded bytes cross PCIe at about 31.5 GB/s, 32 times slower than the RTX 4090's "
         "VRAM, so a small spilled part takes longer than all the rest. Qwen3-32B at Q4_K_M "
         "(20 GB) fits in 24 GB and decodes from VRAM; at Q8_0 (35 GB) 10 GB spill to host RAM: "
         "about a quarter of the bytes, but most of the time of every token. Stronger "
         "quantization or a second GPU is usually faster than offloading."),
     QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel",
                       "compare the decode cards: Memory bandwidth at about 28 tokens/s, then Offload I/O at "
                       "about 2 tokens/s."),
     QT_TRANSLATE_NOOP(
         "lhe::widgets::PrimerPanel",
         "Sources: <a href=\"https://github.com/ggml-org/llama.cpp\">llama.cpp</a> quantization "
         "formats (bits per weight); <a href=\"https://images.nvidia.com/aem-dam/Solutions/"
         "geforce/ada/nvidia-ada-gpu-architecture.pdf\">NVIDIA Ada whitepaper</a>."),
     {{{"offload-fits-q4",
        QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel", "Show me: Qwen3-32B at 4 bits (fits)")},
       {"offload-spills-q8",
        QT_TRANSLATE_NOOP("lhe::widgets::PrimerPanel", "Show me: Qwen3-32B at 8 bits (spills)")},
       {nullptr, nullptr}}}},
}};

QString translated(const char* text)
{
    return QCoreApplication::translate("lhe::widgets::PrimerPanel", text);
}

} // namespace

PrimerPanel::PrimerPanel(const json& presets, QWidget* parent) : QWidget(parent), m_presets(json::object())
{
    if (presets.is_object() && presets.contains("presets") && presets["presets"].is_array()) {
        for (const json& preset : presets["presets"]) {
            if (preset.is_object() && preset.value("id", json()).is_string() && preset.contains("scenario"))
                m_presets[preset["id"].get<std::string>()] = preset["scenario"];
        }
    }

    auto* content = new QWidget;
    content->setObjectName(QStringLiteral("primerContent"));
    auto* sections = new QVBoxLayout(content);
    sections->setSpacing(14);

    m_intro = new QLabel;
    m_intro->setObjectName(QStringLiteral("intro"));
    m_intro->setWordWrap(true);
    sections->addWidget(m_intro);

    for (const Section& section : kSections) {
        auto* frame = new QFrame;
        frame->setObjectName(QStringLiteral("section_") + QString::fromLatin1(section.id));
        frame->setFrameShape(QFrame::StyledPanel);
        auto* layout = new QVBoxLayout(frame);
        SectionLabels labels;

        labels.title = new QLabel;
        labels.title->setObjectName(QStringLiteral("title"));
        QFont titleFont = labels.title->font();
        titleFont.setBold(true);
        titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
        labels.title->setFont(titleFont);
        labels.title->setWordWrap(true);
        layout->addWidget(labels.title);

        labels.body = new QLabel;
        labels.body->setObjectName(QStringLiteral("body"));
        labels.body->setTextFormat(Qt::PlainText);
        labels.body->setWordWrap(true);
        layout->addWidget(labels.body);

        labels.lookAt = new QLabel;
        labels.lookAt->setObjectName(QStringLiteral("lookAt"));
        labels.lookAt->setTextFormat(Qt::PlainText);
        labels.lookAt->setWordWrap(true);
        QFont lookAtFont = labels.lookAt->font();
        lookAtFont.setItalic(true);
        labels.lookAt->setFont(lookAtFont);
        layout->addWidget(labels.lookAt);

        // "Show me" buttons, one under the other so that a narrow dock needs no sideways scrolling:
        // reachable with Tab, pressed with Space (no mnemonics: nine sections would need more
        // letters than the window leaves free).
        auto* buttons = new QVBoxLayout;
        for (const ShowMe& showMe : section.buttons) {
            if (!showMe.presetId)
                continue;
            const QString id = QString::fromLatin1(showMe.presetId);
            auto* button = new QPushButton;
            button->setObjectName(QStringLiteral("showMe_") + id);
            button->setProperty("presetId", id);
            const auto found = m_presets.find(showMe.presetId);
            if (found == m_presets.end()) {
                button->setEnabled(false);
            } else {
                const json scenario = *found;
                connect(button, &QPushButton::clicked, this,
                        [this, id, scenario] { emit presetRequested(id, scenario); });
            }
            m_buttons.append(button);
            buttons->addWidget(button, 0, Qt::AlignLeft);
        }
        layout->addLayout(buttons);

        labels.sources = new QLabel;
        labels.sources->setObjectName(QStringLiteral("sources"));
        labels.sources->setTextFormat(Qt::RichText);
        labels.sources->setWordWrap(true);
        labels.sources->setOpenExternalLinks(true);
        labels.sources->setTextInteractionFlags(Qt::TextBrowserInteraction);
        QFont sourcesFont = labels.sources->font();
        sourcesFont.setPointSizeF(sourcesFont.pointSizeF() * 0.85);
        labels.sources->setFont(sourcesFont);
        layout->addWidget(labels.sources);

        m_sections.append(labels);
        sections->addWidget(frame);
    }
    sections->addStretch();

    m_scroll = new QScrollArea(this);
    m_scroll->setObjectName(QStringLiteral("primerScroll"));
    m_scroll->setWidget(content);
    m_scroll->setWidgetResizable(true);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_scroll->setFrameShape(QFrame::NoFrame);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_scroll);
    retranslateUi();
}

void PrimerPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void PrimerPanel::retranslateUi()
{
    m_intro->setText(tr("What the dashboard shows, in nine short lessons. Each “Show me” "
                        "loads a scenario that demonstrates the paragraph; Undo returns to "
                        "yours."));
    qsizetype next = 0; // the next of m_buttons, in the sections' order
    for (qsizetype i = 0; i < m_sections.size(); ++i) {
        const Section& section = kSections[static_cast<std::size_t>(i)];
        const SectionLabels& labels = m_sections.at(i);
        labels.title->setText(translated(section.title));
        labels.body->setText(translated(section.body));
        labels.lookAt->setText(tr("Look at: %1").arg(translated(section.lookAt)));
        for (const ShowMe& showMe : section.buttons) {
            if (!showMe.presetId)
                continue;
            QPushButton* button = m_buttons.at(next++);
            button->setText(translated(showMe.label));
            button->setAccessibleName(translated(showMe.label));
            button->setToolTip(
                button->isEnabled()
                    ? tr("Loads this scenario as a change you can undo: %1").arg(translated(section.title))
                    : tr("This demonstration's scenario is missing from the presets file."));
        }
        labels.sources->setText(translated(section.sources));
        labels.sources->setAccessibleName(tr("Sources: %1").arg(translated(section.title)));
        labels.sources->setToolTip(
            tr("Datasheets and papers behind the figures above; links open in your web browser"));
    }
    m_scroll->setAccessibleName(tr("Primer"));
    m_scroll->setToolTip(tr("Short explanations of what the dashboard shows, each with a scenario to load"));
    setAccessibleName(tr("Primer"));
    fitButtonWidth();
}

void PrimerPanel::fitButtonWidth()
{
    // Never narrower than the widest button plus the margins around it, else the dock would clip
    // it (the scroll area only scrolls vertically); the text wraps to any width above that.
    int widestButton = 0;
    for (const QPushButton* button : std::as_const(m_buttons))
        widestButton = std::max(widestButton, button->sizeHint().width());
    const QMargins outer = m_scroll->widget()->layout()->contentsMargins();
    const int frameMargins = 2 * style()->pixelMetric(QStyle::PM_LayoutLeftMargin) + 2 * 2; // layout + frame
    setMinimumWidth(std::max(320, widestButton + outer.left() + outer.right() + frameMargins +
                                      m_scroll->verticalScrollBar()->sizeHint().width() + 2));
}

json PrimerPanel::readPresets(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = tr("Cannot read the primer's presets %1: %2").arg(path, file.errorString());
        return json();
    }
    const QByteArray bytes = file.readAll();
    json document = json::parse(bytes.constBegin(), bytes.constEnd(), nullptr, /*allow_exceptions=*/false);
    if (document.is_discarded()) {
        *error = tr("The primer's presets %1 are not valid JSON").arg(path);
        return json();
    }
    return document;
}

QStringList PrimerPanel::sectionIds() const
{
    QStringList ids;
    for (const Section& section : kSections)
        ids << QString::fromLatin1(section.id);
    return ids;
}

QList<QPushButton*> PrimerPanel::showMeButtons() const
{
    return m_buttons;
}

QStringList PrimerPanel::presetIds()
{
    QStringList ids;
    for (const Section& section : kSections) {
        for (const ShowMe& showMe : section.buttons) {
            if (showMe.presetId)
                ids << QString::fromLatin1(showMe.presetId);
        }
    }
    return ids;
}

} // namespace lhe::widgets
