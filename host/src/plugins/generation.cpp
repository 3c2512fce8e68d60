#include "plugins/generation.hpp"

#include "plugins/tool_decl.hpp"

namespace acdc::plugins {

Generation::Generation(LoadedImage image, uint32_t number, HostContext& host)
    : image_(std::move(image)), desc_(image_.desc), number_(number), host_(host), handle_{this},
      id_(desc_->id), version_(desc_->version) {
  for (uint32_t i = 0; i < desc_->dependency_count; ++i)
    dependencies_.emplace_back(desc_->dependencies[i]);
  for (uint32_t c = 0; c < desc_->class_count; ++c) {
    // Walked by the plugin's struct sizes: a plugin built against a later
    // 1.x header has larger descriptors (plugin_api.h, versioning policy).
    const acdc_class_desc& cls = *ACDC_AT(acdc_class_desc, desc_->classes, c);
    class_names_.emplace_back(cls.name);
    for (uint32_t m = 0; m < cls.method_count; ++m) {
      const acdc_method_desc& md = *ACDC_AT(acdc_method_desc, cls.methods, m);
      // Checked at load (validate_descriptor): a declaration here is sound.
      ToolDecl tool = read_tool_decl(ACDC_HAS(acdc_method_desc, &md, tool) ? md.tool : nullptr);
      methods_.push_back(MethodEntry{std::string(cls.name) + "." + md.name, md.invoke, md.method_data, md.flags,
                                     std::move(tool.name), std::move(tool.json)});
    }
  }
  for (size_t i = 0; i < methods_.size(); ++i) index_.emplace(methods_[i].qualified, i);
}

Generation::~Generation() = default;

const MethodEntry* Generation::find(std::string_view qualified) const {
  auto it = index_.find(qualified);
  return it == index_.end() ? nullptr : &methods_[it->second];
}

Status Generation::activate(const std::string& config_json, const std::string& prior_state,
                            const std::string& prior_version) {
  std::string error;
  auto sink = [](void* user, acdc_str bytes) {
    static_cast<std::string*>(user)->assign(bytes.ptr ? bytes.ptr : "", bytes.len);
  };
  void* state = nullptr;
  acdc_status status = desc_->activate(
      &handle_, acdc_str{config_json.data(), config_json.size()},
      acdc_str{prior_state.data(), prior_state.size()},
      acdc_str{prior_version.data(), prior_version.size()}, &state, sink, &error);
  if (status != ACDC_OK) {
    if (error.empty()) error = "activate returned status " + std::to_string(status);
    // A status from outside the vocabulary (a later ABI, a bug) is INTERNAL.
    if (status > ACDC_E_INVALID_PARAMS || status < ACDC_E_APPLICATION) status = ACDC_E_INTERNAL;
    return Status(status, error);
  }
  state_ = state;
  state_set_ = true;
  return {};
}

void Generation::deactivate() {
  if (!state_set_) return;
  state_set_ = false;
  if (desc_->deactivate) desc_->deactivate(state_);
  state_ = nullptr;
}

void Generation::set_runtime_tools(std::vector<std::pair<std::string, std::string>> name_and_json) {
  std::lock_guard lock(tools_mu_);
  runtime_tools_ = std::move(name_and_json);
}

std::vector<std::pair<std::string, std::string>> Generation::runtime_tools() const {
  std::lock_guard lock(tools_mu_);
  return runtime_tools_;
}

}  // namespace acdc::plugins
