// The two versions of a file the editor shows: HEAD and the working copy, or,
// while a review runs and the branch changed the file, the review's base and
// the branch's version (LLMService.get_review_file_diff applied to the base),
// read-only: edits are not applied in review mode (§4.13).
//
//   const v = await readVersions('src/a.py');
//   // { work, head, error, review }   head null: not in HEAD; review null: no review of it

import { applyPatch } from '../core/patch.js';
import { rpc, hasMethod, toast } from '../rpc.js';

// The review's base and the branch's version of `path`, or null when no
// review runs or the branch did not change it.
async function reviewVersions(path) {
  if (!hasMethod('LLMService.get_review_file_diff')) return null;
  let review, diff;
  try {
    review = await rpc('LLMService.get_review_state');
    if (!review?.active) return null;
    diff = (await rpc('LLMService.get_review_file_diff', path))?.diff;
  } catch {
    return null;
  }
  if (!diff) return null;
  let base = '';
  try {
    base = await rpc('Repo.get_file_content', path, review.parent_commit || 'HEAD');
  } catch {
    base = '';   // the branch added it
  }
  return { base, branch: applyPatch(base, diff), review };
}

export async function readVersions(path) {
  try {
    const r = await reviewVersions(path);
    if (r) return { work: r.branch, head: r.base, error: '', review: r.review };
  } catch (e) {
    toast(`The review's diff of ${path} does not apply (${e.message}): showing the working copy`, 'warn');
  }
  let work = '', head = null, error = '';
  try {
    work = await rpc('Repo.get_file_content', path);
  } catch (e) {
    error = `Cannot open ${path}: ${e.message}`;
  }
  try {
    head = await rpc('Repo.get_file_content', path, 'HEAD');
  } catch {
    head = null;   // not in HEAD yet: a new file
  }
  return { work, head, error, review: null };
}
