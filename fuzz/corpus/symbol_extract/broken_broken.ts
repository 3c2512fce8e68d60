export function ok(a: number): number {
  return a + 1;
}

export function bad(a: number {
  return ok(a;
}

export class Kept {
  run(): void {
    ok(1);
  }
}
