// A realistic Python module of a given number of lines (classes with
// docstrings, methods, comprehensions, f-strings, comments), the same text on
// every run, and a working copy of it with a few hunks: what editor-open.mjs
// opens in the webapp and mounts on the floor page.
//
//   const head = pythonModule(5000);
//   const { work, firstChange } = withHunks(head);   // firstChange: the first changed line's text

const NAMES = ['scheduler', 'inventory', 'ledger', 'session', 'payload', 'router', 'cache', 'report', 'invoice', 'worker'];

function classBlock(i) {
  const name = NAMES[i % NAMES.length], Cls = name[0].toUpperCase() + name.slice(1) + i;
  return [
    `class ${Cls}(BaseService):`,
    `    """Keeps the ${name} records of one tenant and answers queries on them.`,
    '',
    `    Records are loaded lazily from the store and kept for ${30 + (i % 7) * 10} seconds.`,
    '    """',
    '',
    `    retry_delay = ${(0.25 * (1 + (i % 4))).toFixed(2)}`,
    '',
    '    def __init__(self, store: Store, tenant: str, *, limit: int = 100) -> None:',
    '        super().__init__(store)',
    '        self._tenant = tenant',
    '        self._limit = limit',
    `        self._items: dict[str, Record] = {}`,
    '',
    `    def load(self, keys: Iterable[str]) -> list[Record]:`,
    '        # Only the keys not already cached go to the store.',
    '        missing = [k for k in keys if k not in self._items]',
    '        if missing:',
    `            for record in self.store.fetch("${name}", self._tenant, missing):`,
    '                self._items[record.key] = record',
    '        return [self._items[k] for k in keys if k in self._items]',
    '',
    `    async def refresh(self, since: datetime | None = None) -> int:`,
    '        count = 0',
    '        try:',
    `            async for record in self.store.stream("${name}", since=since):`,
    '                self._items[record.key] = record',
    '                count += 1',
    '        except StoreError as error:',
    `            log.warning(f"${Cls}: refresh failed after {count} records: {error}")`,
    '            raise',
    '        return count',
    '',
    '    def total(self, predicate: Callable[[Record], bool] = lambda r: True) -> Decimal:',
    '        return sum((r.amount for r in self._items.values() if predicate(r)), Decimal(0))',
    '',
    '',
  ];
}

export function pythonModule(lines) {
  const out = ['"""Services over the record store: one class per kind of record."""', '',
    'from __future__ import annotations', '', 'import logging',
    'from datetime import datetime', 'from decimal import Decimal', 'from typing import Callable, Iterable', '',
    'from .store import BaseService, Record, Store, StoreError', '', "log = logging.getLogger(__name__)", '', ''];
  for (let i = 0; out.length < lines; i++) out.push(...classBlock(i));
  return out.slice(0, lines).join('\n') + '\n';
}

// Four hunks: a changed line near line 1,200, three lines added near 2,000,
// two deleted near 3,500, one changed near 4,500.
export function withHunks(head) {
  const lines = head.split('\n');
  const at = (n, re) => { let i = n; while (!re.test(lines[i])) i++; return i; };
  const first = at(1200, /^ {8}return /);
  const firstChange = lines[first].replace('return ', 'return list(') + ')  # a copy the caller may keep';
  lines[first] = firstChange;
  lines.splice(at(2000, /^ {8}count = 0$/) + 1, 0, '        started = datetime.now()', '        # Counted for the metrics.',
    '        log.debug("refresh from %s", since)');
  lines.splice(at(3500, /^ {8}super\(\)/) + 1, 2);
  const last = at(4500, /^ {4}retry_delay/);
  lines[last] = '    retry_delay = 1.50';
  return { work: lines.join('\n'), firstChange };
}
