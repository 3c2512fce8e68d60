// service/symbol_service.cpp -- see symbol_service.hpp.
#include "service/symbol_service.hpp"

#include "service/forward.hpp"

namespace acdc::llm {

void SymbolService::start() {
  host_.call("SymbolIndex.get_excluded_files", "[]", [this](acdc::Result r) {
    std::vector<std::string> files;
    if (!r.ok()) return;  // no symbol-index plugin: nothing is excluded
    try {
      acdc::from_json(r.json(), files);
    } catch (const std::exception&) {
      return;
    }
    set_excluded(std::move(files));
  });
}

void SymbolService::get_file_map_block(acdc::Call call, std::string path) {
  host_.call("SymbolIndex.get_file_block", acdc::json_array(path), [call](acdc::Result r) mutable {
    if (!r.ok()) return call.fail(r.status, r.payload);
    acdc::Json block = r.json();
    if (!block.IsObject() || !block.HasMember("content")) return call.fail(ACDC_E_INTERNAL, "SymbolIndex.get_file_block answered no content");
    block.AddMember("mode", "code", block.GetAllocator());
    call.ok(static_cast<const acdc::JsonValue&>(block));
  }, call.handle());
}

void SymbolService::set_excluded_files(acdc::Call call, std::vector<std::string> files) {
  host_.call("SymbolIndex.set_excluded_files", acdc::json_array(files), [this, call](acdc::Result r) mutable {
    if (!r.ok()) return call.fail(r.status, r.payload);
    std::vector<std::string> now;
    try {
      acdc::from_json(r.json(), now);
    } catch (const std::exception& e) {
      return call.fail(ACDC_E_INTERNAL, std::string("SymbolIndex.set_excluded_files answered: ") + e.what());
    }
    set_excluded(now);
    call.ok(now);
  }, call.handle());
}

void SymbolService::get_excluded_files(acdc::Call call) { forward(host_, call, "SymbolIndex.get_excluded_files", "[]"); }

void SymbolService::rebuild(acdc::Call call) { forward(host_, call, "SymbolIndex.rebuild", "[]"); }

void SymbolService::hover(acdc::Call call, std::string path, int line, int col) {
  forward(host_, call, "SymbolIndex.hover", acdc::json_array(path, line, col));
}

void SymbolService::definition(acdc::Call call, std::string path, int line, int col) {
  forward(host_, call, "SymbolIndex.definition", acdc::json_array(path, line, col));
}

void SymbolService::references(acdc::Call call, std::string path, int line, int col) {
  forward(host_, call, "SymbolIndex.references", acdc::json_array(path, line, col));
}

void SymbolService::completions(acdc::Call call, std::string path, int line, int col,
                                std::optional<std::string> prefix) {
  forward(host_, call, "SymbolIndex.completions", acdc::json_array(path, line, col, prefix.value_or("")));
}

std::vector<std::string> SymbolService::excluded_files() const {
  std::lock_guard lock(mu_);
  return excluded_;
}

void SymbolService::set_excluded(std::vector<std::string> files) {
  std::lock_guard lock(mu_);
  excluded_ = std::move(files);
}

}  // namespace acdc::llm
