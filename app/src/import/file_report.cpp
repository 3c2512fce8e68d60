// import/file_report.cpp -- see file_report.hpp.
#include "import/file_report.hpp"

namespace acdc::app::importer {
namespace {

void section(std::ostream& out, const char* name, const std::vector<std::string>& lines) {
  if (lines.empty()) return;
  out << "  " << name << ":\n";
  for (const auto& l : lines) out << "    " << l << '\n';
}

}  // namespace

void FileReport::print(std::ostream& out) const {
  out << title << '\n';
  section(out, "mapped", mapped);
  section(out, "not mapped", not_mapped);
  section(out, "skipped", skipped);
  section(out, "written", written);
  section(out, "next", next);
}

}  // namespace acdc::app::importer
