// The instruction cost table of the predicted timeline (timeline.h), read from CPU_MODEL_COST_TABLE=<toml>: the
// cited Atlas A2 figures of ops/common/cpu_model/cost_a2.toml. A small TOML subset is parsed here (tables, arrays of
// tables, `key = "string"`, numbers, booleans, comments); the Python side reads the same file with tomllib.
#ifndef CPU_MODEL_COST_TABLE_H
#define CPU_MODEL_COST_TABLE_H

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "cpu_model/config.h"

namespace cpu_model {

// One vector instruction kind: elements per `cycles` cycles (the docs' element/cycle, e.g. 128/7), how many
// instructions the API issues, and whether it waits for its own result on the scalar unit (V -> S -> V).
struct VectorCost {
    double elements = 0;
    double cycles = 1;
    double instructions = 1;
    bool scalarRoundTrip = false;
    uint64_t elementBytes = 0;  // the element a repeat is counted in, when not the widest the dtype names
};

class CostTable {
public:
    double clockHz = 0;
    std::map<std::string, double> cycles;           // [[cost]] name -> cycles
    std::map<std::string, double> bytesPerCycle;    // [[bandwidth]] pipe -> bytes per cycle
    std::map<std::string, VectorCost> vector;       // "api.dtype" -> cost
    double fallbackCyclesPerRepeat = 1;             // [vector_fallback]

    // The table CPU_MODEL_COST_TABLE names, or nullptr (no prediction). Loaded once per process.
    static const CostTable* Current()
    {
        static std::once_flag once;
        static std::unique_ptr<CostTable> table;
        std::call_once(once, [] {
            const char* path = std::getenv("CPU_MODEL_COST_TABLE");
            if (path != nullptr && *path != '\0') table = Load(path);
        });
        return table.get();
    }

    double Cycles(const std::string& name) const
    {
        auto it = cycles.find(name);
        if (it == cycles.end()) throw ConstraintError("cpu_model: cost table: no [[cost]] row named '" + name + "'");
        return it->second;
    }

    double Bandwidth(const std::string& pipe) const
    {
        auto it = bytesPerCycle.find(pipe);
        if (it == bytesPerCycle.end()) {
            throw ConstraintError("cpu_model: cost table: no [[bandwidth]] row for pipe '" + pipe + "'");
        }
        return it->second;
    }

    static std::unique_ptr<CostTable> Load(const std::string& path)
    {
        std::FILE* file = std::fopen(path.c_str(), "r");
        if (file == nullptr) throw ConstraintError("cpu_model: CPU_MODEL_COST_TABLE: cannot open " + path);
        std::vector<Record> records;
        char buffer[4096];
        int number = 0;
        while (std::fgets(buffer, sizeof(buffer), file) != nullptr) {
            ++number;
            ParseLine(path, number, buffer, records);
        }
        std::fclose(file);
        auto table = std::make_unique<CostTable>();
        for (const auto& record : records) table->Take(path, record);
        if (table->clockHz <= 0) throw ConstraintError("cpu_model: " + path + ": no [clock] cycles_per_second");
        return table;
    }

private:
    struct Record {
        std::string section;
        int line = 0;
        std::map<std::string, std::string> values;  // strings unquoted
    };

    static std::string Trim(const std::string& text)
    {
        const size_t begin = text.find_first_not_of(" \t\r\n");
        if (begin == std::string::npos) return "";
        return text.substr(begin, text.find_last_not_of(" \t\r\n") - begin + 1);
    }

    static void ParseLine(const std::string& path, int number, const std::string& raw, std::vector<Record>& records)
    {
        std::string line;
        bool quoted = false;
        for (char c : raw) {  // drop a comment outside a string
            if (c == '"') quoted = !quoted;
            if (c == '#' && !quoted) break;
            line += c;
        }
        line = Trim(line);
        if (line.empty()) return;
        const std::string where = path + ":" + std::to_string(number);
        if (line.front() == '[') {
            const bool array = line.rfind("[[", 0) == 0;
            const size_t close = line.find(array ? "]]" : "]");
            if (close == std::string::npos) throw ConstraintError("cpu_model: " + where + ": bad table header");
            records.push_back(Record{Trim(line.substr(array ? 2 : 1, close - (array ? 2 : 1))), number, {}});
            return;
        }
        const size_t equals = line.find('=');
        if (equals == std::string::npos || records.empty()) {
            throw ConstraintError("cpu_model: " + where + ": expected key = value inside a table");
        }
        std::string value = Trim(line.substr(equals + 1));
        if (value.size() >= 2 && value.front() == '"' && value.back() == '"') value = value.substr(1, value.size() - 2);
        records.back().values[Trim(line.substr(0, equals))] = value;
    }

    static double Number(const Record& record, const std::string& key, const std::string& path, double fallback,
                         bool required)
    {
        auto it = record.values.find(key);
        if (it == record.values.end()) {
            if (required) {
                throw ConstraintError("cpu_model: " + path + ":" + std::to_string(record.line) + ": [" +
                                      record.section + "] needs " + key);
            }
            return fallback;
        }
        char* end = nullptr;
        const double value = std::strtod(it->second.c_str(), &end);
        if (end == it->second.c_str() || *end != '\0') {
            throw ConstraintError("cpu_model: " + path + ":" + std::to_string(record.line) + ": " + key +
                                  " is not a number: " + it->second);
        }
        return value;
    }

    static std::string Text(const Record& record, const std::string& key, const std::string& path)
    {
        auto it = record.values.find(key);
        if (it == record.values.end()) {
            throw ConstraintError("cpu_model: " + path + ":" + std::to_string(record.line) + ": [" + record.section +
                                  "] needs " + key);
        }
        return it->second;
    }

    void Take(const std::string& path, const Record& record)
    {
        if (record.values.count("source") == 0) {
            throw ConstraintError("cpu_model: " + path + ":" + std::to_string(record.line) + ": [" + record.section +
                                  "] has no source (every figure cites where it comes from)");
        }
        if (record.section == "clock") {
            clockHz = Number(record, "cycles_per_second", path, 0, true);
        } else if (record.section == "cost") {
            cycles[Text(record, "name", path)] = Number(record, "cycles", path, 0, true);
        } else if (record.section == "bandwidth") {
            bytesPerCycle[Text(record, "pipe", path)] = Number(record, "bytes_per_cycle", path, 0, true);
        } else if (record.section == "vector_fallback") {
            fallbackCyclesPerRepeat = Number(record, "cycles_per_repeat", path, 1, true);
        } else if (record.section == "vector") {
            VectorCost cost;
            cost.elements = Number(record, "elements", path, 0, true);
            cost.cycles = Number(record, "cycles", path, 1, false);
            cost.instructions = Number(record, "instructions", path, 1, false);
            auto trip = record.values.find("scalar_round_trip");
            cost.scalarRoundTrip = trip != record.values.end() && trip->second == "true";
            cost.elementBytes = static_cast<uint64_t>(Number(record, "element_bytes", path, 0, false));
            vector[Text(record, "api", path) + "." + Text(record, "dtype", path)] = cost;
        }
    }
};

}  // namespace cpu_model

#endif  // CPU_MODEL_COST_TABLE_H
