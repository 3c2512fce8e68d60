#include "index/parallel_indexer.hpp"

#include "extract/source_parser.hpp"
#include "index/file_scan.hpp"

#include <atomic>
#include <thread>

namespace acdc::symbols {
namespace {

ParseOutput parse_one(const std::filesystem::path& root, ParseJob& job, SourceParser& parser, Language header_default) {
  ParseOutput out;
  std::string reason;
  std::optional<std::string> source = read_source(root / job.path, reason);
  if (!source) {
    out.skip_reason = std::move(reason);
    return out;
  }
  std::uint64_t hash = content_hash(*source);
  if (job.known_hash && *job.known_hash == hash) {
    out.kind = ParseOutput::Kind::unchanged;
    out.record = std::move(job.known);
    if (out.record) out.record->stamp = job.stamp;
    return out;
  }
  Language lang = language_for_path(job.path);
  if (is_c_header(job.path)) lang = header_language(*source, header_default);
  ParseResult r = parser.extract(lang, job.path, *source);
  if (!r.error.empty()) {
    out.skip_reason = std::move(r.error);
    return out;
  }
  out.kind = ParseOutput::Kind::parsed;
  out.record = std::make_unique<FileRecord>();
  out.record->path = job.path;
  out.record->language = lang;
  out.record->stamp = job.stamp;
  out.record->content_hash = hash;
  out.record->had_syntax_errors = r.had_syntax_errors;
  out.record->symbols = PackedSymbols(r.symbols);
  return out;
}

}  // namespace

std::vector<ParseOutput> parse_files(const std::filesystem::path& root, std::vector<ParseJob>& jobs,
                                     const ParseOptions& options, const ProgressFn& progress) {
  std::vector<ParseOutput> outputs(jobs.size());
  std::atomic<std::size_t> next{0}, done{0};
  auto work = [&](bool reports) {
    SourceParser parser(options.timeout);
    std::size_t step = std::max<std::size_t>(1, jobs.size() / 100), last_report = 0;
    for (std::size_t i; (i = next.fetch_add(1)) < jobs.size();) {
      if (options.stop && options.stop->load()) break;
      try {
        outputs[i] = parse_one(root, jobs[i], parser, options.header_default);
      } catch (const std::exception& e) {  // out of memory on a huge file: skip it, keep going
        outputs[i] = ParseOutput{};
        outputs[i].skip_reason = std::string("could not be indexed: ") + e.what();
      }
      std::size_t finished = done.fetch_add(1) + 1;
      if (reports && progress && finished - last_report >= step) {
        last_report = finished;
        progress(finished, jobs.size());
      }
    }
  };
  unsigned helpers = jobs.size() > 8 && options.threads > 1 ? options.threads - 1 : 0;
  std::vector<std::thread> threads;
  threads.reserve(helpers);
  for (unsigned t = 0; t < helpers; ++t) threads.emplace_back(work, false);
  work(true);
  for (auto& t : threads) t.join();
  if (progress) progress(jobs.size(), jobs.size());
  return outputs;
}

}  // namespace acdc::symbols
