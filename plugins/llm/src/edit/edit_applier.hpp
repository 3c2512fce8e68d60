// edit/edit_applier.hpp -- applies parsed edit blocks to files, in order,
// exactly as acdc-features.md §4.3 "Apply pipeline" says: creates first,
// then the context check, then a unique raw-substring anchor.
//
//   EditApplier applier(files);                       // a FileAccess
//   ApplyOutcome out = applier.apply(blocks, {"src/a.py"});
//   // out.results[0].status == "applied", out.files_modified == {"src/a.py"}
//
// Each block sees the effect of the blocks before it. Nothing is rolled back.
#pragma once

#include "edit/edit_block.hpp"
#include "edit/file_access.hpp"

#include <set>
#include <string>
#include <vector>

namespace acdc::llm {

class EditApplier {
 public:
  explicit EditApplier(FileAccess& files) : files_(files) {}

  // `in_context`: the selected files. dry_run validates without writing.
  ApplyOutcome apply(const std::vector<EditBlock>& blocks, const std::set<std::string>& in_context,
                     bool dry_run = false);

  // Previews are cut at 200 characters plus "..." (§4.3 step 7).
  static std::string preview(const std::string& text);

 private:
  EditResult apply_create(const EditBlock& block, bool dry_run, ApplyOutcome& out);
  EditResult apply_edit(const EditBlock& block, bool dry_run, ApplyOutcome& out);
  EditResult read_failure(EditResult r, const std::string& error);
  static EditResult anchor_not_found(EditResult r, const std::string& content, const EditBlock& b);

  FileAccess& files_;
};

}  // namespace acdc::llm
