// edit/file_access.hpp -- how the edit applier reads and writes files.
//
// The plugin implements it with Repo.* calls through the host (RepoFiles);
// the unit tests with a map. Every member may block; errors are thrown as
// FileAccessError whose text is the repository's own message, because the
// applier classifies read failures by it (§4.3 step 3).
//
//   std::optional<std::string> text = files.read("src/a.py");  // nullopt: no such file
#pragma once

#include <acdc/plugin_api.h>

#include <optional>
#include <stdexcept>
#include <string>

namespace acdc::llm {

class FileAccessError : public std::runtime_error {
 public:
  explicit FileAccessError(const std::string& message, acdc_status status = ACDC_E_APPLICATION)
      : std::runtime_error(message), status_(status) {}
  // The repository's status for the failure (ACDC_E_NOT_FOUND: no such file).
  acdc_status status() const { return status_; }

 private:
  acdc_status status_;
};

class FileAccess {
 public:
  virtual ~FileAccess() = default;
  virtual bool exists(const std::string& path) = 0;
  // The file's text; throws FileAccessError (missing, binary, refused path).
  virtual std::string read(const std::string& path) = 0;
  virtual void write(const std::string& path, const std::string& content) = 0;
  virtual void create(const std::string& path, const std::string& content) = 0;
};

}  // namespace acdc::llm
