import { User, Role } from '../models/user';
import type { UserId } from '../models/user';

export async function fetchUser(id: UserId, timeoutMs?: number): Promise<User> {
  const response = await fetch(`/users/${id}`, { signal: AbortSignal.timeout(timeoutMs ?? 5000) });
  const body = await response.json();
  return new User(body.id, body.name, body.admin ? Role.Admin : Role.Member);
}

export function cached<T>(load: (id: UserId) => Promise<T>): (id: UserId) => Promise<T> {
  const memo = new Map<UserId, Promise<T>>();
  return (id) => {
    if (!memo.has(id)) memo.set(id, load(id));
    return memo.get(id)!;
  };
}

export const getUser = cached(fetchUser);
