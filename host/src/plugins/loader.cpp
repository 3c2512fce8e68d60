#include "plugins/loader.hpp"

#include "plugins/tool_decl.hpp"

#include <cstddef>
#include <set>
#include <system_error>

namespace acdc::plugins {
namespace {

namespace fs = std::filesystem;

const char* const kReservedClasses[] = {"system", "Host"};

std::string abi_text(uint32_t major, uint32_t minor) {
  return std::to_string(major) + "." + std::to_string(minor);
}

LoadResult negotiate(const std::string& id, acdc_entry_fn entry, const acdc_host_api* host,
                     LoadedImage image) {
  char reason[512] = {0};
  acdc_entry_args args{sizeof(acdc_entry_args), ACDC_ABI_MAJOR, ACDC_ABI_MINOR, host, reason,
                       sizeof(reason)};
  const acdc_plugin_desc* desc = entry(&args);
  if (!desc) {
    reason[sizeof(reason) - 1] = '\0';
    std::string why = reason[0] ? reason : "its entry point refused this host without a reason";
    // A plugin refuses a host it was not built for: the same as a wrong ABI.
    return {std::nullopt, Status(ACDC_E_UNAVAILABLE, "plugin '" + id + "' refused to load: " + why)};
  }
  if (Status problem = validate_descriptor(id, desc); !problem.ok()) return {std::nullopt, problem};
  image.desc = desc;
  return {std::move(image), {}};
}

bool valid_name(const char* s) { return s && *s; }

}  // namespace

LoadedImage::~LoadedImage() {
  // Close the library before removing its file: the mapping keeps working
  // without the file, but a debugger looking for it would not.
  library.reset();
  if (!copy.empty()) {
    std::error_code ec;
    fs::remove(copy, ec);
  }
}

Status validate_descriptor(const std::string& id, const acdc_plugin_desc* d) {
  const std::string who = "plugin '" + id + "'";
  // Built for another ABI: this host cannot use it until it is rebuilt.
  auto wrong_abi = [&](const std::string& what) { return Status(ACDC_E_UNAVAILABLE, who + what); };
  // Built for this ABI but declares something the host cannot rely on.
  auto malformed = [&](const std::string& what) {
    return Status(ACDC_E_FAILED_PRECONDITION, who + what);
  };
  if (d->struct_size < offsetof(acdc_plugin_desc, on_event) + sizeof(d->on_event))
    return wrong_abi(" has a descriptor of " + std::to_string(d->struct_size) +
                     " bytes, too small for ABI 1.0: rebuild it against this host's SDK");
  if (d->abi_major != ACDC_ABI_MAJOR)
    return wrong_abi(" was built for ABI " + abi_text(d->abi_major, d->abi_minor) +
                     ", this host speaks ABI " + abi_text(ACDC_ABI_MAJOR, ACDC_ABI_MINOR) +
                     ": rebuild it against this host's SDK");
  if (!valid_name(d->id) || id != d->id)
    return malformed(" declares the id '" + std::string(d->id ? d->id : "") +
                     "': the file name and the id must agree");
  if (!valid_name(d->version)) return malformed(" declares no version");
  if (!d->activate) return malformed(" has no activate hook");
  if (d->class_count && !d->classes) return malformed(" declares classes but gives none");
  if (d->dependency_count && !d->dependencies) return malformed(" declares dependencies but gives none");
  if (d->class_count && d->classes->struct_size < sizeof(acdc_class_desc))
    return wrong_abi(" has class descriptors of " + std::to_string(d->classes->struct_size) +
                     " bytes, too small for ABI 1.0: rebuild it against this host's SDK");
  std::set<std::string> seen;
  for (uint32_t c = 0; c < d->class_count; ++c) {
    const acdc_class_desc& cls = *ACDC_AT(acdc_class_desc, d->classes, c);
    if (!valid_name(cls.name)) return malformed(" has a class without a name");
    for (const char* reserved : kReservedClasses)
      if (std::string(cls.name) == reserved)
        return malformed(" uses the reserved class name '" + std::string(reserved) + "': rename the class");
    const std::string in_class = ": class " + std::string(cls.name);
    if (cls.method_count && !cls.methods) return malformed(in_class + " has no methods");
    // 1.2 appended `tool`: a 1.0 or 1.1 element ends where it begins.
    if (cls.method_count && cls.methods->struct_size < offsetof(acdc_method_desc, tool))
      return wrong_abi(in_class + " has method descriptors too small for ABI 1.0: rebuild it");
    for (uint32_t m = 0; m < cls.method_count; ++m) {
      const acdc_method_desc& md = *ACDC_AT(acdc_method_desc, cls.methods, m);
      if (!valid_name(md.name) || !md.invoke)
        return malformed(in_class + " has a method without a name or invoke function");
      std::string qualified = std::string(cls.name) + "." + md.name;
      if (!seen.insert(qualified).second) return malformed(" declares " + qualified + " twice");
      if (ACDC_HAS(acdc_method_desc, &md, tool))
        if (ToolDecl tool = read_tool_decl(md.tool); !tool.problem.empty())
          return malformed(": " + qualified + ": " + tool.problem);
    }
  }
  return {};
}

LoadResult load_shared(const std::string& id, const fs::path& file, const fs::path& runtime_dir,
                       uint32_t generation, const acdc_host_api* host) {
  auto fail = [&](acdc_status code, const std::string& why) {
    return LoadResult{std::nullopt, Status(code, "plugin '" + id + "': " + why)};
  };
  std::error_code ec;
  if (!fs::is_regular_file(file, ec))
    return fail(ACDC_E_NOT_FOUND,
                file.string() + " does not exist: build it, or fix the plugin's path in the config");
  LoadedImage image;
  image.copy = runtime_dir / (id + "-" + std::to_string(generation) + ".acdc.so");
  fs::copy_file(file, image.copy, fs::copy_options::overwrite_existing, ec);
  if (ec)
    return fail(ACDC_E_UNAVAILABLE,
                "cannot copy " + file.string() + " to " + image.copy.string() + ": " + ec.message());
  boost::dll::shared_library lib;
  boost::dll::fs::error_code load_ec;
  lib.load(image.copy, load_ec,
           boost::dll::load_mode::rtld_now | boost::dll::load_mode::rtld_local);
  if (load_ec)
    return fail(ACDC_E_UNAVAILABLE, "cannot load " + file.string() + ": " + load_ec.message() +
                                        " (is it a complete build for this machine?)");
  if (!lib.has(ACDC_ENTRY_SYMBOL))
    return fail(ACDC_E_UNAVAILABLE,
                file.string() + " is not an acdc plugin: it does not export " ACDC_ENTRY_SYMBOL);
  auto entry = lib.get<const acdc_plugin_desc*(const acdc_entry_args*)>(ACDC_ENTRY_SYMBOL);
  image.library = std::move(lib);
  return negotiate(id, entry, host, std::move(image));
}

LoadResult load_linked(const std::string& id, acdc_entry_fn entry, const acdc_host_api* host) {
  return negotiate(id, entry, host, LoadedImage{});
}

}  // namespace acdc::plugins
