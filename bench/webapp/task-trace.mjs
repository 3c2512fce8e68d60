// The page's main-thread tasks from a Chrome trace (CDP Tracing): the CPU
// time of each, which other processes on the machine do not lengthen, unlike
// its wall time (what the Long Tasks API reports). Recording the trace costs
// the page some time of its own, so these figures compare runs of this mode
// with each other, not with the 50 ms of a long task.
//
//   const stop = await traceTasks(page);
//   await refreshTree(page);
//   const cpuMs = await stop();     // [ms of CPU per task of 1 ms or more]

const CATEGORIES = 'disabled-by-default-devtools.timeline';   // RunTask, with its thread time (tdur)

export async function traceTasks(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReturnAsStream' });
  return async () => {
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    const { stream } = await complete;
    let text = '';
    for (;;) {
      const { data, eof, base64Encoded } = await cdp.send('IO.read', { handle: stream, size: 1 << 20 });
      text += base64Encoded ? Buffer.from(data, 'base64').toString() : data;
      if (eof) break;
    }
    await cdp.send('IO.close', { handle: stream });
    await cdp.detach();
    return rendererTasks(JSON.parse(text));
  };
}

function rendererTasks(trace) {
  const events = trace.traceEvents ?? trace;
  const main = new Set(events.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain')
    .map((e) => `${e.pid}:${e.tid}`));
  return events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && main.has(`${e.pid}:${e.tid}`))
    .map((e) => (e.tdur ?? 0) / 1000).filter((ms) => ms >= 1);
}
