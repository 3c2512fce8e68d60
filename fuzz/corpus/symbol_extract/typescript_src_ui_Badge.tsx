import { User } from '../models/user';
import { getUser } from '../services/api';

interface BadgeProps {
  user: User;
  compact?: boolean;
}

export function Badge({ user, compact = false }: BadgeProps): JSX.Element {
  return <span className={compact ? 'badge small' : 'badge'}>{user.greet()}</span>;
}

export async function loadBadge(id: string): Promise<JSX.Element> {
  const user = await getUser(id);
  return Badge({ user });
}
