#include "symbol_test_support.hpp"

#include "index/file_scan.hpp"


namespace acdc::symbols::test {

std::filesystem::path fixture(const std::string& name) {
  return std::filesystem::path(ACDC_TEST_SOURCE_DIR) / "tests" / "fixtures" / "symbols" / name;
}

void copy_tree(const std::filesystem::path& from, const std::filesystem::path& to) {
  std::filesystem::copy(from, to, std::filesystem::copy_options::recursive | std::filesystem::copy_options::overwrite_existing);
}

UpdateStats update_tree(RepoIndex& index) {
  std::vector<SkippedFile> unlisted;
  return index.update(walk_directory(index.root(), unlisted));
}

std::unique_ptr<RepoIndex> index_tree(const std::filesystem::path& root, IndexOptions options) {
  auto index = std::make_unique<RepoIndex>(root, options);
  update_tree(*index);
  return index;
}

}  // namespace acdc::symbols::test
