<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>CoreMessage</name>
    <message>
        <source>%1 has no %2 peak; compute uses its %3 peak</source>
        <translation>%1 没有 %2 峰值；计算改用其 %3 峰值</translation>
    </message>
    <message>
        <source>context of %1 tokens exceeds the model&apos;s max_position_embeddings %2</source>
        <translation>上下文 %1 token 超过了模型的 max_position_embeddings（%2）</translation>
    </message>
    <message>
        <source>batch %1 is smaller than the %2 data-parallel replicas; some replicas idle</source>
        <translation>批大小 %1 小于 %2 个数据并行副本；部分副本空闲</translation>
    </message>
    <message>
        <source>batch %1 is not a multiple of data-parallel replicas x micro-batch; rounded up to %2</source>
        <translation>批大小 %1 不是数据并行副本数 × 微批次的整数倍；已向上取整为 %2</translation>
    </message>
    <message>
        <source>does not fit even with host RAM and disk offload; times assume it could run</source>
        <translation>即使卸载到主机内存和磁盘也放不下；时间按可以运行估算</translation>
    </message>
    <message>
        <source>ZeRO stage %1 has no effect: data parallel is 1, so there are no replicas to shard the training state across</source>
        <translation>ZeRO 阶段 %1 不起作用：数据并行为 1，没有可以分片训练状态的副本</translation>
    </message>
    <message>
        <source>%1 has no %2 peak nor a wider one; compute uses its %3 peak, as if the model were quantized to it</source>
        <translation>%1 没有 %2 峰值，也没有更宽格式的峰值；计算改用其 %3 峰值，相当于把模型量化到该格式</translation>
    </message>
    <message>
        <source>a scenario must be a JSON object, got %1</source>
        <translation>场景必须是 JSON 对象，实际为 %1</translation>
    </message>
    <message>
        <source>%1 (as a config.json: %2)</source>
        <translation>%1（作为 config.json 读取时：%2）</translation>
    </message>
    <message>
        <source>file is larger than 16 MiB; not a catalog, scenario or config.json</source>
        <translation>文件大于 16 MiB，不是目录、场景或 config.json</translation>
    </message>
    <message>
        <source>symbolic link loop: following its links never reaches a file</source>
        <translation>符号链接循环：沿链接跳转始终到达不了文件</translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation>权限不足</translation>
    </message>
    <message>
        <source>permission denied: cannot enter folder %1</source>
        <translation>权限不足：无法进入文件夹 %1</translation>
    </message>
    <message>
        <source>file not found: a part of the path is a file, not a folder</source>
        <translation>找不到文件：路径中的某一部分是文件而不是文件夹</translation>
    </message>
    <message>
        <source>file name too long</source>
        <translation>文件名过长</translation>
    </message>
    <message>
        <source>broken symbolic link: it points to a file that does not exist</source>
        <translation>符号链接已失效：它指向的文件不存在</translation>
    </message>
    <message>
        <source>file not found</source>
        <translation>找不到文件</translation>
    </message>
    <message>
        <source>cannot read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>is a folder, not a JSON file</source>
        <translation>是文件夹，不是 JSON 文件</translation>
    </message>
    <message>
        <source>is not a regular file (%1); give a JSON file</source>
        <translation>不是普通文件（%1）；请提供 JSON 文件</translation>
    </message>
    <message>
        <source>larger than 16 MiB, the limit for a catalog, scenario or config.json</source>
        <translation>大于 16 MiB，超出目录、场景或 config.json 的大小上限</translation>
    </message>
    <message>
        <source>must name a config.json file, got &quot;&quot;</source>
        <translation>必须指定一个 config.json 文件，实际为 &quot;&quot;</translation>
    </message>
    <message>
        <source>skipped user catalog %1</source>
        <translation>已跳过用户目录 %1</translation>
    </message>
    <message>
        <source>no measurements to calibrate with</source>
        <translation>没有可用于校准的测量数据</translation>
    </message>
    <message>
        <source>expected a positive number from 1e-6 to 1e12, got %1</source>
        <translation>应为 1e-6 到 1e12 之间的正数，实际为 %1</translation>
    </message>
    <message>
        <source>decode tokens/s needs at least one output token</source>
        <translation>解码 token/s 至少需要一个输出 token</translation>
    </message>
    <message>
        <source>weight-only format &quot;%1&quot; is for inference, not a training step</source>
        <translation>仅权重量化格式 &quot;%1&quot; 用于推理，不能用于训练步</translation>
    </message>
    <message>
        <source>unknown id &quot;%1&quot;</source>
        <translation>未知 ID &quot;%1&quot;</translation>
    </message>
    <message>
        <source>measurement %1 is bound by neither compute nor memory bandwidth (communication, offload or kernel latency): it constrains neither fraction</source>
        <translation>测量 %1 既不受算力限制也不受显存带宽限制（而是受通信、卸载或内核延迟限制）：它对两个利用率都没有约束</translation>
    </message>
    <message>
        <source>no latency-bound measurement (small-batch decode): kernel latency kept at %1 µs per layer</source>
        <translation>没有受延迟限制的测量（小批次解码）：内核延迟保持为每层 %1 µs</translation>
    </message>
    <message>
        <source>no compute-bound measurement: GEMM fraction kept at %1 (%2)</source>
        <translation>没有计算受限的测量：GEMM 利用率保持为 %1（%2）</translation>
    </message>
    <message>
        <source>no memory-bound measurement: memory bandwidth fraction kept at %1 (%2)</source>
        <translation>没有带宽受限的测量：显存带宽利用率保持为 %1（%2）</translation>
    </message>
    <message>
        <source>%1 fraction at the search limit 1: the measurements are faster than the datasheet peak explains</source>
        <translation>%1 利用率达到搜索上限 1：测量结果比数据手册峰值所能解释的还要快</translation>
    </message>
    <message>
        <source>%1 fraction at the search limit 0.05: the measurements are slower than the model explains</source>
        <translation>%1 利用率达到搜索下限 0.05：测量结果比模型所能解释的还要慢</translation>
    </message>
    <message>
        <source>GEMM</source>
        <translation>GEMM</translation>
    </message>
    <message>
        <source>memory bandwidth fraction at the datasheet peak and the kernel latency took up the rest: bandwidth and latency are only told apart by decode of a small and a large model (e.g. 1B and 8B) at batch 1</source>
        <translation>显存带宽利用率达到数据手册峰值，其余由内核延迟承担：只有在批大小 1 下分别解码一个小模型和一个大模型（如 1B 和 8B），才能区分带宽和延迟</translation>
    </message>
    <message>
        <source>memory bandwidth</source>
        <translation>显存带宽</translation>
    </message>
    <message>
        <source>quoted field is not closed</source>
        <translation>带引号的字段未闭合</translation>
    </message>
    <message>
        <source>text after the closing quote</source>
        <translation>右引号之后还有文本</translation>
    </message>
    <message>
        <source>unknown column &quot;%1&quot;; the header names columns among %2</source>
        <translation>未知列 &quot;%1&quot;；表头中的列名应取自 %2</translation>
    </message>
    <message>
        <source>column named twice</source>
        <translation>列名重复</translation>
    </message>
    <message>
        <source>missing column &quot;%1&quot;; required: model, quantity, measured, batch, prompt_tokens, output_tokens</source>
        <translation>缺少列 &quot;%1&quot;；必需的列：model、quantity、measured、batch、prompt_tokens、output_tokens</translation>
    </message>
    <message>
        <source>expected %1 fields as in the header on line %2, got %3</source>
        <translation>第 %2 行的表头有 %1 个字段，本行应与之相同，实际为 %3 个</translation>
    </message>
    <message>
        <source>empty; a value is required</source>
        <translation>为空；必须填写值</translation>
    </message>
    <message>
        <source>unknown model id &quot;%1&quot;; see --list models</source>
        <translation>未知模型 ID &quot;%1&quot;；见 --list models</translation>
    </message>
    <message>
        <source>unknown quantity &quot;%1&quot;; expected decode_tokens_per_second, prefill_tokens_per_second or training_step_seconds</source>
        <translation>未知指标 &quot;%1&quot;；应为 decode_tokens_per_second、prefill_tokens_per_second 或 training_step_seconds</translation>
    </message>
    <message>
        <source>expected a positive number from 1e-6 to 1e12, got &quot;%1&quot;</source>
        <translation>应为 1e-6 到 1e12 之间的正数，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>expected a whole number, got &quot;%1&quot;</source>
        <translation>应为整数，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>no header line; expected columns among %1</source>
        <translation>没有表头行；列名应取自 %1</translation>
    </message>
    <message>
        <source>the header is followed by no measurements</source>
        <translation>表头之后没有测量数据</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is already the id of %2 in this file; ids must be unique within a file</source>
        <translation>&quot;%1&quot; 已是本文件中 %2 的 ID；同一文件内 ID 必须唯一</translation>
    </message>
    <message>
        <source>byte %1 (line %2, column %3)</source>
        <translation>第 %1 字节（第 %2 行，第 %3 列）</translation>
    </message>
    <message>
        <source>JSON nested deeper than %1 levels at %2</source>
        <translation>JSON 在 %2 处嵌套超过 %1 层</translation>
    </message>
    <message>
        <source>duplicate key &quot;%1&quot; at %2; a key may appear once per object</source>
        <translation>%2 处有重复的键 &quot;%1&quot;；每个对象中一个键只能出现一次</translation>
    </message>
    <message>
        <source>duplicate key &quot;%1&quot; (written &quot;%2&quot; and &quot;%3&quot;: the same key once escapes are decoded) at %4; a key may appear once per object</source>
        <translation>%4 处有重复的键 &quot;%1&quot;（写作 &quot;%2&quot; 和 &quot;%3&quot;：解码转义后是同一个键）；每个对象中一个键只能出现一次</translation>
    </message>
    <message>
        <source>no JSON value: nothing but a UTF-8 byte-order mark</source>
        <translation>没有 JSON 值：只有一个 UTF-8 字节顺序标记</translation>
    </message>
    <message>
        <source>no JSON value: the input is empty</source>
        <translation>没有 JSON 值：输入为空</translation>
    </message>
    <message>
        <source>no JSON value: the input is only white space</source>
        <translation>没有 JSON 值：输入只有空白字符</translation>
    </message>
    <message>
        <source>malformed JSON at byte 1: the text is UTF-16 (byte-order mark %1); save it as UTF-8</source>
        <translation>第 1 字节处 JSON 格式错误：文本为 UTF-16 编码（字节顺序标记 %1）；请另存为 UTF-8</translation>
    </message>
    <message>
        <source>malformed JSON at %1: %2</source>
        <translation>%1 处 JSON 格式错误：%2</translation>
    </message>
    <message>
        <source>malformed JSON at %1: number %2 is out of range (a double reaches about 1.8e308)</source>
        <translation>%1 处 JSON 格式错误：数字 %2 超出范围（double 最大约为 1.8e308）</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>某个数字</translation>
    </message>
    <message>
        <source>unreadable JSON: %1</source>
        <translation>无法读取的 JSON：%1</translation>
    </message>
    <message>
        <source>unexpected bytes after the JSON value at %1 (a NUL byte); only white space may follow the value</source>
        <translation>%1 处在 JSON 值之后出现意外字节（NUL 字节）；值之后只能有空白字符</translation>
    </message>
    <message>
        <source>%1 exceeds params_total %2</source>
        <translation>%1 超过 params_total %2</translation>
    </message>
    <message>
        <source>expected an array of entries, got %1</source>
        <translation>应为条目数组，实际为 %1</translation>
    </message>
    <message>
        <source>%1: skipped %2</source>
        <translation>%1：已跳过 %2</translation>
    </message>
    <message>
        <source>embedding</source>
        <translation>嵌入层</translation>
    </message>
    <message>
        <source>lm head</source>
        <translation>输出头</translation>
    </message>
    <message>
        <source>attention</source>
        <translation>注意力层</translation>
    </message>
    <message>
        <source>dense mlp</source>
        <translation>稠密 MLP</translation>
    </message>
    <message>
        <source>shared experts</source>
        <translation>共享专家</translation>
    </message>
    <message>
        <source>routed experts</source>
        <translation>路由专家</translation>
    </message>
    <message>
        <source>router</source>
        <translation>路由器</translation>
    </message>
    <message>
        <source>norms</source>
        <translation>归一化层</translation>
    </message>
    <message>
        <source>vision</source>
        <translation>视觉塔</translation>
    </message>
    <message>
        <source>mtp</source>
        <translation>MTP 模块</translation>
    </message>
    <message>
        <source>%1 keeps part of the %2 at %3; the whole group is counted as %4</source>
        <translation>%1 将 %2 的一部分保留为 %3；整组按 %4 计</translation>
    </message>
    <message>
        <source>expected [rows, columns] of whole numbers from 1 to 1048576, got %1</source>
        <translation>应为 [行, 列]，均为 1 到 1048576 之间的整数，实际为 %1</translation>
    </message>
    <message>
        <source>must be -1 (one scale per output channel) or a group size &gt;= 1, got 0</source>
        <translation>必须为 -1（每个输出通道一个缩放因子）或 &gt;= 1 的分组大小，实际为 0</translation>
    </message>
    <message>
        <source>expected &quot;int&quot; or &quot;float&quot;, got &quot;%1&quot;</source>
        <translation>应为 &quot;int&quot; 或 &quot;float&quot;，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>float weights are 4 or 8 bits (fp4 e2m1, fp8), got %1</source>
        <translation>浮点权重为 4 位或 8 位（fp4 e2m1、fp8），实际为 %1</translation>
    </message>
    <message>
        <source>expected &quot;tensor&quot;, &quot;channel&quot;, &quot;group&quot;, &quot;tensor_group&quot; or &quot;block&quot;, got &quot;%1&quot;</source>
        <translation>应为 &quot;tensor&quot;、&quot;channel&quot;、&quot;group&quot;、&quot;tensor_group&quot; 或 &quot;block&quot;，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>%1 &quot;%2&quot; is not understood; scales counted at %3 bits</source>
        <translation>无法识别 %1 &quot;%2&quot;；缩放因子按 %3 位计</translation>
    </message>
    <message>
        <source>%1 &quot;%2&quot;: the weights are stored uncompressed, counted at %3</source>
        <translation>%1 &quot;%2&quot;：权重以未压缩形式存储，按 %3 计</translation>
    </message>
    <message>
        <source>%1 is empty: weights counted at %2</source>
        <translation>%1 为空：权重按 %2 计</translation>
    </message>
    <message>
        <source>%1 &quot;%2&quot; names a module class this estimate does not map; those modules are counted at %3</source>
        <translation>%1 &quot;%2&quot; 指定的模块类无法被本估算映射；这些模块按 %3 计</translation>
    </message>
    <message>
        <source>%1 covers part of the %2; the whole group is counted as %3</source>
        <translation>%1 只覆盖了 %2 的一部分；整组按 %3 计</translation>
    </message>
    <message>
        <source>%1 &quot;%2&quot; is not understood; weights counted at %3</source>
        <translation>无法识别 %1 &quot;%2&quot;；权重按 %3 计</translation>
    </message>
    <message>
        <source>load_in_4bit and load_in_8bit cannot both be true</source>
        <translation>load_in_4bit 和 load_in_8bit 不能同时为 true</translation>
    </message>
    <message>
        <source>expected &quot;nf4&quot; or &quot;fp4&quot;, got &quot;%1&quot;</source>
        <translation>应为 &quot;nf4&quot; 或 &quot;fp4&quot;，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>%1 loads neither in 4 nor in 8 bits; weights counted at %2</source>
        <translation>%1 既不以 4 位也不以 8 位加载；权重按 %2 计</translation>
    </message>
    <message>
        <source>%1 &quot;%2&quot; is not understood; unquantized weights counted at bf16</source>
        <translation>无法识别 %1 &quot;%2&quot;；未量化的权重按 bf16 计</translation>
    </message>
    <message>
        <source>%1 is missing; weights counted at %2</source>
        <translation>缺少 %1；权重按 %2 计</translation>
    </message>
    <message>
        <source>%1 &quot;%2&quot; is not understood; weights counted at torch_dtype (%3)</source>
        <translation>无法识别 %1 &quot;%2&quot;；权重按 torch_dtype（%3）计</translation>
    </message>
    <message>
        <source>unknown class &quot;%1&quot;; allowed: cpu, gpu, npu, tpu</source>
        <translation>未知类别 &quot;%1&quot;；允许的值：cpu、gpu、npu、tpu</translation>
    </message>
    <message>
        <source>unknown precision &quot;%1&quot;; allowed: fp64, fp32, tf32, bf16, fp16, fp8, int8, int4, fp4, mxfp8, mxfp4, nvfp4</source>
        <translation>未知精度 &quot;%1&quot;；允许的值：fp64、fp32、tf32、bf16、fp16、fp8、int8、int4、fp4、mxfp8、mxfp4、nvfp4</translation>
    </message>
    <message>
        <source>expected a number from %1 to %2 FLOP/s, got 0; leave out a precision the device lacks</source>
        <translation>应为 %1 到 %2 FLOP/s 之间的数字，实际为 0；设备不支持的精度请直接省略</translation>
    </message>
    <message>
        <source>needs at least one dense peak, e.g. {&quot;bf16&quot;: 989.4e12}</source>
        <translation>至少需要一个稠密峰值，例如 {&quot;bf16&quot;: 989.4e12}</translation>
    </message>
    <message>
        <source>is false, but shared_memory_package says the memory is shared; leave one out</source>
        <translation>为 false，但 shared_memory_package 表明内存是共享的；请去掉其中一个</translation>
    </message>
    <message>
        <source>%1 runs %2 slower than %3; compute uses its %3 peak</source>
        <translation>%1 运行 %2 比 %3 慢；计算改用其 %3 峰值</translation>
    </message>
    <message>
        <source>%1 must divide the model&apos;s %2 attention heads</source>
        <translation>%1 必须能整除模型的注意力头数 %2</translation>
    </message>
    <message>
        <source>%1 stages exceed the model&apos;s %2 layers</source>
        <translation>%1 个流水线级超过了模型的层数 %2</translation>
    </message>
    <message>
        <source>must be 1 for a dense model</source>
        <translation>稠密模型必须为 1</translation>
    </message>
    <message>
        <source>%1 must divide the model&apos;s %2 experts</source>
        <translation>%1 必须能整除模型的专家数 %2</translation>
    </message>
    <message>
        <source>micro_batch %1 x grad_accum %2 x data-parallel degree %3 = %4 sequences, but batch is %5; the global batch is micro_batch x grad_accum x data-parallel degree (leave grad_accum out to derive it from the batch)</source>
        <translation>micro_batch %1 x grad_accum %2 x 数据并行度 %3 = %4 个序列，但 batch 为 %5；全局批大小为 micro_batch x grad_accum x 数据并行度（省略 grad_accum 即可由 batch 推算）</translation>
    </message>
    <message>
        <source>&quot;checkpoint&quot; is the stored (quantized) format, for inference; training allows %1</source>
        <translation>&quot;checkpoint&quot; 是存储（量化）格式，用于推理；训练允许 %1</translation>
    </message>
    <message>
        <source>no split of %1 devices has a data-parallel degree d with micro_batch %2 x grad_accum %3 x d = batch %4; the global batch is micro_batch x grad_accum x data-parallel degree (leave grad_accum out to derive it from the batch)</source>
        <translation>%1 个设备的任何切分都没有满足 micro_batch %2 x grad_accum %3 x d = batch %4 的数据并行度 d；全局批大小为 micro_batch x grad_accum x 数据并行度（省略 grad_accum 即可由 batch 推算）</translation>
    </message>
    <message>
        <source>automatic training split: tensor %1 x pipeline %2 x data %3, the fastest of %4 splits that fit</source>
        <translation>自动训练切分：张量 %1 x 流水线 %2 x 数据 %3，在 %4 种放得下的切分中最快</translation>
    </message>
    <message>
        <source>automatic training split: tensor %1 x pipeline %2 x data %3 needs the least memory; none of %4 splits fits</source>
        <translation>自动训练切分：张量 %1 x 流水线 %2 x 数据 %3 所需显存最少；%4 种切分都放不下</translation>
    </message>
    <message>
        <source>unknown id &quot;%1&quot;; see --list devices for the %2 known ids</source>
        <translation>未知 ID &quot;%1&quot;；已知的 %2 个 ID 见 --list devices</translation>
    </message>
    <message>
        <source>unknown id &quot;%1&quot;; see --list models for the %2 known ids</source>
        <translation>未知 ID &quot;%1&quot;；已知的 %2 个 ID 见 --list models</translation>
    </message>
    <message>
        <source>the string &quot;%1&quot; (JSON numbers take no quotes)</source>
        <translation>字符串 &quot;%1&quot;（JSON 数字不加引号）</translation>
    </message>
    <message>
        <source>expected a JSON object, got %1</source>
        <translation>应为 JSON 对象，实际为 %1</translation>
    </message>
    <message>
        <source>required field is missing</source>
        <translation>缺少必需的字段</translation>
    </message>
    <message>
        <source>expected a string, got %1</source>
        <translation>应为字符串，实际为 %1</translation>
    </message>
    <message>
        <source>must not be empty</source>
        <translation>不能为空</translation>
    </message>
    <message>
        <source>ids are identifiers, typed on command lines and listed one per line: printable characters only</source>
        <translation>ID 是标识符，需在命令行中输入并逐行列出：只能使用可打印字符</translation>
    </message>
    <message>
        <source>names are listed one per line: printable characters only</source>
        <translation>名称逐行列出：只能使用可打印字符</translation>
    </message>
    <message>
        <source>&quot;%1&quot; holds a control character (%2) at byte %3; %4</source>
        <translation>&quot;%1&quot; 在第 %3 字节处含有控制字符（%2）；%4</translation>
    </message>
    <message>
        <source>expected a number from %1 to %2, got %3</source>
        <translation>应为 %1 到 %2 之间的数字，实际为 %3</translation>
    </message>
    <message>
        <source>expected a number from %1 to %2 %3, got %4</source>
        <translation>应为 %1 到 %2 %3 之间的数字，实际为 %4</translation>
    </message>
    <message>
        <source>expected a number, got %1</source>
        <translation>应为数字，实际为 %1</translation>
    </message>
    <message>
        <source>must be a finite number</source>
        <translation>必须是有限数</translation>
    </message>
    <message>
        <source>must be &gt;= 0, got %1</source>
        <translation>必须 &gt;= 0，实际为 %1</translation>
    </message>
    <message>
        <source>must be &gt; 0, got %1</source>
        <translation>必须 &gt; 0，实际为 %1</translation>
    </message>
    <message>
        <source>expected an integer from %1 to %2, got %3</source>
        <translation>应为 %1 到 %2 之间的整数，实际为 %3</translation>
    </message>
    <message>
        <source>expected true or false, got %1</source>
        <translation>应为 true 或 false，实际为 %1</translation>
    </message>
    <message>
        <source>expected an array of strings, got %1</source>
        <translation>应为字符串数组，实际为 %1</translation>
    </message>
    <message>
        <source>expected a string</source>
        <translation>应为字符串</translation>
    </message>
    <message>
        <source>expected a list of whole numbers</source>
        <translation>应为整数列表</translation>
    </message>
    <message>
        <source>has %1 entries; expected one per layer (%2)</source>
        <translation>有 %1 项；应每层一项（%2）</translation>
    </message>
    <message>
        <source>expected 0 or 1</source>
        <translation>应为 0 或 1</translation>
    </message>
    <message>
        <source>expected a layer index from 0 to %1</source>
        <translation>应为 0 到 %1 之间的层索引</translation>
    </message>
    <message>
        <source>required key is missing (%1)</source>
        <translation>缺少必需的键（%1）</translation>
    </message>
    <message>
        <source>expected a list of %1 layer type names, one per layer (num_hidden_layers)</source>
        <translation>应为包含 %1 个层类型名的列表，每层一个（num_hidden_layers）</translation>
    </message>
    <message>
        <source>expected a layer type name such as &quot;full_attention&quot;</source>
        <translation>应为层类型名，例如 &quot;full_attention&quot;</translation>
    </message>
    <message>
        <source>layer_types has sliding layers</source>
        <translation>layer_types 中有滑动窗口层</translation>
    </message>
    <message>
        <source>layer_types has chunked layers</source>
        <translation>layer_types 中有分块注意力层</translation>
    </message>
    <message>
        <source>expected one character per layer (%1), got %2</source>
        <translation>应每层一个字符（%1），实际为 %2</translation>
    </message>
    <message>
        <source>unknown block &apos;%1&apos; at layer %2; understood: M (Mamba-2), * (attention), - (MLP), E (experts)</source>
        <translation>第 %2 层有未知块 &apos;%1&apos;；可识别：M（Mamba-2）、*（注意力）、-（MLP）、E（专家）</translation>
    </message>
    <message>
        <source>%1 or %2</source>
        <translation>%1 或 %2</translation>
    </message>
    <message>
        <source>required key is missing (looked for %1)</source>
        <translation>缺少必需的键（已查找 %1）</translation>
    </message>
    <message>
        <source>%1: vision tower &quot;%2&quot; counted with the generic ViT formula (biases, LayerNorms, learned positions)</source>
        <translation>%1：视觉塔 &quot;%2&quot; 按通用 ViT 公式计算（偏置、LayerNorm、可学习位置编码）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; names no linear module of this model; its modules are %2</source>
        <translation>&quot;%1&quot; 没有匹配该模型的任何线性模块；该模型的模块为 %2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is an encoder-decoder model; only decoder-only language models are estimated (their KV cache and decode loop are what is modelled)</source>
        <translation>&quot;%1&quot; 是编码器-解码器模型；只估算仅解码器语言模型（所建模的是其 KV 缓存和解码循环）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is an encoder-only model; only decoder-only language models are estimated (it has no KV cache and generates no tokens)</source>
        <translation>&quot;%1&quot; 是仅编码器模型；只估算仅解码器语言模型（它没有 KV 缓存，也不生成 token）</translation>
    </message>
    <message>
        <source>cannot exceed the number of experts (%1)</source>
        <translation>不能超过专家数（%1）</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a known family; read with generic keys as a Llama-style decoder</source>
        <translation>%1：&quot;%2&quot; 不是已知的模型系列；按通用键读取，视为 Llama 风格的解码器</translation>
    </message>
    <message>
        <source>%1 must divide num_attention_heads %2</source>
        <translation>%1 必须能整除 num_attention_heads %2</translation>
    </message>
    <message>
        <source>%1 must divide hidden_size %2 (or give head_dim)</source>
        <translation>%1 必须能整除 hidden_size %2（或给出 head_dim）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid regular expression (%2)</source>
        <translation>&quot;%1&quot; 不是有效的正则表达式（%2）</translation>
    </message>
    <message>
        <source>expected a precision name; allowed: %1</source>
        <translation>应为精度名称；允许的值：%1</translation>
    </message>
    <message>
        <source>unknown precision &quot;%1&quot;; allowed: %2</source>
        <translation>未知精度 &quot;%1&quot;；允许的值：%2</translation>
    </message>
    <message>
        <source>expected one of: %1</source>
        <translation>应为以下之一：%1</translation>
    </message>
    <message>
        <source>unknown value &quot;%1&quot;; allowed: %2</source>
        <translation>未知值 &quot;%1&quot;；允许的值：%2</translation>
    </message>
    <message>
        <source>unknown value &quot;%1&quot;; allowed: &quot;all-linear&quot;, &quot;attention&quot; or a list of module names</source>
        <translation>未知值 &quot;%1&quot;；允许的值：&quot;all-linear&quot;、&quot;attention&quot; 或模块名列表</translation>
    </message>
    <message>
        <source>expected &quot;all-linear&quot;, &quot;attention&quot; or a non-empty list of module names</source>
        <translation>应为 &quot;all-linear&quot;、&quot;attention&quot; 或非空的模块名列表</translation>
    </message>
    <message>
        <source>at most 64 module names, got %1</source>
        <translation>最多 64 个模块名，实际为 %1</translation>
    </message>
    <message>
        <source>each entry must be a module name such as &quot;q_proj&quot;, got %1</source>
        <translation>每一项都必须是模块名，例如 &quot;q_proj&quot;，实际为 %1</translation>
    </message>
    <message>
        <source>a fraction of peak must be in [0.01, 1], got %1</source>
        <translation>峰值占比必须在 [0.01, 1] 范围内，实际为 %1</translation>
    </message>
    <message>
        <source>expected a Hugging Face config.json object, got %1</source>
        <translation>应为 Hugging Face config.json 对象，实际为 %1</translation>
    </message>
    <message>
        <source>the file was not loaded; pass it with --model-config</source>
        <translation>未加载该文件；请用 --model-config 传入</translation>
    </message>
    <message>
        <source>required field is missing (a catalog model id, or model_config)</source>
        <translation>缺少必需的字段（目录中的模型 ID，或 model_config）</translation>
    </message>
    <message>
        <source>weight-only format &quot;%1&quot; is for inference; training allows %2</source>
        <translation>仅权重量化格式 &quot;%1&quot; 用于推理；训练允许 %2</translation>
    </message>
    <message>
        <source>adapters train in fp32, bf16 or fp16, got &quot;%1&quot;</source>
        <translation>适配器以 fp32、bf16 或 fp16 训练，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>%1 requests/s is beyond this deployment: it sustains %2 requests/s at the KV pool&apos;s %3 concurrent requests</source>
        <translation>%1 请求/秒超出此部署能力：在 KV 池的 %3 个并发请求下只能维持 %2 请求/秒</translation>
    </message>
    <message>
        <source>%1 has no tdp_watts in the catalog: no energy figures</source>
        <translation>%1 在目录中没有 tdp_watts：不给出能耗数字</translation>
    </message>
    <message>
        <source>%1 concurrent requests exceed the KV pool&apos;s %2: the rest wait, adding %3 s to time to first token</source>
        <translation>%1 个并发请求超过 KV 池可容纳的 %2 个：其余请求排队，首 token 时间增加 %3 秒</translation>
    </message>
    <message>
        <source>speculative decoding left out: the draft model &quot;%1&quot; was not resolved</source>
        <translation>未计入推测解码：未能解析草稿模型“%1”</translation>
    </message>
    <message>
        <source>speculative decoding left out: the model has no multi-token-prediction layers</source>
        <translation>未计入推测解码：该模型没有多 token 预测（MTP）层</translation>
    </message>
    <message>
        <source>the KV pool holds no request: weights and activations leave %1 GB of the %2 GB that gpu_memory_utilization allows; serving figures assume one request could run</source>
        <translation>KV 池容纳不下任何请求：权重和激活只在 gpu_memory_utilization 允许的 %2 GB 中留下 %1 GB；服务数字假定能运行一个请求</translation>
    </message>
    <message>
        <source>expected [input_tokens, output_tokens] or an object with both, got %1</source>
        <translation>应为 [input_tokens, output_tokens] 或同时含两者的对象，实际为 %1</translation>
    </message>
    <message>
        <source>give concurrency or a request rate, not both</source>
        <translation>请给出并发数或请求速率，不能同时给出</translation>
    </message>
    <message>
        <source>expected a non-empty list of [input_tokens, output_tokens] pairs</source>
        <translation>应为非空的 [input_tokens, output_tokens] 对列表</translation>
    </message>
    <message>
        <source>at most %1 request shapes, got %2</source>
        <translation>最多 %1 种请求形状，实际为 %2</translation>
    </message>
    <message>
        <source>give requests or input_tokens and output_tokens, not both</source>
        <translation>请给出 requests 或 input_tokens 与 output_tokens，不能同时给出</translation>
    </message>
    <message>
        <source>a draft model id is required with draft &quot;model&quot;</source>
        <translation>draft 为“model”时需要草稿模型 id</translation>
    </message>
    <message>
        <source>%1 concurrent requests and no room for a KV pool on the device: they run one at a time, the rest waiting %2 s on average before their first token</source>
        <translation>%1 个并发请求，但设备上没有容纳 KV 池的空间：请求逐个运行，其余请求在首 token 前平均等待 %2 秒</translation>
    </message>
    <message>
        <source>not a weight group: use embedding, lm_head, attention, dense_mlp, shared_experts, routed_experts, router, norms, vision or mtp</source>
        <translation>不是权重组：请用 embedding、lm_head、attention、dense_mlp、shared_experts、routed_experts、router、norms、vision 或 mtp</translation>
    </message>
    <message>
        <source>not a weight format: use q8_0, q6_k, q5_k_m, q4_k_m, q4_0, mxfp4, bf16, fp16 or fp32, got %1</source>
        <translation>不是权重格式：请用 q8_0、q6_k、q5_k_m、q4_k_m、q4_0、mxfp4、bf16、fp16 或 fp32，实际为 %1</translation>
    </message>
    <message>
        <source>the file ended while its header was read</source>
        <translation>读取文件头时文件已结束</translation>
    </message>
    <message>
        <source>no config.json beside the weights: the tensor headers list what is stored, the config how the layers connect; both are needed</source>
        <translation>权重旁没有 config.json：张量头列出存储了什么，配置说明各层如何连接；两者都需要</translation>
    </message>
    <message>
        <source>the GGUF header is larger than %1 bytes, the most this program reads</source>
        <translation>GGUF 文件头大于 %1 字节，超出本程序读取的上限</translation>
    </message>
    <message>
        <source>the header arrived cut short</source>
        <translation>收到的文件头不完整</translation>
    </message>
    <message>
        <source>expected a whole number from 0 to 2^53, got %1</source>
        <translation>应为 0 到 2^53 之间的整数，实际为 %1</translation>
    </message>
    <message>
        <source>%1 must exceed the RoPE dimension %2</source>
        <translation>%1 必须大于 RoPE 维度 %2</translation>
    </message>
    <message>
        <source>expected an architecture name, got %1</source>
        <translation>应为架构名称，实际为 %1</translation>
    </message>
    <message>
        <source>%1: %2 of %3 layers have no attention heads; they are read as attention layers of the widest shape</source>
        <translation>%1：%3 层中有 %2 层没有注意力头；按最宽形状的注意力层读取</translation>
    </message>
    <message>
        <source>the file ends (at byte %1) before this field does: it is truncated or not a GGUF file</source>
        <translation>文件在第 %1 字节处结束，早于该字段结束：文件被截断或不是 GGUF 文件</translation>
    </message>
    <message>
        <source>unknown value type %1 (GGUF has types 0 to 12)</source>
        <translation>未知的值类型 %1（GGUF 的类型为 0 到 12）</translation>
    </message>
    <message>
        <source>arrays nested more than %1 deep</source>
        <translation>数组嵌套超过 %1 层</translation>
    </message>
    <message>
        <source>an array of %1 %2 values cannot fit in the %3 bytes left in the file</source>
        <translation>%1 个 %2 值的数组无法放入文件剩余的 %3 字节</translation>
    </message>
    <message>
        <source>a boolean is 0 or 1, not %1</source>
        <translation>布尔值应为 0 或 1，而不是 %1</translation>
    </message>
    <message>
        <source>the key is empty</source>
        <translation>键为空</translation>
    </message>
    <message>
        <source>a key of %1 bytes; GGUF allows at most %2</source>
        <translation>键长 %1 字节；GGUF 最多允许 %2 字节</translation>
    </message>
    <message>
        <source>the key appears twice</source>
        <translation>该键出现了两次</translation>
    </message>
    <message>
        <source>must be a uint32, not a %1</source>
        <translation>必须是 uint32，而不是 %1</translation>
    </message>
    <message>
        <source>the alignment %1 is not a power of two</source>
        <translation>对齐值 %1 不是 2 的幂</translation>
    </message>
    <message>
        <source>a tensor name of %1 bytes; GGUF allows at most %2</source>
        <translation>张量名长 %1 字节；GGUF 最多允许 %2 字节</translation>
    </message>
    <message>
        <source>a second tensor of this name</source>
        <translation>同名的第二个张量</translation>
    </message>
    <message>
        <source>%1 dimensions; a GGUF tensor has 1 to 4</source>
        <translation>%1 个维度；GGUF 张量有 1 到 4 个维度</translation>
    </message>
    <message>
        <source>dimension %1 is 0</source>
        <translation>第 %1 维为 0</translation>
    </message>
    <message>
        <source>the shape %1 has more than 2^53 elements</source>
        <translation>形状 %1 的元素超过 2^53 个</translation>
    </message>
    <message>
        <source>unknown ggml tensor type %1 (removed from ggml or newer than this program)</source>
        <translation>未知的 ggml 张量类型 %1（已从 ggml 移除，或比本程序更新）</translation>
    </message>
    <message>
        <source>a row of %1 elements (ne[0]) is not a whole number of %2 blocks of %3</source>
        <translation>一行 %1 个元素 (ne[0]) 不是 %3 个元素一块的 %2 块的整数倍</translation>
    </message>
    <message>
        <source>the data offset %1 is not a multiple of the alignment %2</source>
        <translation>数据偏移 %1 不是对齐值 %2 的倍数</translation>
    </message>
    <message>
        <source>its %1 bytes at data offset %2 run past the end of the file (%3 bytes, data from byte %4)</source>
        <translation>它在数据偏移 %2 处的 %1 字节超出了文件末尾（文件 %3 字节，数据从第 %4 字节开始）</translation>
    </message>
    <message>
        <source>its data overlaps that of tensor &quot;%1&quot;</source>
        <translation>它的数据与张量“%1”的数据重叠</translation>
    </message>
    <message>
        <source>not a GGUF file: it starts with the bytes %1, not &quot;GGUF&quot;</source>
        <translation>不是 GGUF 文件：开头字节为 %1，而不是“GGUF”</translation>
    </message>
    <message>
        <source>GGUF version 1 (32-bit counts, 2023) is not read; convert the model with a current llama.cpp</source>
        <translation>不读取 GGUF 版本 1（32 位计数，2023 年）；请用新版 llama.cpp 转换模型</translation>
    </message>
    <message>
        <source>a big-endian GGUF file; only little-endian files are read</source>
        <translation>大端序 GGUF 文件；只读取小端序文件</translation>
    </message>
    <message>
        <source>unknown GGUF version %1 (versions 2 and 3 are read)</source>
        <translation>未知的 GGUF 版本 %1（可读取版本 2 和 3）</translation>
    </message>
    <message>
        <source>%1 metadata pairs cannot fit in the %2 bytes left in the file</source>
        <translation>%1 个元数据键值对无法放入文件剩余的 %2 字节</translation>
    </message>
    <message>
        <source>%1 tensor infos cannot fit in the %2 bytes left in the file</source>
        <translation>%1 个张量信息无法放入文件剩余的 %2 字节</translation>
    </message>
    <message>
        <source>%1: layer type &quot;%2&quot; is not known; read as a linear-attention layer with a fixed per-sequence state</source>
        <translation>%1：层类型“%2”未知；按每序列状态固定的线性注意力层读取</translation>
    </message>
    <message>
        <source>hybrid_layer_pattern has sliding layers</source>
        <translation>hybrid_layer_pattern 含滑动窗口层</translation>
    </message>
    <message>
        <source>expected at least one entry per layer (%1)</source>
        <translation>应为每层至少一项（%1）</translation>
    </message>
    <message>
        <source>expected a whole number</source>
        <translation>应为整数</translation>
    </message>
    <message>
        <source>%1: DeepSeek-V4&apos;s compressed layers are sized by their compressed KV entries (head_dim / ratio elements per token, the indexer&apos;s keys as fp8 with an fp32 scale); the %2-token window each of them also keeps, and the compressors&apos; running state, are left out</source>
        <translation>%1：DeepSeek-V4 的压缩层按其压缩后的 KV 条目计算（每个 token head_dim / ratio 个元素，索引器的键按 fp8 加一个 fp32 缩放因子）；每层另外保留的 %2 个 token 窗口以及压缩器的运行状态未计入</translation>
    </message>
    <message>
        <source>%1 is not set; the default of its class (%2) is used, as transformers would</source>
        <translation>未设置 %1；按 transformers 的做法使用其类的默认值（%2）</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; has linear-attention layers of a kind not modelled; each is counted as linear attention of the softmax layers&apos; width (q, k, v, gate and output projections, 5·d·h·d_h weights) keeping a d_h × d_h state per head</source>
        <translation>%1：“%2”含未建模类型的线性注意力层；每层按与 softmax 层同宽的线性注意力计算（q、k、v、门控和输出投影，5·d·h·d_h 个权重），每个头保留 d_h × d_h 的状态</translation>
    </message>
    <message>
        <source>%1: the vision tower could not be read (%2); it is left out of the parameter count</source>
        <translation>%1：无法读取视觉塔（%2）；其参数不计入参数总数</translation>
    </message>
    <message>
        <source>%1: audio tower counted with a generic transformer-encoder formula</source>
        <translation>%1：音频塔按通用 Transformer 编码器公式计算</translation>
    </message>
    <message>
        <source>%1: the audio tower could not be read (%2); it is left out of the parameter count</source>
        <translation>%1：无法读取音频塔（%2）；其参数不计入参数总数</translation>
    </message>
    <message>
        <source>the file is %1 bytes long; a safetensors file starts with an 8-byte header length</source>
        <translation>文件长 %1 字节；safetensors 文件以 8 字节的文件头长度开头</translation>
    </message>
    <message>
        <source>the header length %1 is more than the safetensors limit of %2 bytes</source>
        <translation>文件头长度 %1 超过 safetensors 的上限 %2 字节</translation>
    </message>
    <message>
        <source>the header length %1 reaches past the end of the file (%2 bytes after the 8-byte length)</source>
        <translation>文件头长度 %1 超出文件末尾（8 字节长度之后还有 %2 字节）</translation>
    </message>
    <message>
        <source>the header (%1 bytes) and its 8-byte length do not fit in a file of %2 bytes</source>
        <translation>文件头（%1 字节）及其 8 字节长度放不进 %2 字节的文件</translation>
    </message>
    <message>
        <source>expected a JSON object of tensors, got %1</source>
        <translation>应为由张量组成的 JSON 对象，实际为 %1</translation>
    </message>
    <message>
        <source>expected an object of strings, got %1</source>
        <translation>应为字符串组成的对象，实际为 %1</translation>
    </message>
    <message>
        <source>expected an object with dtype, shape and data_offsets, got %1</source>
        <translation>应为含 dtype、shape 和 data_offsets 的对象，实际为 %1</translation>
    </message>
    <message>
        <source>unknown dtype %1; safetensors defines %2</source>
        <translation>未知的 dtype %1；safetensors 定义了 %2</translation>
    </message>
    <message>
        <source>expected an array of whole numbers, got %1</source>
        <translation>应为整数数组，实际为 %1</translation>
    </message>
    <message>
        <source>expected a whole number of 0 or more, got %1</source>
        <translation>应为 0 或更大的整数，实际为 %1</translation>
    </message>
    <message>
        <source>shape %1 holds more elements than 64 bits count</source>
        <translation>形状 %1 的元素个数超出 64 位计数范围</translation>
    </message>
    <message>
        <source>%1 elements of %2 (%3 bits each) do not end on a byte boundary</source>
        <translation>%2 的 %1 个元素（每个 %3 位）不在字节边界上结束</translation>
    </message>
    <message>
        <source>expected [begin, end], two whole numbers of 0 or more, got %1</source>
        <translation>应为 [begin, end]，两个 0 或更大的整数，实际为 %1</translation>
    </message>
    <message>
        <source>begin %1 is after end %2</source>
        <translation>起点 %1 在终点 %2 之后</translation>
    </message>
    <message>
        <source>end %1 is past the end of the data section (%2 bytes)</source>
        <translation>终点 %1 超出数据区末尾（%2 字节）</translation>
    </message>
    <message>
        <source>the offsets span %1 bytes, but shape %2 of %3 takes %4 bytes</source>
        <translation>偏移跨 %1 字节，但 %3 的形状 %2 需要 %4 字节</translation>
    </message>
    <message>
        <source>bytes %1 to %2 overlap those of tensor &quot;%3&quot; (%4 to %5)</source>
        <translation>字节 %1 到 %2 与张量“%3”的字节（%4 到 %5）重叠</translation>
    </message>
    <message>
        <source>expected a JSON object with a weight_map, got %1</source>
        <translation>应为含 weight_map 的 JSON 对象，实际为 %1</translation>
    </message>
    <message>
        <source>expected an object of tensor names to shard files, got %1</source>
        <translation>应为张量名到分片文件的对象，实际为 %1</translation>
    </message>
    <message>
        <source>expected a shard file name, got %1</source>
        <translation>应为分片文件名，实际为 %1</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a plain file name ending &quot;.safetensors&quot; (no folder part, no &quot;..&quot;)</source>
        <translation>“%1”不是以“.safetensors”结尾的普通文件名（不能含文件夹部分或“..”）</translation>
    </message>
    <message>
        <source>expected the summary of a checkpoint&apos;s tensor headers (an object), got %1</source>
        <translation>应为检查点张量头的摘要（一个对象），实际为 %1</translation>
    </message>
    <message>
        <source>%1: the tensor headers hold %2 parameters in the module group &quot;%3&quot;, the config implies %4; the headers are used</source>
        <translation>%1：张量头中模块组“%3”有 %2 个参数，配置推出 %4 个；采用张量头</translation>
    </message>
    <message>
        <source>%1: each layer&apos;s KV cache is taken from its k/v projection widths in the tensor headers</source>
        <translation>%1：每层的 KV 缓存取自张量头中 k/v 投影的宽度</translation>
    </message>
    <message>
        <source>the tensor headers list no weights</source>
        <translation>张量头中没有任何权重</translation>
    </message>
    <message>
        <source>%1: %2 parameters in tensors of no known module (%3) are counted with the MLP</source>
        <translation>%1：不属于任何已知模块的张量中的 %2 个参数（%3）计入 MLP</translation>
    </message>
    <message>
        <source>%1: the tensor headers hold %2 experts per layer, the config says %3; the headers are used</source>
        <translation>%1：张量头中每层有 %2 个专家，配置为 %3；采用张量头</translation>
    </message>
    <message>
        <source>%1: the config does not say how many of the %2 experts a token uses; all are counted as active</source>
        <translation>%1：配置未说明每个 token 使用 %2 个专家中的几个；全部按激活计算</translation>
    </message>
    <message>
        <source>unknown field; expected one of %1</source>
        <translation>未知字段；应为以下之一：%1</translation>
    </message>
    <message>
        <source>not a weight group</source>
        <translation>不是权重组</translation>
    </message>
    <message>
        <source>expected &quot;safetensors&quot; or &quot;gguf&quot;, got &quot;%1&quot;</source>
        <translation>应为“safetensors”或“gguf”，实际为“%1”</translation>
    </message>
    <message>
        <source>expected a list of at most %1 tensor names</source>
        <translation>应为最多 %1 个张量名的列表</translation>
    </message>
    <message>
        <source>expected a tensor name</source>
        <translation>应为张量名</translation>
    </message>
    <message>
        <source>expected a list of at most %1 layers</source>
        <translation>应为最多 %1 层的列表</translation>
    </message>
    <message>
        <source>layer indices must rise; %1 follows %2</source>
        <translation>层序号必须递增；%1 在 %2 之后</translation>
    </message>
    <message>
        <source>a file name cannot contain a NUL character</source>
        <translation>文件名不能包含 NUL 字符</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not the id of a device in the catalog</source>
        <translation>“%1”不是目录中任何设备的 ID</translation>
    </message>
    <message>
        <source>%1 is 0: read as no sliding window, every layer attending to all tokens</source>
        <translation>%1 为 0：按无滑动窗口处理，每层都关注全部 token</translation>
    </message>
    <message>
        <source>%1 is 0: read as no latent attention (MLA); the key and value heads are counted in full</source>
        <translation>%1 为 0：按无潜在注意力（MLA）处理；键和值头按完整计数</translation>
    </message>
    <message>
        <source>%1 is 0: read as a dense MLP, with no experts</source>
        <translation>%1 为 0：按稠密 MLP 处理，没有专家</translation>
    </message>
    <message>
        <source>a catalog is a JSON object with a &quot;devices&quot;, &quot;models&quot; or &quot;engines&quot; array; got %1</source>
        <translation>目录必须是带有 &quot;devices&quot;、&quot;models&quot; 或 &quot;engines&quot; 数组的 JSON 对象；实际为 %1</translation>
    </message>
    <message>
        <source>a catalog is a JSON object with a &quot;devices&quot;, &quot;models&quot; or &quot;engines&quot; array; found none of them</source>
        <translation>目录必须是带有 &quot;devices&quot;、&quot;models&quot; 或 &quot;engines&quot; 数组的 JSON 对象；三者均未找到</translation>
    </message>
    <message>
        <source>unknown engine &quot;%1&quot;; known: %2</source>
        <translation>未知引擎 &quot;%1&quot;；已知：%2</translation>
    </message>
    <message>
        <source>%1 does not run on %2 (a %3 %4 device)</source>
        <translation>%1 不能在 %2 上运行（%3 的 %4 设备）</translation>
    </message>
    <message>
        <source>tensor %1 x pipeline %2 x data %3 must equal devices (%4) when the experts share attention&apos;s devices</source>
        <translation>专家与注意力共用设备时，张量 %1 × 流水线 %2 × 数据 %3 必须等于设备数（%4）</translation>
    </message>
    <message>
        <source>%1 must divide tensor %2 x data %3: the experts share attention&apos;s devices</source>
        <translation>%1 必须整除张量 %2 × 数据 %3：专家与注意力共用设备</translation>
    </message>
    <message>
        <source>tensor %1 x pipeline %2 x data %3 x expert %4 must equal devices (%5), or tensor x pipeline x data alone with the experts on attention&apos;s devices</source>
        <translation>张量 %1 × 流水线 %2 × 数据 %3 × 专家 %4 必须等于设备数（%5）；或者专家放在注意力的设备上，此时张量 × 流水线 × 数据单独等于设备数</translation>
    </message>
</context>
<context>
    <name>Explanation</name>
    <message>
        <source>Tensor-parallel degree</source>
        <translation>张量并行度</translation>
    </message>
    <message>
        <source>Pipeline stages</source>
        <translation>流水线级数</translation>
    </message>
    <message>
        <source>Expert-parallel degree</source>
        <translation>专家并行度</translation>
    </message>
    <message>
        <source>Non-expert parameters per model shard</source>
        <translation>每个模型分片的非专家参数</translation>
    </message>
    <message>
        <source>Routed-expert parameters per model shard</source>
        <translation>每个模型分片的路由专家参数</translation>
    </message>
    <message>
        <source>ZeRO data-parallel ranks (data × expert)</source>
        <translation>ZeRO 数据并行 rank 数（数据 × 专家）</translation>
    </message>
    <message>
        <source>Data-parallel degree</source>
        <translation>数据并行度</translation>
    </message>
    <message>
        <source>This ZeRO stage shards the state over the data-parallel ranks.</source>
        <translation>此 ZeRO 阶段将该状态切分到各数据并行 rank 上。</translation>
    </message>
    <message>
        <source>This ZeRO stage keeps a full copy of the state on every data-parallel rank.</source>
        <translation>此 ZeRO 阶段在每个数据并行 rank 上保留该状态的完整副本。</translation>
    </message>
    <message>
        <source>A model shard is what one device holds after tensor and pipeline splitting.</source>
        <translation>模型分片是经张量并行和流水线并行切分后单个设备持有的部分。</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Bytes per weight</source>
        <translation>每个权重的字节数</translation>
    </message>
    <message>
        <source>Non-expert parameters</source>
        <translation>非专家参数</translation>
    </message>
    <message>
        <source>Routed-expert parameters</source>
        <translation>路由专家参数</translation>
    </message>
    <message>
        <source>Block-quantised formats count their per-block scales in the bytes per weight (llama.cpp block layouts).</source>
        <translation>分块量化格式的每权重字节数包含每块的缩放因子（llama.cpp 分块布局）。</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>Training keeps no KV cache.</source>
        <translation>训练不保留 KV 缓存。</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Bytes per cached element</source>
        <translation>每个缓存元素的字节数</translation>
    </message>
    <message>
        <source>Sequences per replica</source>
        <translation>每个副本的序列数</translation>
    </message>
    <message>
        <source>Context tokens (prompt + output)</source>
        <translation>上下文 token 数（提示词 + 输出）</translation>
    </message>
    <message>
        <source>Latent (kv_lora_rank) width</source>
        <translation>潜向量 (kv_lora_rank) 宽度</translation>
    </message>
    <message>
        <source>RoPE key width</source>
        <translation>RoPE 键宽度</translation>
    </message>
    <message>
        <source>8-bit MLA cache in FlashMLA&apos;s layout: fp8 latent, four fp32 tile scales (16 B) and the RoPE key in bf16.</source>
        <translation>FlashMLA 布局的 8 位 MLA 缓存：fp8 潜向量、四个 fp32 分块缩放因子 (16 B)，RoPE 键为 bf16。</translation>
    </message>
    <message>
        <source>Multi-head latent attention caches one compressed latent and a shared RoPE key per token per layer (DeepSeek-V2 §2.1).</source>
        <translation>多头潜在注意力 (MLA) 每层每个 token 缓存一个压缩潜向量和一个共享 RoPE 键（DeepSeek-V2 §2.1）。</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <source>Head dimension</source>
        <translation>头维度</translation>
    </message>
    <message>
        <source>Value head dimension</source>
        <translation>值头维度</translation>
    </message>
    <message>
        <source>Grouped-query attention: only the KV heads are cached, not every query head.</source>
        <translation>分组查询注意力 (GQA)：只缓存 KV 头，而不是每个查询头。</translation>
    </message>
    <message>
        <source>Full-attention layers</source>
        <translation>全注意力层数</translation>
    </message>
    <message>
        <source>Sliding-window layers</source>
        <translation>滑动窗口层数</translation>
    </message>
    <message>
        <source>Sliding window</source>
        <translation>滑动窗口</translation>
    </message>
    <message>
        <source>Sliding-window layers keep only the last window of tokens.</source>
        <translation>滑动窗口层只保留最后一个窗口内的 token。</translation>
    </message>
    <message>
        <source>Share of KV heads per tensor rank (⌈h_kv ÷ t⌉ ÷ h_kv)</source>
        <translation>每个张量并行 rank 持有的 KV 头比例（⌈h_kv ÷ t⌉ ÷ h_kv）</translation>
    </message>
    <message>
        <source>Fewer KV heads than tensor ranks: KV heads are replicated, not split.</source>
        <translation>KV 头数少于张量并行 rank 数：KV 头被复制而非切分。</translation>
    </message>
    <message>
        <source>The batch is split over the data-parallel replicas (data × expert), rounded up.</source>
        <translation>批次被分配到各数据并行副本（数据 × 专家），向上取整。</translation>
    </message>
    <message>
        <source>Full recomputation keeps only each layer&apos;s input, 2·s·b·d (Korthikanti et al. 2022 §4.3).</source>
        <translation>完全重计算只保留每层的输入，2·s·b·d（Korthikanti et al. 2022 §4.3）。</translation>
    </message>
    <message>
        <source>Selective recomputation drops the attention score matrices (5·a·s²·b) and recomputes them.</source>
        <translation>选择性重计算丢弃注意力分数矩阵 (5·a·s²·b) 并重新计算。</translation>
    </message>
    <message>
        <source>Flash attention never stores the attention score matrices.</source>
        <translation>Flash Attention 从不存储注意力分数矩阵。</translation>
    </message>
    <message>
        <source>Without flash attention the attention score matrices (5·a·s²·b) are stored.</source>
        <translation>不使用 Flash Attention 时会存储注意力分数矩阵 (5·a·s²·b)。</translation>
    </message>
    <message>
        <source>Sequence parallelism splits the replicated parts over the tensor ranks (Korthikanti §4.2.2).</source>
        <translation>序列并行将复制的部分切分到各张量并行 rank 上（Korthikanti §4.2.2）。</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>Tokens in one prefill pass (min(sequences × prompt, chunk))</source>
        <translation>一次预填充的 token 数（min(序列数 × 提示词, 分块)）</translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation>隐藏维度</translation>
    </message>
    <message>
        <source>Active FFN width</source>
        <translation>激活的 FFN 宽度</translation>
    </message>
    <message>
        <source>Bytes per activation</source>
        <translation>每个激活值的字节数</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <source>Attention heads per tensor rank</source>
        <translation>每个张量并行 rank 的注意力头数</translation>
    </message>
    <message>
        <source>Prompt tokens</source>
        <translation>提示词 token 数</translation>
    </message>
    <message>
        <source>Without flash attention one layer&apos;s score matrix is live too.</source>
        <translation>不使用 Flash Attention 时，一层的分数矩阵也同时驻留。</translation>
    </message>
    <message>
        <source>The largest live tensors of one layer for one prefill pass, plus fp32 logits of the sampled positions.</source>
        <translation>一次预填充中一层最大的存活张量，加上采样位置的 fp32 logits。</translation>
    </message>
    <message>
        <source>Layers per pipeline stage</source>
        <translation>每个流水线级的层数</translation>
    </message>
    <message>
        <source>Stored activations per layer, one micro-batch</source>
        <translation>每层存储的激活值（一个微批次）</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>Micro-batches in flight (min(stages, micro-batches))</source>
        <translation>同时在途的微批次（min(级数, 微批次数)）</translation>
    </message>
    <message>
        <source>1F1B schedule: the first stage holds up to one micro-batch per stage in flight.</source>
        <translation>1F1B 调度：第一级最多为每一级保留一个在途微批次。</translation>
    </message>
    <message>
        <source>The last stage holds one micro-batch plus the logits and loss inputs.</source>
        <translation>最后一级保留一个微批次以及 logits 和损失输入。</translation>
    </message>
    <message>
        <source>The fuller of the first stage (micro-batches in flight) and the last (logits).</source>
        <translation>取第一级（在途微批次）和最后一级（logits）中较满的一个。</translation>
    </message>
    <message>
        <source>Logits in 16 bits plus fp32 loss inputs: 6 bytes per vocabulary entry per token.</source>
        <translation>16 位 logits 加上 fp32 损失输入：每个 token 每个词表项 6 字节。</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Inference keeps no gradients.</source>
        <translation>推理不保留梯度。</translation>
    </message>
    <message>
        <source>Bytes per gradient</source>
        <translation>每个梯度的字节数</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Inference keeps no optimizer states.</source>
        <translation>推理不保留优化器状态。</translation>
    </message>
    <message>
        <source>Mixed-precision AdamW: fp32 master weights, momentum and variance, 4 + 4 + 4 bytes.</source>
        <translation>混合精度 AdamW：fp32 主权重、动量和方差，4 + 4 + 4 字节。</translation>
    </message>
    <message>
        <source>fp32 AdamW: momentum and variance, 4 + 4 bytes (the weights are the master copy).</source>
        <translation>fp32 AdamW：动量和方差，4 + 4 字节（权重本身即主副本）。</translation>
    </message>
    <message>
        <source>Mixed-precision SGD: fp32 master weights and momentum, 4 + 4 bytes.</source>
        <translation>混合精度 SGD：fp32 主权重和动量，4 + 4 字节。</translation>
    </message>
    <message>
        <source>fp32 SGD: momentum, 4 bytes.</source>
        <translation>fp32 SGD：动量，4 字节。</translation>
    </message>
    <message>
        <source>8-bit AdamW: fp32 master weights and 8-bit momentum and variance, 4 + 1 + 1 bytes (Dettmers et al. 2022).</source>
        <translation>8 位 AdamW：fp32 主权重以及 8 位动量和方差，4 + 1 + 1 字节（Dettmers et al. 2022）。</translation>
    </message>
    <message>
        <source>8-bit AdamW: 8-bit momentum and variance, 1 + 1 bytes (Dettmers et al. 2022).</source>
        <translation>8 位 AdamW：8 位动量和方差，1 + 1 字节（Dettmers et al. 2022）。</translation>
    </message>
    <message>
        <source>Optimizer bytes per parameter</source>
        <translation>每个参数的优化器字节数</translation>
    </message>
    <message>
        <source>Runtime context</source>
        <translation>运行时上下文</translation>
    </message>
    <message>
        <source>Runtime context per device</source>
        <translation>每个设备的运行时上下文</translation>
    </message>
    <message>
        <source>Allocator reserve</source>
        <translation>分配器预留</translation>
    </message>
    <message>
        <source>Allocator reserve fraction</source>
        <translation>分配器预留比例</translation>
    </message>
    <message>
        <source>Communication buffers</source>
        <translation>通信缓冲区</translation>
    </message>
    <message>
        <source>Tensor-parallel group (1 if t &gt; 1)</source>
        <translation>张量并行组（t &gt; 1 时为 1）</translation>
    </message>
    <message>
        <source>Pipeline group (1 if p &gt; 1)</source>
        <translation>流水线并行组（p &gt; 1 时为 1）</translation>
    </message>
    <message>
        <source>Expert-parallel group (1 if e &gt; 1)</source>
        <translation>专家并行组（e &gt; 1 时为 1）</translation>
    </message>
    <message>
        <source>Buffers per communicator</source>
        <translation>每个通信器的缓冲区</translation>
    </message>
    <message>
        <source>One communicator per parallel group of more than one device.</source>
        <translation>每个包含多于一个设备的并行组使用一个通信器。</translation>
    </message>
    <message>
        <source>KV pool reserve</source>
        <translation>KV 池预留</translation>
    </message>
    <message>
        <source>Serving pre-allocation is off: no KV pool reserve.</source>
        <translation>未启用在线服务预分配：没有 KV 池预留。</translation>
    </message>
    <message>
        <source>GPU memory utilization</source>
        <translation>GPU 显存利用率</translation>
    </message>
    <message>
        <source>Usable device memory</source>
        <translation>可用显存</translation>
    </message>
    <message>
        <source>Everything else on the device</source>
        <translation>设备上的其余全部占用</translation>
    </message>
    <message>
        <source>A serving engine pre-allocates the KV pool to fill this share of device memory.</source>
        <translation>在线服务引擎预分配 KV 池，填满该比例的显存。</translation>
    </message>
    <message>
        <source>Offloaded to host RAM</source>
        <translation>已卸载到主机内存</translation>
    </message>
    <message>
        <source>Offloaded to disk</source>
        <translation>已卸载到磁盘</translation>
    </message>
    <message>
        <source>Does not fit anywhere</source>
        <translation>无处可放</translation>
    </message>
    <message>
        <source>Memory the device&apos;s work needs</source>
        <translation>设备工作所需的内存</translation>
    </message>
    <message>
        <source>Host RAM for offload per device</source>
        <translation>每个设备可用于卸载的主机内存</translation>
    </message>
    <message>
        <source>Disk for offload per device</source>
        <translation>每个设备可用于卸载的磁盘</translation>
    </message>
    <message>
        <source>Beyond host RAM and disk: the scenario cannot run; times assume it could.</source>
        <translation>超出主机内存和磁盘：该场景无法运行；时间按可以运行估算。</translation>
    </message>
    <message>
        <source>What does not fit under the capacity line goes to host RAM first, then disk.</source>
        <translation>容量线以下放不下的部分先卸载到主机内存，再卸载到磁盘。</translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation>首 token 延迟</translation>
    </message>
    <message>
        <source>Time per output token</source>
        <translation>每个输出 token 耗时</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>单步耗时</translation>
    </message>
    <message>
        <source>FLOPs per device</source>
        <translation>每个设备的 FLOP</translation>
    </message>
    <message>
        <source>Active matmul parameters</source>
        <translation>参与矩阵乘法的激活参数</translation>
    </message>
    <message>
        <source>Prompt tokens per replica</source>
        <translation>每个副本的提示词 token 数</translation>
    </message>
    <message>
        <source>Causal attention FLOPs per sequence</source>
        <translation>每个序列的因果注意力 FLOP</translation>
    </message>
    <message>
        <source>Attention FLOPs per token at the mean context</source>
        <translation>平均上下文下每个 token 的注意力 FLOP</translation>
    </message>
    <message>
        <source>One decode step at the mean context, prompt + output ÷ 2.</source>
        <translation>在平均上下文（提示词 + 输出 ÷ 2）处的一个解码步。</translation>
    </message>
    <message>
        <source>Forward-pass equivalents (forward + 2 × backward, + 1 with full recomputation)</source>
        <translation>等效前向次数（前向 + 2 × 反向，完全重计算再 + 1）</translation>
    </message>
    <message>
        <source>Tokens per replica per step</source>
        <translation>每个副本每步的 token 数</translation>
    </message>
    <message>
        <source>Micro-batches per step</source>
        <translation>每步的微批次数</translation>
    </message>
    <message>
        <source>Backward costs twice the forward pass (Kaplan et al. 2020 §2.1: 6·N per token).</source>
        <translation>反向传播的开销是前向的两倍（Kaplan et al. 2020 §2.1：每 token 6·N）。</translation>
    </message>
    <message>
        <source>Mixture of experts: only the routed experts a token uses count as active parameters.</source>
        <translation>混合专家 (MoE)：只有 token 实际使用的路由专家计为激活参数。</translation>
    </message>
    <message>
        <source>Bytes moved per device</source>
        <translation>每个设备搬运的字节数</translation>
    </message>
    <message>
        <source>Prefill passes (chunks)</source>
        <translation>预填充次数（分块）</translation>
    </message>
    <message>
        <source>KV cache written</source>
        <translation>写入的 KV 缓存</translation>
    </message>
    <message>
        <source>Activations written and read back</source>
        <translation>写出并读回的激活值</translation>
    </message>
    <message>
        <source>Weights are read once per prefill pass; each layer&apos;s live tensors go out to memory and back.</source>
        <translation>每次预填充读取一次权重；每层的存活张量写到显存再读回。</translation>
    </message>
    <message>
        <source>Weights read</source>
        <translation>读取的权重</translation>
    </message>
    <message>
        <source>KV cache read</source>
        <translation>读取的 KV 缓存</translation>
    </message>
    <message>
        <source>KV cache written (one token)</source>
        <translation>写入的 KV 缓存（一个 token）</translation>
    </message>
    <message>
        <source>Every resident weight is read once per step.</source>
        <translation>每步读取一次所有驻留权重。</translation>
    </message>
    <message>
        <source>Mixture of experts: experts no token of the batch chose are not read, E·(1 − (1 − k/E)^b) of E are touched under uniform routing.</source>
        <translation>混合专家 (MoE)：批次中没有 token 选中的专家不被读取，均匀路由下 E 个专家中有 E·(1 − (1 − k/E)^b) 个被访问。</translation>
    </message>
    <message>
        <source>Weights of the model shard</source>
        <translation>模型分片的权重</translation>
    </message>
    <message>
        <source>Stored activations of one micro-batch</source>
        <translation>一个微批次存储的激活值</translation>
    </message>
    <message>
        <source>Peak compute (dense)</source>
        <translation>峰值算力（稠密）</translation>
    </message>
    <message>
        <source>Memory bandwidth</source>
        <translation>显存带宽</translation>
    </message>
    <message>
        <source>Compute time</source>
        <translation>计算时间</translation>
    </message>
    <message>
        <source>Peak compute</source>
        <translation>峰值算力</translation>
    </message>
    <message>
        <source>Compute efficiency (achieved fraction of peak)</source>
        <translation>计算效率（达到峰值的比例）</translation>
    </message>
    <message>
        <source>Pipeline bubble stretch ((m + p − 1) ÷ m)</source>
        <translation>流水线气泡拉伸（(m + p − 1) ÷ m）</translation>
    </message>
    <message>
        <source>The pipeline bubble idles (p − 1) ÷ (m + p − 1) of the step (Narayanan et al. 2021 §2.2).</source>
        <translation>流水线气泡使每步有 (p − 1) ÷ (m + p − 1) 的时间空闲（Narayanan et al. 2021 §2.2）。</translation>
    </message>
    <message>
        <source>Pipeline stages run in turn</source>
        <translation>依次运行的流水线级数</translation>
    </message>
    <message>
        <source>One request passes the pipeline stages one after another.</source>
        <translation>一个请求依次经过各流水线级。</translation>
    </message>
    <message>
        <source>Memory time</source>
        <translation>访存时间</translation>
    </message>
    <message>
        <source>Memory efficiency (achieved fraction of bandwidth)</source>
        <translation>访存效率（达到带宽的比例）</translation>
    </message>
    <message>
        <source>Weight bytes streamed</source>
        <translation>流式读取的权重字节数</translation>
    </message>
    <message>
        <source>Quantised-weight streaming factor</source>
        <translation>量化权重流式读取系数</translation>
    </message>
    <message>
        <source>Block-quantised weights dequantise on the fly and stream below the full memory rate.</source>
        <translation>分块量化权重在读取时即时反量化，读取速率低于满带宽。</translation>
    </message>
    <message>
        <source>Tensor-parallel all-reduces</source>
        <translation>张量并行 All-Reduce</translation>
    </message>
    <message>
        <source>Message per all-reduce (tokens × hidden × B)</source>
        <translation>每次 All-Reduce 的消息大小（token × 隐藏维度 × B）</translation>
    </message>
    <message>
        <source>All-reduce bandwidth (link × efficiency)</source>
        <translation>All-Reduce 带宽（链路 × 效率）</translation>
    </message>
    <message>
        <source>Latency per ring step</source>
        <translation>每个环步的延迟</translation>
    </message>
    <message>
        <source>Two all-reduces per layer forward and two backward.</source>
        <translation>每层前向两次、反向两次 All-Reduce。</translation>
    </message>
    <message>
        <source>Two all-reduces per layer (after attention and after the FFN).</source>
        <translation>每层两次 All-Reduce（注意力之后和 FFN 之后）。</translation>
    </message>
    <message>
        <source>Pipeline sends</source>
        <translation>流水线发送</translation>
    </message>
    <message>
        <source>Activations sent per boundary</source>
        <translation>每个级间边界发送的激活值</translation>
    </message>
    <message>
        <source>Link bandwidth (× efficiency)</source>
        <translation>链路带宽（× 效率）</translation>
    </message>
    <message>
        <source>Latency per message</source>
        <translation>每条消息的延迟</translation>
    </message>
    <message>
        <source>Activations forward and gradients back, once per micro-batch.</source>
        <translation>每个微批次向前发送激活值、向后发送梯度各一次。</translation>
    </message>
    <message>
        <source>Expert all-to-all</source>
        <translation>专家 All-to-All</translation>
    </message>
    <message>
        <source>MoE layers</source>
        <translation>MoE 层数</translation>
    </message>
    <message>
        <source>Dispatch and combine, forward and backward: four all-to-alls per MoE layer.</source>
        <translation>分发与合并，前向与反向：每个 MoE 层四次 All-to-All。</translation>
    </message>
    <message>
        <source>Dispatch and combine: two all-to-alls per MoE layer.</source>
        <translation>分发与合并：每个 MoE 层两次 All-to-All。</translation>
    </message>
    <message>
        <source>Data-parallel gradient all-reduce</source>
        <translation>数据并行梯度 All-Reduce</translation>
    </message>
    <message>
        <source>Gradient bytes per device</source>
        <translation>每个设备的梯度字节数</translation>
    </message>
    <message>
        <source>Overlaps with the backward pass (two thirds of compute); only the rest adds to the step.</source>
        <translation>与反向传播（计算的三分之二）重叠；只有剩余部分计入步时间。</translation>
    </message>
    <message>
        <source>Communication time</source>
        <translation>通信时间</translation>
    </message>
    <message>
        <source>A single device per replica: no collectives.</source>
        <translation>每个副本只有一个设备：没有集合通信。</translation>
    </message>
    <message>
        <source>Offload time</source>
        <translation>卸载时间</translation>
    </message>
    <message>
        <source>Everything fits in device memory: nothing crosses the host link.</source>
        <translation>全部放得下显存：没有数据经过主机链路。</translation>
    </message>
    <message>
        <source>Beyond host RAM and disk (counted at host-link speed)</source>
        <translation>超出主机内存和磁盘的部分（按主机链路速度计）</translation>
    </message>
    <message>
        <source>Host-to-device copy rate</source>
        <translation>主机到设备的拷贝速率</translation>
    </message>
    <message>
        <source>Disk read rate</source>
        <translation>磁盘读取速率</translation>
    </message>
    <message>
        <source>The offloaded part crosses the host link once per prefill pass.</source>
        <translation>卸载的部分每次预填充经过主机链路一次。</translation>
    </message>
    <message>
        <source>Offloaded bytes are read every step, so they cross the host link every step.</source>
        <translation>卸载的字节每步都要读取，因此每步都经过主机链路。</translation>
    </message>
    <message>
        <source>Offloaded states go out and come back once per step (ZeRO-Offload).</source>
        <translation>卸载的状态每步换出再换回一次（ZeRO-Offload）。</translation>
    </message>
    <message>
        <source>Kernel latency</source>
        <translation>内核延迟</translation>
    </message>
    <message>
        <source>Training kernels are large (micro-batch × sequence rows): no per-layer latency term.</source>
        <translation>训练内核很大（微批次 × 序列行）：没有每层延迟项。</translation>
    </message>
    <message>
        <source>Latency per layer per forward pass</source>
        <translation>每次前向每层的延迟</translation>
    </message>
    <message>
        <source>The gradient all-reduce overlaps the backward pass (two thirds of compute); only the rest adds.</source>
        <translation>梯度 All-Reduce 与反向传播（计算的三分之二）重叠；只有剩余部分叠加。</translation>
    </message>
    <message>
        <source>Bound</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <source>Compute time is the largest term: compute-bound.</source>
        <translation>计算时间是最大项：计算受限。</translation>
    </message>
    <message>
        <source>Communication time is the largest term: communication-bound.</source>
        <translation>通信时间是最大项：通信受限。</translation>
    </message>
    <message>
        <source>Offload time is the largest term: offload-bound.</source>
        <translation>卸载时间是最大项：卸载受限。</translation>
    </message>
    <message>
        <source>Global batch (sequences)</source>
        <translation>全局批大小（序列数）</translation>
    </message>
    <message>
        <source>Peak compute per device</source>
        <translation>每个设备的峰值算力</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备数</translation>
    </message>
    <message>
        <source>Model FLOPs count forward and backward once: recomputation does not raise MFU.</source>
        <translation>模型 FLOP 只计一次前向和反向：重计算不会提高 MFU。</translation>
    </message>
    <message>
        <source>Prompt tokens/s</source>
        <translation>提示词 token/s</translation>
    </message>
    <message>
        <source>Batch (sequences)</source>
        <translation>批大小（序列数）</translation>
    </message>
    <message>
        <source>Tokens/s (batch)</source>
        <translation>token/s（整批）</translation>
    </message>
    <message>
        <source>Tokens/s per sequence</source>
        <translation>每序列 token/s</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>token/s</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Days to train</source>
        <translation>训练天数</translation>
    </message>
    <message>
        <source>Training tokens</source>
        <translation>训练 token 数</translation>
    </message>
    <message>
        <source>Pipeline stage: first.</source>
        <translation>流水线级：第一级。</translation>
    </message>
    <message>
        <source>Pipeline stage: last.</source>
        <translation>流水线级：最后一级。</translation>
    </message>
    <message>
        <source>Arithmetic intensity</source>
        <translation>算术强度</translation>
    </message>
    <message>
        <source>Each device runs its stage&apos;s FLOPs while the phase passes all stages: the point counts stages × FLOPs over the phase time.</source>
        <translation>每个设备只运行本级的 FLOP，而该阶段要依次经过所有级：工作点按 级数 × FLOP ÷ 阶段时间 计算。</translation>
    </message>
    <message>
        <source>Achieved performance</source>
        <translation>实际性能</translation>
    </message>
    <message>
        <source>Phase time</source>
        <translation>阶段时间</translation>
    </message>
    <message>
        <source>Ideal roofline performance</source>
        <translation>理想屋顶线性能</translation>
    </message>
    <message>
        <source>Phase time at datasheet peaks</source>
        <translation>按数据手册峰值的阶段时间</translation>
    </message>
    <message>
        <source>Datasheet peaks: every efficiency 1, no collective latency; memory as in the calibrated estimate.</source>
        <translation>数据手册峰值：所有效率为 1，无集合通信延迟；内存与校准估算相同。</translation>
    </message>
    <message>
        <source>Ideal roofline time</source>
        <translation>理想屋顶线时间</translation>
    </message>
    <message>
        <source>Ideal roofline MFU</source>
        <translation>理想屋顶线 MFU</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 token</translation>
    </message>
    <message>
        <source>%1 B parameters</source>
        <translation>%1 B 参数</translation>
    </message>
    <message>
        <source>%1 M parameters</source>
        <translation>%1 M 参数</translation>
    </message>
    <message>
        <source>%1 parameters</source>
        <translation>%1 个参数</translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 token/s</translation>
    </message>
    <message>
        <source>Device memory</source>
        <translation>设备显存</translation>
    </message>
    <message>
        <source>Share the accelerator may use</source>
        <translation>加速器可用比例</translation>
    </message>
    <message>
        <source>Free device memory</source>
        <translation>剩余显存</translation>
    </message>
    <message>
        <source>Beyond the device&apos;s memory</source>
        <translation>超出显存的部分</translation>
    </message>
    <message>
        <source>First pipeline stage: the most micro-batches in flight.</source>
        <translation>流水线第一级：同时在途的微批次最多。</translation>
    </message>
    <message>
        <source>Last pipeline stage: one micro-batch plus the logits and loss.</source>
        <translation>流水线最后一级：一个微批次加上 logits 和损失。</translation>
    </message>
    <message>
        <source>Fits: everything stays in device memory.</source>
        <translation>放得下：全部数据都留在显存中。</translation>
    </message>
    <message>
        <source>Does not fit: the overflow is offloaded and crosses the host link each time it is used.</source>
        <translation>放不下：溢出部分被卸载，每次使用都要经主机链路传输。</translation>
    </message>
    <message>
        <source>Indexer key bytes per token (fp8 + fp32 scale)</source>
        <translation>每个 token 的索引器键字节数（fp8 + fp32 缩放因子）</translation>
    </message>
    <message>
        <source>DeepSeek sparse attention also caches the lightning indexer&apos;s key per token per layer (DeepSeek-V3.2-Exp report §2.1).</source>
        <translation>DeepSeek 稀疏注意力还会在每层为每个 token 缓存闪电索引器的键（DeepSeek-V3.2-Exp 报告 §2.1）。</translation>
    </message>
    <message>
        <source>Chunked-attention layers</source>
        <translation>分块注意力层数</translation>
    </message>
    <message>
        <source>Attention chunk</source>
        <translation>注意力分块</translation>
    </message>
    <message>
        <source>Chunked-attention layers attend within their chunk and keep at most one chunk of tokens.</source>
        <translation>分块注意力层只在本块内计算注意力，最多保留一个块的 token。</translation>
    </message>
    <message>
        <source>The scenario asks for full-length KV on windowed layers, as engines without a windowed cache allocate it.</source>
        <translation>该场景要求在窗口层上按全长分配 KV，与没有窗口缓存的推理引擎的做法相同。</translation>
    </message>
    <message>
        <source>Linear-attention / state-space layers (no KV cache)</source>
        <translation>线性注意力 / 状态空间层数（无 KV 缓存）</translation>
    </message>
    <message>
        <source>Linear-attention and state-space layers keep a fixed recurrent state instead of a KV cache: see Recurrent state.</source>
        <translation>线性注意力和状态空间层保留固定大小的循环状态而非 KV 缓存：见“循环状态”。</translation>
    </message>
    <message>
        <source>Recurrent state</source>
        <translation>循环状态</translation>
    </message>
    <message>
        <source>Linear-attention and state-space layers read and rewrite their whole state every step.</source>
        <translation>线性注意力和状态空间层每一步都读取并重写其全部状态。</translation>
    </message>
    <message>
        <source>Embedding as stored</source>
        <translation>嵌入层（按存储格式）</translation>
    </message>
    <message>
        <source>Output head as stored</source>
        <translation>输出头（按存储格式）</translation>
    </message>
    <message>
        <source>Attention (token mixer) weights as stored</source>
        <translation>注意力（token 混合器）权重（按存储格式）</translation>
    </message>
    <message>
        <source>Dense MLP weights as stored</source>
        <translation>稠密 MLP 权重（按存储格式）</translation>
    </message>
    <message>
        <source>Shared-expert weights as stored</source>
        <translation>共享专家权重（按存储格式）</translation>
    </message>
    <message>
        <source>Router weights as stored</source>
        <translation>路由器权重（按存储格式）</translation>
    </message>
    <message>
        <source>Norm weights as stored</source>
        <translation>归一化层权重（按存储格式）</translation>
    </message>
    <message>
        <source>Routed-expert weights as stored</source>
        <translation>路由专家权重（按存储格式）</translation>
    </message>
    <message>
        <source>Weights counted as the checkpoint stores them: each module group in its own format, block scales included (the config&apos;s quantization_config, else its torch_dtype).</source>
        <translation>权重按检查点的存储方式计算：每组模块采用各自的格式，包含分块缩放因子（依据 config 的 quantization_config，否则为其 torch_dtype）。</translation>
    </message>
    <message>
        <source>Vision tower</source>
        <translation>视觉塔</translation>
    </message>
    <message>
        <source>Vision tower and projector parameters</source>
        <translation>视觉塔与投影层参数</translation>
    </message>
    <message>
        <source>Training keeps no recurrent state between steps; each layer&apos;s activations are counted with the activations.</source>
        <translation>训练在步与步之间不保留循环状态；各层的激活计入激活值。</translation>
    </message>
    <message>
        <source>Training counts the vision tower with the weights, gradients and optimizer states.</source>
        <translation>训练时视觉塔计入权重、梯度和优化器状态。</translation>
    </message>
    <message>
        <source>A multimodal checkpoint loads its image encoder beside the language model; it runs on image tokens only.</source>
        <translation>多模态检查点会在语言模型之外加载图像编码器；它只处理图像 token。</translation>
    </message>
    <message>
        <source>Linear-attention / state-space layers</source>
        <translation>线性注意力 / 状态空间层数</translation>
    </message>
    <message>
        <source>State elements per layer per sequence</source>
        <translation>每层每个序列的状态元素数</translation>
    </message>
    <message>
        <source>Bytes per state element (activation precision)</source>
        <translation>每个状态元素的字节数（激活精度）</translation>
    </message>
    <message>
        <source>The state does not grow with the context: a long prompt costs these layers nothing extra.</source>
        <translation>状态不随上下文增长：长提示词不会给这些层带来额外开销。</translation>
    </message>
    <message>
        <source>A point sits under the roof of the resource that bounds it only when its intensity counts that resource&apos;s bytes.</source>
        <translation>只有当强度按限制它的资源的字节计算时，工作点才位于该资源的屋顶之下。</translation>
    </message>
    <message>
        <source>Attention FLOPs per device</source>
        <translation>每设备注意力 FLOPs</translation>
    </message>
    <message>
        <source>Attention kernel efficiency</source>
        <translation>注意力内核效率</translation>
    </message>
    <message>
        <source>Attention kernels run below the GEMM rate, more so on short sequences and small heads (FlashAttention-2, Dao 2023 §4.1; FlashAttention-3, Shah et al. 2024).</source>
        <translation>注意力内核的速率低于 GEMM，序列越短、头维度越小越明显（FlashAttention-2，Dao 2023 §4.1；FlashAttention-3，Shah 等 2024）。</translation>
    </message>
    <message>
        <source>Bytes on the interconnect per device</source>
        <translation>每设备互连传输字节</translation>
    </message>
    <message>
        <source>Bytes over the host link per device</source>
        <translation>每设备经主机链路传输字节</translation>
    </message>
    <message>
        <source>Bytes per activation element</source>
        <translation>每个激活元素的字节数</translation>
    </message>
    <message>
        <source>Bytes read from disk per device</source>
        <translation>每设备从磁盘读取字节</translation>
    </message>
    <message>
        <source>Disk read rate (capped by the host link)</source>
        <translation>磁盘读取速率（受主机链路限制）</translation>
    </message>
    <message>
        <source>Element-wise bytes per token per layer</source>
        <translation>每 token 每层逐元素字节</translation>
    </message>
    <message>
        <source>Element-wise pass efficiency (STREAM fraction of bandwidth)</source>
        <translation>逐元素遍历效率（STREAM 带宽占比）</translation>
    </message>
    <message>
        <source>Element-wise passes (norms, residuals, RoPE, activation)</source>
        <translation>逐元素遍历（归一化、残差、RoPE、激活）</translation>
    </message>
    <message>
        <source>Forward, backward (twice the forward&apos;s traffic) and any recomputed forward; then the optimizer reads and writes weights, gradients and optimizer states once.</source>
        <translation>前向、反向（流量为前向的两倍）以及重计算的前向；随后优化器把权重、梯度和优化器状态各读写一次。</translation>
    </message>
    <message>
        <source>Host link</source>
        <translation>主机链路</translation>
    </message>
    <message>
        <source>Intensity of the bounding resource</source>
        <translation>限制资源的算术强度</translation>
    </message>
    <message>
        <source>Interconnect line rate</source>
        <translation>互连线速率</translation>
    </message>
    <message>
        <source>Kernel latency is the largest term: latency-bound.</source>
        <translation>内核延迟是最大项：延迟受限。</translation>
    </message>
    <message>
        <source>Kernel launch and synchronisation latency adds to the time; when it is the largest term the phase is latency-bound: more work per kernel (a larger batch) costs almost nothing extra.</source>
        <translation>内核启动与同步延迟计入时间；当它是最大项时该阶段为延迟受限：每个内核多做些工作（更大的批量）几乎不增加时间。</translation>
    </message>
    <message>
        <source>Non-GEMM time</source>
        <translation>非 GEMM 时间</translation>
    </message>
    <message>
        <source>Optimizer step traffic</source>
        <translation>优化器步骤流量</translation>
    </message>
    <message>
        <source>Query heads</source>
        <translation>查询头数</translation>
    </message>
    <message>
        <source>Roof at this point</source>
        <translation>该点处的屋顶</translation>
    </message>
    <message>
        <source>Sequence parallelism splits the norms and residuals over the tensor-parallel ranks.</source>
        <translation>序列并行把归一化和残差分摊到各张量并行 rank 上。</translation>
    </message>
    <message>
        <source>The element-wise passes run between the GEMMs, not beside them: they are the non-GEMM time.</source>
        <translation>逐元素遍历在 GEMM 之间运行，而不是与之并行：它们构成非 GEMM 时间。</translation>
    </message>
    <message>
        <source>The roof at this intensity: the resource&apos;s slope left of its ridge, the compute ceiling right of it.</source>
        <translation>该强度处的屋顶：拐点左侧为该资源的斜线，右侧为算力上限。</translation>
    </message>
    <message>
        <source>These passes run at memory bandwidth between the GEMMs and do not overlap them; when they are the largest term the phase is memory-bound.</source>
        <translation>这些遍历以显存带宽在 GEMM 之间运行，不与之重叠；当它们是最大项时该阶段为显存带宽受限。</translation>
    </message>
    <message>
        <source>Two norms (read and write d) and two residual adds (read 2d, write d): 10 d; RoPE reads and writes queries and keys; the gated activation reads gate and up and writes their product: 3 f.</source>
        <translation>两次归一化（读写 d）和两次残差加（读 2d、写 d）：10 d；RoPE 读写查询和键；门控激活读取 gate 与 up 并写出乘积：3 f。</translation>
    </message>
    <message>
        <source>Per micro-batch: weights read in forward and backward, gradients accumulated, stored activations written then read; the element-wise passes of forward and backward; one optimizer pass reading and writing every state.</source>
        <translation>每个微批次：前向和反向读取权重，累加梯度，写入再读回保存的激活；前向和反向的逐元素遍历；优化器对每个状态读写一遍。</translation>
    </message>
    <message>
        <source>The bound is the largest time term; ties go to the earlier one (compute, memory, communication, offload, latency).</source>
        <translation>瓶颈是最大的时间项；相等时取靠前者（计算、显存、通信、卸载、延迟）。</translation>
    </message>
    <message>
        <source>Memory time and the non-GEMM passes, both bytes over the device&apos;s bandwidth, are the largest term: memory-bandwidth-bound.</source>
        <translation>显存时间与非 GEMM 遍历（都是字节数除以设备带宽）合起来是最大项：显存带宽受限。</translation>
    </message>
    <message>
        <source>KV cache and state read and written by the attention kernels</source>
        <translation>注意力内核读写的 KV 缓存与状态</translation>
    </message>
    <message>
        <source>Decode attention reads the KV cache in kernels of its own, between the GEMMs: non-GEMM time too.</source>
        <translation>解码注意力在 GEMM 之间由单独的内核读取 KV 缓存：这也是非 GEMM 时间。</translation>
    </message>
    <message>
        <source>Decode attention (FlashDecoding / PagedAttention) reads the KV cache in kernels of its own: at a large batch that time adds to compute-bound GEMMs instead of hiding under them.</source>
        <translation>解码注意力（FlashDecoding / PagedAttention）由单独的内核读取 KV 缓存：在大批量时，这段时间叠加在受算力限制的 GEMM 之上，而不是被其掩盖。</translation>
    </message>
    <message>
        <source>Bytes per element of the GEMM format</source>
        <translation>GEMM 格式每元素字节数</translation>
    </message>
    <message>
        <source>On the device and offloaded</source>
        <translation>显存驻留与卸载</translation>
    </message>
    <message>
        <source>On the device</source>
        <translation>在显存中</translation>
    </message>
    <message>
        <source>The bar stacks every part whole in a fixed order: what lies below the capacity line stays on the device, what lies above it is offloaded, to host RAM first, then disk.</source>
        <translation>柱条按固定顺序完整堆叠每个部分：容量线以下的留在显存中，容量线以上的被卸载，先到主机内存，再到磁盘。</translation>
    </message>
    <message>
        <source>The GEMMs run in a narrower format than the activations: each GEMM input is cast first, one pass reading it and writing the narrow copy (Micikevicius et al. 2022, FP8 formats §4).</source>
        <translation>GEMM 使用比激活更窄的格式：每个 GEMM 输入先做一次转换，读取原数据并写出窄格式副本（Micikevicius 等 2022，FP8 格式 §4）。</translation>
    </message>
    <message>
        <source>Adapters</source>
        <translation>适配器</translation>
    </message>
    <message>
        <source>Dequantization workspace</source>
        <translation>反量化工作区</translation>
    </message>
    <message>
        <source>LoRA rank r</source>
        <translation>LoRA 秩 r</translation>
    </message>
    <message>
        <source>Adapter parameters, r × (in + out) per adapted module</source>
        <translation>适配器参数，每个被适配模块 r × (in + out)</translation>
    </message>
    <message>
        <source>Bytes per adapter weight (and gradient)</source>
        <translation>每个适配器权重（及梯度）的字节数</translation>
    </message>
    <message>
        <source>Optimizer bytes per adapter weight</source>
        <translation>每个适配器权重的优化器字节数</translation>
    </message>
    <message>
        <source>Adapter parameters on this device</source>
        <translation>本设备上的适配器参数</translation>
    </message>
    <message>
        <source>Ranks sharing the optimizer states (ZeRO ≥ 1)</source>
        <translation>分摊优化器状态的 rank 数（ZeRO ≥ 1）</translation>
    </message>
    <message>
        <source>Ranks sharing the gradients (ZeRO ≥ 2)</source>
        <translation>分摊梯度的 rank 数（ZeRO ≥ 2）</translation>
    </message>
    <message>
        <source>Ranks sharing the adapter weights (ZeRO 3)</source>
        <translation>分摊适配器权重的 rank 数（ZeRO 3）</translation>
    </message>
    <message>
        <source>Largest linear module (in × out)</source>
        <translation>最大的线性模块（in × out）</translation>
    </message>
    <message>
        <source>Bits per quantized base weight, block scales included</source>
        <translation>每个量化基座权重的比特数（含分块缩放因子）</translation>
    </message>
    <message>
        <source>Linear-module parameters per model shard (quantized)</source>
        <translation>每个模型分片的线性模块参数（已量化）</translation>
    </message>
    <message>
        <source>fp32 scale per output row of each int8 matrix</source>
        <translation>每个 int8 矩阵每个输出行一个 fp32 缩放因子</translation>
    </message>
    <message>
        <source>Routed-expert parameters per model shard (quantized)</source>
        <translation>每个模型分片的路由专家参数（已量化）</translation>
    </message>
    <message>
        <source>Adapters&apos; stored activations per layer (A·x, dropout copies)</source>
        <translation>每层适配器存储的激活值（A·x、dropout 副本）</translation>
    </message>
    <message>
        <source>Frozen-base passes (forward + backward for the inputs only, + 1 with full recomputation)</source>
        <translation>冻结基座的遍数（前向 + 只求输入梯度的反向，完全重计算再 + 1）</translation>
    </message>
    <message>
        <source>Adapter and attention passes (forward + 2 × backward, + 1 with full recomputation)</source>
        <translation>适配器与注意力的遍数（前向 + 2 × 反向，完全重计算再 + 1）</translation>
    </message>
    <message>
        <source>Adapter parameters a token passes through</source>
        <translation>每个 token 经过的适配器参数</translation>
    </message>
    <message>
        <source>Base parameters of the model shard (frozen)</source>
        <translation>模型分片的基座参数（冻结）</translation>
    </message>
    <message>
        <source>Bytes per base weight the GEMMs read (the dequantized 16-bit copy)</source>
        <translation>GEMM 读取的每个基座权重字节数（反量化后的 16 位副本）</translation>
    </message>
    <message>
        <source>Adapters (weights, gradients, optimizer states)</source>
        <translation>适配器（权重、梯度、优化器状态）</translation>
    </message>
    <message>
        <source>Dequantization of the base weights (read 4 / 8 bits, write 16)</source>
        <translation>基座权重的反量化（读 4 / 8 位，写 16 位）</translation>
    </message>
    <message>
        <source>Adapter gradient bytes per device</source>
        <translation>每个设备的适配器梯度字节数</translation>
    </message>
    <message>
        <source>Backward share of the forward + backward FLOPs</source>
        <translation>反向在前向 + 反向 FLOPs 中的占比</translation>
    </message>
    <message>
        <source>Only LoRA and QLoRA train adapters.</source>
        <translation>只有 LoRA 和 QLoRA 训练适配器。</translation>
    </message>
    <message>
        <source>ZeRO shards the adapters&apos; state over the data-parallel ranks like any trained weight.</source>
        <translation>ZeRO 像对待任何被训练的权重一样，把适配器的状态切分到各数据并行 rank 上。</translation>
    </message>
    <message>
        <source>Each adapted weight W (out × in) gains B (out × r) and A (r × in); only they have gradients and optimizer states.</source>
        <translation>每个被适配的权重 W (out × in) 增加 B (out × r) 和 A (r × in)；只有它们有梯度和优化器状态。</translation>
    </message>
    <message>
        <source>Only QLoRA dequantizes its base weights.</source>
        <translation>只有 QLoRA 对基座权重做反量化。</translation>
    </message>
    <message>
        <source>Each 4- or 8-bit weight is dequantized to 16 bits whole before its matrix product; the largest one is the workspace&apos;s peak.</source>
        <translation>每个 4 位或 8 位权重在矩阵乘之前被整块反量化为 16 位；其中最大的一个决定工作区的峰值。</translation>
    </message>
    <message>
        <source>LLM.int8() keeps one fp32 scale per output row of each matrix (Dettmers et al. 2022).</source>
        <translation>LLM.int8() 为每个矩阵的每个输出行保留一个 fp32 缩放因子（Dettmers et al. 2022）。</translation>
    </message>
    <message>
        <source>4-bit NormalFloat in blocks of 64 with double-quantized scales: 4 + 8 ÷ 64 + 32 ÷ (64 × 256) ≈ 4.127 bits per weight (QLoRA §3).</source>
        <translation>4 位 NormalFloat，每 64 个一块，缩放因子再做一次量化：4 + 8 ÷ 64 + 32 ÷ (64 × 256) ≈ 每个权重 4.127 比特（QLoRA §3）。</translation>
    </message>
    <message>
        <source>4-bit NormalFloat in blocks of 64 with an fp32 scale each: 4 + 32 ÷ 64 = 4.5 bits per weight (QLoRA §3).</source>
        <translation>4 位 NormalFloat，每 64 个一块，每块一个 fp32 缩放因子：4 + 32 ÷ 64 = 每个权重 4.5 比特（QLoRA §3）。</translation>
    </message>
    <message>
        <source>QLoRA quantizes the decoder&apos;s linear modules; the embedding, output head and norms stay in the weight precision.</source>
        <translation>QLoRA 量化解码器的线性模块；嵌入层、输出头和归一化层保持权重精度。</translation>
    </message>
    <message>
        <source>ZeRO 3 shards the frozen base over the data-parallel ranks like any weight.</source>
        <translation>ZeRO 3 像对待任何权重一样，把冻结的基座切分到各数据并行 rank 上。</translation>
    </message>
    <message>
        <source>The base stays frozen: it keeps no gradients and no optimizer states.</source>
        <translation>基座保持冻结：它没有梯度，也没有优化器状态。</translation>
    </message>
    <message>
        <source>LoRA and QLoRA leave the vision tower frozen, in the weight precision, without adapters.</source>
        <translation>LoRA 和 QLoRA 让视觉塔保持冻结，使用权重精度，不加适配器。</translation>
    </message>
    <message>
        <source>The frozen base has no gradients; the adapters&apos; are in the Adapters segment.</source>
        <translation>冻结的基座没有梯度；适配器的梯度在「适配器」一段中。</translation>
    </message>
    <message>
        <source>The frozen base has no optimizer states; the adapters&apos; are in the Adapters segment.</source>
        <translation>冻结的基座没有优化器状态；适配器的优化器状态在「适配器」一段中。</translation>
    </message>
    <message>
        <source>Full recomputation recomputes the adapters&apos; A·x with the layer: they add nothing stored.</source>
        <translation>完全重计算会随该层一起重算适配器的 A·x：它们不额外占用存储。</translation>
    </message>
    <message>
        <source>Each adapted module keeps its r-wide A·x, and with lora_dropout the dropped-out input, for the backward pass.</source>
        <translation>每个被适配的模块保留其 r 维的 A·x，使用 lora_dropout 时还保留 dropout 后的输入，供反向传播使用。</translation>
    </message>
    <message>
        <source>A frozen base still stores its activations: the backward pass runs through every layer to reach the adapters below.</source>
        <translation>冻结的基座仍要存储激活值：反向传播要穿过每一层，才能到达下面的适配器。</translation>
    </message>
    <message>
        <source>The frozen base needs no weight gradients: its backward pass computes only the input gradients, 2·N per token, so backward costs about the forward instead of twice it.</source>
        <translation>冻结的基座不需要权重梯度：它的反向只计算输入梯度，每个 token 2·N，所以反向的计算量约等于前向，而不是前向的两倍。</translation>
    </message>
    <message>
        <source>Full recomputation runs the forward pass once more.</source>
        <translation>完全重计算会再运行一次前向。</translation>
    </message>
    <message>
        <source>QLoRA dequantizes every base weight to 16 bits before each pass that multiplies by it: forward, backward and any recomputed forward.</source>
        <translation>QLoRA 在每次与基座权重相乘之前都先把它反量化为 16 位：前向、反向以及重计算的前向都如此。</translation>
    </message>
    <message>
        <source>Per micro-batch: the frozen base read in forward and backward, no weight gradients; stored activations written then read; the optimizer pass reads and writes the adapters&apos; state only.</source>
        <translation>每个微批次：冻结的基座在前向和反向中各读一次，没有权重梯度；存储的激活值写入后再读出；优化器只读写适配器的状态。</translation>
    </message>
    <message>
        <source>QLoRA&apos;s dequantization runs in kernels of its own before each GEMM: non-GEMM time too.</source>
        <translation>QLoRA 的反量化在 GEMM 之前由单独的内核完成：同样计入非 GEMM 时间。</translation>
    </message>
    <message>
        <source>Forward, backward (twice the forward&apos;s traffic) and any recomputed forward; then the optimizer reads and writes the adapters&apos; weights, gradients and optimizer states once.</source>
        <translation>前向、反向（流量是前向的两倍）以及重计算的前向；之后优化器把适配器的权重、梯度和优化器状态各读写一次。</translation>
    </message>
    <message>
        <source>Only the adapters have gradients: the all-reduce carries them alone, and overlaps with the backward pass (about half of compute with a frozen base).</source>
        <translation>只有适配器有梯度：All-Reduce 只传输它们，并与反向传播重叠（冻结基座时约占计算的一半）。</translation>
    </message>
    <message>
        <source>The gradient all-reduce overlaps the backward pass, about half of compute with a frozen base (no weight gradients); only the rest adds.</source>
        <translation>梯度 All-Reduce 与反向传播重叠，冻结基座时约占计算的一半（没有权重梯度）；只有超出的部分计入时间。</translation>
    </message>
    <message>
        <source>Model FLOPs of the method: the frozen base needs no weight gradients, 4·N per token instead of 6·N; the adapters and attention count forward and backward.</source>
        <translation>该方法的模型 FLOPs：冻结的基座不需要权重梯度，每个 token 4·N 而不是 6·N；适配器和注意力计入前向和反向。</translation>
    </message>
    <message>
        <source>Loss chunks (fp32 copy per chunk)</source>
        <translation>损失分块数（每块一份 fp32 副本）</translation>
    </message>
    <message>
        <source>Logits in 16 bits; the loss upcasts one chunk at a time to fp32.</source>
        <translation>logits 以 16 位保存；损失函数每次只把一块提升为 fp32。</translation>
    </message>
    <message>
        <source>Pure 16-bit training: the optimizer keeps its states in the weights&apos; format and no fp32 master copy (torch.optim.AdamW on a 16-bit model).</source>
        <translation>纯 16 位训练：优化器状态与权重格式相同，没有 fp32 主权重副本（在 16 位模型上使用 torch.optim.AdamW）。</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>One step of the running sequences</source>
        <translation>运行中序列的一个解码步</translation>
    </message>
    <message>
        <source>Tokens kept per sequence per step</source>
        <translation>每序列每步保留的 token 数</translation>
    </message>
    <message>
        <source>Requests in flight per replica</source>
        <translation>每个副本中进行中的请求</translation>
    </message>
    <message>
        <source>What one prompt adds to the steps it shares</source>
        <translation>一个提示词给共享的解码步增加的时间</translation>
    </message>
    <message>
        <source>Output tokens per request</source>
        <translation>每请求输出 token 数</translation>
    </message>
    <message>
        <source>Each decode step serves every running sequence at once; while a request decodes, each other request of its replica runs its prompt once per answer, and those prompts slow the shared steps.</source>
        <translation>每个解码步同时服务所有运行中的序列；一个请求解码期间，同一副本的其他请求每次回答都要处理一次提示词，这些提示词拖慢了共享的解码步。</translation>
    </message>
    <message>
        <source>With chunked prefill a prompt rides in the decode steps and adds only its compute; without it the prompt runs as a step of its own and stalls every running sequence for all of it.</source>
        <translation>启用分块预填充时，提示词随解码步一起计算，只增加其计算量；不启用时，提示词单独成一步，所有运行中的序列都要等它完成。</translation>
    </message>
    <message>
        <source>The prompt&apos;s own time (mean over the request shapes)</source>
        <translation>提示词自身所需时间（各请求形状的平均）</translation>
    </message>
    <message>
        <source>The running step a new request waits out</source>
        <translation>新请求需等完的当前步</translation>
    </message>
    <message>
        <source>Wait for room in the KV pool</source>
        <translation>等待 KV 池腾出空间</translation>
    </message>
    <message>
        <source>Alone, the prompt&apos;s prefill (only its uncached tokens). Beside running requests a chunked prompt takes one chunk per step, the chunk budget less one token per running sequence.</source>
        <translation>单独运行时即提示词的预填充（只含未缓存的 token）。与运行中的请求并行时，分块提示词每步处理一块，块预算要减去每个运行中序列的一个 token。</translation>
    </message>
    <message>
        <source>Requests beyond the KV pool&apos;s limit wait until running ones finish (Little&apos;s law: waiting requests ÷ requests per second).</source>
        <translation>超出 KV 池上限的请求要等运行中的请求完成（利特尔定律：等待请求数 ÷ 每秒请求数）。</translation>
    </message>
    <message>
        <source>Output tokens/s per device</source>
        <translation>每设备输出 token/秒</translation>
    </message>
    <message>
        <source>Requests running</source>
        <translation>运行中的请求</translation>
    </message>
    <message>
        <source>One request&apos;s life: first token, then the rest one TPOT apart</source>
        <translation>一个请求的生命周期：首 token，之后每隔一个 TPOT 输出一个 token</translation>
    </message>
    <message>
        <source>Little&apos;s law: requests finish at the running count over a request&apos;s lifetime.</source>
        <translation>利特尔定律：请求完成速率 = 运行中请求数 ÷ 请求生命周期。</translation>
    </message>
    <message>
        <source>Most concurrent requests the KV pool holds</source>
        <translation>KV 池可容纳的最大并发请求数</translation>
    </message>
    <message>
        <source>KV pool per device</source>
        <translation>每设备 KV 池</translation>
    </message>
    <message>
        <source>Cached prefix, stored once</source>
        <translation>缓存的前缀（只存一份）</translation>
    </message>
    <message>
        <source>KV of one request&apos;s own tokens, in whole blocks</source>
        <translation>一个请求自身 token 的 KV（按整块计）</translation>
    </message>
    <message>
        <source>Data-parallel replicas</source>
        <translation>数据并行副本</translation>
    </message>
    <message>
        <source>The engine reserves gpu_memory_utilization of the device and gives the KV cache whatever the weights, activations, runtime and buffers leave.</source>
        <translation>推理引擎预留设备内存的 gpu_memory_utilization，扣除权重、激活、运行时和缓冲区后剩下的都给 KV 缓存。</translation>
    </message>
    <message>
        <source>Tokens kept per speculative step</source>
        <translation>每个推测步保留的 token 数</translation>
    </message>
    <message>
        <source>Acceptance rate of a drafted token</source>
        <translation>草稿 token 的接受率</translation>
    </message>
    <message>
        <source>Tokens drafted per step</source>
        <translation>每步起草的 token 数</translation>
    </message>
    <message>
        <source>One step drafts k tokens and the model checks all of them, plus one of its own, in a single pass that reads the weights once; the accepted run is kept.</source>
        <translation>每步起草 k 个 token，模型在一次前向中（权重只读一次）校验它们并自己再生成一个；保留被接受的那一段。</translation>
    </message>
    <message>
        <source>Speculative speed-up of TPOT</source>
        <translation>推测解码对 TPOT 的加速</translation>
    </message>
    <message>
        <source>TPOT without speculation</source>
        <translation>不用推测解码时的 TPOT</translation>
    </message>
    <message>
        <source>Verify pass over k + 1 tokens</source>
        <translation>对 k + 1 个 token 的校验前向</translation>
    </message>
    <message>
        <source>k draft steps</source>
        <translation>k 个起草步</translation>
    </message>
    <message>
        <source>Other requests&apos; prompts, per token</source>
        <translation>其他请求的提示词（按每 token 分摊）</translation>
    </message>
    <message>
        <source>The verify pass is a decode step of k + 1 tokens per sequence that reads each sequence&apos;s KV cache once; with a multi-token-prediction module a draft step is one decoder layer of the model.</source>
        <translation>校验前向是每序列 k + 1 个 token 的解码步，每个序列的 KV 缓存只读一次；使用多 token 预测模块时，一个起草步相当于模型的一层解码层。</translation>
    </message>
    <message>
        <source>Energy per output token</source>
        <translation>每输出 token 能耗</translation>
    </message>
    <message>
        <source>Board power (TDP)</source>
        <translation>板卡功耗（TDP）</translation>
    </message>
    <message>
        <source>Average share of TDP drawn while serving</source>
        <translation>服务时平均功耗占 TDP 的比例</translation>
    </message>
    <message>
        <source>Output tokens/s</source>
        <translation>输出 token/秒</translation>
    </message>
    <message>
        <source>Accelerator boards only: host CPUs, networking and cooling are not counted.</source>
        <translation>只计加速卡：不含主机 CPU、网络和散热。</translation>
    </message>
    <message>
        <source>Cost per million output tokens</source>
        <translation>每百万输出 token 成本</translation>
    </message>
    <message>
        <source>Price per device-hour</source>
        <translation>每设备小时价格</translation>
    </message>
    <message>
        <source>%1 requests/s</source>
        <translation>%1 请求/秒</translation>
    </message>
    <message>
        <source>Wait for the prompts ahead of it</source>
        <translation>等待排在前面的提示词</translation>
    </message>
    <message>
        <source>Prompts that run one at a time queue behind each other: with utilisation ρ of the prefill, the mean wait is ρ × the prompt&apos;s time ÷ (2 (1 − ρ)) (M/D/1).</source>
        <translation>逐个运行的提示词要排队等前面的提示词：预填充利用率为 ρ 时，平均等待为 ρ × 提示词时间 ÷ (2 (1 − ρ))（M/D/1）。</translation>
    </message>
    <message>
        <source>Tokens each device routes (hidden × B × experts per token)</source>
        <translation>每个设备路由的 token（隐藏维度 × 字节数 × 每 token 专家数）</translation>
    </message>
    <message>
        <source>Data-parallel ranks (attention&apos;s replicas)</source>
        <translation>数据并行秩数（注意力的副本数）</translation>
    </message>
    <message>
        <source>Devices of a stage holding the experts</source>
        <translation>一个流水线阶段中存放专家的设备数</translation>
    </message>
    <message>
        <source>Mixture of experts: routed experts are split over the devices that hold them (the expert-parallel ranks, each expert sliced over the rest); attention and shared weights are split over the tensor ranks only.</source>
        <translation>混合专家：路由专家分布在存放它们的设备上（专家并行的各秩，每个专家再在其余设备上切分）；注意力和共享权重只在张量并行秩之间切分。</translation>
    </message>
    <message>
        <source>Weights read (the experts the tokens touch)</source>
        <translation>读取的权重（token 命中的专家）</translation>
    </message>
    <message>
        <source>Mixture of experts: experts no token of a pass chose are not read, E·(1 − (1 − k/E)^tokens) of E are touched under uniform routing.</source>
        <translation>混合专家：一次前向中没有 token 选中的专家不会被读取；均匀路由下 E 个专家中有 E·(1 − (1 − k/E)^tokens) 个被命中。</translation>
    </message>
    <message>
        <source>Routed experts&apos; FLOPs per device (their own kernels)</source>
        <translation>每设备路由专家的 FLOPs（在各自的内核中）</translation>
    </message>
    <message>
        <source>Routed experts&apos; weights read (their own kernels)</source>
        <translation>读取的路由专家权重（在各自的内核中）</translation>
    </message>
    <message>
        <source>Routed experts (fused MoE kernels)</source>
        <translation>路由专家（融合 MoE 内核）</translation>
    </message>
    <message>
        <source>Fused MoE kernel calls per device</source>
        <translation>每设备融合 MoE 内核调用次数</translation>
    </message>
    <message>
        <source>Fixed time per call</source>
        <translation>每次调用的固定时间</translation>
    </message>
    <message>
        <source>Routed experts&apos; weights read</source>
        <translation>读取的路由专家权重</translation>
    </message>
    <message>
        <source>Routed experts&apos; FLOPs per device</source>
        <translation>每设备路由专家的 FLOPs</translation>
    </message>
    <message>
        <source>Busiest expert rank&apos;s tokens over the mean</source>
        <translation>最忙专家秩的 token 数与平均值之比</translation>
    </message>
    <message>
        <source>Fused MoE rate over the large-GEMM rate</source>
        <translation>融合 MoE 速率与大 GEMM 速率之比</translation>
    </message>
    <message>
        <source>The routed experts run after the layer&apos;s other GEMMs, in kernels of their own: their time adds. Every expert-parallel rank waits for the busiest.</source>
        <translation>路由专家在本层其他 GEMM 之后、在各自的内核中运行：其时间需要累加。每个专家并行秩都要等待最忙的那个。</translation>
    </message>
    <message>
        <source>Data-parallel group (1 if attention&apos;s replicas &gt; 1)</source>
        <translation>数据并行组（注意力副本数 &gt; 1 时为 1）</translation>
    </message>
    <message>
        <source>The routed experts run in fused MoE kernels after the layer&apos;s other GEMMs: their time adds (docs/METHOD.md §4.13).</source>
        <translation>路由专家在本层其他 GEMM 之后的融合 MoE 内核中运行：其时间需要累加（docs/METHOD.md §4.13）。</translation>
    </message>
    <message>
        <source>Routed experts: compute</source>
        <translation>路由专家：计算</translation>
    </message>
    <message>
        <source>Routed experts: weight reads</source>
        <translation>路由专家：权重读取</translation>
    </message>
    <message>
        <source>Routed experts: fixed time per call</source>
        <translation>路由专家：每次调用的固定时间</translation>
    </message>
</context>
<context>
    <name>FineTuningSummary</name>
    <message>
        <source>full fine-tuning</source>
        <translation>全量微调</translation>
    </message>
    <message>
        <source>LoRA</source>
        <translation>LoRA</translation>
    </message>
    <message>
        <source>QLoRA</source>
        <translation>QLoRA</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 needs %2</source>
        <translation>%1需要 %2</translation>
    </message>
    <message>
        <source>No training method fits on this device (%1): %2</source>
        <translation>本设备（%1）放不下任何训练方法：%2</translation>
    </message>
    <message>
        <source>Fits on this device (%1): %2</source>
        <translation>本设备（%1）放得下：%2</translation>
    </message>
    <message>
        <source>Fits on this device (%1): %2 — %3</source>
        <translation>本设备（%1）放得下：%2 — %3</translation>
    </message>
    <message>
        <source>%1: the adapter targets name no module of this model</source>
        <translation>%1：适配器目标中没有该模型的模块</translation>
    </message>
    <message>
        <source> and </source>
        <translation>和</translation>
    </message>
    <message>
        <source>%1 · full</source>
        <translation>%1 · 全量</translation>
    </message>
    <message>
        <source>%1 · LoRA</source>
        <translation>%1 · LoRA</translation>
    </message>
    <message>
        <source>int8 · QLoRA</source>
        <translation>int8 · QLoRA</translation>
    </message>
    <message>
        <source>NF4 · QLoRA</source>
        <translation>NF4 · QLoRA</translation>
    </message>
</context>
<context>
    <name>ScenarioChangeCommand</name>
    <message>
        <source>device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>training / inference</source>
        <translation>训练/推理</translation>
    </message>
    <message>
        <source>batch</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>prompt length</source>
        <translation>提示词长度</translation>
    </message>
    <message>
        <source>output length</source>
        <translation>输出长度</translation>
    </message>
    <message>
        <source>device count</source>
        <translation>设备数</translation>
    </message>
    <message>
        <source>parallel split</source>
        <translation>并行切分</translation>
    </message>
    <message>
        <source>weight precision</source>
        <translation>权重精度</translation>
    </message>
    <message>
        <source>KV-cache precision</source>
        <translation>KV 缓存精度</translation>
    </message>
    <message>
        <source>compute precision</source>
        <translation>计算精度</translation>
    </message>
    <message>
        <source>activation precision</source>
        <translation>激活值精度</translation>
    </message>
    <message>
        <source>FlashAttention</source>
        <translation>FlashAttention</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>recomputation</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Change scenario</source>
        <translation>更改场景</translation>
    </message>
    <message>
        <source>Change %1</source>
        <translation>更改%1</translation>
    </message>
    <message>
        <source>Change %1 and %2</source>
        <translation>更改%1和%2</translation>
    </message>
</context>
<context>
    <name>ValueFormat</name>
    <message>
        <source>%1 = %2 GiB</source>
        <translation>%1 = %2 GiB</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 GB</translation>
    </message>
    <message>
        <source>%1 GB %2</source>
        <translation>%1 GB %2</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
</context>
<context>
    <name>lhe::app::AppSettings</name>
    <message>
        <source>%1 cannot be reached: %2</source>
        <translation>无法访问 %1：%2</translation>
    </message>
    <message>
        <source>%1 is a symbolic link to %2, which is not a regular file</source>
        <translation>%1 是指向 %2 的符号链接，而后者不是普通文件</translation>
    </message>
    <message>
        <source>%1 is not a regular file</source>
        <translation>%1 不是普通文件</translation>
    </message>
</context>
<context>
    <name>lhe::app::ExportDialog</name>
    <message>
        <source>Export Image</source>
        <translation>导出图像</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>As shown (%1)</source>
        <translation>与屏幕一致 (%1)</translation>
    </message>
    <message>
        <source>16:9 slide (%1)</source>
        <translation>16:9 幻灯片 (%1)</translation>
    </message>
    <message>
        <source>4:3 (%1)</source>
        <translation>4:3 (%1)</translation>
    </message>
    <message>
        <source>A4 landscape (%1)</source>
        <translation>A4 横向 (%1)</translation>
    </message>
    <message>
        <source> ×</source>
        <translation> ×</translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation>文件(&amp;F):</translation>
    </message>
    <message>
        <source>&amp;Size:</source>
        <translation>尺寸(&amp;S):</translation>
    </message>
    <message>
        <source>S&amp;cale:</source>
        <translation>缩放(&amp;C):</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Name the file to export.</source>
        <translation>请输入要导出的文件名。</translation>
    </message>
    <message>
        <source>Name the file .png, .svg or .pdf: its type follows the name.</source>
        <translation>文件名请以 .png、.svg 或 .pdf 结尾：格式由扩展名决定。</translation>
    </message>
    <message>
        <source>A PNG of %1 × %2 pixels.</source>
        <translation>PNG 图像，%1 × %2 像素。</translation>
    </message>
    <message>
        <source>A page of %1 × %2 px at 96 per inch; lines and text stay sharp at any zoom.</source>
        <translation>页面 %1 × %2 px（每英寸 96 px）；线条和文字任意缩放都保持清晰。</translation>
    </message>
</context>
<context>
    <name>lhe::app::HfHubClient</name>
    <message>
        <source>expected a model id such as meta-llama/Llama-3.2-1B or its page https://huggingface.co/org/name, got &quot;%1&quot;</source>
        <translation>应为模型 ID（如 meta-llama/Llama-3.2-1B）或其页面地址 https://huggingface.co/org/name，实际为“%1”</translation>
    </message>
    <message>
        <source>not a huggingface.co address</source>
        <translation>不是 huggingface.co 的地址</translation>
    </message>
    <message>
        <source>only the main revision is downloaded</source>
        <translation>只下载 main 版本</translation>
    </message>
    <message>
        <source>a dataset or Space, not a model</source>
        <translation>这是数据集或 Space，不是模型</translation>
    </message>
    <message>
        <source>HF_ENDPOINT: expected an http(s) address such as https://huggingface.co, got &quot;%1&quot;</source>
        <translation>HF_ENDPOINT：应为 http(s) 地址（如 https://huggingface.co），实际为“%1”</translation>
    </message>
    <message>
        <source>%1/%2: refused a redirect from https to %3</source>
        <translation>%1/%2：已拒绝从 https 重定向到 %3</translation>
    </message>
    <message>
        <source>%1/%2: too many redirects</source>
        <translation>%1/%2：重定向次数过多</translation>
    </message>
    <message>
        <source>%1/%2 is larger than 16 MiB; not a config.json or index</source>
        <translation>%1/%2 大于 16 MiB，不是 config.json 或索引文件</translation>
    </message>
    <message numerus="yes">
        <source>no answer within %n s</source>
        <translation>
            <numerusform>%n s 内无响应</numerusform>
        </translation>
    </message>
    <message>
        <source>cannot reach %1 (%2): check the connection, or set HF_ENDPOINT</source>
        <translation>无法连接 %1（%2）：请检查网络连接，或设置 HF_ENDPOINT</translation>
    </message>
    <message>
        <source>no repository %1 on %2, or it has no config.json</source>
        <translation>%2 上没有仓库 %1，或该仓库没有 config.json</translation>
    </message>
    <message>
        <source>if it is private: set HF_TOKEN or the token in File → Import from Hugging Face…</source>
        <translation>如为私有仓库：请设置 HF_TOKEN，或在“文件 → 从 Hugging Face 导入…”中填写访问令牌</translation>
    </message>
    <message>
        <source>%1 is gated or private: set HF_TOKEN or the token in File → Import from Hugging Face…</source>
        <translation>%1 是受限访问或私有的仓库：请设置 HF_TOKEN，或在“文件 → 从 Hugging Face 导入…”中填写访问令牌</translation>
    </message>
    <message>
        <source>with a token: accept the model&apos;s licence on its page first</source>
        <translation>已有访问令牌时：请先在模型页面上接受其许可协议</translation>
    </message>
    <message>
        <source>%1/config.json: %2 answered HTTP %3 %4</source>
        <translation>%1/config.json：%2 返回 HTTP %3 %4</translation>
    </message>
    <message>
        <source>%1: expected a JSON object, got %2</source>
        <translation>%1：应为 JSON 对象，实际为 %2</translation>
    </message>
    <message>
        <source>%1; the checkpoint size is not cross-checked</source>
        <translation>%1；未交叉核对检查点大小</translation>
    </message>
    <message>
        <source>using the cached copy of %1 from %2: %3</source>
        <translation>使用 %2 缓存的 %1 副本：%3</translation>
    </message>
    <message>
        <source>%1 lists no shards (weight_map)</source>
        <translation>%1 未列出任何分片 (weight_map)</translation>
    </message>
    <message>
        <source>%1 names &quot;%2&quot; as a shard, not a .safetensors file name</source>
        <translation>%1 把“%2”列为分片，但它不是 .safetensors 文件名</translation>
    </message>
    <message>
        <source>not a safetensors file (its header is no JSON object)</source>
        <translation>不是 safetensors 文件（其文件头不是 JSON 对象）</translation>
    </message>
    <message>
        <source>its header (%1 bytes) is longer than the file (%2 bytes)</source>
        <translation>其文件头（%1 字节）比文件（%2 字节）还长</translation>
    </message>
    <message>
        <source>%1/%2: %3 answered HTTP %4 %5</source>
        <translation>%1/%2：%3 返回 HTTP %4 %5</translation>
    </message>
    <message>
        <source>%1 is no JSON object</source>
        <translation>%1 不是 JSON 对象</translation>
    </message>
    <message>
        <source>%1 lists %2 shards, more than the %3 whose headers are fetched</source>
        <translation>%1 列出 %2 个分片，超过获取文件头的上限 %3 个</translation>
    </message>
    <message>
        <source>safetensors headers not fetched: %1</source>
        <translation>未获取 safetensors 文件头：%1</translation>
    </message>
    <message>
        <source>HTTP %1 with a body larger than 16 MiB</source>
        <translation>HTTP %1 的响应体大于 16 MiB</translation>
    </message>
    <message>
        <source>the server answered range %1 with &quot;Content-Range: %2&quot;</source>
        <translation>服务器对范围 %1 的回应为“Content-Range: %2”</translation>
    </message>
    <message>
        <source>its header length %1 is over the safetensors format&apos;s limit of %2 bytes</source>
        <translation>其文件头长度 %1 超过 safetensors 格式的上限 %2 字节</translation>
    </message>
    <message>
        <source>its header would take the headers over %1 MiB in all</source>
        <translation>其文件头会使文件头总量超过 %1 MiB</translation>
    </message>
    <message>
        <source>%1: cannot reach %2 (%3)</source>
        <translation>%1：无法连接 %2（%3）</translation>
    </message>
    <message numerus="yes">
        <source>%n more not tried</source>
        <translation>
            <numerusform>另有 %n 个未尝试</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: the file ends after %2 bytes, within its header</source>
        <translation>%1：文件在 %2 字节处结束，仍在文件头内</translation>
    </message>
    <message>
        <source>%1: %2 answered HTTP %3 %4</source>
        <translation>%1：%2 返回 HTTP %3 %4</translation>
    </message>
    <message numerus="yes">
        <source>%n safetensors header(s) not fetched: %1</source>
        <translation>
            <numerusform>%n 个 safetensors 文件头未获取：%1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n safetensors header(s) not in the cache</source>
        <translation>
            <numerusform>缓存中缺少 %n 个 safetensors 文件头</numerusform>
        </translation>
    </message>
    <message>
        <source>%1/%2 is larger than 16 MiB; the checkpoint size is not cross-checked</source>
        <translation>%1/%2 大于 16 MiB；不核对检查点大小</translation>
    </message>
    <message>
        <source>%1/%2: the answer from %3 broke off (%4)</source>
        <translation>%1/%2：来自 %3 的应答中断（%4）</translation>
    </message>
    <message numerus="yes">
        <source>no complete answer within %n s</source>
        <translation>
            <numerusform>%n 秒内没有完整应答</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: not sent, it holds the character U+%2; a token holds only letters, digits and -._~+/=</source>
        <translation>%1：未发送，其中含有字符 U+%2；令牌只能包含字母、数字和 -._~+/=</translation>
    </message>
    <message>
        <source>the token</source>
        <translation>令牌</translation>
    </message>
    <message>
        <source>%1/%2: refused a redirect to a %3: address; only http and https addresses are followed</source>
        <translation>%1/%2：拒绝重定向到 %3: 地址；只跟随 http 和 https 地址</translation>
    </message>
    <message>
        <source>%1: the answer from %2 broke off (%3)</source>
        <translation>%1：来自 %2 的应答中断（%3）</translation>
    </message>
</context>
<context>
    <name>lhe::app::HfImportDialog</name>
    <message>
        <source>Import from Hugging Face</source>
        <translation>从 Hugging Face 导入</translation>
    </message>
    <message>
        <source>Downloads the model&apos;s config.json from %1 (and its safetensors index, to cross-check the size). The weights are not downloaded.</source>
        <translation>从 %1 下载模型的 config.json（以及其 safetensors 索引，用于交叉核对大小）。不下载权重。</translation>
    </message>
    <message>
        <source>org/name or https://huggingface.co/org/name</source>
        <translation>org/name 或 https://huggingface.co/org/name</translation>
    </message>
    <message>
        <source>hf_… (only for gated or private models)</source>
        <translation>hf_…（仅受限访问或私有模型需要）</translation>
    </message>
    <message>
        <source>HF_TOKEN is set in the environment and is used instead of this field.</source>
        <translation>环境变量中已设置 HF_TOKEN，将使用它而不是此处的访问令牌。</translation>
    </message>
    <message>
        <source>Kept in this program&apos;s settings on this computer.</source>
        <translation>保存在本机的本程序设置中。</translation>
    </message>
    <message>
        <source>Used for this download only.</source>
        <translation>仅用于本次下载。</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Token:</source>
        <translation>访问令牌(&amp;T)：</translation>
    </message>
    <message>
        <source>Download progress</source>
        <translation>下载进度</translation>
    </message>
    <message>
        <source>&amp;Download</source>
        <translation>下载(&amp;D)</translation>
    </message>
    <message>
        <source>Enter a model id such as meta-llama/Llama-3.2-1B, or paste its page&apos;s address.</source>
        <translation>请输入模型 ID（如 meta-llama/Llama-3.2-1B），或粘贴其页面地址。</translation>
    </message>
    <message>
        <source>safetensors index %1 GB agrees with the parameter count (within %2 %)</source>
        <translation>safetensors 索引的 %1 GB 与参数量一致（相差在 %2 % 以内）</translation>
    </message>
    <message>
        <source>checkpoint index says %1 GB, the config&apos;s parameter count in its stored formats gives %2 GB (ratio %3): the config may not describe this checkpoint</source>
        <translation>检查点索引为 %1 GB，而按检查点的存储格式由 config 的参数量算得 %2 GB（比值 %3）：该 config 可能与此检查点不符</translation>
    </message>
    <message>
        <source>Tensor headers not used: %1</source>
        <translation>未使用张量头：%1</translation>
    </message>
</context>
<context>
    <name>lhe::app::MainWindow</name>
    <message>
        <source>Messages</source>
        <translation>消息</translation>
    </message>
    <message numerus="yes">
        <source>%n message(s)</source>
        <translation>
            <numerusform>%n 条消息</numerusform>
        </translation>
    </message>
    <message>
        <source>Show or hide the Messages panel</source>
        <translation>显示或隐藏消息面板</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open Scenario…</source>
        <translation>打开场景(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Save Scenario</source>
        <translation>保存场景(&amp;S)</translation>
    </message>
    <message>
        <source>Save Scenario &amp;As…</source>
        <translation>场景另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Import Hugging Face config.json…</source>
        <translation>导入 Hugging Face config.json(&amp;I)…</translation>
    </message>
    <message>
        <source>Save Imported Model to &amp;Catalog…</source>
        <translation>将导入的模型保存到目录(&amp;C)…</translation>
    </message>
    <message>
        <source>Keep the imported config.json as a model of your catalog</source>
        <translation>将导入的 config.json 作为模型保存到您的目录中</translation>
    </message>
    <message>
        <source>&amp;Export Dashboard Image…</source>
        <translation>导出仪表板图像(&amp;E)…</translation>
    </message>
    <message>
        <source>Export &amp;Memory Chart…</source>
        <translation>导出显存图(&amp;M)…</translation>
    </message>
    <message>
        <source>Export Roofli&amp;ne Chart…</source>
        <translation>导出屋顶线图(&amp;N)…</translation>
    </message>
    <message>
        <source>Export &amp;Design-Space Map…</source>
        <translation>导出设计空间图(&amp;D)…</translation>
    </message>
    <message>
        <source>Export Re&amp;port (JSON/CSV)…</source>
        <translation>导出报告（JSON/CSV）(&amp;P)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Copy Dashboard</source>
        <translation>复制仪表板(&amp;C)</translation>
    </message>
    <message>
        <source>Dashboard</source>
        <translation>仪表板</translation>
    </message>
    <message>
        <source>Copy &amp;Memory Chart</source>
        <translation>复制显存图(&amp;M)</translation>
    </message>
    <message>
        <source>Memory chart</source>
        <translation>显存图</translation>
    </message>
    <message>
        <source>Copy Roofli&amp;ne Chart</source>
        <translation>复制屋顶线图(&amp;N)</translation>
    </message>
    <message>
        <source>Roofline chart</source>
        <translation>屋顶线图</translation>
    </message>
    <message>
        <source>Copy &amp;Design-Space Map</source>
        <translation>复制设计空间图(&amp;D)</translation>
    </message>
    <message>
        <source>Design-space map</source>
        <translation>设计空间图</translation>
    </message>
    <message>
        <source>New De&amp;vice…</source>
        <translation>新建设备(&amp;V)…</translation>
    </message>
    <message>
        <source>Describe a device from its datasheet and add it to your catalog</source>
        <translation>根据数据手册描述设备，并将其添加到您的目录</translation>
    </message>
    <message>
        <source>Edit a Cop&amp;y of Current Device…</source>
        <translation>编辑当前设备的副本(&amp;Y)…</translation>
    </message>
    <message>
        <source>Start a user catalog entry from the selected device&apos;s figures</source>
        <translation>以所选设备的参数为基础新建用户目录条目</translation>
    </message>
    <message>
        <source>C&amp;alibrate Device…</source>
        <translation>校准设备(&amp;A)…</translation>
    </message>
    <message>
        <source>Fit the selected device&apos;s GEMM and memory fractions to your own measurements</source>
        <translation>根据您自己的测量数据拟合所选设备的 GEMM 利用率和显存带宽利用率</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Roofline</source>
        <translation>屋顶线图(&amp;R)</translation>
    </message>
    <message>
        <source>Show the roofline beside the memory chart</source>
        <translation>在显存图旁显示屋顶线图</translation>
    </message>
    <message>
        <source>&amp;Design Space</source>
        <translation>设计空间图(&amp;D)</translation>
    </message>
    <message>
        <source>Show the batch × sequence-length map of verdicts beside the memory chart</source>
        <translation>在显存图旁显示按批大小 × 序列长度划分的判定结果图</translation>
    </message>
    <message>
        <source>&amp;Messages</source>
        <translation>消息(&amp;M)</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>Reset &amp;View</source>
        <translation>重置视图(&amp;V)</translation>
    </message>
    <message>
        <source>Fit the chart to the current report again</source>
        <translation>按当前报告重新调整图表范围</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>Export Images in the &amp;Window&apos;s Colours</source>
        <translation>导出图像时使用窗口配色(&amp;W)</translation>
    </message>
    <message>
        <source>Off: exported and copied charts are light, for print and slides</source>
        <translation>关闭时：导出和复制的图表使用浅色，适合打印和幻灯片</translation>
    </message>
    <message>
        <source>&amp;Full Screen</source>
        <translation>全屏(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Presentation Mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>Larger text and chart lines for a projector, with the scenario controls folded away</source>
        <translation>为投影放大文字和图表线条，并收起场景控制面板</translation>
    </message>
    <message>
        <source>Scenario Co&amp;ntrols</source>
        <translation>场景控制面板(&amp;N)</translation>
    </message>
    <message>
        <source>Show or fold away the scenario controls beside the charts</source>
        <translation>显示或收起图表旁的场景控制面板</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About LLM Hardware Explorer</source>
        <translation>关于 LLM Hardware Explorer(&amp;A)</translation>
    </message>
    <message>
        <source>About LLM Hardware Explorer</source>
        <translation>关于 LLM Hardware Explorer</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <source>Presentation mode: F5 to leave, F9 for the scenario controls</source>
        <translation>演示模式：按 F5 退出，按 F9 显示场景控制面板</translation>
    </message>
    <message>
        <source>Presentation mode off</source>
        <translation>已退出演示模式</translation>
    </message>
    <message>
        <source>The scenario has changes that are not saved to a file. Save them first?

Either way, the next start resumes where you are now.</source>
        <translation>场景有尚未保存到文件的更改。是否先保存？

无论是否保存，下次启动时都会从当前状态继续。</translation>
    </message>
    <message>
        <source>The scenario has changes that are not saved. Save them first?</source>
        <translation>场景有尚未保存的更改。是否先保存？</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>&lt;h3&gt;LLM Hardware Explorer %1&lt;/h3&gt;&lt;p&gt;What hardware does this LLM need, and what limits it? Memory, bandwidth, communication and compute for training and inference, on CPUs, GPUs, NPUs and TPUs.&lt;/p&gt;&lt;p&gt;Copyright © 2026 the LLM Hardware Explorer developers.&lt;br&gt;Licence: GNU General Public License, version 3 or (at your option) any later version (GPL-3.0-or-later). It comes with ABSOLUTELY NO WARRANTY.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Credits&lt;/b&gt;&lt;br&gt;Qt %2 — The Qt Company, LGPL-3.0&lt;br&gt;QCustomPlot — Emanuel Eichhammer, GPL-3.0 (which is why this program is GPL)&lt;br&gt;JSON for Modern C++ — Niels Lohmann, MIT&lt;br&gt;Colours: the Okabe–Ito colour-blind-safe palette (Okabe &amp;amp; Ito, 2008)&lt;br&gt;Hardware and model figures: the sources cited in each catalog entry.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;LLM Hardware Explorer %1&lt;/h3&gt;&lt;p&gt;这个 LLM 需要什么硬件？受什么限制？在 CPU、GPU、NPU 和 TPU 上分析训练与推理所需的显存、带宽、通信和算力。&lt;/p&gt;&lt;p&gt;Copyright © 2026 LLM Hardware Explorer 开发者。&lt;br&gt;许可证：GNU 通用公共许可证第 3 版或（由您选择）任何更高版本（GPL-3.0-or-later）。本程序不提供任何担保。&lt;/p&gt;&lt;p&gt;&lt;b&gt;致谢&lt;/b&gt;&lt;br&gt;Qt %2 — The Qt Company，LGPL-3.0&lt;br&gt;QCustomPlot — Emanuel Eichhammer，GPL-3.0（因此本程序采用 GPL）&lt;br&gt;JSON for Modern C++ — Niels Lohmann，MIT&lt;br&gt;配色：Okabe–Ito 色盲友好调色板（Okabe &amp;amp; Ito，2008）&lt;br&gt;硬件和模型数据：各目录条目中引用的来源。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>No recent files</source>
        <translation>无最近文件</translation>
    </message>
    <message>
        <source>&amp;Clear Recent Files</source>
        <translation>清除最近文件(&amp;C)</translation>
    </message>
    <message>
        <source>Cannot open scenario</source>
        <translation>无法打开场景</translation>
    </message>
    <message>
        <source>Saved %1, but the catalog could not be reloaded: %2</source>
        <translation>已保存 %1，但无法重新加载目录：%2</translation>
    </message>
    <message>
        <source>Saved %1 to %2</source>
        <translation>已将 %1 保存到 %2</translation>
    </message>
    <message>
        <source>The current model is not an imported config.json</source>
        <translation>当前模型不是导入的 config.json</translation>
    </message>
    <message>
        <source>Unknown image type for %1; use .png, .svg or .pdf</source>
        <translation>%1 的图像类型未知；请使用 .png、.svg 或 .pdf</translation>
    </message>
    <message>
        <source>Cannot copy</source>
        <translation>无法复制</translation>
    </message>
    <message>
        <source>%1 copied to the clipboard</source>
        <translation>已将%1复制到剪贴板</translation>
    </message>
    <message>
        <source>There is no report to export</source>
        <translation>没有可导出的报告</translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s): %1</source>
        <translation>
            <numerusform>%n 条警告：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Open Scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <source>Scenario files (*.json);;All files (*)</source>
        <translation>场景文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save Scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <source>scenario.json</source>
        <translation>scenario.json</translation>
    </message>
    <message>
        <source>Scenario files (*.json)</source>
        <translation>场景文件 (*.json)</translation>
    </message>
    <message>
        <source>Cannot save scenario</source>
        <translation>无法保存场景</translation>
    </message>
    <message>
        <source>Import Hugging Face config.json</source>
        <translation>导入 Hugging Face config.json</translation>
    </message>
    <message>
        <source>config.json (*.json);;All files (*)</source>
        <translation>config.json (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot import config.json</source>
        <translation>无法导入 config.json</translation>
    </message>
    <message>
        <source>Cannot copy the device</source>
        <translation>无法复制设备</translation>
    </message>
    <message>
        <source>No device is selected</source>
        <translation>未选择设备</translation>
    </message>
    <message>
        <source>Cannot save the device</source>
        <translation>无法保存设备</translation>
    </message>
    <message>
        <source>Cannot calibrate the device</source>
        <translation>无法校准设备</translation>
    </message>
    <message>
        <source>Cannot save the model</source>
        <translation>无法保存模型</translation>
    </message>
    <message>
        <source>Save Imported Model to Catalog</source>
        <translation>将导入的模型保存到目录</translation>
    </message>
    <message>
        <source>Name of the model in your catalog (its id is made from the name):</source>
        <translation>模型在您目录中的名称（其 ID 由名称生成）：</translation>
    </message>
    <message>
        <source>The name needs at least one letter or digit</source>
        <translation>名称至少需要包含一个字母或数字</translation>
    </message>
    <message>
        <source>Your catalog already has a model with the id &quot;%1&quot; (%2). Replace it?</source>
        <translation>您的目录中已有 ID 为“%1”的模型（%2）。是否替换？</translation>
    </message>
    <message>
        <source>The id &quot;%1&quot; belongs to the built-in %2. Override it with this model?</source>
        <translation>ID“%1”属于内置的 %2。是否用此模型覆盖它？</translation>
    </message>
    <message>
        <source>Cannot export image</source>
        <translation>无法导出图像</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>report.json</source>
        <translation>report.json</translation>
    </message>
    <message>
        <source>JSON (*.json);;CSV (*.csv)</source>
        <translation>JSON (*.json);;CSV (*.csv)</translation>
    </message>
    <message>
        <source>Cannot export report</source>
        <translation>无法导出报告</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>LLM Hardware Explorer</source>
        <translation>LLM Hardware Explorer</translation>
    </message>
    <message>
        <source>Cannot open dropped file</source>
        <translation>无法打开拖入的文件</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>Primer</source>
        <translation>入门讲解</translation>
    </message>
    <message>
        <source>The primer&apos;s scenario %1 cannot be loaded: %2</source>
        <translation>无法加载入门讲解的场景 %1：%2</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>对比图</translation>
    </message>
    <message>
        <source>Pin Scenario as &amp;A</source>
        <translation>将场景固定为 A(&amp;A)</translation>
    </message>
    <message>
        <source>Keep the current scenario as A to compare the next changes with it</source>
        <translation>将当前场景保留为 A，以便与之后的修改对比</translation>
    </message>
    <message>
        <source>&amp;Compare A/B</source>
        <translation>对比 A/B(&amp;C)</translation>
    </message>
    <message>
        <source>Show the pinned scenario A beside the current one, B</source>
        <translation>将已固定的场景 A 与当前场景 B 并排显示</translation>
    </message>
    <message>
        <source>Forget the pinned scenario A</source>
        <translation>清除已固定的场景 A</translation>
    </message>
    <message>
        <source>&amp;Primer</source>
        <translation>入门讲解(&amp;P)</translation>
    </message>
    <message>
        <source>Short lessons on what the charts show, each with a scenario to load</source>
        <translation>简短讲解图表显示的内容，每段附带一个可加载的场景</translation>
    </message>
    <message>
        <source>Nothing to pin: the current scenario has no estimate</source>
        <translation>无可固定的内容：当前场景没有估算结果</translation>
    </message>
    <message>
        <source>Pinned %1 as A: change the controls to compare (View → Compare A/B)</source>
        <translation>已将 %1 固定为 A：修改控件即可对比（视图 → 对比 A/B）</translation>
    </message>
    <message>
        <source>Explain</source>
        <translation>计算说明</translation>
    </message>
    <message>
        <source>&amp;Explain</source>
        <translation>计算说明(&amp;E)</translation>
    </message>
    <message>
        <source>Show how the clicked number is calculated: formula, values and source</source>
        <translation>显示所点击数字的计算方式：公式、数值和来源</translation>
    </message>
    <message>
        <source>No report to explain: choose a device and a model first.</source>
        <translation>没有可解释的报告：请先选择设备和模型。</translation>
    </message>
    <message>
        <source>Compare A/B</source>
        <translation>对比 A/B</translation>
    </message>
    <message>
        <source>The pinned scenario A beside the current one, B: memory, roofline, verdicts and differences</source>
        <translation>已固定的场景 A 与当前场景 B 并排：显存、屋顶线、结论与差异</translation>
    </message>
    <message>
        <source>Clear Pinned &amp;Scenario</source>
        <translation>清除已固定的场景(&amp;S)</translation>
    </message>
    <message>
        <source>Nothing is pinned as A any more.</source>
        <translation>已不再有固定为 A 的场景。</translation>
    </message>
    <message>
        <source>A · %1</source>
        <translation>A · %1</translation>
    </message>
    <message>
        <source>B · %1</source>
        <translation>B · %1</translation>
    </message>
    <message>
        <source>Import from &amp;Hugging Face…</source>
        <translation>从 Hugging Face 导入(&amp;H)…</translation>
    </message>
    <message>
        <source>Cannot restore the kept-aside session</source>
        <translation>无法恢复保留的会话</translation>
    </message>
    <message>
        <source>Retry &amp;Kept-Aside Session</source>
        <translation>重试保留的会话(&amp;K)</translation>
    </message>
    <message>
        <source>Load the last session that could not be restored, after the catalog is fixed</source>
        <translation>修好目录后，载入上次未能恢复的会话</translation>
    </message>
    <message>
        <source>The last session&apos;s scenario could not be restored: %1. It is kept aside: fix the catalog, then use File → Retry Kept-Aside Session.</source>
        <translation>上次会话的场景无法恢复：%1。它已被保留：修好目录后，请使用“文件 → 重试保留的会话”。</translation>
    </message>
    <message>
        <source>No session is kept aside</source>
        <translation>没有保留的会话</translation>
    </message>
    <message>
        <source>Throughput-latency chart</source>
        <translation>吞吐–延迟图</translation>
    </message>
    <message>
        <source>Export &amp;Throughput-Latency Chart…</source>
        <translation>导出吞吐–延迟图(&amp;T)…</translation>
    </message>
    <message>
        <source>Copy &amp;Throughput-Latency Chart</source>
        <translation>复制吞吐–延迟图(&amp;T)</translation>
    </message>
    <message>
        <source>Show throughput per device against speed per user, over the number of concurrent requests</source>
        <translation>按并发请求数显示每设备吞吐与每用户速度的关系</translation>
    </message>
    <message>
        <source>Show every device ranked for this model and workload</source>
        <translation>显示所有设备针对该模型和负载的排名</translation>
    </message>
    <message>
        <source>Servin&amp;g</source>
        <translation>服务(&amp;G)</translation>
    </message>
    <message>
        <source>Devices Ran&amp;ked</source>
        <translation>设备排名(&amp;K)</translation>
    </message>
    <message>
        <source>The memory chart, the roofline and its neighbouring tabs, and the verdict of each phase</source>
        <translation>显存图、屋顶线图及其相邻标签页，以及每个阶段的瓶颈结论</translation>
    </message>
    <message>
        <source>Open Model &amp;File…</source>
        <translation>打开模型文件(&amp;F)…</translation>
    </message>
    <message>
        <source>Read a model from its own files: a GGUF file, or safetensors headers beside their config.json</source>
        <translation>从模型自身的文件读取：GGUF 文件，或 config.json 旁的 safetensors 文件头</translation>
    </message>
    <message>
        <source>Open Model File</source>
        <translation>打开模型文件</translation>
    </message>
    <message>
        <source>Model files (*.gguf *.safetensors);;GGUF (*.gguf);;safetensors (*.safetensors);;All files (*)</source>
        <translation>模型文件 (*.gguf *.safetensors);;GGUF (*.gguf);;safetensors (*.safetensors);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot open the model file</source>
        <translation>无法打开模型文件</translation>
    </message>
    <message>
        <source>Cannot save the settings to %1</source>
        <translation>无法将设置保存到 %1</translation>
    </message>
    <message>
        <source>The preferences, recent files and session could not be saved to %1: the file or its folder cannot be written. The next start will not resume where you are now.

Close all the same?</source>
        <translation>首选项、最近文件和会话无法保存到 %1：该文件或其文件夹不可写。下次启动将不会从现在的状态继续。

仍然关闭吗？</translation>
    </message>
    <message>
        <source>Settings not saved</source>
        <translation>设置未保存</translation>
    </message>
    <message>
        <source>Preferences, recent files and the session are not saved in this run: %1.</source>
        <translation>本次运行不会保存首选项、最近文件和会话：%1。</translation>
    </message>
    <message>
        <source>At most %1 sessions are kept aside: the oldest, kept %2 (%3), is discarded.</source>
        <translation>最多保留 %1 个会话：最早的一个（保留于 %2，%3）已被丢弃。</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>all %1 prompts prefilled at once; the TTFT each user sees is under Serving</source>
        <translation>全部 %1 个提示词一次性预填充；每个用户看到的 TTFT 见“服务”</translation>
    </message>
    <message>
        <source>one decode step of all %1; the TPOT each user sees is under Serving</source>
        <translation>全部 %1 个序列的一个解码步；每个用户看到的 TPOT 见“服务”</translation>
    </message>
    <message>
        <source>what each user sees</source>
        <translation>每个用户看到的数字</translation>
    </message>
</context>
<context>
    <name>lhe::app::SaveFile</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>only %1 of %2 bytes could be written (is the disk full?)</source>
        <translation>只写入了 %1 / %2 字节（磁盘是否已满？）</translation>
    </message>
    <message>
        <source>a folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>a FIFO</source>
        <translation>FIFO（命名管道）</translation>
    </message>
    <message>
        <source>a character device</source>
        <translation>字符设备</translation>
    </message>
    <message>
        <source>a block device</source>
        <translation>块设备</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>套接字</translation>
    </message>
    <message>
        <source>not a file</source>
        <translation>不是文件</translation>
    </message>
    <message>
        <source>Cannot write %1: it is not a regular file (%2)</source>
        <translation>无法写入 %1：它不是普通文件（%2）</translation>
    </message>
    <message>
        <source>Cannot write %1: the folder %2 does not exist</source>
        <translation>无法写入 %1：文件夹 %2 不存在</translation>
    </message>
</context>
<context>
    <name>lhe::app::UserCatalog</name>
    <message>
        <source>Cannot create the user catalog folder %1</source>
        <translation>无法创建用户目录文件夹 %1</translation>
    </message>
    <message>
        <source>Nothing was saved: %1. Fix or move that file first.</source>
        <translation>未保存任何内容：%1。请先修复或移走该文件。</translation>
    </message>
    <message>
        <source>Nothing was saved: %1 is not a catalog with a &quot;%2&quot; array. Fix or move that file first.</source>
        <translation>未保存任何内容：%1 不是包含“%2”数组的目录文件。请先修复或移走该文件。</translation>
    </message>
    <message>
        <source>Nothing was saved: %1</source>
        <translation>未保存任何内容：%1</translation>
    </message>
    <message>
        <source>Nothing was saved: a model needs an id and a name</source>
        <translation>未保存任何内容：模型必须有 ID 和名称</translation>
    </message>
</context>
<context>
    <name>lhe::widgets::BottleneckCard</name>
    <message>
        <source>Bound: %1</source>
        <translation>瓶颈：%1</translation>
    </message>
    <message>
        <source>%1 figures</source>
        <translation>%1 指标</translation>
    </message>
    <message>
        <source>Click to see how this is calculated</source>
        <translation>点击查看计算方式</translation>
    </message>
    <message>
        <source>Non-GEMM passes</source>
        <translation>非 GEMM 遍历</translation>
    </message>
    <message>
        <source>&amp;Copy figures</source>
        <translation>复制数字(&amp;C)</translation>
    </message>
</context>
<context>
    <name>lhe::widgets::CalibrationDialog</name>
    <message>
        <source>Decode tokens/s</source>
        <translation>解码 token/s</translation>
    </message>
    <message>
        <source>Prefill tokens/s</source>
        <translation>预填充 token/s</translation>
    </message>
    <message>
        <source>Training step s</source>
        <translation>训练每步耗时 s</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 token/s</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Calibrate %1</source>
        <translation>校准 %1</translation>
    </message>
    <message>
        <source>Enter what you measured on %1 — decode or prefill tokens/s (whole batch) or seconds per training step, with the model, batch and lengths you ran — or import them from a CSV file. Fit finds the GEMM and memory-bandwidth fractions and the kernel latency per layer that reproduce them (now %2, %3 and %4 µs); saving stores them in your catalog, where they override the built-in entry.</source>
        <translation>请输入您在 %1 上的实测结果——解码或预填充的 token/s（按整个批次计）或每个训练步的秒数，以及运行时使用的模型、批大小和长度——也可以从 CSV 文件导入。拟合会求出能复现这些结果的 GEMM 利用率、显存带宽利用率和每层内核延迟（当前为 %2、%3 和 %4 µs）；保存后它们会存入您的目录，并覆盖内置条目。</translation>
    </message>
    <message>
        <source>Measurements</source>
        <translation>测量数据</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>实测值</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>Prompt tokens</source>
        <translation>提示词 token 数</translation>
    </message>
    <message>
        <source>Output tokens</source>
        <translation>输出 token 数</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备数</translation>
    </message>
    <message>
        <source>Tokens/s of the whole batch for decode and prefill; seconds for a training step.</source>
        <translation>解码和预填充填写整个批次的 token/s；训练步填写秒数。</translation>
    </message>
    <message>
        <source>Training: the sequence length.</source>
        <translation>训练：填写序列长度。</translation>
    </message>
    <message>
        <source>Devices the run used; the parallel split is the estimator&apos;s default.</source>
        <translation>运行时使用的设备数；并行切分采用估算器的默认方案。</translation>
    </message>
    <message>
        <source>One measurement a row: model, quantity, measured value, batch, prompt and output tokens, weights and compute precision, devices. Edit a cell by typing or F2.</source>
        <translation>每行一条测量数据：模型、指标、实测值、批大小、提示词和输出 token 数、权重和计算精度、设备数。直接输入或按 F2 编辑单元格。</translation>
    </message>
    <message>
        <source>&amp;Add Row</source>
        <translation>添加行(&amp;A)</translation>
    </message>
    <message>
        <source>A new measurement, starting from the selected row&apos;s settings</source>
        <translation>以所选行的设置为基础新建一条测量数据</translation>
    </message>
    <message>
        <source>&amp;Remove Row</source>
        <translation>删除行(&amp;R)</translation>
    </message>
    <message>
        <source>Remove the selected measurements (Delete)</source>
        <translation>删除所选测量数据（Delete）</translation>
    </message>
    <message>
        <source>&amp;Import CSV…</source>
        <translation>导入 CSV(&amp;I)…</translation>
    </message>
    <message>
        <source>Columns named in a header line: model, quantity (decode_tokens_per_second, prefill_tokens_per_second or training_step_seconds), measured, batch, prompt_tokens, output_tokens; optional weights, compute, devices.</source>
        <translation>列名写在表头行中：model、quantity（decode_tokens_per_second、prefill_tokens_per_second 或 training_step_seconds）、measured、batch、prompt_tokens、output_tokens；可选 weights、compute、devices。</translation>
    </message>
    <message>
        <source>&amp;Fit</source>
        <translation>拟合(&amp;F)</translation>
    </message>
    <message>
        <source>Fit the device&apos;s GEMM and memory-bandwidth fractions to the measurements</source>
        <translation>根据测量数据拟合该设备的 GEMM 利用率和显存带宽利用率</translation>
    </message>
    <message>
        <source>Calibration message</source>
        <translation>校准消息</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>拟合</translation>
    </message>
    <message>
        <source>Fitted GEMM fraction</source>
        <translation>拟合得到的 GEMM 利用率</translation>
    </message>
    <message>
        <source>Share of the dense bf16 peak large matrix products reach (achieved.gemm_fraction)</source>
        <translation>大型矩阵乘法实际达到的稠密 bf16 峰值算力比例（achieved.gemm_fraction）</translation>
    </message>
    <message>
        <source>Fitted memory-bandwidth fraction</source>
        <translation>拟合得到的显存带宽利用率</translation>
    </message>
    <message>
        <source>Share of the peak memory bandwidth streams reach (achieved.memory_bandwidth_fraction)</source>
        <translation>流式访存实际达到的峰值显存带宽比例（achieved.memory_bandwidth_fraction）</translation>
    </message>
    <message>
        <source>GEMM fraction:</source>
        <translation>GEMM 利用率：</translation>
    </message>
    <message>
        <source>Fitted kernel latency per layer</source>
        <translation>拟合得到的每层内核延迟</translation>
    </message>
    <message>
        <source>Fixed time one layer&apos;s kernels take per forward pass whatever their size (achieved.layer_latency_seconds); it dominates small-batch decode</source>
        <translation>每次前向传播中一层的内核无论规模大小都要花费的固定时间（achieved.layer_latency_seconds）；在小批次解码中占主导</translation>
    </message>
    <message>
        <source>Memory-bandwidth fraction:</source>
        <translation>显存带宽利用率：</translation>
    </message>
    <message>
        <source>Kernel latency per layer:</source>
        <translation>每层内核延迟：</translation>
    </message>
    <message>
        <source>Row</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Predicted before</source>
        <translation>拟合前预测</translation>
    </message>
    <message>
        <source>Error before</source>
        <translation>拟合前误差</translation>
    </message>
    <message>
        <source>Predicted after</source>
        <translation>拟合后预测</translation>
    </message>
    <message>
        <source>Error after</source>
        <translation>拟合后误差</translation>
    </message>
    <message>
        <source>Estimate over measurement, minus 1</source>
        <translation>估计值除以实测值，再减 1</translation>
    </message>
    <message>
        <source>Predicted and measured</source>
        <translation>预测值与实测值</translation>
    </message>
    <message>
        <source>Per measurement: the estimate before and after the fit and its error against the measured value</source>
        <translation>每条测量数据：拟合前后的估计值及其相对实测值的误差</translation>
    </message>
    <message>
        <source>Error summary</source>
        <translation>误差汇总</translation>
    </message>
    <message>
        <source>Fit notes</source>
        <translation>拟合说明</translation>
    </message>
    <message>
        <source>&amp;Save to User Catalog</source>
        <translation>保存到用户目录(&amp;S)</translation>
    </message>
    <message>
        <source>Store the device with the fitted fractions in user-devices.json</source>
        <translation>将带有拟合利用率的设备保存到 user-devices.json</translation>
    </message>
    <message>
        <source>Remove Row</source>
        <translation>删除行</translation>
    </message>
    <message>
        <source>Add a measurement first, or import a CSV file.</source>
        <translation>请先添加一条测量数据，或导入 CSV 文件。</translation>
    </message>
    <message>
        <source>Row %1: enter the measured value.</source>
        <translation>第 %1 行：请输入实测值。</translation>
    </message>
    <message>
        <source>Cannot import %1: %2</source>
        <translation>无法导入 %1：%2</translation>
    </message>
    <message>
        <source>Cannot import %1: larger than %2</source>
        <translation>无法导入 %1：文件超过 %2</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n measurement(s) from %1.</source>
        <translation>
            <numerusform>已从 %1 导入 %n 条测量数据。</numerusform>
        </translation>
    </message>
    <message>
        <source>Row %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message>
        <source>Row %1 (%2): %3</source>
        <translation>第 %1 行（%2）：%3</translation>
    </message>
    <message numerus="yes">
        <source>Fitted to %n measurement(s).</source>
        <translation>
            <numerusform>已根据 %n 条测量数据完成拟合。</numerusform>
        </translation>
    </message>
    <message>
        <source>Import Measurements</source>
        <translation>导入测量数据</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV 文件 (*.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>The measurements changed: press Fit again.</source>
        <translation>测量数据已更改：请再次点击“拟合”。</translation>
    </message>
    <message>
        <source>⚠ %1</source>
        <translation>⚠ %1</translation>
    </message>
    <message>
        <source>not fitted yet</source>
        <translation>尚未拟合</translation>
    </message>
    <message>
        <source>Press Fit to compare the estimates with your measurements.</source>
        <translation>点击“拟合”，将估计值与您的测量数据进行比较。</translation>
    </message>
    <message>
        <source>%1 (was %2)</source>
        <translation>%1（原为 %2）</translation>
    </message>
    <message>
        <source>unchanged, %1: no measurement is compute-bound</source>
        <translation>未变，%1：没有计算受限的测量数据</translation>
    </message>
    <message>
        <source>unchanged, %1: no measurement is memory-bound</source>
        <translation>未变，%1：没有带宽受限的测量数据</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>unchanged, %1: no measurement is small-batch decode</source>
        <translation>未变，%1：没有小批次解码的测量数据</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Median error %1 before, %2 after; worst %3 before, %4 after.</source>
        <translation>误差中位数：拟合前 %1，拟合后 %2；最大误差：拟合前 %3，拟合后 %4。</translation>
    </message>
    <message>
        <source>Cannot import %1: not a regular file (a folder, FIFO or device); give a CSV file</source>
        <translation>无法导入 %1：不是普通文件（文件夹、FIFO 或设备）；请提供 CSV 文件</translation>
    </message>
    <message>
        <source>Fit progress</source>
        <translation>拟合进度</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>停止(&amp;T)</translation>
    </message>
    <message>
        <source>Stop the fit; the device stays as it was</source>
        <translation>停止拟合；设备保持原样</translation>
    </message>
    <message numerus="yes">
        <source>Fitting %n measurement(s)…</source>
        <translation>
            <numerusform>正在拟合 %n 条测量…</numerusform>
        </translation>
    </message>
    <message>
        <source>Fit stopped: the device is unchanged.</source>
        <translation>拟合已停止：设备未改变。</translation>
    </message>
</context>
<context>
    <name>lhe::widgets::ChartPalette</name>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Runtime context</source>
        <translation>运行时上下文</translation>
    </message>
    <message>
        <source>Allocator reserve</source>
        <translation>分配器预留</translation>
    </message>
    <message>
        <source>Communication buffers</source>
        <translation>通信缓冲区</translation>
    </message>
    <message>
        <source>Unused KV pool</source>
        <translation>未使用的 KV 缓存池</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Memory bandwidth</source>
        <translation>显存带宽</translation>
    </message>
    <message>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>Offload I/O</source>
        <translation>卸载 I/O</translation>
    </message>
    <message>
        <source>Prefill</source>
        <translation>预填充</translation>
    </message>
    <message>
        <source>Decode</source>
        <translation>解码</translation>
    </message>
    <message>
        <source>Training step</source>
        <translation>训练步</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>host RAM</source>
        <translation>主机内存</translation>
    </message>
    <message>
        <source>disk</source>
        <translation>磁盘</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>Offload</source>
        <translation>卸载</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>Vision tower</source>
        <translation>视觉塔</translation>
    </message>
    <message>
        <source>Recurrent state</source>
        <translation>循环状态</translation>
    </message>
    <message>
        <source>Hatched: offloaded to host RAM</source>
        <translation>斜线：已卸载到主机内存</translation>
    </message>
    <message>
        <source>Cross-hatched: offloaded to disk</source>
        <translation>网格线：已卸载到磁盘</translation>
    </message>
    <message>
        <source>Dashed outline: does not fit anywhere</source>
        <translation>虚线框：无处可放</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>Adapters</source>
        <translation>适配器</translation>
    </message>
    <message>
        <source>Dequantization workspace</source>
        <translation>反量化工作区</translation>
    </message>
</context>
<context>
    <name>lhe::widgets::CompareView</name>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Prefill</source>
        <translation>预填充</translation>
    </message>
    <message>
        <source>Decode</source>
        <translation>解码</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备数</translation>
    </message>
    <message>
        <source>Memory per device</source>
        <translation>每设备显存</translation>
    </message>
    <message>
        <source>Capacity per device</source>
        <translation>每设备容量</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>可容纳</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Offloaded</source>
        <translation>已卸载</translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation>首 token 延迟</translation>
    </message>
    <message>
        <source>Prompt tokens/s</source>
        <translation>提示词 token/s</translation>
    </message>
    <message>
        <source>Prefill bound</source>
        <translation>预填充瓶颈</translation>
    </message>
    <message>
        <source>Time per output token</source>
        <translation>每个输出 token 耗时</translation>
    </message>
    <message>
        <source>Tokens/s (batch)</source>
        <translation>token/s（整批）</translation>
    </message>
    <message>
        <source>Decode bound</source>
        <translation>解码瓶颈</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>单步耗时</translation>
    </message>
    <message>
        <source>Training tokens/s</source>
        <translation>训练 token/s</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Days to train</source>
        <translation>训练天数</translation>
    </message>
    <message>
        <source>Training step bound</source>
        <translation>训练步瓶颈</translation>
    </message>
    <message>
        <source>Memory per device chart, A (pinned)</source>
        <translation>每设备显存图，A（已固定）</translation>
    </message>
    <message>
        <source>Memory per device chart, B (current)</source>
        <translation>每设备显存图，B（当前）</translation>
    </message>
    <message>
        <source>Roofline chart, A and B</source>
        <translation>屋顶线图，A 与 B</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>A: the pinned scenario</source>
        <translation>A：已固定的场景</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>B: the current scenario</source>
        <translation>B：当前场景</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>B − A</source>
        <translation>B − A</translation>
    </message>
    <message>
        <source>B / A</source>
        <translation>B / A</translation>
    </message>
    <message>
        <source>Differences between A and B</source>
        <translation>A 与 B 的差异</translation>
    </message>
    <message>
        <source>One row per figure: A&apos;s value, B&apos;s value, the difference B − A and the ratio B / A</source>
        <translation>每行一个指标：A 的值、B 的值、差值 B − A 与比值 B / A</translation>
    </message>
    <message>
        <source>Pin a scenario as A (View → Pin Scenario as A) to compare it with the current one.</source>
        <translation>将一个场景固定为 A（视图 → 将场景固定为 A），即可与当前场景对比。</translation>
    </message>
    <message>
        <source>%1 weights, %2 compute</source>
        <translation>%1 权重，%2 计算</translation>
    </message>
    <message>
        <source>inference</source>
        <translation>推理</translation>
    </message>
    <message>
        <source>%1 on %2 × %3 · %4 · %5</source>
        <translation>%1，%2 × %3 · %4 · %5</translation>
    </message>
    <message>
        <source>A (pinned): %1
B (current): %2</source>
        <translation>A（已固定）：%1
B（当前）：%2</translation>
    </message>
    <message>
        <source>A: %1
%2 · %3</source>
        <translation>A：%1
%2 · %3</translation>
    </message>
    <message>
        <source>B: %1
%2 · %3</source>
        <translation>B：%1
%2 · %3</translation>
    </message>
    <message>
        <source>×%1</source>
        <translation>×%1</translation>
    </message>
    <message>
        <source>A is 0</source>
        <translation>A 为 0</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>not in A</source>
        <translation>A 中没有</translation>
    </message>
    <message>
        <source>not in B</source>
        <translation>B 中没有</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>已改变</translation>
    </message>
    <message>
        <source>same</source>
        <translation>相同</translation>
    </message>
    <message>
        <source>Overheads</source>
        <translation>开销</translation>
    </message>
    <message>
        <source>Adapters</source>
        <translation>适配器</translation>
    </message>
    <message>
        <source>Dequantization workspace</source>
        <translation>反量化工作区</translation>
    </message>
    <message>
        <source>Trainable parameters</source>
        <translation>可训练参数</translation>
    </message>
    <message>
        <source>training (%1)</source>
        <translation>训练（%1）</translation>
    </message>
    <message>
        <source>Serving</source>
        <translation>在线服务</translation>
    </message>
    <message>
        <source>TTFT users see</source>
        <translation>用户所见 TTFT</translation>
    </message>
    <message>
        <source>TTFT users see, p90</source>
        <translation>用户所见 TTFT，p90</translation>
    </message>
    <message>
        <source>TPOT users see</source>
        <translation>用户所见 TPOT</translation>
    </message>
    <message>
        <source>TPOT users see, p90</source>
        <translation>用户所见 TPOT，p90</translation>
    </message>
    <message>
        <source>Output tokens/s per device</source>
        <translation>每设备输出 token/s</translation>
    </message>
    <message>
        <source>Cost per million tokens</source>
        <translation>每百万 token 成本</translation>
    </message>
    <message>
        <source>Meets the targets</source>
        <translation>是否达到目标</translation>
    </message>
    <message>
        <source>All prompts prefilled at once</source>
        <translation>所有提示词一次性预填充</translation>
    </message>
    <message>
        <source>Time to first token (all prompts at once)</source>
        <translation>首 token 延迟（所有提示词一次性处理）</translation>
    </message>
    <message>
        <source>One decode step of the whole batch</source>
        <translation>整批的一个解码步</translation>
    </message>
    <message>
        <source>no targets</source>
        <translation>无目标</translation>
    </message>
    <message>
        <source>meets</source>
        <translation>达标</translation>
    </message>
    <message>
        <source>misses</source>
        <translation>未达标</translation>
    </message>
    <message>
        <source>%1 points</source>
        <translation>%1 个百分点</translation>
    </message>
</context>
<context>
    <name>lhe::widgets::Dashboard</name>
    <message>
        <source>Roofline</source>
        <translation>屋顶线图</translation>
    </message>
    <message>
        <source>Design space</source>
        <translation>设计空间图</translation>
    </message>
    <message>
        <source>Roofline with the operating point of each phase</source>
        <translation>屋顶线图及各阶段的工作点</translation>
    </message>
    <message>
        <source>Verdict over batch and sequence length: what limits, what fits</source>
        <translation>随批大小和序列长度变化的判定：受什么限制、能否放得下</translation>
    </message>
    <message>
        <source>Memory per device chart</source>
        <translation>每设备显存图</translation>
    </message>
    <message>
        <source>Roofline chart</source>
        <translation>屋顶线图</translation>
    </message>
    <message>
        <source>Design-space map</source>
        <translation>设计空间图</translation>
    </message>
    <message>
        <source>inference</source>
        <translation>推理</translation>
    </message>
    <message>
        <source>%1 on %2 × %3 — %4 (tensor %5 · pipeline %6 · data %7)</source>
        <translation>%1 运行于 %2 × %3 — %4（张量并行 %5 · 流水线并行 %6 · 数据并行 %7）</translation>
    </message>
    <message>
        <source>Prompt tokens/s</source>
        <translation>提示词 token/s</translation>
    </message>
    <message>
        <source>Intensity</source>
        <translation>算术强度</translation>
    </message>
    <message>
        <source> FLOP/B</source>
        <translation> FLOP/B</translation>
    </message>
    <message>
        <source>Ideal roofline</source>
        <translation>理想屋顶线</translation>
    </message>
    <message>
        <source>Prefill</source>
        <translation>预填充</translation>
    </message>
    <message>
        <source>Time per output token</source>
        <translation>每个输出 token 耗时</translation>
    </message>
    <message>
        <source>Tokens/s (batch)</source>
        <translation>token/s（整批）</translation>
    </message>
    <message>
        <source>Tokens/s per sequence</source>
        <translation>每序列 token/s</translation>
    </message>
    <message>
        <source>Decode</source>
        <translation>解码</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>单步耗时</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>token/s</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Days for %1 tokens</source>
        <translation>训练 %1 token 所需天数</translation>
    </message>
    <message>
        <source>%1, MFU %2 %</source>
        <translation>%1，MFU %2 %</translation>
    </message>
    <message>
        <source>Training step</source>
        <translation>训练步</translation>
    </message>
    <message>
        <source>approximate: the model&apos;s config is not fully understood (hover for why)</source>
        <translation>近似：模型的 config 未被完全理解（悬停查看原因）</translation>
    </message>
    <message>
        <source>training · %1</source>
        <translation>训练 · %1</translation>
    </message>
    <message>
        <source>Serving</source>
        <translation>服务</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Many users: throughput per device against speed per user</source>
        <translation>多用户：每设备吞吐与每用户速度</translation>
    </message>
    <message>
        <source>Every device ranked for this model and workload</source>
        <translation>所有设备针对该模型和负载的排名</translation>
    </message>
    <message>
        <source>Roofline, design-space, serving or device-ranking view</source>
        <translation>屋顶线、设计空间、服务或设备排名视图</translation>
    </message>
    <message>
        <source>Tabs: the roofline with each phase&apos;s operating point, the design-space map of verdicts over batch and sequence length, the throughput-latency chart of serving, or every device ranked</source>
        <translation>标签页：各阶段工作点的屋顶线图、按批大小和序列长度的瓶颈设计空间图、服务的吞吐–延迟图，或所有设备的排名</translation>
    </message>
    <message>
        <source>batch %1 · sequence %2 tokens · weights %3</source>
        <translation>批大小 %1 · 序列 %2 token · 权重 %3</translation>
    </message>
    <message>
        <source>batch %1 · prompt %2 · output %3 tokens · weights %4</source>
        <translation>批大小 %1 · 提示词 %2 · 输出 %3 token · 权重 %4</translation>
    </message>
    <message>
        <source>approximate: the model&apos;s config is not fully understood</source>
        <translation>近似：模型的 config 未被完全理解</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Memory per device: what the scenario holds, against the capacity</source>
        <translation>每台设备的显存：场景占用的部分与容量对比</translation>
    </message>
    <message>
        <source>%1, p90 %2</source>
        <translation>%1，p90 %2</translation>
    </message>
    <message>
        <source>The one prompt prefilled alone</source>
        <translation>单个提示词单独预填充</translation>
    </message>
    <message>
        <source>All %1 prompts prefilled at once</source>
        <translation>%1 个提示词一起预填充</translation>
    </message>
    <message>
        <source>Time to first token (one prompt)</source>
        <translation>首 token 延迟（一个提示词）</translation>
    </message>
    <message>
        <source>Time to first token (all %1 prompts at once)</source>
        <translation>首 token 延迟（全部 %1 个提示词一次性处理）</translation>
    </message>
    <message>
        <source>TTFT users see</source>
        <translation>用户所见 TTFT</translation>
    </message>
    <message>
        <source>TPOT users see</source>
        <translation>用户所见 TPOT</translation>
    </message>
    <message>
        <source>One decode step alone</source>
        <translation>单独一个解码步</translation>
    </message>
    <message>
        <source>One decode step of all %1</source>
        <translation>%1 个序列的一步解码</translation>
    </message>
    <message>
        <source>Output tokens/s, all users</source>
        <translation>输出 token/s（所有用户）</translation>
    </message>
    <message>
        <source>%1 users each see TTFT %2 · TPOT %3</source>
        <translation>%1 个用户，每人看到 TTFT %2 · TPOT %3</translation>
    </message>
    <message>
        <source>targets met (p90)</source>
        <translation>达到目标（p90）</translation>
    </message>
    <message>
        <source>targets missed (p90)</source>
        <translation>未达到目标（p90）</translation>
    </message>
    <message>
        <source>%1 on %2 × %3 — %4 (tensor %5 · pipeline %6 · data %7 · %8)</source>
        <translation>%1 运行于 %2 × %3 — %4（张量并行 %5 · 流水线并行 %6 · 数据并行 %7 · %8）</translation>
    </message>
    <message>
        <source>experts over %1 of them</source>
        <translation>专家分布在其中 %1 个设备上</translation>
    </message>
    <message>
        <source>expert %1</source>
        <translation>专家并行 %1</translation>
    </message>
</context>
<context>
    <name>lhe::widgets::DesignSpaceWidget</name>
    <message>
        <source>%1M</source>
        <translation>%1M</translation>
    </message>
    <message>
        <source>%1k</source>
        <translation>%1k</translation>
    </message>
    <message>
        <source>Design-space map</source>
        <translation>设计空间图</translation>
    </message>
    <message>
        <source>Colour cells by the verdict of</source>
        <translation>单元格着色依据：</translation>
    </message>
    <message>
        <source>Decode</source>
        <translation>解码</translation>
    </message>
    <message>
        <source>Prefill</source>
        <translation>预填充</translation>
    </message>
    <message>
        <source>Colour each cell by what limits one decode step of the whole batch.</source>
        <translation>按限制整批单步解码的因素为每个单元格着色。</translation>
    </message>
    <message>
        <source>Colour each cell by what limits the prefill of the whole batch&apos;s prompts at once.</source>
        <translation>按限制整批提示词一次性预填充的因素为每个单元格着色。</translation>
    </message>
    <message>
        <source>Out-of-memory boundary</source>
        <translation>显存不足边界</translation>
    </message>
    <message>
        <source>Compute/memory crossover</source>
        <translation>计算/带宽受限交界</translation>
    </message>
    <message>
        <source>Current scenario</source>
        <translation>当前场景</translation>
    </message>
    <message>
        <source>Batch (sequences)</source>
        <translation>批大小（序列数）</translation>
    </message>
    <message>
        <source>Sequence length (tokens)</source>
        <translation>序列长度（token）</translation>
    </message>
    <message>
        <source>No design-space map for this scenario</source>
        <translation>此场景没有设计空间图</translation>
    </message>
    <message>
        <source>%1: 1 cell</source>
        <translation>%1：1 个单元格</translation>
    </message>
    <message>
        <source>%1: %2 cells</source>
        <translation>%1：%2 个单元格</translation>
    </message>
    <message>
        <source>Design-space map of %1, batch %2 to %3, sequence length %4 to %5 tokens. </source>
        <translation>%1的设计空间图，批大小 %2 至 %3，序列长度 %4 至 %5 token。</translation>
    </message>
    <message>
        <source>Cells coloured by the verdict of the training step</source>
        <translation>单元格按训练步的判定结果着色</translation>
    </message>
    <message>
        <source>No output tokens: there is no decode phase to colour by.</source>
        <translation>没有输出 token：不存在可用于着色的解码阶段。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>any</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>Largest global batch that fits at %1-token sequences: &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>序列长度为 %1 token 时可容纳的最大全局批大小：&lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Largest batch that fits at %1 tokens: &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>上下文为 %1 token 时可容纳的最大批大小：&lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <source>The most sequences whose weights, KV cache and activations fit in device memory at this context length, with no offload.</source>
        <translation>在此上下文长度下、不卸载时，权重、KV 缓存和激活值都能放进显存的最大序列数。</translation>
    </message>
    <message>
        <source>Longest sequence that fits at global batch %1: &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>全局批大小为 %1 时可容纳的最长序列：&lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Longest context that fits at batch %1: &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>批大小为 %1 时可容纳的最长上下文：&lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 token</translation>
    </message>
    <message>
        <source>Prompt plus output tokens per sequence that fit in device memory at this batch, with no offload.</source>
        <translation>在此批大小下、不卸载时，显存可容纳的每序列提示词与输出 token 总数。</translation>
    </message>
    <message>
        <source>Devices needed for this model and context: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>此模型和上下文所需设备数：&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>none up to %1</source>
        <translation>%1 个以内均放不下</translation>
    </message>
    <message>
        <source>The smallest device count of 1, 2, 4, … whose automatic parallel split fits the model, batch and context in device memory.</source>
        <translation>在 1、2、4、… 中，按自动并行切分能将模型、批次和上下文放进显存的最小设备数。</translation>
    </message>
    <message>
        <source>Memory limit</source>
        <translation>显存上限</translation>
    </message>
    <message>
        <source>Crossover</source>
        <translation>交界</translation>
    </message>
    <message>
        <source>Global batch %1 × %2-token sequences</source>
        <translation>全局批大小 %1 × %2 token 序列</translation>
    </message>
    <message>
        <source>Batch %1 × %2 prompt tokens</source>
        <translation>批大小 %1 × %2 提示词 token</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Spills beyond device memory to host RAM or disk</source>
        <translation>超出显存，溢出到主机内存或磁盘</translation>
    </message>
    <message>
        <source>Does not fit even with host RAM and disk</source>
        <translation>即使使用主机内存和磁盘也放不下</translation>
    </message>
    <message>
        <source>Fits in device memory</source>
        <translation>显存可容纳</translation>
    </message>
    <message>
        <source>Click to move the sliders here</source>
        <translation>点击将滑块移到此处</translation>
    </message>
</context>
<context>
    <name>lhe::widgets::DeviceEditorDialog</name>
    <message>
        <source>New Device</source>
        <translation>新建设备</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>e.g. acme-x1-96gb</source>
        <translation>例如 acme-x1-96gb</translation>
    </message>
    <message>
        <source>Catalog id used in scenario files. An existing id is overridden by your entry.</source>
        <translation>场景文件中使用的目录 ID。若该 ID 已存在，将被您的条目覆盖。</translation>
    </message>
    <message>
        <source>&amp;Id</source>
        <translation>ID(&amp;I)</translation>
    </message>
    <message>
        <source>e.g. Acme X1 96GB</source>
        <translation>例如 Acme X1 96GB</translation>
    </message>
    <message>
        <source>&amp;Name</source>
        <translation>名称(&amp;N)</translation>
    </message>
    <message>
        <source>e.g. Acme</source>
        <translation>例如 Acme</translation>
    </message>
    <message>
        <source>&amp;Vendor</source>
        <translation>厂商(&amp;V)</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>NPU</source>
        <translation>NPU</translation>
    </message>
    <message>
        <source>TPU</source>
        <translation>TPU</translation>
    </message>
    <message>
        <source>CPUs have no separate host memory to offload to; accelerators do.</source>
        <translation>CPU 没有可供卸载的独立主机内存；加速器则有。</translation>
    </message>
    <message>
        <source>C&amp;lass</source>
        <translation>类别(&amp;L)</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Memory size</source>
        <translation>显存容量</translation>
    </message>
    <message>
        <source>Memory unit</source>
        <translation>容量单位</translation>
    </message>
    <message>
        <source>GB</source>
        <translation>GB</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <source>GB = 10⁹ bytes; GiB = 2³⁰ bytes (datasheets of HBM GPUs often mean GiB).</source>
        <translation>GB = 10⁹ 字节；GiB = 2³⁰ 字节（HBM GPU 的数据手册中所写的容量常指 GiB）。</translation>
    </message>
    <message>
        <source>&amp;Memory</source>
        <translation>显存(&amp;M)</translation>
    </message>
    <message>
        <source>optional</source>
        <translation>可选</translation>
    </message>
    <message>
        <source>Memory &amp;type</source>
        <translation>显存类型(&amp;T)</translation>
    </message>
    <message>
        <source> GB/s</source>
        <translation> GB/s</translation>
    </message>
    <message>
        <source>Peak memory bandwidth, GB/s (10⁹ bytes per second).</source>
        <translation>峰值显存带宽，单位 GB/s（每秒 10⁹ 字节）。</translation>
    </message>
    <message>
        <source>Band&amp;width</source>
        <translation>带宽(&amp;W)</translation>
    </message>
    <message>
        <source>Dense peaks (at least one)</source>
        <translation>稠密峰值（至少填写一项）</translation>
    </message>
    <message>
        <source>Dense tensor throughput as on the datasheet without 2:4 sparsity (NVIDIA&apos;s tables often quote sparse figures: halve them).</source>
        <translation>数据手册中不含 2:4 稀疏的稠密张量吞吐量（NVIDIA 的表格常给出稀疏数值，需减半）。</translation>
    </message>
    <message>
        <source>&amp;bf16</source>
        <translation>bf16(&amp;B)</translation>
    </message>
    <message>
        <source>fp1&amp;6</source>
        <translation>fp16(&amp;6)</translation>
    </message>
    <message>
        <source>f&amp;p8</source>
        <translation>fp8(&amp;P)</translation>
    </message>
    <message>
        <source>int&amp;8</source>
        <translation>int8(&amp;8)</translation>
    </message>
    <message>
        <source>fp&amp;32</source>
        <translation>fp32(&amp;3)</translation>
    </message>
    <message>
        <source> TOP/s</source>
        <translation> TOP/s</translation>
    </message>
    <message>
        <source> TFLOP/s</source>
        <translation> TFLOP/s</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>%1 dense peak</source>
        <translation>%1 稠密峰值</translation>
    </message>
    <message>
        <source>Node and links (optional)</source>
        <translation>节点与链路（可选）</translation>
    </message>
    <message>
        <source>e.g. NVLink 4</source>
        <translation>例如 NVLink 4</translation>
    </message>
    <message>
        <source>Inte&amp;rconnect</source>
        <translation>互连(&amp;R)</translation>
    </message>
    <message>
        <source>Device-to-device bandwidth per direction per device; none = devices talk over the host link.</source>
        <translation>每个设备的单向设备间带宽；“无”表示设备之间经主机链路通信。</translation>
    </message>
    <message>
        <source>Link b&amp;andwidth</source>
        <translation>链路带宽(&amp;A)</translation>
    </message>
    <message>
        <source>Devices that share the interconnect in one node.</source>
        <translation>同一节点内共享互连的设备数。</translation>
    </message>
    <message>
        <source>Devices per nod&amp;e</source>
        <translation>每节点设备数(&amp;E)</translation>
    </message>
    <message>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>Host RAM to device, per direction. Default: PCIe 4.0 x16, 31.5 GB/s (CPUs and unified memory: the memory bandwidth).</source>
        <translation>主机内存到设备的单向带宽。默认：PCIe 4.0 x16，31.5 GB/s（CPU 与统一内存架构：等于其内存带宽）。</translation>
    </message>
    <message>
        <source>Host lin&amp;k</source>
        <translation>主机链路(&amp;K)</translation>
    </message>
    <message>
        <source> GB</source>
        <translation> GB</translation>
    </message>
    <message>
        <source>Host RAM usable for offload, per device. Default: twice the device memory (CPUs and unified memory: none).</source>
        <translation>每个设备可用于卸载的主机内存。默认：设备显存的两倍（CPU 与统一内存架构：无）。</translation>
    </message>
    <message>
        <source>Host memor&amp;y</source>
        <translation>主机内存(&amp;Y)</translation>
    </message>
    <message>
        <source>Release and source (optional)</source>
        <translation>发布时间与来源（可选）</translation>
    </message>
    <message>
        <source>YYYY-MM</source>
        <translation>YYYY-MM</translation>
    </message>
    <message>
        <source>Relea&amp;se</source>
        <translation>发布时间(&amp;S)</translation>
    </message>
    <message>
        <source>https://… datasheet</source>
        <translation>https://… 数据手册</translation>
    </message>
    <message>
        <source>So&amp;urce URL</source>
        <translation>来源 URL(&amp;U)</translation>
    </message>
    <message>
        <source>Input check</source>
        <translation>输入检查</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Edit a Copy of %1</source>
        <translation>编辑 %1 的副本</translation>
    </message>
    <message>
        <source>Enter an id, e.g. acme-x1-96gb.</source>
        <translation>请输入 ID，例如 acme-x1-96gb。</translation>
    </message>
    <message>
        <source>The id cannot contain spaces; use dashes.</source>
        <translation>ID 不能包含空格，请改用连字符。</translation>
    </message>
    <message>
        <source>Enter a name.</source>
        <translation>请输入名称。</translation>
    </message>
    <message>
        <source>Enter the vendor.</source>
        <translation>请输入厂商。</translation>
    </message>
    <message>
        <source>Enter the memory size.</source>
        <translation>请输入显存容量。</translation>
    </message>
    <message>
        <source>Enter the memory bandwidth: it cannot be zero.</source>
        <translation>请输入显存带宽：不能为零。</translation>
    </message>
    <message>
        <source>Enter at least one dense peak (bf16, fp16, fp8, int8 or fp32).</source>
        <translation>请至少输入一项稠密峰值（bf16、fp16、fp8、int8 或 fp32）。</translation>
    </message>
    <message>
        <source>Write the release as YYYY-MM, e.g. 2024-03.</source>
        <translation>发布时间请按 YYYY-MM 格式填写，例如 2024-03。</translation>
    </message>
    <message>
        <source>Enter the interconnect&apos;s bandwidth, or clear its name.</source>
        <translation>请输入互连带宽，或清空互连名称。</translation>
    </message>
    <message>
        <source>⚠ %1</source>
        <translation>⚠ %1</translation>
    </message>
    <message>
        <source>Replaces your saved %1.</source>
        <translation>将替换您已保存的 %1。</translation>
    </message>
    <message>
        <source>Overrides the built-in %1.</source>
        <translation>将覆盖内置的 %1。</translation>
    </message>
    <message>
        <source>Goes into your catalog (user-devices.json). Optional fields left empty or at “default” take the catalog&apos;s defaults.</source>
        <translation>将保存到您的目录（user-devices.json）。留空或设为“默认”的可选字段采用目录的默认值。</translation>
    </message>
    <message>
        <source>Shown as %1</source>
        <translation>显示为 %1</translation>
    </message>
</context>
<context>
    <name>lhe::widgets::DeviceRankingModel</name>
    <message>
        <source>fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>spills to host RAM</source>
        <translation>溢出到主机内存</translation>
    </message>
    <message>
        <source>spills to disk</source>
        <translation>溢出到磁盘</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>NPU</source>
        <translation>NPU</translation>
    </message>
    <message>
        <source>TPU</source>
        <translation>TPU</translation>
    </message>
    <message>
        <source>Fits one device without offload</source>
        <translation>单设备即可放下，无需卸载</translation>
    </message>
    <message>
        <source>Fits %1 devices without offload</source>
        <translation>%1 个设备可放下，无需卸载</translation>
    </message>
    <message>
        <source>Even on %1 devices: %2</source>
        <translation>即使用 %1 个设备：%2</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>是否放得下</translation>
    </message>
    <message>
        <source>TTFT</source>
        <translation>TTFT</translation>
    </message>
    <message>
        <source>TPOT</source>
        <translation>TPOT</translation>
    </message>
    <message>
        <source>Whether the model and its KV cache fit device memory on that many devices, or spill to host RAM or disk</source>
        <translation>在该数量的设备上，模型及其 KV 缓存能否放进设备内存，还是溢出到主机内存或磁盘</translation>
    </message>
    <message>
        <source>The fewest devices (1, 2, 4, …) that hold the model without spilling</source>
        <translation>不溢出即可放下模型的最少设备数（1、2、4……）</translation>
    </message>
    <message>
        <source>%1
%2 (your device)</source>
        <translation>%1
%2（你的设备）</translation>
    </message>
    <message>
        <source>%1
%2</source>
        <translation>%1
%2</translation>
    </message>
    <message>
        <source>Devices
needed</source>
        <translation>所需
设备数</translation>
    </message>
    <message>
        <source>Tokens/s
per device</source>
        <translation>每设备
token/s</translation>
    </message>
    <message>
        <source>Cost per
M tokens</source>
        <translation>每百万
token 成本</translation>
    </message>
    <message>
        <source>Joules
per token</source>
        <translation>每 token
焦耳</translation>
    </message>
    <message>
        <source>Output tokens per second per device at the workload&apos;s concurrency</source>
        <translation>在该工作负载的并发数下，每设备每秒输出的 token 数</translation>
    </message>
    <message>
        <source>meets</source>
        <translation>达标</translation>
    </message>
    <message>
        <source>✗ misses</source>
        <translation>✗ 未达标</translation>
    </message>
    <message>
        <source>Time to first token each user sees: mean %1, p90 %2</source>
        <translation>每个用户看到的首 token 延迟：平均 %1，p90 %2</translation>
    </message>
    <message>
        <source>Time per output token each user sees: mean %1, p90 %2</source>
        <translation>每个用户看到的每输出 token 耗时：平均 %1，p90 %2</translation>
    </message>
    <message>
        <source>No price per device-hour for this device: type one in the Price column</source>
        <translation>此设备没有每设备小时价格：请在“价格”列中输入</translation>
    </message>
    <message>
        <source>Misses the latency targets: p90 TTFT %1, p90 TPOT %2 — not a cost or energy at which the targets hold</source>
        <translation>未达延迟目标：p90 TTFT %1，p90 TPOT %2——这不是满足目标时的成本或能耗</translation>
    </message>
    <message>
        <source>Meets the latency targets: p90 TTFT %1, p90 TPOT %2</source>
        <translation>达到延迟目标：p90 TTFT %1，p90 TPOT %2</translation>
    </message>
    <message>
        <source>No latency targets set (Serving → TTFT and TPOT target)</source>
        <translation>未设置延迟目标（服务 → TTFT 目标与 TPOT 目标）</translation>
    </message>
    <message>
        <source>Your price per device-hour for %1 (double-click or F2 to edit; empty: none). Kept for this device.</source>
        <translation>你为 %1 设置的每设备小时价格（双击或按 F2 编辑；留空表示无）。按设备保存。</translation>
    </message>
    <message>
        <source>Targets</source>
        <translation>目标</translation>
    </message>
    <message>
        <source>Time to first token each user sees under continuous batching, mean over the requests</source>
        <translation>连续批处理下每个用户看到的首 token 延迟，按请求平均</translation>
    </message>
    <message>
        <source>Time per output token after the first, each user sees under continuous batching, mean</source>
        <translation>连续批处理下每个用户看到的首个之后每个输出 token 的耗时，平均值</translation>
    </message>
    <message>
        <source>Whether the p90 TTFT and TPOT each user sees meet the scenario&apos;s targets</source>
        <translation>每个用户看到的 p90 TTFT 与 TPOT 是否达到场景的目标</translation>
    </message>
    <message>
        <source>Price per device-hour, editable: double-click, type a number (empty: none), Enter</source>
        <translation>每设备小时价格，可编辑：双击，输入数字（留空表示无），回车</translation>
    </message>
    <message>
        <source>Cost per million output tokens, in the currency of the price per device-hour; empty without a price; ✗ where the device misses the latency targets</source>
        <translation>每百万输出 token 成本，币种与每设备小时价格相同；无价格时为空；✗ 表示该设备未达延迟目标</translation>
    </message>
    <message>
        <source>Energy per output token: devices × board power ÷ output tokens/s; ✗ where the device misses the latency targets</source>
        <translation>每输出 token 能耗：设备数 × 板卡功耗 ÷ 输出 token/s；✗ 表示该设备未达延迟目标</translation>
    </message>
    <message>
        <source>Price
per hour</source>
        <translation>每小时
价格</translation>
    </message>
</context>
<context>
    <name>lhe::widgets::DeviceRankingView</name>
    <message>
        <source>Device ranking</source>
        <translation>设备排名</translation>
    </message>
    <message>
        <source>&amp;Class:</source>
        <translation>类别(&amp;C)：</translation>
    </message>
    <message>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Show the devices of one class only</source>
        <translation>只显示某一类设备</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <source>Save the rows shown as CSV, numbers in SI units</source>
        <translation>将显示的行保存为 CSV，数值为 SI 单位</translation>
    </message>
    <message>
        <source>Export image…</source>
        <translation>导出图片…</translation>
    </message>
    <message>
        <source>Save the table as shown as a PNG image</source>
        <translation>将当前表格保存为 PNG 图片</translation>
    </message>
    <message>
        <source>No devices ranked yet.</source>
        <translation>尚无设备排名。</translation>
    </message>
    <message>
        <source>No %1 devices in this ranking.</source>
        <translation>此排名中没有 %1 设备。</translation>
    </message>
    <message>
        <source>No devices to export</source>
        <translation>没有可导出的设备</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Export Ranking as CSV</source>
        <translation>将排名导出为 CSV</translation>
    </message>
    <message>
        <source>device-ranking.csv</source>
        <translation>device-ranking.csv</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV 文件 (*.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Export Ranking as Image</source>
        <translation>将排名导出为图片</translation>
    </message>
    <message>
        <source>device-ranking.png</source>
        <translation>device-ranking.png</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <source>Cannot write %1: no file writer</source>
        <translation>无法写入 %1：没有可用的文件写入器</translation>
    </message>
    <message>
        <source>Price per device-hour</source>
        <translation>每设备小时价格</translation>
    </message>
    <message>
        <source>&amp;Meets targets only</source>
        <translation>仅显示达标设备(&amp;M)</translation>
    </message>
    <message>
        <source>Show only the devices whose p90 TTFT and TPOT meet the targets</source>
        <translation>只显示 p90 TTFT 与 TPOT 达到目标的设备</translation>
    </message>
    <message>
        <source>Set a TTFT or TPOT target (Serving) to filter by it</source>
        <translation>在“服务”中设置 TTFT 或 TPOT 目标后才能按目标筛选</translation>
    </message>
    <message>
        <source>C&amp;urrency:</source>
        <translation>币种(&amp;U)：</translation>
    </message>
    <message>
        <source>The currency of your prices, shown with prices and costs (a symbol or a code)</source>
        <translation>你的价格所用的币种，随价格和成本一起显示（符号或代码）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>No %1 device in this ranking meets the targets.</source>
        <translation>此排名中没有达标的 %1 设备。</translation>
    </message>
    <message>
        <source>No device in this ranking meets the targets.</source>
        <translation>此排名中没有达标的设备。</translation>
    </message>
</context>
<context>
    <name>lhe::widgets::DeviceSearch</name>
    <message>
        <source>Search devices: any part of the name</source>
        <translation>搜索设备：名称中的任意部分</translation>
    </message>
    <message>
        <source>Search devices</source>
        <translation>搜索设备</translation>
    </message>
    <message>
        <source>Type any part of a device&apos;s name, e.g. H100, M4 or Gaudi, then pick it from the list or press Enter for the first match.</source>
        <translation>输入设备名称的任意部分，例如 H100、M4 或 Gaudi，然后从列表中选择，或按 Enter 选第一个匹配项。</translation>
    </message>
</context>
<context>
    <name>lhe::widgets::DurationSpinBox</name>
    <message>
        <source>“%1” is not a time: type a number and a unit, such as 800 ms or 1.5 s.</source>
        <translation>“%1”不是时间：请输入数字和单位，例如 800 ms 或 1.5 s。</translation>
    </message>
    <message>
        <source>“%1” has no unit: type %1 ms or %1 s.</source>
        <translation>“%1”没有单位：请输入 %1 ms 或 %1 s。</translation>
    </message>
    <message>
        <source>“%1” is not a unit of time: use ms or s, such as 800 ms or 1.5 s.</source>
        <translation>“%1”不是时间单位：请使用 ms 或 s，例如 800 ms 或 1.5 s。</translation>
    </message>
    <message>
        <source>%1 is out of range: a time from 1 µs to 1,000,000 s.</source>
        <translation>%1 超出范围：时间须在 1 µs 到 1,000,000 s 之间。</translation>
    </message>
</context>
<context>
    <name>lhe::widgets::ExplainPanel</name>
    <message>
        <source>Explanation</source>
        <translation>计算说明</translation>
    </message>
    <message>
        <source>How the clicked number is calculated: formula, values, result and source</source>
        <translation>所点击数字的计算方式：公式、数值、结果和来源</translation>
    </message>
    <message>
        <source>Click a memory bar segment, a roofline point or a verdict card to see how it is calculated.</source>
        <translation>点击显存柱条的分段、屋顶线图上的点或结论卡片，查看其计算方式。</translation>
    </message>
    <message>
        <source>Memory, pipeline stage %1: %2</source>
        <translation>显存，流水线第 %1 级：%2</translation>
    </message>
    <message>
        <source>Memory: %1</source>
        <translation>显存：%1</translation>
    </message>
    <message>
        <source>Roofline point: %1</source>
        <translation>屋顶线工作点：%1</translation>
    </message>
    <message>
        <source>Verdict: %1</source>
        <translation>结论：%1</translation>
    </message>
    <message>
        <source>Nothing to explain here: this report has no such number.</source>
        <translation>此处没有可解释的内容：本报告中没有这个数字。</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>来源：%1</translation>
    </message>
    <message>
        <source>Memory: capacity</source>
        <translation>显存：容量</translation>
    </message>
    <message>
        <source>Serving: many users</source>
        <translation>服务：多用户</translation>
    </message>
</context>
<context>
    <name>lhe::widgets::FineTuningControls</name>
    <message>
        <source>Training method</source>
        <translation>训练方法</translation>
    </message>
    <message>
        <source>Full fine-tuning updates every weight and keeps a gradient and optimizer state for each. LoRA freezes the base and trains small adapters beside chosen layers. QLoRA does the same over a base stored in 4 or 8 bits.</source>
        <translation>全量微调更新每个权重，并为每个权重保留梯度和优化器状态。LoRA 冻结基座模型，只训练挂在所选层旁的小型适配器。QLoRA 做法相同，但基座以 4 位或 8 位存储。</translation>
    </message>
    <message>
        <source>Full fine-tuning</source>
        <translation>全量微调</translation>
    </message>
    <message>
        <source>LoRA</source>
        <translation>LoRA</translation>
    </message>
    <message>
        <source>QLoRA</source>
        <translation>QLoRA</translation>
    </message>
    <message>
        <source>LoRA rank</source>
        <translation>LoRA 秩</translation>
    </message>
    <message>
        <source>The rank r of each adapter. LoRA trains r×(in+out) adapter weights per adapted layer; the base stays frozen. Doubling r doubles the adapters, their gradients and optimizer states (1 to 65,536).</source>
        <translation>每个适配器的秩 r。LoRA 在每个被适配的层上训练 r×(in+out) 个适配器权重，基座保持冻结。r 翻倍，适配器及其梯度和优化器状态也翻倍（1 到 65,536）。</translation>
    </message>
    <message>
        <source>Adapters on</source>
        <translation>适配器位置</translation>
    </message>
    <message>
        <source>Which linear layers carry adapters: every linear layer of the decoder (not the output head), or only the attention projections. Fewer adapted layers: fewer trainable weights, less adapter memory.</source>
        <translation>哪些线性层挂适配器：解码器的所有线性层（不含输出头），或只有注意力投影。适配的层越少，可训练权重越少，适配器占用的显存也越少。</translation>
    </message>
    <message>
        <source>QLoRA base</source>
        <translation>QLoRA 基座</translation>
    </message>
    <message>
        <source>How QLoRA stores the frozen base weights. NF4 keeps 4 bits per weight plus a scale per block of 64; double quantization stores those scales in 8 bits too (about 4.13 bits per weight). int8 keeps 8 bits per weight. Each layer is turned back into 16 bits for its matrix product.</source>
        <translation>QLoRA 如何存储冻结的基座权重。NF4 每个权重 4 位，每 64 个权重一个缩放因子；双重量化把这些缩放因子也存为 8 位（每个权重约 4.13 位）。int8 每个权重 8 位。每一层在做矩阵乘法前都会反量化回 16 位。</translation>
    </message>
    <message>
        <source>NF4 + double quant</source>
        <translation>NF4 + 双重量化</translation>
    </message>
    <message>
        <source>NF4</source>
        <translation>NF4</translation>
    </message>
    <message>
        <source>int8</source>
        <translation>int8</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>方法</translation>
    </message>
    <message>
        <source>All linear layers</source>
        <translation>所有线性层</translation>
    </message>
    <message>
        <source>Attention projections</source>
        <translation>注意力投影</translation>
    </message>
    <message>
        <source>Named: %1</source>
        <translation>指定：%1</translation>
    </message>
    <message>
        <source>The modules the scenario file names: %1</source>
        <translation>场景文件指定的模块：%1</translation>
    </message>
</context>
<context>
    <name>lhe::widgets::ImageExport</name>
    <message>
        <source>Scale must be between 0.25 and 8</source>
        <translation>缩放比例必须介于 0.25 和 8 之间</translation>
    </message>
    <message>
        <source>Rendering the image failed</source>
        <translation>图像渲染失败</translation>
    </message>
    <message>
        <source>The image is too small for its title</source>
        <translation>图像太小，放不下标题</translation>
    </message>
    <message>
        <source>Not enough memory to draw the charts at %1 x %2 pixels</source>
        <translation>内存不足，无法以 %1 x %2 像素绘制图表</translation>
    </message>
    <message>
        <source>Not enough memory for an image of %1 x %2 pixels</source>
        <translation>内存不足，无法创建 %1 x %2 像素的图像</translation>
    </message>
</context>
<context>
    <name>lhe::widgets::MemoryBarsWidget</name>
    <message>
        <source>Memory per device</source>
        <translation>每设备显存</translation>
    </message>
    <message>
        <source>Memory per device (GB)</source>
        <translation>每设备显存（GB）</translation>
    </message>
    <message>
        <source>Stage %1</source>
        <translation>阶段 %1</translation>
    </message>
    <message>
        <source>Capacity %1</source>
        <translation>容量 %1</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Fits — %1 of %2</source>
        <translation>放得下 — 占用 %1 / %2</translation>
    </message>
    <message>
        <source>Offloads %1 to host RAM</source>
        <translation>卸载 %1 到主机内存</translation>
    </message>
    <message>
        <source>Offloads %1:
%2 to host RAM, %3 to disk</source>
        <translation>卸载 %1：
%2 到主机内存，%3 到磁盘</translation>
    </message>
    <message>
        <source>Offloads %1 to disk</source>
        <translation>卸载 %1 到磁盘</translation>
    </message>
    <message>
        <source>Does not fit: needs %1 more</source>
        <translation>放不下：还差 %1</translation>
    </message>
    <message>
        <source>%1; total %2 of %3 capacity</source>
        <translation>%1；合计 %2，容量 %3</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1. %2.</source>
        <translation>%1。%2。</translation>
    </message>
    <message>
        <source>. </source>
        <translation>。</translation>
    </message>
    <message>
        <source>GB</source>
        <translation>GB</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 %2: %3</source>
        <translation>%1 %2：%3</translation>
    </message>
    <message>
        <source>%1 on the device</source>
        <translation>%1 在显存中</translation>
    </message>
    <message>
        <source>%1 offloaded to host RAM</source>
        <translation>%1 已卸载到主机内存</translation>
    </message>
    <message>
        <source>%1 offloaded to disk</source>
        <translation>%1 已卸载到磁盘</translation>
    </message>
    <message>
        <source>%1 does not fit anywhere</source>
        <translation>%1 无处可放</translation>
    </message>
    <message>
        <source>Capacity
%1</source>
        <translation>容量
%1</translation>
    </message>
</context>
<context>
    <name>lhe::widgets::MessageLog</name>
    <message>
        <source>Messages</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>C&amp;lear</source>
        <translation>清除(&amp;L)</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>%1 %2: %3</source>
        <translation>%1 %2：%3</translation>
    </message>
</context>
<context>
    <name>lhe::widgets::OverheadsDialog</name>
    <message>
        <source>Memory Overheads on %1</source>
        <translation>%1 的显存开销</translation>
    </message>
    <message>
        <source>Device memory a real run takes beyond weights, KV cache, activations, gradients and optimizer states. Each is its own segment of the memory bar.</source>
        <translation>实际运行时，除权重、KV 缓存、激活值、梯度和优化器状态之外额外占用的显存。每一项在显存条中单独显示为一段。</translation>
    </message>
    <message>
        <source>&amp;Device default (%1 GB)</source>
        <translation>设备默认值（%1 GB）(&amp;D)</translation>
    </message>
    <message>
        <source>Use the device&apos;s runtime context</source>
        <translation>使用设备的运行时上下文</translation>
    </message>
    <message>
        <source>The device catalog&apos;s runtime_overhead_bytes: 400 MB for an accelerator (a CUDA context with lazy module loading, pytorch/pytorch#109888), none for a CPU.</source>
        <translation>取设备目录中的 runtime_overhead_bytes：加速器为 400 MB（启用模块延迟加载的 CUDA 上下文，见 pytorch/pytorch#109888），CPU 为无。</translation>
    </message>
    <message>
        <source>Runtime context</source>
        <translation>运行时上下文</translation>
    </message>
    <message>
        <source>Driver context, loaded kernels and library workspaces, per device.</source>
        <translation>每个设备上的驱动上下文、已加载的内核以及库的工作空间。</translation>
    </message>
    <message>
        <source>Runtime &amp;context</source>
        <translation>运行时上下文(&amp;C)</translation>
    </message>
    <message>
        <source>Allocator reserve</source>
        <translation>分配器预留</translation>
    </message>
    <message>
        <source>Share of activations and gradients the caching allocator holds beyond them (block rounding, fragmentation). Default 5 %: with the 400 MB context about the 1 GiB a data-centre GPU loses in practice.</source>
        <translation>缓存分配器在激活值和梯度之外额外占用的比例（块取整、碎片）。默认 5 %：加上 400 MB 上下文，约为数据中心 GPU 实际损失的 1 GiB。</translation>
    </message>
    <message>
        <source>&amp;Allocator reserve</source>
        <translation>分配器预留(&amp;A)</translation>
    </message>
    <message>
        <source>NCCL buffers per communicator</source>
        <translation>每个通信器的 NCCL 缓冲区</translation>
    </message>
    <message>
        <source>Collective-communication buffers for each parallel group (tensor, pipeline, data, expert) a device belongs to. Default 1.06 GB, measured on 8x H100 (NVIDIA/nccl#1685).</source>
        <translation>设备所属的每个并行组（张量、流水线、数据、专家）各自占用的集合通信缓冲区。默认 1.06 GB，在 8x H100 上实测（NVIDIA/nccl#1685）。</translation>
    </message>
    <message>
        <source>&amp;NCCL buffers per group</source>
        <translation>每组 NCCL 缓冲区(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Serving engine pre-allocates a KV-cache pool</source>
        <translation>在线服务引擎预分配 KV 缓存池(&amp;S)</translation>
    </message>
    <message>
        <source>Serving pre-allocation</source>
        <translation>在线服务预分配</translation>
    </message>
    <message>
        <source>vLLM, SGLang and TensorRT-LLM reserve a KV-cache pool up to a share of device memory at start-up; the part no sequence uses yet is shown as its own segment.</source>
        <translation>vLLM、SGLang 和 TensorRT-LLM 在启动时按显存的一定比例预留 KV 缓存池；尚未被任何序列使用的部分单独显示为一段。</translation>
    </message>
    <message>
        <source>GPU memory utilization</source>
        <translation>GPU 显存利用率</translation>
    </message>
    <message>
        <source>Share of device memory the engine may fill (vLLM --gpu-memory-utilization, default 90 %).</source>
        <translation>引擎可占用的显存比例（vLLM --gpu-memory-utilization，默认 90 %）。</translation>
    </message>
    <message>
        <source>&amp;GPU memory utilization</source>
        <translation>GPU 显存利用率(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Full-length KV cache on windowed layers</source>
        <translation>窗口层按全长分配 KV 缓存(&amp;F)</translation>
    </message>
    <message>
        <source>Full-length KV on windowed layers</source>
        <translation>窗口层按全长分配 KV</translation>
    </message>
    <message>
        <source>For engines that allocate every layer&apos;s KV cache at full context even where a layer attends only a sliding window or a chunk (gpt-oss, Gemma, Llama 4). Off: windowed layers keep at most their window.</source>
        <translation>适用于即使某层只关注滑动窗口或分块，也按完整上下文为每一层分配 KV 缓存的推理引擎（gpt-oss、Gemma、Llama 4）。关闭时：窗口层最多只保留其窗口内的 token。</translation>
    </message>
</context>
<context>
    <name>lhe::widgets::PrimerPanel</name>
    <message>
        <source>Look at: %1</source>
        <translation>看这里：%1</translation>
    </message>
    <message>
        <source>This demonstration&apos;s scenario is missing from the presets file.</source>
        <translation>演示场景文件中缺少这个演示的场景。</translation>
    </message>
    <message>
        <source>Loads this scenario as a change you can undo: %1</source>
        <translation>加载此场景（可撤销的更改）：%1</translation>
    </message>
    <message>
        <source>Sources: %1</source>
        <translation>来源：%1</translation>
    </message>
    <message>
        <source>Datasheets and papers behind the figures above; links open in your web browser</source>
        <translation>上述数字所依据的数据手册和论文；链接在网页浏览器中打开</translation>
    </message>
    <message>
        <source>Primer</source>
        <translation>入门讲解</translation>
    </message>
    <message>
        <source>Short explanations of what the dashboard shows, each with a scenario to load</source>
        <translation>简短讲解仪表板显示的内容，每段附带一个可加载的场景</translation>
    </message>
    <message>
        <source>Cannot read the primer&apos;s presets %1: %2</source>
        <translation>无法读取入门讲解的演示场景 %1：%2</translation>
    </message>
    <message>
        <source>The primer&apos;s presets %1 are not valid JSON</source>
        <translation>入门讲解的演示场景 %1 不是有效的 JSON</translation>
    </message>
    <message>
        <source>Training vs inference</source>
        <translation>训练与推理</translation>
    </message>
    <message>
        <source>the memory chart: optimizer states (96 GB) dwarf the weights (16 GB), and the badge says what spills to host RAM.</source>
        <translation>显存图：优化器状态（96 GB）远大于权重（16 GB），标签显示溢出到主机内存的部分。</translation>
    </message>
    <message>
        <source>Sources: &lt;a href=&quot;https://arxiv.org/abs/1910.02054&quot;&gt;Rajbhandari et al., ZeRO (2020), §3.1&lt;/a&gt;; &lt;a href=&quot;https://www.nvidia.com/en-us/data-center/h100/&quot;&gt;NVIDIA H100&lt;/a&gt;.</source>
        <translation>来源：&lt;a href=&quot;https://arxiv.org/abs/1910.02054&quot;&gt;Rajbhandari 等，ZeRO（2020），§3.1&lt;/a&gt;；&lt;a href=&quot;https://www.nvidia.com/en-us/data-center/h100/&quot;&gt;NVIDIA H100&lt;/a&gt;。</translation>
    </message>
    <message>
        <source>Show me: training Llama-3.1-8B on one H100</source>
        <translation>演示：在一张 H100 上训练 Llama-3.1-8B</translation>
    </message>
    <message>
        <source>CPU, GPU, NPU, TPU</source>
        <translation>CPU、GPU、NPU、TPU</translation>
    </message>
    <message>
        <source>the decode card says Memory bandwidth at about 3 tokens/s; the prefill card says Compute: a 1,024-token prompt takes about 20 s.</source>
        <translation>解码卡片显示「显存带宽」，约 3 token/s；预填充卡片显示「计算」：1,024 个 token 的提示词约需 20 秒。</translation>
    </message>
    <message>
        <source>Sources: &lt;a href=&quot;https://www.amd.com/en/products/processors/server/epyc/4th-generation-9004-and-8004-series/amd-epyc-9654.html&quot;&gt;AMD EPYC 9654&lt;/a&gt; (12 × DDR5-4800 × 8 B); &lt;a href=&quot;https://www.nvidia.com/en-us/data-center/h100/&quot;&gt;NVIDIA H100&lt;/a&gt;; &lt;a href=&quot;https://cloud.google.com/tpu/docs/v5p&quot;&gt;Google TPU v5p&lt;/a&gt;.</source>
        <translation>来源：&lt;a href=&quot;https://www.amd.com/en/products/processors/server/epyc/4th-generation-9004-and-8004-series/amd-epyc-9654.html&quot;&gt;AMD EPYC 9654&lt;/a&gt;（12 × DDR5-4800 × 8 B）；&lt;a href=&quot;https://www.nvidia.com/en-us/data-center/h100/&quot;&gt;NVIDIA H100&lt;/a&gt;；&lt;a href=&quot;https://cloud.google.com/tpu/docs/v5p&quot;&gt;Google TPU v5p&lt;/a&gt;。</translation>
    </message>
    <message>
        <source>Show me: Llama-3.1-70B on an EPYC CPU</source>
        <translation>演示：在 EPYC CPU 上运行 Llama-3.1-70B</translation>
    </message>
    <message>
        <source>RAM vs VRAM</source>
        <translation>内存与显存</translation>
    </message>
    <message>
        <source>the memory chart&apos;s badge says it offloads 18 GB to host RAM; the decode card says Offload I/O, about 1 token/s.</source>
        <translation>显存图的标签显示卸载 18 GB 到主机内存；解码卡片显示「卸载 I/O」，约 1 token/s。</translation>
    </message>
    <message>
        <source>Sources: &lt;a href=&quot;https://images.nvidia.com/aem-dam/Solutions/geforce/ada/nvidia-ada-gpu-architecture.pdf&quot;&gt;NVIDIA Ada architecture whitepaper&lt;/a&gt;; PCIe 4.0: 16 GT/s × 16 lanes × 128/130 ÷ 8 = 31.5 GB/s per direction.</source>
        <translation>来源：&lt;a href=&quot;https://images.nvidia.com/aem-dam/Solutions/geforce/ada/nvidia-ada-gpu-architecture.pdf&quot;&gt;NVIDIA Ada 架构白皮书&lt;/a&gt;；PCIe 4.0：16 GT/s × 16 通道 × 128/130 ÷ 8 = 每方向 31.5 GB/s。</translation>
    </message>
    <message>
        <source>Show me: Llama-3.1-70B (4-bit) on an RTX 4090</source>
        <translation>演示：在 RTX 4090 上运行 Llama-3.1-70B（4 比特）</translation>
    </message>
    <message>
        <source>GDDR vs HBM</source>
        <translation>GDDR 与 HBM</translation>
    </message>
    <message>
        <source>GDDR chips sit on the board around the GPU on a narrow, fast bus: RTX 4090, 384 bits at 21 Gb/s = 1,008 GB/s (GDDR6X). HBM stacks DRAM dies beside the GPU on a silicon interposer with 1,024 bits per stack: H100 SXM, five stacks, 3.35 TB/s (HBM3), at a higher price. Decoding Llama-3.1-8B in BF16 reads 16 GB per token, so the ideal rate is 3,350 ÷ 16 ≈ 210 tokens/s on H100 and 1,008 ÷ 16 ≈ 63 on RTX 4090: the same 3.3× as the bandwidth.</source>
        <translation>GDDR 颗粒焊在显卡板上、围绕 GPU 排布，总线窄而快：RTX 4090 为 384 位 × 21 Gb/s = 1,008 GB/s（GDDR6X）。HBM 把多层 DRAM 芯片堆叠起来，通过硅中介层紧贴 GPU，每个堆栈 1,024 位总线：H100 SXM 有五个堆栈，3.35 TB/s（HBM3），价格也更高。BF16 的 Llama-3.1-8B 每解码一个 token 要读 16 GB，因此理想速度在 H100 上是 3,350 ÷ 16 ≈ 210 token/s，在 RTX 4090 上是 1,008 ÷ 16 ≈ 63：正好是带宽之比 3.3×。</translation>
    </message>
    <message>
        <source>load both and compare the decode cards: the ideal-roofline times differ 3.3×; fixed per-layer kernel overheads narrow the estimated gap to about 2.5×.</source>
        <translation>两个都加载，比较解码卡片：理想屋顶线时间相差 3.3×；每层固定的内核开销把估算的差距缩小到约 2.5×。</translation>
    </message>
    <message>
        <source>Sources: &lt;a href=&quot;https://images.nvidia.com/aem-dam/Solutions/geforce/ada/nvidia-ada-gpu-architecture.pdf&quot;&gt;NVIDIA Ada whitepaper&lt;/a&gt;; &lt;a href=&quot;https://resources.nvidia.com/en-us-tensor-core/nvidia-tensor-core-gpu-datasheet&quot;&gt;NVIDIA H100 datasheet&lt;/a&gt;.</source>
        <translation>来源：&lt;a href=&quot;https://images.nvidia.com/aem-dam/Solutions/geforce/ada/nvidia-ada-gpu-architecture.pdf&quot;&gt;NVIDIA Ada 白皮书&lt;/a&gt;；&lt;a href=&quot;https://resources.nvidia.com/en-us-tensor-core/nvidia-tensor-core-gpu-datasheet&quot;&gt;NVIDIA H100 数据手册&lt;/a&gt;。</translation>
    </message>
    <message>
        <source>Show me: RTX 4090 (GDDR6X)</source>
        <translation>演示：RTX 4090（GDDR6X）</translation>
    </message>
    <message>
        <source>Show me: H100 SXM (HBM3)</source>
        <translation>演示：H100 SXM（HBM3）</translation>
    </message>
    <message>
        <source>Decode is bandwidth-bound</source>
        <translation>解码受带宽限制</translation>
    </message>
    <message>
        <source>Each decode step makes one token per sequence: every weight is read from memory once and used for one multiply-add (2 FLOP). With FP8 weights that is 2 FLOP per byte, while an H100 needs 1,979 TFLOP/s ÷ 3.35 TB/s ≈ 590 FLOP per byte to keep its tensor cores busy (the ridge point). So Llama-3.1-70B at batch 1 waits on memory: 70.6 GB ÷ 3.35 TB/s = 21 ms per token, at most 47 tokens/s, however many FLOP/s the chip has. Larger batches reuse each weight read and move decode towards the ridge.</source>
        <translation>每个解码步为每个序列生成一个 token：每个权重从显存读出一次，只做一次乘加（2 FLOP）。FP8 权重下就是每字节 2 FLOP，而 H100 要让张量核心忙起来，需要 1,979 TFLOP/s ÷ 3.35 TB/s ≈ 每字节 590 FLOP（拐点）。所以批大小为 1 的 Llama-3.1-70B 在等显存：70.6 GB ÷ 3.35 TB/s = 每 token 21 毫秒，最多 47 token/s，与芯片算力多高无关。更大的批大小让每次读出的权重被多次复用，使解码向拐点移动。</translation>
    </message>
    <message>
        <source>the decode card says Memory bandwidth; on the roofline the decode point sits on the slope far left of the ridge.</source>
        <translation>解码卡片显示「显存带宽」；在屋顶线图上，解码点位于拐点左侧很远的斜线上。</translation>
    </message>
    <message>
        <source>Sources: &lt;a href=&quot;https://doi.org/10.1145/1498765.1498785&quot;&gt;Williams, Waterman, Patterson, Roofline (CACM 2009)&lt;/a&gt;; &lt;a href=&quot;https://resources.nvidia.com/en-us-tensor-core/nvidia-tensor-core-gpu-datasheet&quot;&gt;NVIDIA H100 datasheet&lt;/a&gt;.</source>
        <translation>来源：&lt;a href=&quot;https://doi.org/10.1145/1498765.1498785&quot;&gt;Williams、Waterman、Patterson，Roofline（CACM 2009）&lt;/a&gt;；&lt;a href=&quot;https://resources.nvidia.com/en-us-tensor-core/nvidia-tensor-core-gpu-datasheet&quot;&gt;NVIDIA H100 数据手册&lt;/a&gt;。</translation>
    </message>
    <message>
        <source>Show me: Llama-3.1-70B (FP8) on H100, batch 1</source>
        <translation>演示：H100 上的 Llama-3.1-70B（FP8），批大小 1</translation>
    </message>
    <message>
        <source>Prefill is compute-bound</source>
        <translation>预填充受算力限制</translation>
    </message>
    <message>
        <source>Prefill processes the whole prompt in one pass: each weight read from memory is used for every prompt token, so the FLOP per byte grow with the prompt length. An 8,192-token prompt gives thousands of FLOP per byte, far right of the H100&apos;s ridge at 590, and the tensor cores set the time: 2 × 70.6 billion parameters × 8,192 tokens ≈ 1.16 PFLOP, ÷ 1,979 TFLOP/s ≈ 0.6 s at peak.</source>
        <translation>预填充一次处理整个提示词：每个从显存读出的权重会用于提示词中的每个 token，所以每字节的 FLOP 随提示词长度增长。8,192 个 token 的提示词达到每字节数千 FLOP，远在 H100 拐点 590 的右侧，时间由张量核心决定：2 × 706 亿参数 × 8,192 个 token ≈ 1.16 PFLOP，÷ 1,979 TFLOP/s ≈ 峰值下 0.6 秒。</translation>
    </message>
    <message>
        <source>the prefill card says Compute; on the roofline the prefill point sits under the flat roof right of the ridge, the decode point of the same scenario on the slope.</source>
        <translation>预填充卡片显示「计算」；在屋顶线图上，预填充点位于拐点右侧的平顶下，同一场景的解码点则在斜线上。</translation>
    </message>
    <message>
        <source>Sources: &lt;a href=&quot;https://arxiv.org/abs/2001.08361&quot;&gt;Kaplan et al. (2020), §2.1: 2 FLOP per parameter per token&lt;/a&gt;; &lt;a href=&quot;https://doi.org/10.1145/1498765.1498785&quot;&gt;Williams et al., Roofline (2009)&lt;/a&gt;.</source>
        <translation>来源：&lt;a href=&quot;https://arxiv.org/abs/2001.08361&quot;&gt;Kaplan 等（2020），§2.1：每个参数每个 token 2 FLOP&lt;/a&gt;；&lt;a href=&quot;https://doi.org/10.1145/1498765.1498785&quot;&gt;Williams 等，Roofline（2009）&lt;/a&gt;。</translation>
    </message>
    <message>
        <source>Show me: an 8,192-token prompt on H100</source>
        <translation>演示：H100 上 8,192 个 token 的提示词</translation>
    </message>
    <message>
        <source>When communication dominates</source>
        <translation>通信成为瓶颈时</translation>
    </message>
    <message>
        <source>Tensor parallelism splits every layer&apos;s matrices across GPUs, which then all-reduce their activations twice per layer: 160 times per pass for the 80 layers of Llama-3.1-70B. Over NVLink 4 (450 GB/s per direction per H100) this costs less than the arithmetic; over PCIe 4.0 (31.5 GB/s, e.g. L40S cards, which have no NVLink) it costs more. Without a fast interconnect, prefer fewer, larger GPUs or pipeline parallelism.</source>
        <translation>张量并行把每一层的矩阵拆到多张 GPU 上，每层之后要对激活值做两次 All-Reduce：Llama-3.1-70B 有 80 层，每次前向共 160 次。经 NVLink 4（每张 H100 每方向 450 GB/s）通信比计算还快；经 PCIe 4.0（31.5 GB/s，例如没有 NVLink 的 L40S）通信比计算还慢。没有高速互连时，宁可用更少、更大的 GPU，或用流水线并行。</translation>
    </message>
    <message>
        <source>Sources: &lt;a href=&quot;https://arxiv.org/abs/1909.08053&quot;&gt;Shoeybi et al., Megatron-LM (2019), §3&lt;/a&gt;; &lt;a href=&quot;https://www.nvidia.com/en-us/data-center/l40s/&quot;&gt;NVIDIA L40S&lt;/a&gt;; &lt;a href=&quot;https://www.nvidia.com/en-us/data-center/h100/&quot;&gt;NVIDIA H100&lt;/a&gt;.</source>
        <translation>来源：&lt;a href=&quot;https://arxiv.org/abs/1909.08053&quot;&gt;Shoeybi 等，Megatron-LM（2019），§3&lt;/a&gt;；&lt;a href=&quot;https://www.nvidia.com/en-us/data-center/l40s/&quot;&gt;NVIDIA L40S&lt;/a&gt;；&lt;a href=&quot;https://www.nvidia.com/en-us/data-center/h100/&quot;&gt;NVIDIA H100&lt;/a&gt;。</translation>
    </message>
    <message>
        <source>Show me: 8 × L40S over PCIe</source>
        <translation>演示：8 × L40S，经 PCIe</translation>
    </message>
    <message>
        <source>Show me: 8 × H100 over NVLink</source>
        <translation>演示：8 × H100，经 NVLink</translation>
    </message>
    <message>
        <source>When offload dominates</source>
        <translation>卸载成为瓶颈时</translation>
    </message>
    <message>
        <source>Offloaded bytes cross PCIe at about 31.5 GB/s, 32 times slower than the RTX 4090&apos;s VRAM, so a small spilled part takes longer than all the rest. Qwen3-32B at Q4_K_M (20 GB) fits in 24 GB and decodes from VRAM; at Q8_0 (35 GB) 10 GB spill to host RAM: about a quarter of the bytes, but most of the time of every token. Stronger quantization or a second GPU is usually faster than offloading.</source>
        <translation>卸载的数据经 PCIe 传输，约 31.5 GB/s，比 RTX 4090 的显存慢 32 倍，所以溢出的一小部分比其余全部还费时。Q4_K_M 的 Qwen3-32B（20 GB）放得下 24 GB 显存，解码全在显存里；Q8_0（35 GB）则有 10 GB 溢出到主机内存：只占约四分之一的数据，却占了每个 token 的大部分时间。更激进的量化或加一张 GPU，通常比卸载更快。</translation>
    </message>
    <message>
        <source>compare the decode cards: Memory bandwidth at about 28 tokens/s, then Offload I/O at about 2 tokens/s.</source>
        <translation>比较解码卡片：「显存带宽」约 28 token/s，然后是「卸载 I/O」约 2 token/s。</translation>
    </message>
    <message>
        <source>Sources: &lt;a href=&quot;https://github.com/ggml-org/llama.cpp&quot;&gt;llama.cpp&lt;/a&gt; quantization formats (bits per weight); &lt;a href=&quot;https://images.nvidia.com/aem-dam/Solutions/geforce/ada/nvidia-ada-gpu-architecture.pdf&quot;&gt;NVIDIA Ada whitepaper&lt;/a&gt;.</source>
        <translation>来源：&lt;a href=&quot;https://github.com/ggml-org/llama.cpp&quot;&gt;llama.cpp&lt;/a&gt; 量化格式（每个权重的比特数）；&lt;a href=&quot;https://images.nvidia.com/aem-dam/Solutions/geforce/ada/nvidia-ada-gpu-architecture.pdf&quot;&gt;NVIDIA Ada 白皮书&lt;/a&gt;。</translation>
    </message>
    <message>
        <source>Show me: Qwen3-32B at 4 bits (fits)</source>
        <translation>演示：4 比特的 Qwen3-32B（放得下）</translation>
    </message>
    <message>
        <source>Show me: Qwen3-32B at 8 bits (spills)</source>
        <translation>演示：8 比特的 Qwen3-32B（溢出）</translation>
    </message>
    <message>
        <source>with 8 × L40S over PCIe the prefill card says Communication; load 8 × H100 with NVLink and it says Compute. Its decode card says Latency: at batch 1 the 160 all-reduces per token are tiny, and the fixed launch and synchronisation cost of each layer&apos;s kernels (80 × 100 µs = 8 ms) outweighs every byte moved; a larger batch costs almost nothing extra.</source>
        <translation>8 × L40S 经 PCIe 时，预填充卡片显示「通信」；加载 8 × H100（NVLink），它显示「计算」。其解码卡片显示「延迟」：批大小为 1 时，每个 token 的 160 次 All-Reduce 都很小，而每层内核固定的启动与同步开销（80 × 100 µs = 8 毫秒）超过了所有数据传输的时间；更大的批量几乎不增加时间。</translation>
    </message>
    <message>
        <source>Full fine-tuning, LoRA and QLoRA</source>
        <translation>全参数微调、LoRA 与 QLoRA</translation>
    </message>
    <message>
        <source>load the three and compare the memory bars: full fine-tuning&apos;s optimizer states alone overflow the card; LoRA keeps the 16 GB of weights and adds a thin Adapters segment; QLoRA&apos;s weights shrink to about a third, the embedding and output head staying in BF16.</source>
        <translation>三个都加载，比较显存条：全参数微调仅优化器状态就超出了显卡容量；LoRA 保留 16 GB 的权重，再加一段很薄的「适配器」；QLoRA 的权重缩小到约三分之一，嵌入层和输出头仍是 BF16。</translation>
    </message>
    <message>
        <source>Sources: &lt;a href=&quot;https://arxiv.org/abs/1910.02054&quot;&gt;Rajbhandari et al., ZeRO (2020), §3.1&lt;/a&gt;; &lt;a href=&quot;https://arxiv.org/abs/2106.09685&quot;&gt;Hu et al., LoRA (2021), §4.1&lt;/a&gt;; &lt;a href=&quot;https://arxiv.org/abs/2305.14314&quot;&gt;Dettmers et al., QLoRA (2023), §3&lt;/a&gt;.</source>
        <translation>来源：&lt;a href=&quot;https://arxiv.org/abs/1910.02054&quot;&gt;Rajbhandari 等，ZeRO（2020），§3.1&lt;/a&gt;；&lt;a href=&quot;https://arxiv.org/abs/2106.09685&quot;&gt;Hu 等，LoRA（2021），§4.1&lt;/a&gt;；&lt;a href=&quot;https://arxiv.org/abs/2305.14314&quot;&gt;Dettmers 等，QLoRA（2023），§3&lt;/a&gt;。</translation>
    </message>
    <message>
        <source>Show me: full fine-tuning of Llama-3.1-8B on an RTX 4090</source>
        <translation>演示：在 RTX 4090 上全参数微调 Llama-3.1-8B</translation>
    </message>
    <message>
        <source>Show me: LoRA, rank 16</source>
        <translation>演示：LoRA，秩 16</translation>
    </message>
    <message>
        <source>Show me: QLoRA, 4-bit base</source>
        <translation>演示：QLoRA，4 位基座</translation>
    </message>
    <message>
        <source>What the dashboard shows, in nine short lessons. Each “Show me” loads a scenario that demonstrates the paragraph; Undo returns to yours.</source>
        <translation>用九个小课讲解仪表板显示的内容。每个「演示」按钮加载一个能说明该段内容的场景；撤销即可回到你自己的场景。</translation>
    </message>
    <message>
        <source>Inference only runs the model forward: the device holds the weights (2 bytes per parameter in BF16) and the KV cache of the tokens in flight. Training also keeps a gradient for every weight and the AdamW optimizer&apos;s FP32 master copy, momentum and variance: 2 + 2 + 12 = 16 bytes per parameter, plus the activations saved for the backward pass. Llama-3.1-8B is served from 17 GB, but training it needs about 130 GB: more than one H100 holds (its &quot;80 GB&quot; of HBM3 is 80 GiB, 85.9 GB in the decimal units of every figure here).</source>
        <translation>推理只做前向计算：设备上放的是权重（BF16 下每个参数 2 字节）和正在生成的 token 的 KV 缓存。训练还要为每个权重保存一份梯度，以及 AdamW 优化器的 FP32 主权重、一阶动量和二阶动量：2 + 2 + 12 = 每个参数 16 字节，另加反向传播所需保存的激活值。因此 Llama-3.1-8B 推理只需 17 GB 显存，训练却需要约 130 GB，超过一张 H100 的容量（它标称的“80 GB”HBM3 是 80 GiB，按本工具所有数字使用的十进制单位是 85.9 GB）。</translation>
    </message>
    <message>
        <source>Full fine-tuning updates every weight, so mixed-precision AdamW keeps 16 bytes per parameter: BF16 weights 2, gradients 2, and the FP32 master copy, momentum and variance 12. For Llama-3.1-8B that is 8.03 billion × 16 B = 128.5 GB before any activation. LoRA freezes the base (16 GB in BF16) and trains two thin matrices beside each linear layer, r × (in + out) parameters: at rank 16 on every linear layer 42 million, half a percent of the model, whose weights, gradients and optimizer states take 0.7 GB. QLoRA also stores the frozen base in 4-bit NormalFloat, about 4.13 bits per weight with double quantization, and turns each weight back into BF16 just before using it. A frozen weight needs no gradient of its own: the backward pass only passes the gradient on to its input, about as much work as the forward pass instead of twice it. On an RTX 4090 (24 GB of GDDR6X, 25.8 GB) at sequence 512, micro-batch 1, with full recomputation: full fine-tuning needs about 130 GB and does not fit (over 100 GB would spill to host RAM and disk); LoRA needs about 18 GB and QLoRA about 7.5 GB, and both fit.</source>
        <translation>全参数微调会更新每一个权重，所以混合精度 AdamW 每个参数要保留 16 字节：BF16 权重 2、梯度 2，再加 FP32 主副本、动量和方差 12。对 Llama-3.1-8B 来说，这就是 80.3 亿 × 16 B = 128.5 GB，还没算激活值。LoRA 冻结基座（BF16 下 16 GB），只在每个线性层旁训练两个窄矩阵，参数量 r × (in + out)：秩为 16、覆盖所有线性层时共 4,200 万，占模型的千分之五，其权重、梯度和优化器状态只占 0.7 GB。QLoRA 还把冻结的基座存成 4 位 NormalFloat，加上双重量化约为每个权重 4.13 比特，每个权重在使用前才转回 BF16。冻结的权重不需要自己的梯度：反向传播只把梯度传给它的输入，计算量约等于前向，而不是前向的两倍。在 RTX 4090（24 GB GDDR6X，即 25.8 GB）上，序列长度 512、微批次 1、完全重计算时：全参数微调约需 130 GB，放不下（超过 100 GB 要溢出到主机内存和磁盘）；LoRA 约需 18 GB，QLoRA 约需 7.5 GB，两者都放得下。</translation>
    </message>
    <message>
        <source>A CPU has a few dozen general-purpose cores and large, cheap DDR memory. A GPU has thousands of parallel lanes with tensor cores; NPUs (Huawei Ascend, Intel Gaudi) and TPUs (Google) are built around matrix engines; all three feed them from fast HBM or GDDR. Two numbers decide LLM speed, peak FLOP/s and memory bandwidth: AMD EPYC 9654 about 15 TFLOP/s BF16 and 461 GB/s DDR5; H100 SXM 989 TFLOP/s and 3.35 TB/s HBM3; TPU v5p 459 TFLOP/s and 2.77 TB/s. The CPU&apos;s 768 GB of DDR5 (825 GB) holds Llama-3.1-70B in BF16 (141 GB), which one H100 cannot, but reading 141 GB per token at 461 GB/s allows at most 3.3 tokens/s.</source>
        <translation>CPU 有几十个通用核心，配大容量、便宜的 DDR 内存。GPU 有数千条并行通道和张量核心；NPU（华为昇腾、Intel Gaudi）和 TPU（Google）以矩阵计算单元为核心；这三类加速器都由高速的 HBM 或 GDDR 供数。决定大模型速度的是两个数：峰值 FLOP/s 和显存带宽。AMD EPYC 9654 约 15 TFLOP/s BF16、461 GB/s DDR5；H100 SXM 989 TFLOP/s、3.35 TB/s HBM3；TPU v5p 459 TFLOP/s、2.77 TB/s。CPU 的 768 GB DDR5 内存（825 GB）放得下 BF16 的 Llama-3.1-70B（141 GB），一张 H100 放不下；但每个 token 都要以 461 GB/s 读一遍 141 GB，最多只有 3.3 token/s。</translation>
    </message>
    <message>
        <source>VRAM is the accelerator&apos;s own memory, small and fast: an RTX 4090 has 24 GB of GDDR6X (25.8 GB = 24 GiB) at 1,008 GB/s. RAM is the host&apos;s memory, larger and cheaper, but the GPU reaches it over PCIe 4.0 x16 at 31.5 GB/s, 32 times slower. What does not fit in VRAM stays in RAM and must cross PCIe (or run on the slower CPU) for every token. Llama-3.1-70B at 4 bits (Q4_K_M, 4.85 bits per weight) is 43 GB: 18 GB of it cannot stay on the card.</source>
        <translation>显存是加速器自己的内存，容量小但速度快：RTX 4090 有 24 GB GDDR6X（25.8 GB = 24 GiB），带宽 1,008 GB/s。内存是主机的内存，更大更便宜，但 GPU 要经 PCIe 4.0 x16 以 31.5 GB/s 访问，慢 32 倍。显存放不下的部分留在内存里，每生成一个 token 都要经 PCIe 传输一次（或交给更慢的 CPU 计算）。4 比特（Q4_K_M，每个权重 4.85 比特）的 Llama-3.1-70B 有 43 GB，其中 18 GB 放不进显卡。</translation>
    </message>
</context>
<context>
    <name>lhe::widgets::RooflineWidget</name>
    <message>
        <source>Roofline</source>
        <translation>屋顶线图</translation>
    </message>
    <message>
        <source>Attainable FLOP/s</source>
        <translation>可达 FLOP/s</translation>
    </message>
    <message>
        <source>Memory bandwidth</source>
        <translation>显存带宽</translation>
    </message>
    <message>
        <source>Host link</source>
        <translation>主机链路</translation>
    </message>
    <message>
        <source>%1 (ideal roofline)</source>
        <translation>%1（理想屋顶线）</translation>
    </message>
    <message>
        <source>%1 (calibrated)</source>
        <translation>%1（已校准）</translation>
    </message>
    <message>
        <source>● calibrated estimate
○ ideal roofline (datasheet peaks)</source>
        <translation>● 校准后估计
○ 理想屋顶线（数据手册峰值）</translation>
    </message>
    <message>
        <source>● calibrated  ○ ideal</source>
        <translation>● 校准后  ○ 理想</translation>
    </message>
    <message>
        <source>%1 ceiling</source>
        <translation>%1 算力上限</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Memory %1</source>
        <translation>显存带宽 %1</translation>
    </message>
    <message>
        <source>Host link %1 (offload)</source>
        <translation>主机链路 %1（卸载）</translation>
    </message>
    <message>
        <source>Host link %1</source>
        <translation>主机链路 %1</translation>
    </message>
    <message>
        <source>Ridge %1 FLOP/B</source>
        <translation>拐点 %1 FLOP/B</translation>
    </message>
    <message>
        <source>Ridge
%1 FLOP/B</source>
        <translation>拐点
%1 FLOP/B</translation>
    </message>
    <message>
        <source>%1 — %2, %3</source>
        <translation>%1 — %2受限，%3</translation>
    </message>
    <message>
        <source>%1 — %2
%3</source>
        <translation>%1 — %2受限
%3</translation>
    </message>
    <message>
        <source>%1 —
%2</source>
        <translation>%1 —
%2受限</translation>
    </message>
    <message>
        <source>ideal %1</source>
        <translation>理想 %1</translation>
    </message>
    <message>
        <source>ideal
%1</source>
        <translation>理想
%1</translation>
    </message>
    <message>
        <source>Roofline of %1: memory bandwidth %2, compute ceilings %3 (%4 is the scenario&apos;s precision), ridge at %5 FLOP/B</source>
        <translation>%1 的屋顶线图：显存带宽 %2，算力上限 %3（%4 为场景所用精度），拐点位于 %5 FLOP/B</translation>
    </message>
    <message>
        <source>Offloaded data streams over the host link at %1</source>
        <translation>卸载的数据经主机链路以 %1 传输</translation>
    </message>
    <message>
        <source>%1: %2 FLOP/B, %3 bound, calibrated %4, ideal roofline %5</source>
        <translation>%1：%2 FLOP/B，%3受限，校准后 %4，理想屋顶线 %5</translation>
    </message>
    <message>
        <source>%1: %2 FLOP/B, %3 bound
attainable %4, achieved %5</source>
        <translation>%1：%2 FLOP/B，%3受限
可达 %4，实际 %5</translation>
    </message>
    <message>
        <source>%1 ceiling %2</source>
        <translation>%1 算力上限 %2</translation>
    </message>
    <message>
        <source>A&apos;s roof</source>
        <translation>A 的屋顶线</translation>
    </message>
    <message>
        <source>A · %1 (pinned)</source>
        <translation>A · %1（已固定）</translation>
    </message>
    <message>
        <source>B · %1</source>
        <translation>B · %1</translation>
    </message>
    <message>
        <source>A · %1</source>
        <translation>A · %1</translation>
    </message>
    <message>
        <source>A&apos;s roof: %1 %2</source>
        <translation>A 的屋顶线：%1 %2</translation>
    </message>
    <message>
        <source>A&apos;s roof %1</source>
        <translation>A 的屋顶线 %1</translation>
    </message>
    <message>
        <source>● ■ ▲ B: current scenario</source>
        <translation>● ■ ▲ B：当前场景</translation>
    </message>
    <message>
        <source>⊗ ⊠ ▽ A: pinned scenario</source>
        <translation>⊗ ⊠ ▽ A：已固定的场景</translation>
    </message>
    <message>
        <source>○ ideal roofline (B, datasheet peaks)</source>
        <translation>○ 理想屋顶线（B，数据手册峰值）</translation>
    </message>
    <message>
        <source>● B current  ⊗ A pinned</source>
        <translation>● B 当前  ⊗ A 已固定</translation>
    </message>
    <message>
        <source>○ ideal (B)</source>
        <translation>○ 理想（B）</translation>
    </message>
    <message>
        <source>–·– A&apos;s roof</source>
        <translation>–·– A 的屋顶线</translation>
    </message>
    <message>
        <source>Pinned A, %1: %2 FLOP/B, %3 bound, calibrated %4</source>
        <translation>已固定的 A，%1：%2 FLOP/B，%3受限，校准值 %4</translation>
    </message>
    <message>
        <source>A · %1: %2 FLOP/B, %3 bound
attainable %4, achieved %5</source>
        <translation>A · %1：%2 FLOP/B，%3受限
可达 %4，实际 %5</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>Disk</source>
        <translation>磁盘</translation>
    </message>
    <message>
        <source>Interconnect</source>
        <translation>互连</translation>
    </message>
    <message>
        <source>Disk %1 (offload)</source>
        <translation>磁盘 %1（卸载）</translation>
    </message>
    <message>
        <source>Disk %1</source>
        <translation>磁盘 %1</translation>
    </message>
    <message>
        <source>Interconnect %1</source>
        <translation>互连 %1</translation>
    </message>
    <message>
        <source>Link %1</source>
        <translation>链路 %1</translation>
    </message>
    <message>
        <source>Offloaded data is read from disk at %1</source>
        <translation>卸载的数据以 %1 从磁盘读取</translation>
    </message>
    <message>
        <source>Collectives cross the interconnect at %1</source>
        <translation>集合通信以 %1 经过互连</translation>
    </message>
    <message>
        <source>Arithmetic intensity (FLOP/byte of the bounding resource)</source>
        <translation>算术强度（FLOP/byte，按限制该点的资源计）</translation>
    </message>
    <message>
        <source>Arithmetic intensity (FLOP/B)</source>
        <translation>算术强度（FLOP/B）</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存带宽</translation>
    </message>
    <message>
        <source>Ridge</source>
        <translation>拐点</translation>
    </message>
</context>
<context>
    <name>lhe::widgets::ScenarioControls</name>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Sources:</source>
        <translation>来源：</translation>
    </message>
    <message numerus="yes">
        <source>(%n more)</source>
        <translation>
            <numerusform>（另有 %n 条）</numerusform>
        </translation>
    </message>
    <message>
        <source>Released %1</source>
        <translation>发布于 %1</translation>
    </message>
    <message>
        <source>Confidence: %1</source>
        <translation>可信度：%1</translation>
    </message>
    <message>
        <source>User-defined entry (your catalog)</source>
        <translation>用户自定义条目（您的目录）</translation>
    </message>
    <message>
        <source>%1 T</source>
        <translation>%1 T</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>%1 M</source>
        <translation>%1 M</translation>
    </message>
    <message>
        <source>%1 params</source>
        <translation>%1 参数</translation>
    </message>
    <message>
        <source>%1 (MoE: %2 active)</source>
        <translation>%1（MoE：激活 %2）</translation>
    </message>
    <message>
        <source>model_type: %1</source>
        <translation>model_type: %1</translation>
    </message>
    <message>
        <source>%1 layers · hidden %2 · %3 heads (%4 KV)</source>
        <translation>%1 层 · 隐藏维度 %2 · %3 个注意力头（%4 个 KV 头）</translation>
    </message>
    <message>
        <source>%1 experts, %2 per token</source>
        <translation>%1 个专家，每 token 激活 %2 个</translation>
    </message>
    <message>
        <source>Family: %1</source>
        <translation>系列：%1</translation>
    </message>
    <message>
        <source>Parameter count: %1</source>
        <translation>参数量：%1</translation>
    </message>
    <message>
        <source>config.json: %1</source>
        <translation>config.json: %1</translation>
    </message>
    <message>
        <source>Group: %1</source>
        <translation>分组：%1</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>tensor %1 × pipeline %2 × data %3</source>
        <translation>张量 %1 × 流水线 %2 × 数据 %3</translation>
    </message>
    <message>
        <source>%1 × expert %2</source>
        <translation>%1 × 专家 %2</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Hardware</source>
        <translation>硬件</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>The chip every device of the scenario uses. Hover an entry for its sources.</source>
        <translation>场景中所有设备使用的芯片。将鼠标悬停在条目上可查看其来源。</translation>
    </message>
    <message>
        <source>&amp;Device</source>
        <translation>设备(&amp;D)</translation>
    </message>
    <message>
        <source>Device count</source>
        <translation>设备数量</translation>
    </message>
    <message>
        <source>Device count slider</source>
        <translation>设备数量滑块</translation>
    </message>
    <message>
        <source>Number of devices in powers of two; type any count in the box.</source>
        <translation>按 2 的幂调整设备数量；可在输入框中输入任意数量。</translation>
    </message>
    <message>
        <source>Device cou&amp;nt</source>
        <translation>设备数量(&amp;N)</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Catalog model, grouped by family and ordered by size, or an imported config.json.</source>
        <translation>目录中的模型（按系列分组、按规模排序），或导入的 config.json。</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>模型(&amp;M)</translation>
    </message>
    <message>
        <source>Import Hugging Face config.&amp;json…</source>
        <translation>导入 Hugging Face config.json(&amp;J)…</translation>
    </message>
    <message>
        <source>Import Hugging Face config.json</source>
        <translation>导入 Hugging Face config.json</translation>
    </message>
    <message>
        <source>Read a model&apos;s config.json (dense, GQA, MoE or MLA) and use it as the model.</source>
        <translation>读取模型的 config.json（稠密、GQA、MoE 或 MLA）并将其用作当前模型。</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <source>&amp;Inference</source>
        <translation>推理(&amp;I)</translation>
    </message>
    <message>
        <source>Inference mode</source>
        <translation>推理模式</translation>
    </message>
    <message>
        <source>Prefill a prompt, then generate output tokens.</source>
        <translation>先预填充提示词，再生成输出 token。</translation>
    </message>
    <message>
        <source>&amp;Training</source>
        <translation>训练(&amp;T)</translation>
    </message>
    <message>
        <source>Training mode</source>
        <translation>训练模式</translation>
    </message>
    <message>
        <source>One optimizer step over the global batch.</source>
        <translation>对全局批次执行一次优化器更新。</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>&amp;Batch</source>
        <translation>批大小(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Prompt tokens</source>
        <translation>提示词 token 数(&amp;P)</translation>
    </message>
    <message>
        <source>Output tokens</source>
        <translation>输出 token 数</translation>
    </message>
    <message>
        <source>Tokens generated per sequence (0: prefill only). Inference only.</source>
        <translation>每个序列生成的 token 数（0 表示仅预填充）。仅用于推理。</translation>
    </message>
    <message>
        <source>Output tokens slider</source>
        <translation>输出 token 数滑块</translation>
    </message>
    <message>
        <source>Output tokens on a log scale from 0 to 32,768; type an exact count in the box.</source>
        <translation>以对数刻度调整输出 token 数（0 到 32,768）；可在输入框中输入精确数值。</translation>
    </message>
    <message>
        <source>&amp;Output tokens</source>
        <translation>输出 token 数(&amp;O)</translation>
    </message>
    <message>
        <source>Parallel split</source>
        <translation>并行划分</translation>
    </message>
    <message>
        <source>A&amp;uto</source>
        <translation>自动(&amp;U)</translation>
    </message>
    <message>
        <source>Automatic parallel split</source>
        <translation>自动并行划分</translation>
    </message>
    <message>
        <source>Let the estimator choose: tensor parallel within a node up to the head count, then pipeline, then data. Uncheck to set the degrees yourself.</source>
        <translation>由估算器选择：先在节点内做张量并行（不超过注意力头数），再做流水线并行，最后做数据并行。取消勾选可自行设置各并行度。</translation>
    </message>
    <message>
        <source>Tenso&amp;r</source>
        <translation>张量(&amp;R)</translation>
    </message>
    <message>
        <source>Tensor parallel degree</source>
        <translation>张量并行度</translation>
    </message>
    <message>
        <source>Devices that split every layer&apos;s matrices (Megatron-LM tensor parallelism).</source>
        <translation>切分每一层矩阵的设备数（Megatron-LM 张量并行）。</translation>
    </message>
    <message>
        <source>Pipe&amp;line</source>
        <translation>流水线(&amp;L)</translation>
    </message>
    <message>
        <source>Pipeline parallel degree</source>
        <translation>流水线并行度</translation>
    </message>
    <message>
        <source>Stages the layers are divided into.</source>
        <translation>模型各层划分成的阶段数。</translation>
    </message>
    <message>
        <source>Dat&amp;a</source>
        <translation>数据(&amp;A)</translation>
    </message>
    <message>
        <source>Data parallel degree</source>
        <translation>数据并行度</translation>
    </message>
    <message>
        <source>Replicas that each process part of the batch.</source>
        <translation>副本数，每个副本处理批次的一部分。</translation>
    </message>
    <message>
        <source>E&amp;xpert</source>
        <translation>专家(&amp;X)</translation>
    </message>
    <message>
        <source>Expert parallel degree</source>
        <translation>专家并行度</translation>
    </message>
    <message>
        <source>Devices the routed experts of a mixture-of-experts model are spread over.</source>
        <translation>混合专家 (MoE) 模型的路由专家所分布到的设备数。</translation>
    </message>
    <message>
        <source>Parallel split problem</source>
        <translation>并行划分问题</translation>
    </message>
    <message>
        <source>Precision and kernels</source>
        <translation>精度与内核</translation>
    </message>
    <message>
        <source>Weight-only (inference)</source>
        <translation>仅权重量化（推理）</translation>
    </message>
    <message>
        <source>%1 · %2 bits</source>
        <translation>%1 · %2 位</translation>
    </message>
    <message>
        <source>Weights precision</source>
        <translation>权重精度</translation>
    </message>
    <message>
        <source>Storage format of the weights. Weight-only formats (llama.cpp, AWQ, GPTQ) are stored compressed and computed in the compute precision; bits include scales.</source>
        <translation>权重的存储格式。仅权重量化格式（llama.cpp、AWQ、GPTQ）以压缩形式存储，按计算精度参与计算；位数已包含缩放因子。</translation>
    </message>
    <message>
        <source>KV cache precision</source>
        <translation>KV 缓存精度</translation>
    </message>
    <message>
        <source>Storage format of the attention key/value cache.</source>
        <translation>注意力键/值缓存的存储格式。</translation>
    </message>
    <message>
        <source>Compute precision</source>
        <translation>计算精度</translation>
    </message>
    <message>
        <source>Format of the matrix products; selects the device&apos;s peak column. Activations follow it for 16- and 32-bit formats and stay bf16 below.</source>
        <translation>矩阵乘法所用的格式，决定采用设备的哪一列峰值。16 位和 32 位格式下激活值与之相同，更低位宽时保持 bf16。</translation>
    </message>
    <message>
        <source>&amp;Weights</source>
        <translation>权重(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;KV cache</source>
        <translation>KV 缓存(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Compute</source>
        <translation>计算(&amp;C)</translation>
    </message>
    <message>
        <source>Activations follow the compute precision for 16- and 32-bit formats and stay bf16 for narrower ones.</source>
        <translation>16 位和 32 位格式下激活值采用计算精度，位宽更窄时保持 bf16。</translation>
    </message>
    <message>
        <source>Fla&amp;sh attention</source>
        <translation>Flash Attention(&amp;S)</translation>
    </message>
    <message>
        <source>Flash attention</source>
        <translation>Flash Attention</translation>
    </message>
    <message>
        <source>Fused attention kernels (FlashAttention): no attention score matrix in memory.</source>
        <translation>融合注意力内核（FlashAttention）：显存中不保存注意力分数矩阵。</translation>
    </message>
    <message>
        <source>Memor&amp;y overheads…</source>
        <translation>显存开销(&amp;Y)…</translation>
    </message>
    <message>
        <source>Memory overheads</source>
        <translation>显存开销</translation>
    </message>
    <message>
        <source>Runtime context, allocator reserve, NCCL buffers and a serving engine&apos;s pre-allocated KV pool: each a segment of the memory bar, with its default.</source>
        <translation>运行时上下文、分配器预留、NCCL 缓冲区以及在线服务引擎预分配的 KV 缓存池：每项在显存条中各占一段，并各有默认值。</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Used in training mode only.</source>
        <translation>仅在训练模式下使用。</translation>
    </message>
    <message>
        <source>0 — off</source>
        <translation>0 — 关闭</translation>
    </message>
    <message>
        <source>1 — optimizer states</source>
        <translation>1 — 优化器状态</translation>
    </message>
    <message>
        <source>2 — + gradients</source>
        <translation>2 — + 梯度</translation>
    </message>
    <message>
        <source>3 — + parameters</source>
        <translation>3 — + 参数</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>What data-parallel replicas shard (Rajbhandari et al. 2020).</source>
        <translation>数据并行副本之间分片存储的内容（Rajbhandari 等，2020）。</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Selective</source>
        <translation>选择性</translation>
    </message>
    <message>
        <source>Full</source>
        <translation>完全</translation>
    </message>
    <message>
        <source>Activation recomputation</source>
        <translation>激活值重计算</translation>
    </message>
    <message>
        <source>Recompute activations in the backward pass instead of storing them (selective: attention only, Korthikanti et al. 2022).</source>
        <translation>在反向传播中重新计算激活值，而不是保存它们（选择性：仅注意力部分，Korthikanti 等，2022）。</translation>
    </message>
    <message>
        <source>Micro-batch size</source>
        <translation>微批次大小</translation>
    </message>
    <message>
        <source>Sequences per micro-batch per data-parallel replica.</source>
        <translation>每个数据并行副本中每个微批次的序列数。</translation>
    </message>
    <message>
        <source>AdamW</source>
        <translation>AdamW</translation>
    </message>
    <message>
        <source>SGD</source>
        <translation>SGD</translation>
    </message>
    <message>
        <source>AdamW 8-bit</source>
        <translation>AdamW 8 位</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Optimizer whose states are kept per parameter.</source>
        <translation>为每个参数保存状态的优化器。</translation>
    </message>
    <message>
        <source>ZeRO sta&amp;ge</source>
        <translation>ZeRO 阶段(&amp;G)</translation>
    </message>
    <message>
        <source>Rec&amp;ompute</source>
        <translation>重计算(&amp;O)</translation>
    </message>
    <message>
        <source>Micro-batch si&amp;ze</source>
        <translation>微批次大小(&amp;Z)</translation>
    </message>
    <message>
        <source>O&amp;ptimizer</source>
        <translation>优化器(&amp;P)</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>NPU</source>
        <translation>NPU</translation>
    </message>
    <message>
        <source>TPU</source>
        <translation>TPU</translation>
    </message>
    <message>
        <source>Imported</source>
        <translation>已导入</translation>
    </message>
    <message>
        <source>Imported: %1</source>
        <translation>已导入：%1</translation>
    </message>
    <message>
        <source>not readable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>Choose a device</source>
        <translation>请选择设备</translation>
    </message>
    <message>
        <source>%1 (not in catalog)</source>
        <translation>%1（不在目录中）</translation>
    </message>
    <message>
        <source>Choose a model</source>
        <translation>请选择模型</translation>
    </message>
    <message>
        <source>Se&amp;quence length</source>
        <translation>序列长度(&amp;Q)</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Prompt tokens</source>
        <translation>提示词 token 数</translation>
    </message>
    <message>
        <source>%1 slider</source>
        <translation>%1滑块</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation>全局批大小</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>Activations: %1</source>
        <translation>激活值：%1</translation>
    </message>
    <message>
        <source>Auto: %1</source>
        <translation>自动：%1</translation>
    </message>
    <message>
        <source>Auto: the estimator chooses the split.</source>
        <translation>自动：由估算器选择并行划分。</translation>
    </message>
    <message>
        <source>⚠ Tensor × pipeline × data × expert = %1, not the device count %2.</source>
        <translation>⚠ 张量 × 流水线 × 数据 × 专家 = %1，不等于设备数量 %2。</translation>
    </message>
    <message>
        <source>Still using %1.</source>
        <translation>仍在使用 %1。</translation>
    </message>
    <message>
        <source>The estimate waits for a matching split.</source>
        <translation>估算将在并行划分匹配后进行。</translation>
    </message>
    <message>
        <source>%1 full attention</source>
        <translation>%1 层全注意力</translation>
    </message>
    <message>
        <source>%1 sliding window</source>
        <translation>%1 层滑动窗口</translation>
    </message>
    <message>
        <source>%1 chunked</source>
        <translation>%1 层分块注意力</translation>
    </message>
    <message>
        <source>%1 linear / state space</source>
        <translation>%1 层线性注意力 / 状态空间</translation>
    </message>
    <message>
        <source>%1 MLP only</source>
        <translation>%1 层仅 MLP</translation>
    </message>
    <message>
        <source>Layers: %1</source>
        <translation>层：%1</translation>
    </message>
    <message>
        <source>Vision tower: %1 params</source>
        <translation>视觉塔：%1 参数</translation>
    </message>
    <message>
        <source>Multi-token prediction: %1 params (not loaded for plain decoding)</source>
        <translation>多 token 预测 (MTP)：%1 参数（普通解码时不加载）</translation>
    </message>
    <message>
        <source>Checkpoint: %1 (%2)</source>
        <translation>检查点：%1（%2）</translation>
    </message>
    <message>
        <source>Approximate reading</source>
        <translation>近似读取</translation>
    </message>
    <message>
        <source>As the checkpoint stores them</source>
        <translation>按检查点的存储格式</translation>
    </message>
    <message>
        <source>checkpoint · each module in its stored format</source>
        <translation>checkpoint · 各模块按其存储格式</translation>
    </message>
    <message>
        <source>%1 on a log scale from 128 to the model&apos;s context length (at most 10,485,760); type an exact value in the box.</source>
        <translation>以对数刻度调整%1（128 到模型的上下文长度，最多 10,485,760）；可在输入框中输入精确数值。</translation>
    </message>
    <message>
        <source>Number of devices (GPUs or chips); any count from 1 to 10,000,000.</source>
        <translation>设备数量（GPU 或芯片）；1 到 10,000,000 之间的任意数。</translation>
    </message>
    <message>
        <source>Tokens per training sequence (1 to 1,000,000,000).</source>
        <translation>每条训练序列的词元数（1 到 1,000,000,000）。</translation>
    </message>
    <message>
        <source>Prompt length per sequence (1 to 1,000,000,000).</source>
        <translation>每条序列的提示长度（1 到 1,000,000,000）。</translation>
    </message>
    <message>
        <source>Sequences per optimizer step, over all replicas (1 to 1,000,000,000).</source>
        <translation>每个优化器步骤处理的序列数，计入所有副本（1 到 1,000,000,000）。</translation>
    </message>
    <message>
        <source>Sequences processed together (1 to 1,000,000,000).</source>
        <translation>一起处理的序列数（1 到 1,000,000,000）。</translation>
    </message>
    <message>
        <source>%1 in powers of two from 1 to 4,096; type any value in the box.</source>
        <translation>%1，按 2 的幂从 1 到 4,096；可在输入框中键入任意值。</translation>
    </message>
    <message>
        <source>Unified memory: %1, %2 of it usable by the accelerator</source>
        <translation>统一内存：%1，其中加速器可用 %2</translation>
    </message>
    <message>
        <source>Unified memory: shares %1 and its bandwidth with the other engines of %2; %3 of it usable by this one</source>
        <translation>统一内存：与 %2 的其他计算单元共享 %1 及其带宽；本单元可用 %3</translation>
    </message>
    <message>
        <source>%1 · unified memory</source>
        <translation>%1 · 统一内存</translation>
    </message>
    <message>
        <source>Block-scaled</source>
        <translation>块缩放格式</translation>
    </message>
    <message>
        <source>Device, model, workload, parallel split, precisions, training and serving options of the scenario</source>
        <translation>场景的设备、模型、工作负载、并行划分、精度、训练和服务选项</translation>
    </message>
    <message>
        <source>user</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source>uncertain</source>
        <translation>数据不确定</translation>
    </message>
    <message>
        <source>%1 · from its tensor headers</source>
        <translation>%1 · 取自张量头</translation>
    </message>
    <message>
        <source>%1, experts over %2 of them</source>
        <translation>%1，专家分布在其中 %2 个设备上</translation>
    </message>
    <message>
        <source>Manual: tensor × pipeline × data × expert equals the device count, or tensor × pipeline × data alone with the experts spread over attention&apos;s devices.</source>
        <translation>手动：张量 × 流水线 × 数据 × 专家等于设备数；或者张量 × 流水线 × 数据单独等于设备数，专家分布在注意力的设备上。</translation>
    </message>
    <message>
        <source>⚠ Expert %1 must divide tensor %2 × data %3 to spread the experts over attention&apos;s devices.</source>
        <translation>⚠ 专家 %1 必须整除张量 %2 × 数据 %3，专家才能分布在注意力的设备上。</translation>
    </message>
</context>
<context>
    <name>lhe::widgets::ServingControls</name>
    <message>
        <source>Many users under continuous batching (inference): the batch is the number of requests in flight.</source>
        <translation>连续批处理下的多用户推理：批大小即进行中的请求数。</translation>
    </message>
    <message>
        <source>Prefix-cache hits</source>
        <translation>前缀缓存命中</translation>
    </message>
    <message>
        <source>Share of each prompt already in the prefix cache: those tokens skip prefill.</source>
        <translation>每个提示词中已在前缀缓存里的比例：这些 token 跳过预填充。</translation>
    </message>
    <message>
        <source>Chunked prefill</source>
        <translation>分块预填充</translation>
    </message>
    <message>
        <source>Prompts ride in the decode steps (vLLM&apos;s default) instead of stalling them.</source>
        <translation>提示词随解码步一起计算（vLLM 默认），而不是让解码停下等待。</translation>
    </message>
    <message>
        <source>Time-to-first-token target</source>
        <translation>首 token 时间目标</translation>
    </message>
    <message>
        <source>Time-per-output-token target</source>
        <translation>每输出 token 时间目标</translation>
    </message>
    <message>
        <source>Price per device-hour</source>
        <translation>每设备小时价格</translation>
    </message>
    <message>
        <source>What one device costs per hour, in any currency; remembered for this device. Gives the cost per million output tokens.</source>
        <translation>一个设备每小时的费用（任意币种），会按设备记住；用于计算每百万输出 token 成本。</translation>
    </message>
    <message>
        <source>Power use</source>
        <translation>功耗比例</translation>
    </message>
    <message>
        <source>Average board power while serving, as a share of the device&apos;s TDP (0.7 is typical for a loaded inference node).</source>
        <translation>服务时的平均板卡功耗占设备 TDP 的比例（满载推理节点通常约 0.7）。</translation>
    </message>
    <message>
        <source>Speculative decoding</source>
        <translation>推测解码</translation>
    </message>
    <message>
        <source>A cheap drafter proposes tokens that the model checks in one pass.</source>
        <translation>由廉价的起草器提出 token，模型一次前向完成校验。</translation>
    </message>
    <message>
        <source>Draft model</source>
        <translation>草稿模型</translation>
    </message>
    <message>
        <source>The catalog model that drafts (with &quot;Draft model&quot;).</source>
        <translation>负责起草的目录模型（选择“草稿模型”时）。</translation>
    </message>
    <message>
        <source>Drafted tokens per step</source>
        <translation>每步起草 token 数</translation>
    </message>
    <message>
        <source>How many tokens the drafter proposes per step (k).</source>
        <translation>起草器每步提出的 token 数（k）。</translation>
    </message>
    <message>
        <source>Acceptance rate</source>
        <translation>接受率</translation>
    </message>
    <message>
        <source>Chance that a drafted token is accepted (α).</source>
        <translation>草稿 token 被接受的概率（α）。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>TTFT target</source>
        <translation>TTFT 目标</translation>
    </message>
    <message>
        <source>TPOT target</source>
        <translation>TPOT 目标</translation>
    </message>
    <message>
        <source>Price / device-hour</source>
        <translation>价格 / 设备小时</translation>
    </message>
    <message>
        <source>Speculative</source>
        <translation>推测解码</translation>
    </message>
    <message>
        <source>Draft tokens</source>
        <translation>起草 token 数</translation>
    </message>
    <message>
        <source>Acceptance</source>
        <translation>接受率</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Multi-token prediction</source>
        <translation>多 token 预测（MTP）</translation>
    </message>
    <message>
        <source>Servin&amp;g</source>
        <translation>服务(&amp;G)</translation>
    </message>
    <message>
        <source>%1 not changed: %2</source>
        <translation>%1 未更改：%2</translation>
    </message>
    <message>
        <source>90th-percentile target for the wait until the first token, as a time with its unit: 800 ms, 1 s, 0.5s. Empty or none: no target.</source>
        <translation>等待首 token 的第 90 百分位目标，输入带单位的时间：800 ms、1 s、0.5s。留空或“无”表示不设目标。</translation>
    </message>
    <message>
        <source>90th-percentile target for the time between tokens, as a time with its unit: 40 ms, 0.05 s. Empty or none: no target.</source>
        <translation>相邻 token 间隔的第 90 百分位目标，输入带单位的时间：40 ms、0.05 s。留空或“无”表示不设目标。</translation>
    </message>
</context>
<context>
    <name>lhe::widgets::ServingPanel</name>
    <message>
        <source>Serving figures need inference with output tokens.</source>
        <translation>服务数字需要推理模式且输出 token 数大于 0。</translation>
    </message>
    <message>
        <source>%1 output tokens/s per device</source>
        <translation>每设备 %1 输出 token/秒</translation>
    </message>
    <message>
        <source>KV pool holds %1</source>
        <translation>KV 池可容纳 %1 个</translation>
    </message>
    <message>
        <source>targets met up to %1</source>
        <translation>至多 %1 个并发时达标</translation>
    </message>
    <message>
        <source>speculative ×%1</source>
        <translation>推测解码 ×%1</translation>
    </message>
    <message>
        <source>%1 J/token</source>
        <translation>%1 焦耳/token</translation>
    </message>
    <message>
        <source>%1 per million tokens</source>
        <translation>每百万 token %1</translation>
    </message>
    <message>
        <source>Explain…</source>
        <translation>解释…</translation>
    </message>
    <message>
        <source>TTFT users see %1 (p90 %2)</source>
        <translation>用户所见 TTFT %1（p90 %2）</translation>
    </message>
    <message>
        <source>TPOT users see %1 (p90 %2)</source>
        <translation>用户所见 TPOT %1（p90 %2）</translation>
    </message>
    <message>
        <source>%1 concurrent requests on %2</source>
        <translation>%2 上 %1 个并发请求</translation>
    </message>
    <message>
        <source>simulated p99: TTFT %1, TPOT %2</source>
        <translation>模拟负载下 p99：TTFT %1，TPOT %2</translation>
    </message>
    <message>
        <source>devices needed for the targets: %1</source>
        <translation>达到目标所需设备数：%1</translation>
    </message>
    <message>
        <source>no count up to 1,024 meets the targets</source>
        <translation>最多 1,024 个设备也达不到目标</translation>
    </message>
</context>
<context>
    <name>lhe::widgets::Theme</name>
    <message>
        <source>Follow System</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
</context>
<context>
    <name>lhe::widgets::ThroughputLatencyWidget</name>
    <message>
        <source>TP %1 · PP %2 · DP %3</source>
        <translation>TP %1 · PP %2 · DP %3</translation>
    </message>
    <message>
        <source>tensor %1 × pipeline %2 × data %3</source>
        <translation>张量 %1 × 流水线 %2 × 数据 %3</translation>
    </message>
    <message>
        <source>%1 · EP %2</source>
        <translation>%1 · EP %2</translation>
    </message>
    <message>
        <source>%1 × expert %2</source>
        <translation>%1 × 专家 %2</translation>
    </message>
    <message>
        <source>Throughput-latency curve</source>
        <translation>吞吐–延迟曲线</translation>
    </message>
    <message>
        <source>Output tokens/s per user</source>
        <translation>每用户输出 token/秒</translation>
    </message>
    <message>
        <source>Output tokens/s per device</source>
        <translation>每设备输出 token/秒</translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <source>Misses latency targets</source>
        <translation>未达延迟目标</translation>
    </message>
    <message>
        <source>Current scenario</source>
        <translation>当前场景</translation>
    </message>
    <message>
        <source>Serving needs inference with output tokens</source>
        <translation>服务需要推理模式且输出 token 数大于 0</translation>
    </message>
    <message>
        <source>Throughput-latency curve: %1 operating points in %2 splits, %3 on the Pareto front.</source>
        <translation>吞吐–延迟曲线：%2 种切分下共 %1 个工作点，其中 %3 个在帕累托前沿上。</translation>
    </message>
    <message>
        <source>%1 of %2 points meet the latency targets.</source>
        <translation>%2 个点中有 %1 个达到延迟目标。</translation>
    </message>
    <message>
        <source>Concurrency 1, 2, 4 … (%1)</source>
        <translation>并发 1、2、4……（%1）</translation>
    </message>
    <message>
        <source>Current: concurrency %1</source>
        <translation>当前：并发 %1</translation>
    </message>
    <message>
        <source>%1 tokens/s per user · %2 per device</source>
        <translation>每用户 %1 token/秒 · 每设备 %2</translation>
    </message>
    <message>
        <source>Current</source>
        <translation>当前</translation>
    </message>
    <message>
        <source>meets TPOT target (%1: ≥ %2 tokens/s per user)</source>
        <translation>达到 TPOT 目标（%1：每用户 ≥ %2 token/秒）</translation>
    </message>
    <message>
        <source>meets TPOT target</source>
        <translation>达到 TPOT 目标</translation>
    </message>
    <message>
        <source>%1 →</source>
        <translation>%1 →</translation>
    </message>
    <message>
        <source>Concurrency %1</source>
        <translation>并发 %1</translation>
    </message>
    <message>
        <source>(%1 running, %2 queued)</source>
        <translation>（%1 个运行，%2 个排队）</translation>
    </message>
    <message>
        <source>Split: %1</source>
        <translation>切分：%1</translation>
    </message>
    <message>
        <source>%1 output tokens/s per user</source>
        <translation>每用户 %1 输出 token/秒</translation>
    </message>
    <message>
        <source>%1 output tokens/s per device</source>
        <translation>每设备 %1 输出 token/秒</translation>
    </message>
    <message>
        <source>Meets the latency targets (p90)</source>
        <translation>达到延迟目标（p90）</translation>
    </message>
    <message>
        <source>Misses the latency targets (p90)</source>
        <translation>未达延迟目标（p90）</translation>
    </message>
    <message>
        <source>On the Pareto front</source>
        <translation>在帕累托前沿上</translation>
    </message>
    <message>
        <source>The scenario&apos;s own concurrency and split</source>
        <translation>场景自身的并发和切分</translation>
    </message>
    <message>
        <source>Click to use this concurrency and split</source>
        <translation>点击以采用此并发和切分</translation>
    </message>
    <message>
        <source>Tokens/s per user</source>
        <translation>每用户 token/s</translation>
    </message>
    <message>
        <source>Tokens/s per device</source>
        <translation>每设备 token/s</translation>
    </message>
    <message>
        <source>%1 · EP %2 shared</source>
        <translation>%1 · EP %2 共用</translation>
    </message>
    <message>
        <source>%1, experts over %2 of them</source>
        <translation>%1，专家分布在其中 %2 个设备上</translation>
    </message>
    <message>
        <source>TTFT users see %1 (p90 %2)</source>
        <translation>用户所见 TTFT %1（p90 %2）</translation>
    </message>
    <message>
        <source>TPOT users see %1 (p90 %2)</source>
        <translation>用户所见 TPOT %1（p90 %2）</translation>
    </message>
</context>
<context>
    <name>lhe::widgets::WarningStrip</name>
    <message>
        <source>⚠ Warning: %1</source>
        <translation>⚠ 警告：%1</translation>
    </message>
    <message numerus="yes">
        <source>⚠ %n warnings</source>
        <translation>
            <numerusform>⚠ %n 条警告</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>⚠ %n warnings: %1</source>
        <translation>
            <numerusform>⚠ %n 条警告：%1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warnings</source>
        <translation>
            <numerusform>%n 条警告</numerusform>
        </translation>
    </message>
    <message>
        <source>Show fewer</source>
        <translation>收起</translation>
    </message>
    <message numerus="yes">
        <source>Show all %n</source>
        <translation>
            <numerusform>全部显示（%n）</numerusform>
        </translation>
    </message>
    <message>
        <source>Show only the first warning</source>
        <translation>只显示第一条警告</translation>
    </message>
    <message>
        <source>List every warning</source>
        <translation>列出所有警告</translation>
    </message>
    <message>
        <source>One warning</source>
        <translation>一条警告</translation>
    </message>
    <message>
        <source>✓ No warnings</source>
        <translation>✓ 无警告</translation>
    </message>
    <message>
        <source>No warnings</source>
        <translation>无警告</translation>
    </message>
    <message>
        <source>The estimate raised no warning for this scenario.</source>
        <translation>估算未对此场景发出任何警告。</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>LLM Hardware Explorer</source>
        <translation>LLM Hardware Explorer</translation>
    </message>
    <message>
        <source>Scenario JSON file to open.</source>
        <translation>要打开的场景 JSON 文件。</translation>
    </message>
    <message>
        <source>Extra catalog JSON file (repeatable).</source>
        <translation>额外的目录 JSON 文件（可重复指定）。</translation>
    </message>
    <message>
        <source>Hugging Face config.json to use as the model.</source>
        <translation>用作模型的 Hugging Face config.json。</translation>
    </message>
    <message>
        <source>Render the dashboard to FILE (.png, .svg or .pdf) without showing a window.</source>
        <translation>不显示窗口，将仪表板渲染到 FILE（.png、.svg 或 .pdf）。</translation>
    </message>
    <message>
        <source>Show the window, print how long after process start it first painted, and quit (bench/startup.sh).</source>
        <translation>显示窗口，输出从进程启动到首次绘制所用的时间，然后退出（bench/startup.sh）。</translation>
    </message>
    <message>
        <source>Start in presentation mode (larger text and chart lines, controls folded away), in the window and in --export-dashboard.</source>
        <translation>以演示模式启动（放大文字和图表线条，收起控制面板），对窗口和 --export-dashboard 均有效。</translation>
    </message>
    <message>
        <source>Start on the default scenario instead of the last session&apos;s.</source>
        <translation>以默认场景启动，而不是恢复上次会话的场景。</translation>
    </message>
    <message>
        <source>A scenario JSON file, or a Hugging Face config.json, to open.</source>
        <translation>要打开的场景 JSON 文件或 Hugging Face config.json。</translation>
    </message>
    <message>
        <source>%1 and --%2 both give the %3: give one</source>
        <translation>%1 和 --%2 都指定了%3：只能指定一个</translation>
    </message>
    <message>
        <source>scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>--size: expected WxH such as 1280x800</source>
        <translation>--size：应为 WxH 格式，例如 1280x800</translation>
    </message>
    <message>
        <source>--scale: expected a number from 0.25 to 8</source>
        <translation>--scale：应为 0.25 到 8 之间的数字</translation>
    </message>
    <message>
        <source>User interface language for this run: en, zh_CN or system (default: as chosen in View → Language).</source>
        <translation>本次运行的界面语言：en、zh_CN 或 system（默认：按“视图 → 语言”中的选择）。</translation>
    </message>
    <message>
        <source>--language: expected en, zh_CN or system, got &quot;%1&quot;</source>
        <translation>--language：应为 en、zh_CN 或 system，实际为“%1”</translation>
    </message>
    <message>
        <source>What hardware does this LLM need, and what limits it?

Opens the explorer window on FILE (a scenario, or a Hugging Face config.json to use as the model), else where the last session left off, else on the built-in default scenario. With --export-dashboard it renders a scenario&apos;s dashboard to an image instead, with no window.

Examples:
  llm-hw-explorer scenario.json
  llm-hw-explorer ~/models/Qwen3-8B/config.json
  llm-hw-explorer --scenario s.json --export-dashboard s.png --size 1600x1000 --scale 2
  llm-hw-explorer --compare a.json --scenario b.json --export-dashboard ab.png

Files:
  ~/.config/llm-hw-explorer/llm-hw-explorer.conf   preferences and last session
  ~/.local/share/llm-hw-explorer/catalogs/         your devices and models (JSON)

Exit status: 0 on success, 1 when no display is available, 2 for a bad argument or input file (headless runs only; the window reports bad files in its Messages panel).</source>
        <translation>这个 LLM 需要什么硬件？受什么限制？

打开探索器窗口并载入 FILE（场景文件，或用作模型的 Hugging Face config.json）；未指定时恢复上次会话的状态，若无则使用内置默认场景。指定 --export-dashboard 时不显示窗口，而是将场景的仪表板渲染为图像。

示例：
  llm-hw-explorer scenario.json
  llm-hw-explorer ~/models/Qwen3-8B/config.json
  llm-hw-explorer --scenario s.json --export-dashboard s.png --size 1600x1000 --scale 2
  llm-hw-explorer --compare a.json --scenario b.json --export-dashboard ab.png

文件：
  ~/.config/llm-hw-explorer/llm-hw-explorer.conf   首选项和上次会话
  ~/.local/share/llm-hw-explorer/catalogs/         您的设备和模型（JSON）

退出状态：成功为 0；没有可用的显示器时为 1；参数或输入文件有误时为 2（仅限无窗口运行；窗口模式会在消息面板中报告有误的文件）。</translation>
    </message>
    <message>
        <source>Pin the scenario FILE as A and show Compare A/B; the scenario opened (FILE, --scenario or the default) is B. With --export-dashboard, renders the comparison.</source>
        <translation>将场景文件 FILE 固定为 A 并显示 A/B 对比；打开的场景（FILE、--scenario 或默认场景）为 B。与 --export-dashboard 一起使用时渲染对比图。</translation>
    </message>
    <message>
        <source>Write the report the window shows to FILE (.json, or .csv) without showing a window; with --export-dashboard, both.</source>
        <translation>不显示窗口，将窗口显示的报告写入 FILE（.json 或 .csv）；与 --export-dashboard 同用时两者都写。</translation>
    </message>
    <message>
        <source>--size %1 at --scale %2 needs %3 GiB of pixels (width x height x scale² x 4 bytes); the budget is %4 GiB</source>
        <translation>--size %1 在 --scale %2 下需要 %3 GiB 像素内存（宽 x 高 x 缩放² x 4 字节）；上限为 %4 GiB</translation>
    </message>
    <message>
        <source>Chart beside the memory bars: roofline, design-space (the batch x sequence-length map), serving (throughput-latency) or devices (the ranking), in the window and in --export-dashboard.</source>
        <translation>显存条旁显示的图表：roofline（屋顶线图）、design-space（批大小 x 序列长度的设计空间图）、serving（吞吐-延迟曲线）或 devices（设备排名），适用于窗口和 --export-dashboard。</translation>
    </message>
    <message>
        <source>--tab: expected roofline, design-space, serving or devices, got &quot;%1&quot;</source>
        <translation>--tab：应为 roofline、design-space、serving 或 devices，实际为“%1”</translation>
    </message>
    <message>
        <source>--size %1 is below the smallest dashboard, %2x%3</source>
        <translation>--size %1 小于仪表板的最小尺寸 %2x%3</translation>
    </message>
    <message>
        <source>Dashboard size for --export-dashboard (the window&apos;s size for --benchmark-ui), at least 800x600.</source>
        <translation>--export-dashboard 的仪表板尺寸（--benchmark-ui 时为窗口尺寸），至少 800x600。</translation>
    </message>
    <message>
        <source>Drag every slider through 200 positions with each chart tab shown and print the latency from control change to repainted window (p50, p99, worst).</source>
        <translation>在每个图表标签页下将每个滑块拖过 200 个位置，输出从控件变化到窗口重绘完成的延迟（p50、p99、最差值）。</translation>
    </message>
    <message>
        <source>Model to use from its own files: a .gguf file, a .safetensors file or a checkpoint folder (only headers are read).</source>
        <translation>从模型自身文件读取模型：.gguf 文件、.safetensors 文件或检查点文件夹（只读取文件头）。</translation>
    </message>
    <message>
        <source>--model-config and --model-file both give the model: give one</source>
        <translation>--model-config 和 --model-file 都指定了模型：只能给一个</translation>
    </message>
    <message>
        <source>cannot connect to the X display &quot;%1&quot; (DISPLAY): no X server accepts connections there.
Run it in a desktop session, under xvfb-run, or render headless with
  llm-hw-explorer --export-dashboard out.png</source>
        <translation>无法连接到 X 显示 “%1”（DISPLAY）：那里没有接受连接的 X 服务器。
请在桌面会话中或在 xvfb-run 下运行，或以无界面方式渲染：
  llm-hw-explorer --export-dashboard out.png</translation>
    </message>
    <message>
        <source>Pixel scale for PNG export, from 0.25 to 8 (the dashboard is laid out at --size, then drawn at this scale).</source>
        <translation>PNG 导出的像素缩放，0.25 到 8（仪表板按 --size 布局，再按此比例绘制）。</translation>
    </message>
    <message>
        <source>%1: the file name is not valid UTF-8, the only file names this program can open or write: rename the file</source>
        <translation>%1：文件名不是有效的 UTF-8，本程序只能打开或写入 UTF-8 文件名：请重命名该文件</translation>
    </message>
    <message>
        <source>--size %1 is laid out at %2 GiB of pixels before it is scaled (width x height x 4 bytes); the budget is %3 GiB</source>
        <translation>--size %1 在缩放前按 %2 GiB 像素布局（宽 x 高 x 4 字节）；上限为 %3 GiB</translation>
    </message>
</context>
</TS>
