// import/file_report.hpp -- what `acdc import-acdc` says about one source
// file: what it mapped, what it could not (and why), what it skipped, and
// what the user must do next.
//
//   FileReport r{"llm.json -> llm.yaml"};
//   r.mapped.push_back("model: bedrock/x -> provider bedrock, model x");
//   r.print(std::cout);
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace acdc::app::importer {

struct FileReport {
  std::string title;
  std::vector<std::string> mapped;
  std::vector<std::string> not_mapped;  // "what: why"
  std::vector<std::string> skipped;     // lines that could not be read, files not written
  std::vector<std::string> written;     // where the result went, or why it did not
  std::vector<std::string> next;        // what the user must do

  void print(std::ostream& out) const;
};

}  // namespace acdc::app::importer
