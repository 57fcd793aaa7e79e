// Fixture: a registry table declared in a header and defined in a source file (ops-math idiom).
#pragma once
#include <map>
#include <vector>

using ProcessFn = aclnnStatus (*)(const aclTensor* weight, aclOpExecutor* executor);
extern const std::map<int64_t, std::vector<ProcessFn>> QUANT_PROCESS_REGISTRY;
aclnnStatus RunProcesses(const std::vector<ProcessFn>& processes, const aclTensor* weight, aclOpExecutor* executor);
