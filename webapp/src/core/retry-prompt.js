// Retry prompts built from a turn's edit results (acdc-features §4.3), keyed
// on error_type, never on message text. They go into the input, never sent.
//
//   const prompt = retryPrompt(result.edit_results, inContext); // '' when none

export function retryPrompt(editResults = []) {
  const fileOf = (r) => r.file ?? r.file_path;
  const ambiguous = editResults.filter((r) => r.error_type === 'ambiguous_anchor');
  if (ambiguous.length)
    return 'Some edits failed because the old text matched multiple\nlocations in the file. Please retry with more surrounding\n' +
      'context lines to make the match unique:\n\n' + ambiguous.map((r) => `- ${fileOf(r)}: ${r.message}`).join('\n');
  const notFound = editResults.filter((r) => r.error_type === 'anchor_not_found' && r.status !== 'not_in_context');
  if (notFound.length)
    return "The following edit(s) failed because the old text didn't\nmatch the actual file content. The file(s) are already in\n" +
      'your context — please re-read them carefully and retry\nwith the correct text:\n\n' +
      notFound.map((r) => `- ${fileOf(r)}: ${r.message}`).join('\n');
  const notInContext = [...new Set(editResults.filter((r) => r.status === 'not_in_context').map(fileOf))];
  if (notInContext.length === 1)
    return `The file ${notInContext[0]} has been added to context. Please retry the edit for: ${notInContext[0]}`;
  if (notInContext.length > 1)
    return `The files ${notInContext.join(', ')} have been added to context. Please retry the edits for: ${notInContext.join(', ')}`;
  return '';
}
