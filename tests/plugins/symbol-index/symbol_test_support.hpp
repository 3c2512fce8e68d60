// Shared bits of the symbol-index tests: the fixture trees, a copy of one in
// a temporary directory (for tests that edit it), and an index of a tree.
//
//   auto index = index_tree(fixture("python"));
//   CHECK(index->map_text() == acdc::test::read_file(fixture("python.map")));
#pragma once

#include "index/repo_index.hpp"
#include "support/temp_dir.hpp"

#include <filesystem>
#include <memory>
#include <string>

namespace acdc::symbols::test {

std::filesystem::path fixture(const std::string& name);
void copy_tree(const std::filesystem::path& from, const std::filesystem::path& to);

// Every file of `root` (walk_directory), indexed.
std::unique_ptr<RepoIndex> index_tree(const std::filesystem::path& root, IndexOptions options = {.threads = 2});
UpdateStats update_tree(RepoIndex& index);

}  // namespace acdc::symbols::test
